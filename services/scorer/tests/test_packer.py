"""The CP-SAT packer: lexicographic priority tiers, the priority rule, capacity, certification.

Every plan is also run through `check_plan`, which recomputes the final state on its own.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from semsched_scorer.domain.packer import (
    Eviction,
    Move,
    PackNode,
    PackOptions,
    PackPod,
    Placement,
    Plan,
    SolveStatus,
    TierOutcome,
    pack,
    placed_by_tier,
)
from semsched_scorer.domain.plancheck import check_plan

OPTIONS = PackOptions(time_limit_s=10.0, num_workers=1, seed=0)


def nodes(*caps: int, gpus: int = 0) -> list[PackNode]:
    return [PackNode(f"n{i}", {"cpu": c, "gpu": gpus}) for i, c in enumerate(caps)]


def pod(name: str, cpu: int, priority: int = 0, node: str | None = None, **kw: object) -> PackPod:
    return PackPod(name, {"cpu": cpu}, priority=priority, node=node, **kw)  # type: ignore[arg-type]


def solve(ns: list[PackNode], ps: list[PackPod], options: PackOptions = OPTIONS) -> Plan:
    plan = pack(ns, ps, options)
    assert check_plan(ns, ps, plan, options.max_moves) == []
    return plan


def test_fragmented_cluster_gets_room_by_moving_a_lower_priority_pod() -> None:
    # The greedy spread two small pods over both nodes; the big one fits nowhere.
    ns = nodes(4, 4)
    ps = [pod("small-a", 2, 0, "n0"), pod("small-b", 2, 0, "n1"), pod("big", 4, 10)]
    plan = solve(ns, ps)
    assert plan.improves and not plan.certified_optimal
    assert plan.status is SolveStatus.OPTIMAL
    assert len(plan.placements) == 1 and plan.placements[0].pod == "big"
    assert len(plan.moves) == 1 and plan.evictions == ()  # a move, not an eviction, suffices
    moved = plan.moves[0]
    assert moved.target != moved.source and plan.placements[0].node == moved.source
    assert [(t.priority, t.placed_before, t.placed_after) for t in plan.tiers] == [(10, 0, 1), (0, 2, 2)]


def test_equal_priority_pods_are_not_moved_for_each_other() -> None:
    ns = nodes(4, 4)
    ps = [pod("small-a", 2, 5, "n0"), pod("small-b", 2, 5, "n1"), pod("big", 4, 5)]
    plan = solve(ns, ps)
    assert plan.moves == () and plan.placements == ()
    assert not plan.improves and plan.certified_optimal


def test_full_cluster_is_certified_optimal() -> None:
    # Node 0 holds an unmovable pod, node 1 a higher-priority one: no plan can place the pod.
    ns = nodes(4, 4)
    ps = [pod("pinned", 2, 0, "n0", movable=False), pod("vip", 2, 100, "n1"), pod("want", 3, 10)]
    plan = solve(ns, ps)
    assert plan.certified_optimal and not plan.improves
    assert plan.status is SolveStatus.OPTIMAL
    assert plan.placements == () and plan.moves == () and plan.evictions == ()


def test_never_evicts_a_pod_of_higher_or_equal_priority() -> None:
    ns = nodes(4)
    for placed_priority, evicted in ((100, False), (10, False), (9, True)):
        ps = [pod("running", 4, placed_priority, "n0"), pod("pending", 4, 10)]
        plan = solve(ns, ps)
        assert (plan.evictions == (Eviction("running", "n0"),)) is evicted
        assert (plan.placements == (Placement("pending", "n0"),)) is evicted


def test_a_pod_left_alone_by_the_high_tier_is_not_moved_for_a_lower_tier() -> None:
    # Moving `mid` next to `top` would free n0 for `low`; allowed only when mid ranks below low.
    ns = nodes(4, 5)
    for mid_priority, moved in ((50, False), (5, True)):
        ps = [pod("mid", 2, mid_priority, "n0"), pod("top", 3, 100), pod("low", 4, 10)]
        plan = solve(ns, ps)
        assert plan.improves and plan.evictions == ()
        assert (plan.moves == (Move("mid", "n0", "n1"),)) is moved
        placed = {p.pod: p.node for p in plan.placements}
        assert placed == ({"top": "n1", "low": "n0"} if moved else {"top": "n1"})


def test_unmovable_pods_stay_and_the_cap_on_moves_holds() -> None:
    ns = nodes(4, 4)
    ps = [pod("a", 2, 0, "n0", movable=False), pod("b", 2, 0, "n1", movable=False), pod("big", 4, 10)]
    plan = solve(ns, ps)
    assert plan.moves == () and plan.placements == () and plan.certified_optimal
    movable = [pod("a", 2, 0, "n0"), pod("b", 2, 0, "n1"), pod("big", 4, 10)]
    capped = solve(ns, movable, PackOptions(time_limit_s=10.0, num_workers=1, max_moves=0))
    assert capped.moves == () and capped.placements == () and not capped.improves


def test_allowed_nodes_are_respected() -> None:
    ns = nodes(4, 4)
    ps = [pod("a", 2, 0, "n0"), pod("b", 2, 0, "n1"), pod("big", 4, 10, allowed=frozenset({"n1"}))]
    plan = solve(ns, ps)
    assert plan.placements == (Placement("big", "n1"),)
    assert plan.moves == (Move("b", "n1", "n0"),)


def test_intent_utility_picks_among_equally_good_nodes() -> None:
    ns = nodes(4, 4, 4)
    ps = [pod("p", 1, 0, utility={"n0": 10.0, "n1": 90.0, "n2": 40.0})]
    plan = solve(ns, ps)
    assert plan.placements == (Placement("p", "n1"),) and plan.utility == 90.0


def test_utility_never_costs_a_placed_pod() -> None:
    ns = nodes(4, 4)
    # q wants n0 strongly, but only n1 can take both pending pods' combination
    ps = [pod("r", 3, 0, "n0", movable=False), pod("q", 1, 5, utility={"n1": 100.0}), pod("s", 4, 5)]
    plan = solve(ns, ps)
    assert {p.pod for p in plan.placements} == {"s", "q"}
    assert dict((p.pod, p.node) for p in plan.placements) == {"s": "n1", "q": "n0"}


def test_invalid_input_changes_nothing() -> None:
    ns = nodes(4)
    ps = [pod("a", 3, 0, "n0"), pod("b", 3, 0, "n0"), pod("c", 1, 9)]
    plan = pack(ns, ps, OPTIONS)
    assert plan.status is SolveStatus.INVALID and "over capacity" in plan.detail
    assert plan.placements == () and not plan.improves and not plan.certified_optimal


def test_empty_inputs() -> None:
    plan = pack([], [], OPTIONS)
    assert plan.tiers == () and plan.placements == () and not plan.improves
    only_nodes = pack(nodes(4), [], OPTIONS)
    assert only_nodes.tiers == () and only_nodes.status is SolveStatus.OPTIMAL
    too_big = solve(nodes(4), [pod("huge", 8, 1)])
    assert too_big.placements == () and too_big.certified_optimal


def test_the_checker_flags_broken_plans() -> None:
    ns = nodes(4)
    ps = [pod("vip", 4, 100, "n0"), pod("low", 4, 1)]
    evicts_vip = Plan(
        placements=(Placement("low", "n0"),),
        moves=(),
        evictions=(Eviction("vip", "n0"),),
        status=SolveStatus.OPTIMAL,
        tiers=(TierOutcome(100, 1, 1, 0, SolveStatus.OPTIMAL), TierOutcome(1, 1, 0, 1, SolveStatus.OPTIMAL)),
        improves=True,
        certified_optimal=False,
    )
    problems = check_plan(ns, ps, evicts_vip)
    assert any("disturbed for no pod of higher priority" in p for p in problems)
    assert any("improves=True" in p for p in problems)
    overfull = Plan((Placement("low", "n0"),), (), (), SolveStatus.OPTIMAL, (), True, False)
    assert any("capacity" in p for p in check_plan(ns, ps, overfull))


@st.composite
def instances(draw: st.DrawFn) -> tuple[list[PackNode], list[PackPod]]:
    caps = draw(st.lists(st.integers(2, 8), min_size=1, max_size=4))
    ns = [PackNode(f"n{i}", {"cpu": c, "mem": c * 2}) for i, c in enumerate(caps)]
    free = {n.name: dict(n.capacity) for n in ns}
    ps: list[PackPod] = []
    for k in range(draw(st.integers(0, 9))):
        cpu, mem = draw(st.integers(1, 5)), draw(st.integers(1, 8))
        prio = draw(st.sampled_from([0, 10, 100]))
        target = draw(st.sampled_from([None, *free]))
        if target is not None and (free[target]["cpu"] < cpu or free[target]["mem"] < mem):
            target = None
        if target is not None:
            free[target]["cpu"] -= cpu
            free[target]["mem"] -= mem
        movable = draw(st.booleans()) or target is None
        ps.append(PackPod(f"p{k}", {"cpu": cpu, "mem": mem}, prio, target, movable))
    return ns, ps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_any_plan_is_valid_and_never_worse_than_the_input(
    instance: tuple[list[PackNode], list[PackPod]],
) -> None:
    ns, ps = instance
    plan = solve(ns, ps)
    before = placed_by_tier(ps, {p.name: p.node for p in ps})
    after = placed_by_tier(ps, plan.final_nodes(ps))
    for priority in sorted(before, reverse=True):  # lexicographically at least as good
        if after[priority] != before[priority]:
            assert after[priority] > before[priority]
            break
    assert plan.status is SolveStatus.OPTIMAL  # tiny instances: proved within the budget
    assert plan.improves != plan.certified_optimal
