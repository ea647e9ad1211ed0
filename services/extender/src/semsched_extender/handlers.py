"""The scheduling path: answer /prioritize from the view, or within a deadline, or neutrally.

Order of preference: the pod's materialised view (waiting, within the deadline, for the
scorer to catch up with this extender's own latest decision when the view depends on
placements); else a synchronous parse + score within what is left of the deadline; else
neutral scores (all 0: a constant adds the same to every node and never changes the
ranking). Whatever is answered, the best node is published as a tentative placement.
"""

from __future__ import annotations

import asyncio
import uuid

import structlog
from prometheus_client import Counter, Histogram

from semsched_core.errors import SemschedError
from semsched_extender.domain.views import ViewStore, WireView
from semsched_extender.domain.wire import MAX_EXTENDER_PRIORITY, ExtenderRequest
from semsched_extender.ports import PlacementPublisher, SyncGateway
from semsched_kube.objects import pod_from_k8s
from semsched_proto import PlacementDecided, PodScores, PodState

log = structlog.get_logger()
LAST_DECISIONS = 100_000  # remembered (pod, uid) -> node, oldest dropped first
OUTCOMES = Counter("semsched_extender_prioritize_total", "prioritize answers by source", ["outcome"])
REFRESH_SECONDS = Histogram(
    "semsched_extender_refresh_seconds",
    "round trip of a stale view's refresh by the scorer",
    buckets=(0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256),
)


class Prioritizer:
    def __init__(
        self,
        store: ViewStore,
        gateway: SyncGateway,
        publisher: PlacementPublisher,
        deadline_s: float,
        extender_id: str | None = None,
    ) -> None:
        self.store = store
        self.gateway = gateway
        self.publisher = publisher
        self.deadline_s = deadline_s
        self.extender_id = extender_id or uuid.uuid4().hex[:12]
        self.seq = 0
        self._last: dict[tuple[str, str], str] = {}
        self._background: set[asyncio.Task[None]] = set()

    async def prioritize(self, request: ExtenderRequest) -> dict[str, int]:
        """Non-zero 0-10 scores for the candidate nodes (a node left out scores 0)."""
        if not request.hint:
            OUTCOMES.labels("no_hint").inc()
            return {}
        deadline = asyncio.get_running_loop().time() + self.deadline_s
        view, outcome = await self._materialised(request, deadline)
        if view is None:
            computed, outcome = await self._synchronous(request, deadline)
            view = WireView.of(computed) if computed is not None else None
        OUTCOMES.labels(outcome).inc()
        if view is None or not view.has_intents:  # nothing placeable was asked: no opinion, no record
            return {}
        candidates = set(request.node_names)
        best = next((node for node in view.ranked if node in candidates), None)
        if best is None:
            return {}
        self._record(request, best)
        wire = {name: score for name in request.node_names if (score := view.wire.get(name, 0))}
        return decisive(wire, best, len(candidates))

    async def _materialised(self, request: ExtenderRequest, deadline: float) -> tuple[WireView | None, str]:
        held = self.store.views.get(request.pod_key)
        if held is None or (request.uid and held.pod_uid and held.pod_uid != request.uid):
            return None, "missing"
        if not held.dynamic or not self.store.stale(held):
            return held, "view"
        # the view may predate placements it depends on: have the scorer rescore this one pod
        # once it has applied them (O(nodes)), rather than wait for it to rewrite every view
        required = self.store.required()
        try:
            remaining = deadline - asyncio.get_running_loop().time()
            with REFRESH_SECONDS.time():
                fresh = await self.gateway.refresh(request.pod_key, request.uid, required, remaining)
        except (TimeoutError, SemschedError) as exc:
            self.store.waive(required)
            log.warning("view_stale_past_deadline", pod=request.pod_key, reason=repr(exc))
            return self.store.views.get(request.pod_key, held), "view_stale"
        return WireView.of(fresh), "view_refreshed"

    async def _synchronous(self, request: ExtenderRequest, deadline: float) -> tuple[PodScores | None, str]:
        """Parse and score by request/reply, the scorer having first applied the placement
        decisions this extender knows of (as for a refreshed view), all within the deadline."""
        loop = asyncio.get_running_loop()
        try:
            parsed = await self.gateway.parse(request.hint or "", request.namespace, deadline - loop.time())
            pod = _pod_state(request)
            required = self.store.required()
            view = await self.gateway.score(
                pod, parsed.result.intents, parsed.hint_hash, required, deadline - loop.time()
            )
        except (TimeoutError, SemschedError) as exc:
            log.warning("neutral_scores", pod=request.pod_key, reason=repr(exc))
            return None, "neutral"
        return view, "sync"

    def _record(self, request: ExtenderRequest, node: str) -> None:
        """Publish the decision, unless it repeats this pod's last one (a retried scheduling
        cycle): the tentative placement already stands, and a new seq would make every
        dependent view wait for nothing."""
        key = (request.pod_key, request.uid)
        if self._last.get(key) == node:
            return
        self._last[key] = node
        if len(self._last) > LAST_DECISIONS:
            self._last.pop(next(iter(self._last)))
        self.seq += 1
        self.store.note_decision(self.extender_id, self.seq)
        decision = PlacementDecided(
            pod=_pod_state(request), node=node, extender_id=self.extender_id, seq=self.seq, source="extender"
        )
        task = asyncio.create_task(self._publish(decision))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _publish(self, decision: PlacementDecided) -> None:
        try:
            await self.publisher.publish(decision)
        except Exception as exc:  # a lost tentative placement costs accuracy, never scheduling
            log.warning("placement_not_published", pod=decision.pod.key, error=repr(exc))


def _pod_state(request: ExtenderRequest) -> PodState:
    try:
        return pod_from_k8s(request.pod)
    except ValueError:
        return PodState(namespace=request.namespace, name=request.name, uid=request.uid, hint=request.hint)


def decisive(wire: dict[str, int], best: str, candidates: int) -> dict[str, int]:
    """Make the recorded node the unique top of the answer (`wire` holds non-zero scores).

    The 0-10 wire scale rounds near-equal nodes together; kube-scheduler would then pick
    among them by its own plugins, and the tentative placement recorded for `best` could
    name a node the pod never went to (a burst would split). Ties at the top are broken
    in favour of `best`, by one step: only among nodes semsched itself rates equal.
    """
    top = wire.get(best, 0)
    if top == 0:  # every candidate scores 0: lift the recorded one
        if candidates > 1:
            wire[best] = 1
        return wire
    rivals = [name for name, score in wire.items() if score == top and name != best]
    if not rivals:
        return wire
    if top < MAX_EXTENDER_PRIORITY:
        wire[best] = top + 1
    else:
        for name in rivals:
            wire[name] = top - 1
    return wire


def neutral() -> dict[str, int]:
    """No opinion: an empty HostPriorityList adds nothing to any node."""
    return {}
