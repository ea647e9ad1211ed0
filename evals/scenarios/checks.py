"""An independent check of each intent on a chosen node, written from shared/spec/intents.md.

It does not import the scorer: every rule below is read from the spec's table and its
scoring semantics, turned into a yes/no question a reviewer could answer by looking at the
cluster ("is the node in one of those zones?", "does it have 24 GiB unrequested?"). Only
object parsing (requests, allocatable, workload identity, GPU family) comes from
semsched_kube.

Two moments matter. Node attributes and the cluster around the node are judged *before*
the pod is placed (`before`: the snapshot's pods plus the run's earlier placements).
Intents about the pod's own workload (`colocate_replicas`, `spread_*`) are judged on the
final placement of the run (`after`), since they are about the group, not one decision.

Where the spec gives a graded satisfaction, the yes/no threshold is stated next to the rule:
`prefer_least_loaded` / `prefer_bin_packing` / `prefer_low_cost` / `prefer_reliable_nodes`
hold within `TOLERANCE` of the best node the pod could use; spreads hold when the node's
(zone's) share of the replicas is at most the even share, rounded up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from semsched_kube.gpu import gpu_family_from_labels
from semsched_kube.owners import app_of
from semsched_proto import Intent, NodeState, PodState

ZONE_LABEL = "topology.kubernetes.io/zone"
ARCH_LABEL = "kubernetes.io/arch"
SPOT_LABELS = (
    ("node.kubernetes.io/lifecycle", "spot"),
    ("karpenter.sh/capacity-type", "spot"),
    ("cloud.google.com/gke-spot", "true"),
    ("kubernetes.azure.com/scalesetpriority", "spot"),
    ("eks.amazonaws.com/capacitytype", "spot"),
)
TOLERANCE = 0.10
HARD_EFFECTS = frozenset({"NoSchedule", "NoExecute"})
Toleration = Mapping[str, object]


@dataclass(frozen=True)
class ClusterView:
    """Nodes and the pods bound to them at one moment of a run."""

    nodes: Mapping[str, NodeState]
    pods: Sequence[PodState]

    def pods_on(self, node: str, without: str = "") -> list[PodState]:
        return [p for p in self.pods if p.node == node and p.key != without]

    def zone(self, node: str) -> str | None:
        return self.nodes[node].labels.get(ZONE_LABEL) or None

    def free(self, node: str, without: str = "") -> tuple[float, float, float]:
        """Unrequested (cpu cores, memory GiB, GPUs) on the node, `without` one pod's own request."""
        alloc = self.nodes[node].allocatable
        on = self.pods_on(node, without)
        return (
            alloc.cpu - sum(p.requests.cpu for p in on),
            alloc.memory_gib - sum(p.requests.memory_gib for p in on),
            alloc.gpu - sum(p.requests.gpu for p in on),
        )

    def replicas(self, workload: str | None) -> list[PodState]:
        return [] if workload is None else [p for p in self.pods if p.workload == workload]


@dataclass(frozen=True)
class CheckInput:
    """One intent of one pod, judged on the node the scheduler chose."""

    pod: PodState
    intent: Intent
    node: str
    before: ClusterView
    after: ClusterView
    pod_intents: Sequence[Intent] = ()
    tolerations: Sequence[Toleration] = field(default_factory=tuple)

    def param(self, key: str) -> object:
        return self.intent.params.get(key)

    def names(self, key: str) -> set[str]:
        return param_names(self.intent, key)

    @property
    def labels(self) -> Mapping[str, str]:
        return self.before.nodes[self.node].labels


Check = Callable[[CheckInput], bool]


def param_names(intent: Intent, key: str) -> set[str]:
    value = intent.params.get(key)
    return {str(v) for v in value} if isinstance(value, list) else set()


