"""Thin handlers: KV changes feed the engine; the request/reply path scores on demand."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import structlog
from prometheus_client import Counter, Histogram

from semsched_core.bus import Bus
from semsched_proto import (
    IntentsParsed,
    NodeState,
    PodState,
    ScoreReply,
    ScoreRequest,
    ScorerStatus,
    subjects,
)
from semsched_scorer.domain.engine import ScoringEngine
from semsched_scorer.domain.utility import score_pod

log = structlog.get_logger()
VIEWS_WRITTEN = Counter("semsched_scorer_views_written_total", "pod score views written to KV")
RECOMPUTE_SECONDS = Histogram("semsched_scorer_recompute_seconds", "time to recompute a batch of views")


class ScorerHandlers:
    def __init__(self, engine: ScoringEngine, bus: Bus, coalesce_s: float) -> None:
        self.engine = engine
        self.bus = bus
        self.coalesce_s = coalesce_s
        self.wake = asyncio.Event()
        self.synced = False
        self._last_status: tuple[object, ...] | None = None

    def on_node(self, key: str, node: NodeState | None) -> None:
        self.engine.set_node(key, node)
        self.wake.set()

    def on_pod(self, key: str, pod: PodState | None) -> None:
        self.engine.set_pod(key, pod)
        self.wake.set()

    def on_intents(self, key: str, parsed: IntentsParsed | None) -> None:
        self.engine.set_intents(key, parsed)
        self.wake.set()

    async def score(self, request: ScoreRequest) -> ScoreReply:
        """Score on demand; the state cache's record of the pod (owners resolved) is preferred
        over the extender's reading of the manifest when it is the same pod."""
        known = self.engine.pods.get(request.pod.key)
        pod = known if known is not None and known.uid in ("", request.pod.uid) else request.pod
        view = score_pod(self.engine.table, pod, request.intents, self.engine.basis, request.hint_hash)
        return ScoreReply(view=view)

    async def flush_forever(self) -> None:
        while True:
            await self.wake.wait()
            await asyncio.sleep(self.coalesce_s)
            self.wake.clear()
            try:
                await self.flush()
            except Exception as exc:  # keep serving: recompute everything on the next round
                log.exception("flush_failed", error=repr(exc))
                self.engine.mark_all_dirty()
                await asyncio.sleep(0.5)
                self.wake.set()

    async def flush(self) -> None:
        log.debug("flush_started", nodes=len(self.engine.nodes), pods=len(self.engine.pods))
        with RECOMPUTE_SECONDS.time():
            out = self.engine.recompute()
        for view in out.views:
            await self.bus.put(subjects.KV_SCORES, view.pod_key, view)
        for key in out.deleted:
            await self.bus.delete(subjects.KV_SCORES, key)
        VIEWS_WRITTEN.inc(len(out.views))
        await self.write_status()

    async def write_status(self) -> None:
        """Written after the views it covers; skipped when nothing it reports has changed."""
        pending = self.engine.pending_without_view()
        nodes, pods = len(self.engine.nodes), len(self.engine.pods)
        state = (
            tuple(sorted(self.engine.basis.items())),
            self.synced,
            pending,
            self.engine.view_count,
            nodes,
            pods,
        )
        if state == self._last_status:
            return
        self._last_status = state
        status = ScorerStatus(
            basis=dict(self.engine.basis),
            synced=self.synced,
            pending_without_view=pending,
            views=self.engine.view_count,
            nodes=nodes,
            pods=pods,
            updated_at=datetime.now(UTC),
        )
        await self.bus.put(subjects.KV_SCORES, subjects.STATUS_KEY, status)
        log.debug("status_written", synced=self.synced, pending=pending, views=self.engine.view_count)
