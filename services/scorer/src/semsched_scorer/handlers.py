"""Thin handlers: KV changes feed the engine; the request/reply path scores on demand."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from datetime import UTC, datetime

import structlog
from prometheus_client import Counter, Histogram

from semsched_core.bus import Bus
from semsched_proto import (
    IntentsParsed,
    NodeState,
    PlacementDecided,
    PodScores,
    PodState,
    RefreshRequest,
    ScoreReply,
    ScoreRequest,
    ScorerStatus,
    subjects,
)
from semsched_scorer.domain.engine import ScoringEngine
from semsched_scorer.domain.utility import score_pod

log = structlog.get_logger()
SLICE = 8  # views recomputed between two turns of the event loop (refreshes wait at most one slice)
VIEWS_WRITTEN = Counter("semsched_scorer_views_written_total", "pod score views written to KV")
RECOMPUTE_SECONDS = Histogram("semsched_scorer_recompute_seconds", "time to recompute a batch of views")
_FAST = (0.0002, 0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128)
REFRESH_WAIT = Histogram(
    "semsched_scorer_refresh_wait_seconds", "refresh: waiting for the decisions to apply", buckets=_FAST
)
REFRESH_COMPUTE = Histogram(
    "semsched_scorer_refresh_compute_seconds", "refresh: rescoring one pod", buckets=_FAST
)


class ScorerHandlers:
    def __init__(self, engine: ScoringEngine, bus: Bus, coalesce_s: float) -> None:
        self.engine = engine
        self.bus = bus
        self.coalesce_s = coalesce_s
        self.wake = asyncio.Event()
        self.synced = False
        self._pod_changed = asyncio.Event()
        self._background: set[asyncio.Task[int]] = set()
        self._last_status: tuple[object, ...] | None = None

    def on_node(self, key: str, node: NodeState | None) -> None:
        self.engine.set_node(key, node)
        self.wake.set()

    def on_pod(self, key: str, pod: PodState | None) -> None:
        self.engine.set_pod(key, pod)
        self._pods_changed()

    def on_decision(self, decision: PlacementDecided) -> None:
        """An extender's decision, heard directly: applied as the state cache will apply it, so a
        refresh waiting for it need not wait for the cache's round trip through the KV store."""
        if self.engine.decide(decision):
            self._pods_changed()

    def _pods_changed(self) -> None:
        """Wake the flusher, and every refresh waiting for a placement to be applied."""
        self.wake.set()
        self._pod_changed.set()
        self._pod_changed = asyncio.Event()

    def on_intents(self, key: str, parsed: IntentsParsed | None) -> None:
        self.engine.set_intents(key, parsed)
        self.wake.set()

    async def score(self, request: ScoreRequest) -> ScoreReply:
        """Score on demand; the state cache's record of the pod (owners resolved) is preferred
        over the extender's reading of the manifest when it is the same pod."""
        await self._applied(request.min_basis, request.wait_ms)
        known = self.engine.pods.get(request.pod.key)
        pod = known if known is not None and known.uid in ("", request.pod.uid) else request.pod
        view = score_pod(self.engine.table, pod, request.intents, self.engine.basis, request.hint_hash)
        return ScoreReply(view=view)

    async def refresh(self, request: RefreshRequest) -> ScoreReply:
        """A known pod's view, fresh, once the decisions the caller knows of are applied; also kept."""
        with REFRESH_WAIT.time():
            applied = await self._applied(request.min_basis, request.wait_ms)
        if not applied:
            return ScoreReply(error=f"placements {request.min_basis} not applied within {request.wait_ms} ms")
        with REFRESH_COMPUTE.time():
            view = self.engine.refresh(request.pod_key, request.pod_uid)
        if view is None:
            return ScoreReply(error=f"{request.pod_key} is not a pending pod with intents here")
        self._store_later(view)
        return ScoreReply(view=_without_explanation(view))

    async def _applied(self, decisions: dict[str, int], wait_ms: float) -> bool:
        deadline = asyncio.get_running_loop().time() + wait_ms / 1000.0
        while not self.engine.covers(decisions):
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                return False
            try:
                await asyncio.wait_for(self._pod_changed.wait(), remaining)
            except TimeoutError:
                return False
        return True

    def _store_later(self, view: PodScores) -> None:
        """Kept for `explain`, in a bucket of its own: in `scores`, every extender would decode a
        view the one that asked for it already holds (a third of the throughput on openb)."""
        task = asyncio.create_task(self.bus.put(subjects.KV_SCORES_REFRESHED, view.pod_key, view))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

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
        """Recompute what changes made stale, in slices that let request/reply refreshes through,
        then write the status with the basis the pass started from (every view a placement up to
        it affected has been rewritten by then)."""
        keys = sorted(self.engine.take_dirty())
        basis = dict(self.engine.basis)
        log.debug("flush_started", views=len(keys), nodes=len(self.engine.nodes), pods=len(self.engine.pods))
        for start in range(0, len(keys), SLICE):
            with RECOMPUTE_SECONDS.time():
                out = self.engine.compute(keys[start : start + SLICE])
            writes: list[Awaitable[object]] = [
                self.bus.put(subjects.KV_SCORES, v.pod_key, v) for v in out.views
            ]
            writes += [self.bus.delete(subjects.KV_SCORES, key) for key in out.deleted]
            await asyncio.gather(*writes)  # one key each: their order is free
            VIEWS_WRITTEN.inc(len(out.views))
            await asyncio.sleep(0)
        await self.write_status(basis)

    async def write_status(self, basis: dict[str, int] | None = None) -> None:
        """Written after the views it covers; skipped when nothing it reports has changed."""
        basis = dict(self.engine.basis) if basis is None else basis
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
            basis=basis,
            synced=self.synced,
            pending_without_view=pending,
            views=self.engine.view_count,
            nodes=nodes,
            pods=pods,
            updated_at=datetime.now(UTC),
        )
        await self.bus.put(subjects.KV_SCORES, subjects.STATUS_KEY, status)
        log.debug("status_written", synced=self.synced, pending=pending, views=self.engine.view_count)


def _without_explanation(view: PodScores) -> PodScores:
    """The view the extender needs: scores, and which intents there are, without the per-node
    satisfaction of each (that stays in the stored view for `explain`); a third of the bytes."""
    return view.model_copy(
        update={"intents": [e.model_copy(update={"satisfaction": []}) for e in view.intents]}
    )