def _tolerates(taint_key: str, taint_value: str, effect: str, tolerations: Sequence[Toleration]) -> bool:
    for tol in tolerations:
        if tol.get("effect") not in (None, "", effect):
            continue
        if tol.get("operator") == "Exists" and tol.get("key") in (None, "", taint_key):
            return True
        if tol.get("key") == taint_key and tol.get("value", "") == taint_value:
            return True
    return False


def candidates(c: CheckInput) -> list[str]:
    """Nodes the pod could have used: schedulable, taints tolerated, requests fit."""
    out = []
    for name, node in c.before.nodes.items():
        hard = [t for t in node.taints if t.effect in HARD_EFFECTS]
        if node.unschedulable or not all(_tolerates(t.key, t.value, t.effect, c.tolerations) for t in hard):
            continue
        cpu, mem, gpu = c.before.free(name, without=c.pod.key)
        req = c.pod.requests
        if cpu >= req.cpu - 1e-9 and mem >= req.memory_gib - 1e-9 and gpu >= req.gpu - 1e-9:
            out.append(name)
    return out or [c.node]


def _label(c: CheckInput) -> bool:
    return c.labels.get(str(c.param("key"))) == str(c.param("value"))


def _nodes(c: CheckInput) -> bool:
    return c.node in c.names("nodes")


def _zones(c: CheckInput) -> bool:
    return c.before.zone(c.node) in c.names("zones")


def _gpu_models(c: CheckInput) -> bool:
    return gpu_family_from_labels(c.labels) in c.names("models")


def _arch(c: CheckInput) -> bool:
    return c.labels.get(ARCH_LABEL) == c.param("arch")


def _data_locality(c: CheckInput) -> bool:
    raw = c.before.nodes[c.node].annotations.get("semsched.io/datasets", "")
    return str(c.param("dataset")) in {item.strip() for item in raw.split(",")}


def _runs_app(view: ClusterView, node: str, app: str, without: str) -> bool:
    return any(app_of(p.labels) == app for p in view.pods_on(node, without))


def _colocate_with(c: CheckInput) -> bool:
    return _runs_app(c.before, c.node, str(c.param("app")), c.pod.key)


def _same_zone_as(c: CheckInput) -> bool:
    zone = c.before.zone(c.node)
    app = str(c.param("app"))
    return zone is not None and any(
        c.before.zone(n) == zone and _runs_app(c.before, n, app, c.pod.key) for n in c.before.nodes
    )


def _colocate_replicas(c: CheckInput) -> bool:
    """Every replica of the workload placed in the run ended on this one node."""
    return all(p.node == c.node for p in c.after.replicas(c.pod.workload))


def _even_share(count_here: int, total: int, domains: int) -> bool:
    return domains > 0 and count_here <= math.ceil(total / domains)


def _spread_nodes(c: CheckInput) -> bool:
    replicas = c.after.replicas(c.pod.workload)
    usable = [n for n, node in c.after.nodes.items() if not node.unschedulable]
    here = sum(1 for p in replicas if p.node == c.node)
    return _even_share(here, len(replicas), min(len(usable), len(replicas)))


def allowed_zones(c: CheckInput) -> set[str]:
    """The cluster's zones, less those the pod's own intents avoid (and only the preferred ones)."""
    zones = {z for n in c.after.nodes if (z := c.after.zone(n)) is not None}
    for other in c.pod_intents:
        values = param_names(other, "zones")
        if other.type == "avoid_zones":
            zones -= values
        elif other.type == "prefer_zones" and zones & values:
            zones &= values
    return zones


def _spread_zones(c: CheckInput) -> bool:
    zone = c.after.zone(c.node)
    replicas = c.after.replicas(c.pod.workload)
    here = sum(1 for p in replicas if p.node is not None and c.after.zone(p.node) == zone)
    domains = min(len(allowed_zones(c)), len(replicas))
    return zone is not None and _even_share(here, len(replicas), domains)


def _min_free(index: int, key: str) -> Check:
    def check(c: CheckInput) -> bool:
        wanted = float(str(c.param(key) or 0))
        return c.before.free(c.node, without=c.pod.key)[index] >= wanted - 1e-9

    return check


