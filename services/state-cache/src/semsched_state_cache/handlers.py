"""Apply source events and placement decisions to the view, and publish what changed."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import structlog
from prometheus_client import Counter, Gauge

from semsched_core.bus import Bus
from semsched_intents import context_hash
from semsched_proto import (
    ClusterContext,
    NodeState,
    PlacementDecided,
    PodPending,
    PodState,
    SourceStatus,
    subjects,
)
from semsched_state_cache.domain.view import Changes, ClusterView
from semsched_state_cache.ports import SourceEvent

log = structlog.get_logger()
TENTATIVE = Counter("semsched_state_cache_tentative_total", "tentative placements by outcome", ["outcome"])
PODS = Gauge("semsched_state_cache_pods", "pods in the view")
NODES = Gauge("semsched_state_cache_nodes", "nodes in the view")


class StateCacheHandlers:
    def __init__(
        self, view: ClusterView, bus: Bus, cluster_name: str, source_name: str, write_concurrency: int = 64
    ) -> None:
        self.view = view
        self.write_concurrency = write_concurrency
        self.source_name = source_name
        self.bus = bus
        self.cluster_name = cluster_name
        self.context_dirty = asyncio.Event()
        self._context: ClusterContext | None = None
        self._lock = asyncio.Lock()

    async def on_source_batch(self, events: list[SourceEvent]) -> None:
        """Apply a batch of source events as one merged change; a malformed object is skipped."""
        merged = Changes()
        for event in events:
            try:
                merged.merge(self.view.apply(event))
            except ValueError as exc:
                log.warning("object_skipped", kind=event.kind, error=str(exc)[:300])
        async with self._lock:
            await self._publish(merged)

    async def on_placement(self, decision: PlacementDecided) -> None:
        async with self._lock:
            await self._publish(self.view.place(decision, datetime.now(UTC)))
        TENTATIVE.labels("recorded").inc()

    async def expire(self) -> None:
        async with self._lock:
            await self._publish(self.view.expire(datetime.now(UTC)))

    async def publish_context(self) -> None:
        context = self.view.context(self.cluster_name)
        if context != self._context:
            await self.bus.put(subjects.KV_CONTEXT, subjects.CONTEXT_KEY, context)
            self._context = context
            log.info(
                "context_published",
                zones=len(context.zones),
                nodes=len(context.nodes),
                apps=len(context.apps),
            )

    async def _write(self, bucket: str, key: str, value: NodeState | PodState | None) -> None:
        if value is None:
            await self.bus.delete(bucket, key)
        else:
            await self.bus.put(bucket, key, value)

    async def publish_source_status(self) -> None:
        status = SourceStatus(
            synced=self.view.synced,
            nodes=len(self.view.nodes),
            pods=len(self.view.pods),
            source=self.source_name,
            updated_at=datetime.now(UTC),
        )
        await self.bus.put(subjects.KV_SOURCE_STATUS, subjects.SOURCE_STATUS_KEY, status)

    async def _publish(self, changes: Changes) -> None:
        writes = [self._write(subjects.KV_NODES, name, node) for name, node in changes.nodes.items()]
        writes += [self._write(subjects.KV_PODS, key, pod) for key, pod in changes.pods.items()]
        for start in range(0, len(writes), self.write_concurrency):
            await asyncio.gather(*writes[start : start + self.write_concurrency])
        if changes.synced:
            await self.publish_context()
            await self.publish_source_status()
        elif changes.nodes or changes.pods:
            self.context_dirty.set()
        if changes.pending:
            digest = context_hash(self._context or self.view.context(self.cluster_name))
            for pod in changes.pending:
                await self.bus.publish_event(subjects.POD_PENDING, PodPending(pod=pod, context_hash=digest))
        for outcome, count in (
            ("confirmed", changes.confirmed),
            ("contradicted", changes.contradicted),
            ("expired", changes.expired),
        ):
            if count:
                TENTATIVE.labels(outcome).inc(count)
        PODS.set(len(self.view.pods))
        NODES.set(len(self.view.nodes))
