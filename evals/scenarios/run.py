"""Run one scenario's two sides: semsched (embedded platform + extender) and the native baseline."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from evals.scenarios.scenario import Scenario, Workload, hint_of
from semsched_cli.explain import ranking
from semsched_cli.natsclient import CliNats
from semsched_cli.platform import Platform
from semsched_cli.simulate import ExtenderClient, Placement, pod_name, simulate
from semsched_core.embedded_nats import free_port
from semsched_proto import PodScores

EXTENDER_WEIGHT = 10
SUBMIT_CHUNK = 200
VIEW_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Utility:
    """The scorer's utility (0-100) of the chosen node and of its best node, at decision time."""

    chosen: float
    best: float
    intents: tuple[str, ...]


@dataclass
class SideResult:
    side: str
    workload: Workload
    placements: list[Placement]
    utilities: list[Utility | None] = field(default_factory=list)


def run_baseline(scenario: Scenario, seed: int = 0) -> SideResult:
    workload = Workload.load(scenario.baseline)
    placements = simulate(scenario.cluster, workload.pods, None, EXTENDER_WEIGHT, seed)
    return SideResult("baseline", workload, placements)


def run_semsched(scenario: Scenario, seed: int = 0) -> SideResult:
    workload = Workload.load(scenario.pods)
    with Platform(scenario.cluster, port=free_port()) as platform:
        platform.wait_ready(timeout_s=120)
        nats = CliNats(platform.nats_url)
        extender = ExtenderClient(platform.extender_url)
        try:
            _submit(nats, workload)
            _wait_views(nats, workload)
            platform.wait_ready(timeout_s=VIEW_TIMEOUT_S)
            result = SideResult("semsched", workload, [])

            def record(placement: Placement) -> None:
                result.utilities.append(_utility(nats, placement))

            result.placements = simulate(
                scenario.cluster, workload.pods, extender, EXTENDER_WEIGHT, seed, on_placement=record
            )
        finally:
            extender.close()
            nats.close()
    return result


def _submit(nats: CliNats, workload: Workload) -> None:
    """Create the workload in the snapshot source, as `semsched simulate` does."""
    for start in range(0, len(workload.to_create), SUBMIT_CHUNK):
        nats.submit(list(workload.to_create[start : start + SUBMIT_CHUNK]))


def _view_key(pod: str) -> str:
    namespace, name = pod.split("/", 1)
    return f"{namespace}.{name}"


def _wait_views(nats: CliNats, workload: Workload) -> None:
    """Every hinted pod has a view before the first /prioritize, or the timeout passed.

    /readyz alone can answer 200 before the state cache has even seen the submission; the
    extender's bounded sync path would still cover a missing view, but the run would then
    depend on timing.
    """
    keys = [_view_key(pod_name(p)) for p in workload.pods if hint_of(p)]
    deadline = time.monotonic() + VIEW_TIMEOUT_S
    while keys and time.monotonic() < deadline:
        keys = [k for k in keys if nats.view(k) is None]
        if keys:
            time.sleep(0.05)
    if keys:
        print(f"  warning: {len(keys)} hinted pod(s) still without a view; the sync path covers them")


def _utility(nats: CliNats, placement: Placement) -> Utility | None:
    if placement.node is None:
        return None
    view: PodScores | None = nats.view(_view_key(placement.pod))
    if view is None or placement.node not in view.nodes:
        return None
    chosen = view.scores[view.nodes.index(placement.node)]
    best = ranking(view)[0][1]
    return Utility(chosen, best, tuple(e.intent.type for e in view.intents))
