"""`semsched simulate --pack`: after the greedy pass, ask the packer for room for the pods that
stayed unschedulable, and apply its recommendation to the simulation (never to a cluster).

With a platform the scorer runs the packer (`semsched.rpc.scorer.pack`) on its view of the
cluster, with the simulation's own placements (simulate binds nothing in the source, D8);
with `--baseline` there is no platform and the same code runs in this process. Each pod's
allowed nodes are what the kube-scheduler emulation's filters admit on the empty cluster
(node affinity, taints, ports, size): the scorer does not see those constraints itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from semsched_cli.simulate import K8sObject, Placement, pod_name
from semsched_kube.objects import is_terminal, node_from_k8s, pod_from_k8s
from semsched_kube.owners import OwnerIndex
from semsched_kube.scheduler import SchedulerEmulator
from semsched_kube.snapshot import load_snapshot
from semsched_proto import PackingRecommended, PackPolicy, PackRequest, pod_key


def key_of(name: str) -> str:
    """simulate's NAMESPACE/NAME -> the KV key NAMESPACE.NAME."""
    namespace, _, pod = name.partition("/")
    return pod_key(namespace, pod)


def build_request(
    cluster: Path,
    pods: Sequence[K8sObject],
    placements: Sequence[Placement],
    window_s: float,
    policy: PackPolicy,
    max_moves: int | None,
) -> PackRequest:
    snapshot = load_snapshot(cluster)
    empty = SchedulerEmulator(snapshot.nodes, owners=snapshot.owners)
    everyone = [p for p in snapshot.pods if not is_terminal(p)] + list(pods)
    allowed = {key_of(pod_name(p)): empty.filter(p).feasible for p in everyone}
    return PackRequest(
        pending=[key_of(p.pod) for p in placements if p.node is None],
        placements={key_of(p.pod): p.node for p in placements if p.node is not None},
        allowed_nodes=allowed,
        time_limit_s=window_s,
        max_moves=max_moves,
        policy=policy,
    )


def recommend_here(cluster: Path, pods: Sequence[K8sObject], request: PackRequest) -> PackingRecommended:
    """The scorer's packer in this process, on the snapshot plus the simulated pods."""
    from semsched_scorer.recommend import recommend

    snapshot = load_snapshot(cluster)
    owners = OwnerIndex(snapshot.owners)
    nodes = {state.name: state for state in map(node_from_k8s, snapshot.nodes)}
    states = [pod_from_k8s(p, owners) for p in [*snapshot.pods, *pods]]
    return recommend(nodes, {s.key: s for s in states}, request, workers=1)


def apply(placements: Sequence[Placement], plan: PackingRecommended) -> None:
    """The plan, applied to the simulation's placements (pods of the cluster file are reported only)."""
    by_key = {key_of(p.pod): p for p in placements}
    for placed in plan.placements:
        if placed.pod_key in by_key:
            target = by_key[placed.pod_key]
            target.node, target.reason = placed.node, "placed by the packer's plan"
    for move in plan.moves:
        if move.pod_key in by_key:
            target = by_key[move.pod_key]
            target.node, target.reason = move.target, f"moved by the packer's plan from {move.source}"
    for eviction in plan.evictions:
        if eviction.pod_key in by_key:
            target = by_key[eviction.pod_key]
            target.node, target.reason = None, f"evicted by the packer's plan from {eviction.node}"


def describe(plan: PackingRecommended, window_s: float) -> list[str]:
    gained = sum(t.placed_after - t.placed_before for t in plan.tiers)
    verdict = (
        "improves on the greedy placement"
        if plan.improves
        else "greedy placement certified optimal"
        if plan.certified_optimal
        else "no better plan found in the window"
    )
    lines = [
        f"packer ({plan.policy}, {window_s:g} s window, {plan.solve_ms:.0f} ms): {plan.status}; {verdict}; "
        f"{len(plan.placements)} placed, {len(plan.moves)} moved, {len(plan.evictions)} evicted "
        f"({gained:+d} pods running)"
    ]
    lines += [f"  place  {p.pod_key} -> {p.node}" for p in plan.placements]
    lines += [f"  move   {m.pod_key}: {m.source} -> {m.target}" for m in plan.moves]
    lines += [f"  evict  {e.pod_key} from {e.node}" for e in plan.evictions]
    if plan.detail:
        lines.append(f"  ({plan.detail})")
    return lines


def as_json(plan: PackingRecommended) -> Mapping[str, object]:
    return plan.model_dump(mode="json", exclude={"event_id", "occurred_at", "source", "correlation_id"})
