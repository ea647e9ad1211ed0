"""An independent check of a packer `Plan` against its input (shares no code with the model).

`check_plan` applies the plan to the input with plain dictionaries and lists what is wrong:
unknown or doubly-used pods, capacity exceeded on a node, a pod on a node it may not use, an
unmovable pod touched, a disturbed pod (an evicted one, under MovePolicy.ANY) not outranked
by a pod the plan places, more disruptions than allowed, or tier figures that disagree with
the recount. Empty: valid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from semsched_scorer.domain.packer import MovePolicy, PackNode, PackPod, Plan


def check_plan(
    nodes: Sequence[PackNode],
    pods: Sequence[PackPod],
    plan: Plan,
    max_moves: int | None = None,
    policy: MovePolicy = MovePolicy.LOWER,
) -> list[str]:
    problems: list[str] = []
    node_names = {n.name for n in nodes}
    by_name = {p.name: p for p in pods}
    mentioned = Counter(
        [p.pod for p in plan.placements] + [m.pod for m in plan.moves] + [e.pod for e in plan.evictions]
    )
    problems += [f"{name} appears {n} times in the plan" for name, n in mentioned.items() if n > 1]
    problems += [f"unknown pod {name}" for name in mentioned if name not in by_name]
    where: dict[str, str | None] = {p.name: p.node for p in pods}
    for placement in plan.placements:
        pod = by_name.get(placement.pod)
        if pod is not None and pod.node is not None:
            problems.append(f"{pod.name} is placed already (on {pod.node}), not pending")
        where[placement.pod] = placement.node
    for move in plan.moves:
        pod = by_name.get(move.pod)
        if pod is not None and pod.node != move.source:
            problems.append(f"{pod.name} moves from {move.source} but runs on {pod.node}")
        if move.source == move.target:
            problems.append(f"{move.pod} moves to the node it is on")
        where[move.pod] = move.target
    for eviction in plan.evictions:
        pod = by_name.get(eviction.pod)
        if pod is not None and pod.node != eviction.node:
            problems.append(f"{pod.name} evicted from {eviction.node} but runs on {pod.node}")
        where[eviction.pod] = None
    problems += _placement_rules(nodes, pods, where, node_names)
    problems += _priority_rules(plan, by_name, max_moves, policy)
    problems += _tier_figures(pods, plan, where)
    return problems


def _placement_rules(
    nodes: Sequence[PackNode], pods: Sequence[PackPod], where: dict[str, str | None], node_names: set[str]
) -> list[str]:
    problems = []
    used: dict[str, Counter[str]] = {n.name: Counter() for n in nodes}
    for pod in pods:
        target = where.get(pod.name)
        if target is None:
            continue
        if target not in node_names:
            problems.append(f"{pod.name} on unknown node {target}")
            continue
        if target != pod.node and pod.allowed is not None and target not in pod.allowed:
            problems.append(f"{pod.name} on {target}, which it may not use")
        used[target].update(pod.requests)
    for node in nodes:
        for resource, amount in used[node.name].items():
            if amount > node.capacity.get(resource, 0):
                problems.append(
                    f"{node.name}: {resource} {amount} requested > {node.capacity.get(resource, 0)} capacity"
                )
    return problems


def _priority_rules(
    plan: Plan, by_name: dict[str, PackPod], max_moves: int | None, policy: MovePolicy
) -> list[str]:
    problems = []
    newly_placed = [by_name[p.pod].priority for p in plan.placements if p.pod in by_name]
    top = max(newly_placed, default=None)
    moved = [m.pod for m in plan.moves]
    for name in moved + [e.pod for e in plan.evictions]:
        pod = by_name.get(name)
        if pod is None:
            continue
        if not pod.movable:
            problems.append(f"{name} is not movable but the plan moves or evicts it")
        if policy is MovePolicy.ANY and name in moved:
            continue  # any movable pod may move under ANY; evictions still need a higher pod
        if top is None or pod.priority >= top:
            problems.append(f"{name} (priority {pod.priority}) disturbed for no pod of higher priority")
    if max_moves is not None and len(plan.moves) + len(plan.evictions) > max_moves:
        problems.append(f"{len(plan.moves) + len(plan.evictions)} disruptions > max {max_moves}")
    return problems


def _tier_figures(pods: Sequence[PackPod], plan: Plan, where: dict[str, str | None]) -> list[str]:
    problems = []
    before: Counter[int] = Counter(p.priority for p in pods if p.node is not None)
    after: Counter[int] = Counter(p.priority for p in pods if where.get(p.name) is not None)
    for tier in plan.tiers:
        if (tier.placed_before, tier.placed_after) != (before[tier.priority], after[tier.priority]):
            problems.append(
                f"tier {tier.priority}: reported {tier.placed_before}->{tier.placed_after}, "
                f"recounted {before[tier.priority]}->{after[tier.priority]}"
            )
    better = False
    for priority in sorted(set(before) | set(after), reverse=True):
        if after[priority] != before[priority]:
            better = after[priority] > before[priority]
            if not better:
                problems.append(f"tier {priority} loses pods at the highest tier that changed")
            break
    if plan.improves != better:
        problems.append(f"plan says improves={plan.improves}, recount says {better}")
    if plan.improves and plan.certified_optimal:
        problems.append("a plan cannot both improve on the input and certify it optimal")
    return problems
