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
from collections.abc import Mapping

import structlog
from prometheus_client import Counter

from semsched_core.errors import SemschedError
from semsched_extender.domain.views import ViewStore
from semsched_extender.domain.wire import MAX_EXTENDER_PRIORITY, ExtenderRequest, to_wire
from semsched_extender.ports import PlacementPublisher, SyncGateway
from semsched_kube.objects import pod_from_k8s
from semsched_proto import PlacementDecided, PodScores, PodState

log = structlog.get_logger()
OUTCOMES = Counter("semsched_extender_prioritize_total", "prioritize answers by source", ["outcome"])


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
        self._background: set[asyncio.Task[None]] = set()

    async def prioritize(self, request: ExtenderRequest) -> dict[str, int]:
        if not request.hint:
            OUTCOMES.labels("no_hint").inc()
            return {}
        deadline = asyncio.get_running_loop().time() + self.deadline_s
        view, outcome = await self._materialised(request, deadline)
        if view is None:
            view, outcome = await self._synchronous(request, deadline)
        OUTCOMES.labels(outcome).inc()
        if view is None or not view.intents:  # nothing placeable was asked: no opinion, no record
            return {}
        by_node = dict(zip(view.nodes, view.scores, strict=True))
        candidates = [name for name in request.node_names if name in by_node]
        if not candidates:
            return {}
        best = max(candidates, key=lambda name: by_node[name])
        self._record(request, best)
        return decisive({name: to_wire(by_node[name]) for name in candidates}, best)

    async def _materialised(self, request: ExtenderRequest, deadline: float) -> tuple[PodScores | None, str]:
        view = self.store.views.get(request.pod_key)
        if view is None or (request.uid and view.pod_uid and view.pod_uid != request.uid):
            return None, "missing"
        if not view.dynamic or self.store.basis(self.extender_id) >= self.seq:
            return view, "view"
        caught_up = await self.store.wait_for_basis(self.extender_id, self.seq, deadline)
        current = self.store.views.get(request.pod_key, view)
        if not caught_up:
            log.warning("view_stale_past_deadline", pod=request.pod_key, seq=self.seq)
        return current, "view_waited" if caught_up else "view_stale"

    async def _synchronous(self, request: ExtenderRequest, deadline: float) -> tuple[PodScores | None, str]:
        """Parse and score by request/reply, the scorer having first caught up with this
        extender's latest decision (as for materialised views), all within the deadline."""
        loop = asyncio.get_running_loop()
        try:
            parsed = await self.gateway.parse(request.hint or "", request.namespace, deadline - loop.time())
            if parsed.result.intents:
                await self.store.wait_for_basis(self.extender_id, self.seq, deadline)
            pod = _pod_state(request)
            view = await self.gateway.score(
                pod, parsed.result.intents, parsed.hint_hash, deadline - loop.time()
            )
        except (TimeoutError, SemschedError) as exc:
            log.warning("neutral_scores", pod=request.pod_key, reason=repr(exc))
            return None, "neutral"
        return view, "sync"

    def _record(self, request: ExtenderRequest, node: str) -> None:
        self.seq += 1
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


def decisive(wire: dict[str, int], best: str) -> dict[str, int]:
    """Make the recorded node the unique top of the answer.

    The 0-10 wire scale rounds near-equal nodes together; kube-scheduler would then pick
    among them by its own plugins, and the tentative placement recorded for `best` could
    name a node the pod never went to (a burst would split). Ties at the top are broken
    in favour of `best`, by one step: only among nodes semsched itself rates equal.
    """
    top = wire[best]
    rivals = [name for name, score in wire.items() if score == top and name != best]
    if not rivals or len(wire) == 1:
        return wire
    if top < MAX_EXTENDER_PRIORITY:
        wire[best] = top + 1
    else:
        for name in rivals:
            wire[name] = top - 1
    return wire


def neutral(node_names: list[str]) -> Mapping[str, int]:
    return dict.fromkeys(node_names, 0)
