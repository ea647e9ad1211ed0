"""One scenario end to end: the default scheduler's placement, then the packer per time window."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from evals.openb.convert import TraceNode, TracePod
from evals.packing.baseline import BaselineResult, placed_counts, run_baseline
from evals.packing.scenarios import GeneratorConfig, Scenario, generate
from semsched_scorer.domain.packer import MovePolicy, PackOptions, Plan, SolveStatus, pack
from semsched_scorer.domain.plancheck import check_plan


@dataclass(frozen=True)
class WindowResult:
    policy: str
    window_s: float
    status: str
    improved: bool
    certified: bool
    solve_s: float
    moves: int
    evictions: int
    placed_after: dict[int, int]
    problems: tuple[str, ...]  # from the independent plan check; empty when valid
    reused: bool = False  # the shorter window already proved optimality: same plan

    @property
    def outcome(self) -> str:
        return "improved" if self.improved else "certified" if self.certified else "neither"


@dataclass(frozen=True)
class ScenarioResult:
    index: int
    nodes: int
    pods: int
    load: float
    pending: int  # after the default scheduler
    placed_before: dict[int, int]  # per priority, after the default scheduler
    pods_by_tier: dict[int, int]
    preemptions: int
    windows: dict[tuple[str, float], WindowResult] = field(default_factory=dict)


def window_result(policy: MovePolicy, window: float, plan: Plan, problems: list[str]) -> WindowResult:
    return WindowResult(
        policy=policy.value,
        window_s=window,
        status=plan.status.value,
        improved=plan.improves,
        certified=plan.certified_optimal,
        solve_s=plan.solve_seconds,
        moves=len(plan.moves),
        evictions=len(plan.evictions),
        placed_after={t.priority: t.placed_after for t in plan.tiers},
        problems=tuple(problems),
    )


def solve_scenario(
    scenario: Scenario,
    baseline: BaselineResult,
    windows: Sequence[float],
    policies: Sequence[MovePolicy],
    workers: int,
    seed: int,
) -> ScenarioResult:
    nodes, pods = scenario.pack_nodes(), scenario.pack_pods(baseline.placement)
    result = ScenarioResult(
        index=scenario.index,
        nodes=len(scenario.nodes),
        pods=len(scenario.pods),
        load=scenario.load,
        pending=len(baseline.pending),
        placed_before=placed_counts(scenario, baseline.placement),
        pods_by_tier=placed_counts(scenario, {p.name: "any" for p in scenario.pods}),
        preemptions=baseline.preemptions,
    )
    for policy in policies:
        proved: WindowResult | None = None
        for window in sorted(windows):
            if proved is not None:  # optimal is optimal: a longer window returns the same plan
                reused = {**proved.__dict__, "window_s": window, "reused": True}
                result.windows[policy.value, window] = WindowResult(**reused)
                continue
            options = PackOptions(time_limit_s=window, num_workers=workers, seed=seed, policy=policy)
            plan = pack(nodes, pods, options)
            outcome = window_result(policy, window, plan, check_plan(nodes, pods, plan, policy=policy))
            result.windows[policy.value, window] = outcome
            if plan.status is SolveStatus.OPTIMAL:
                proved = outcome
    return result


def failing_scenarios(
    nodes: Sequence[TraceNode],
    pods: Sequence[TracePod],
    count: int,
    seed: int,
    config: GeneratorConfig,
    preemption: bool,
    max_attempts: int,
) -> Iterator[tuple[Scenario, BaselineResult, int]]:
    """Scenarios where the default scheduler leaves pods pending, with the attempts so far."""
    found = 0
    for index in range(max_attempts):
        if found >= count:
            return
        scenario = generate(index, seed, nodes, pods, config)
        baseline = run_baseline(scenario, seed, preemption)
        if baseline.pending:
            found += 1
            yield scenario, baseline, index + 1


def progress(done: int, total: int, result: ScenarioResult, started: float) -> None:
    parts = [
        f"{p}@{w:g}s {r.outcome}{'*' if r.reused else ''} ({r.solve_s:.2f}s, {r.moves}m/{r.evictions}e)"
        for (p, w), r in sorted(result.windows.items())
    ]
    print(
        f"[{done}/{total}] scenario {result.index}: {result.nodes} nodes, {result.pods} pods, "
        f"{result.pending} pending | {'; '.join(parts)} | {time.monotonic() - started:.0f}s",
        file=sys.stderr,
        flush=True,
    )
