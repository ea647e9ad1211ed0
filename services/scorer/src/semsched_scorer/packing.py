"""The packer behind `semsched.rpc.scorer.pack`: off the scheduling path, one solve at a time.

The solve runs in a worker thread (CP-SAT releases the GIL while it searches), bounded by the
request's time limit, so scoring and refreshes keep being served. The plan is returned to the
caller and published as `packing-recommended`; nothing in semsched applies it to a cluster.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Mapping

import structlog

from semsched_core.bus import Bus
from semsched_proto import PackingRecommended, PackRequest, PodState, subjects
from semsched_scorer.domain.engine import ScoringEngine
from semsched_scorer.recommend import recommend

log = structlog.get_logger()
KNOWN_WAIT_S = 5.0  # how long a request may wait for its pods to reach the scorer's table
POLL_S = 0.02


class PackHandler:
    def __init__(self, engine: ScoringEngine, bus: Bus, workers: int = 1, seed: int = 0) -> None:
        self.engine = engine
        self.bus = bus
        self.workers = workers
        self.seed = seed
        self._one_at_a_time = asyncio.Lock()

    def utilities(self, keys: Iterable[str], pods: Mapping[str, PodState]) -> dict[str, dict[str, float]]:
        """The intents' 0-100 score per node of each pending pod that has intents."""
        out: dict[str, dict[str, float]] = {}
        for key in keys:
            pod, parsed = pods.get(key), self.engine.intents.get(key)
            if pod is not None and parsed is not None and parsed.result.intents:
                view = self.engine.view(pod, parsed)
                out[key] = dict(zip(view.nodes, view.scores, strict=True))
        return out

    async def _known(self, keys: set[str], wait_s: float) -> set[str]:
        """Wait (bounded) until the pods the request names are in the table; the ones still missing."""
        deadline = time.monotonic() + wait_s
        while (missing := keys - self.engine.pods.keys()) and time.monotonic() < deadline:
            await asyncio.sleep(POLL_S)
        return missing

    async def pack(self, request: PackRequest) -> PackingRecommended:
        async with self._one_at_a_time:
            missing = await self._known({*request.pending, *request.placements}, KNOWN_WAIT_S)
            nodes, pods = dict(self.engine.nodes), dict(self.engine.pods)
            utilities = self.utilities(request.pending, pods)
            plan = await asyncio.to_thread(
                recommend, nodes, pods, request, utilities, workers=self.workers, seed=self.seed
            )
        if missing:
            shown = ", ".join(sorted(missing)[:5]) + (" ..." if len(missing) > 5 else "")
            note = f"{len(missing)} pod(s) unknown to the scorer, left out: {shown}"
            plan = plan.model_copy(update={"detail": "; ".join(filter(None, [plan.detail, note]))})
        log.info(
            "packing_recommended",
            pending=len(plan.pending),
            placed=len(plan.placements),
            moves=len(plan.moves),
            evictions=len(plan.evictions),
            status=plan.status,
            improves=plan.improves,
            solve_ms=round(plan.solve_ms, 1),
        )
        try:
            await self.bus.publish_event(subjects.PACKING_RECOMMENDED, plan)
        except Exception as exc:  # the caller still gets its reply
            log.warning("packing_publish_failed", error=repr(exc))
        return plan
