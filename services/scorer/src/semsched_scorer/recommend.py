"""The packer on the scorer's view of the cluster: `PackRequest` in, `PackingRecommended` out.

Units: requests are rounded up and capacities down (CPU to millicores, memory to MiB, whole
GPUs, pod slots), so a plan that fits here fits the real amounts. A pod may move only when a
controller would recreate it (its workload is a Deployment, ReplicaSet, StatefulSet, Job...;
not a bare pod, a DaemonSet's or a static pod). Unless the request lists a pod's allowed
nodes, it may land only on schedulable nodes without NoSchedule/NoExecute taints, because
the scorer does not see tolerations or affinity; the node it runs on is always allowed.
Terminal pods, and pending pods the request does not name, are left out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from semsched_proto import (
    NodeState,
    PackEviction,
    PackingRecommended,
    PackMove,
    PackPlacement,
    PackRequest,
    PackTier,
    PodState,
    Resources,
)
from semsched_scorer.domain.packer import MovePolicy, PackNode, PackOptions, PackPod, Plan, pack

MIB_PER_GIB = 1024
UNMOVABLE_KINDS = frozenset({"app", "DaemonSet", "Node"})  # "app": no controller at all
TERMINAL = frozenset({"Succeeded", "Failed"})
_EPS = 1e-6


def request_units(r: Resources) -> dict[str, int]:
    return {
        "cpu_milli": math.ceil(r.cpu * 1000 - _EPS),
        "memory_mib": math.ceil(r.memory_gib * MIB_PER_GIB - _EPS),
        "gpu": math.ceil(r.gpu - _EPS),
        "pods": max(r.pods, 1),
    }


def capacity_units(r: Resources) -> dict[str, int]:
    return {
        "cpu_milli": math.floor(r.cpu * 1000 + _EPS),
        "memory_mib": math.floor(r.memory_gib * MIB_PER_GIB + _EPS),
        "gpu": math.floor(r.gpu + _EPS),
        "pods": r.pods,
    }


def movable(pod: PodState) -> bool:
    return pod.workload is not None and pod.workload.split("/", 1)[0] not in UNMOVABLE_KINDS


def open_to_new_pods(node: NodeState) -> bool:
    return not node.unschedulable and not any(t.effect in ("NoSchedule", "NoExecute") for t in node.taints)


def problem(
    nodes: Mapping[str, NodeState],
    pods: Mapping[str, PodState],
    request: PackRequest,
    utilities: Mapping[str, Mapping[str, float]] | None = None,
) -> tuple[list[PackNode], list[PackPod], list[str]]:
    """The packer's input, and the pending pod keys it covers."""
    pack_nodes = [PackNode(name, capacity_units(node.allocatable)) for name, node in sorted(nodes.items())]
    open_nodes = frozenset(name for name, node in nodes.items() if open_to_new_pods(node))
    wanted = set(request.pending)
    pending = sorted(key for key in wanted if key in pods and pods[key].phase not in TERMINAL)
    pack_pods: list[PackPod] = []
    for key, pod in sorted(pods.items()):
        if pod.phase in TERMINAL:
            continue
        node = None if key in wanted else request.placements.get(key, pod.node)
        if node is None and key not in wanted:
            continue  # pending, and not asked about
        if node is not None and node not in nodes:
            continue  # on a node the scorer does not know: nothing to plan with it
        allowed = request.allowed_nodes.get(key)
        pack_pods.append(
            PackPod(
                name=key,
                requests=request_units(pod.requests),
                priority=pod.priority,
                node=node,
                movable=movable(pod),
                allowed=frozenset(allowed) if allowed is not None else open_nodes,
                utility=dict((utilities or {}).get(key, {})),
            )
        )
    return pack_nodes, pack_pods, pending


def as_message(plan: Plan, pending: list[str], policy: MovePolicy) -> PackingRecommended:
    return PackingRecommended(
        pending=pending,
        placements=[PackPlacement(pod_key=p.pod, node=p.node) for p in plan.placements],
        moves=[PackMove(pod_key=m.pod, source=m.source, target=m.target) for m in plan.moves],
        evictions=[PackEviction(pod_key=e.pod, node=e.node) for e in plan.evictions],
        tiers=[
            PackTier(
                priority=t.priority,
                pods=t.pods,
                placed_before=t.placed_before,
                placed_after=t.placed_after,
                status=t.status.value,
            )
            for t in plan.tiers
        ],
        status=plan.status.value,
        improves=plan.improves,
        certified_optimal=plan.certified_optimal,
        policy=policy.value,
        solve_ms=plan.solve_seconds * 1000.0,
        detail=plan.detail,
    )


def recommend(
    nodes: Mapping[str, NodeState],
    pods: Mapping[str, PodState],
    request: PackRequest,
    utilities: Mapping[str, Mapping[str, float]] | None = None,
    *,
    workers: int = 1,
    seed: int = 0,
) -> PackingRecommended:
    """Run the packer (CPU-bound, time-boxed by `request.time_limit_s`; call it off the event loop)."""
    pack_nodes, pack_pods, pending = problem(nodes, pods, request, utilities)
    policy = MovePolicy(request.policy)
    options = PackOptions(
        time_limit_s=request.time_limit_s,
        max_moves=request.max_moves,
        num_workers=workers,
        seed=seed,
        policy=policy,
    )
    return as_message(pack(pack_nodes, pack_pods, options), pending, policy)