def load(c: CheckInput, node: str, resource: str, with_pod: bool = False) -> float:
    """Requested share of a resource on the node (`any`: mean of cpu, memory and gpu if any)."""
    alloc = c.before.nodes[node].allocatable
    free = c.before.free(node, without=c.pod.key)
    extra = (c.pod.requests.cpu, c.pod.requests.memory_gib, c.pod.requests.gpu) if with_pod else (0, 0, 0)
    totals = (alloc.cpu, alloc.memory_gib, alloc.gpu)
    shares = {
        name: (total - f + e) / total
        for name, total, f, e in zip(("cpu", "memory", "gpu"), totals, free, extra, strict=True)
        if total > 0
    }
    if resource in shares:
        return shares[resource]
    if resource == "any" and shares:
        return sum(shares.values()) / len(shares)
    return 0.0


def _least_loaded(c: CheckInput) -> bool:
    resource = str(c.param("resource") or "any")
    best = min(load(c, n, resource) for n in candidates(c))
    return load(c, c.node, resource) <= best + TOLERANCE


def _bin_packing(c: CheckInput) -> bool:
    best = max(load(c, n, "any", with_pod=True) for n in candidates(c))
    return load(c, c.node, "any", with_pod=True) >= best - TOLERANCE


def is_spot(labels: Mapping[str, str]) -> bool:
    lowered = {k.lower(): v.strip().lower() for k, v in labels.items()}
    return any(lowered.get(key) == value for key, value in SPOT_LABELS)


def _spot(c: CheckInput) -> bool:
    return is_spot(c.labels)


def _number(node: NodeState, annotation: str) -> float | None:
    try:
        return float(node.annotations[annotation].strip().lstrip("$"))
    except (KeyError, ValueError):
        return None


def _lowest(c: CheckInput, annotation: str, missing: float | None) -> bool:
    values = {n: _number(c.before.nodes[n], annotation) for n in candidates(c)}
    known = [v for v in values.values() if v is not None]
    mine = _number(c.before.nodes[c.node], annotation)
    mine = missing if mine is None and known else mine
    return mine is not None and (not known or mine <= min(known) + 1e-9)


def _low_cost(c: CheckInput) -> bool:
    return _lowest(c, "semsched.io/hourly-cost", None)


def _reliable(c: CheckInput) -> bool:
    return _lowest(c, "semsched.io/recent-failures", 0.0)


def _not(check: Check) -> Check:
    return lambda c: not check(c)


CHECKS: dict[str, Check] = {
    "prefer_node_label": _label,
    "avoid_node_label": _not(_label),
    "prefer_nodes": _nodes,
    "avoid_nodes": _not(_nodes),
    "prefer_zones": _zones,
    "avoid_zones": _not(_zones),
    "prefer_gpu_models": _gpu_models,
    "avoid_gpu_models": _not(_gpu_models),
    "prefer_arch": _arch,
    "prefer_data_locality": _data_locality,
    "colocate_with": _colocate_with,
    "avoid_colocation_with": _not(_colocate_with),
    "same_zone_as": _same_zone_as,
    "colocate_replicas": _colocate_replicas,
    "spread_replicas_nodes": _spread_nodes,
    "spread_replicas_zones": _spread_zones,
    "min_free_cpu": _min_free(0, "cores"),
    "min_free_memory": _min_free(1, "gib"),
    "min_free_gpus": _min_free(2, "count"),
    "prefer_least_loaded": _least_loaded,
    "prefer_bin_packing": _bin_packing,
    "avoid_spot": _not(_spot),
    "prefer_spot": _spot,
    "prefer_low_cost": _low_cost,
    "prefer_reliable_nodes": _reliable,
}


def satisfied(c: CheckInput) -> bool:
    """Whether the intent holds on the chosen node (see the module docstring for the rules)."""
    return CHECKS[c.intent.type](c)
