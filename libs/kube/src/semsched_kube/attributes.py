"""Node attributes the scorer reads, from `NodeState` (shared/spec/intents.md).

Every helper returns None (or an empty set) for a node that lacks the attribute, so the
scorer can give it the neutral "unknown" satisfaction; malformed annotations count as absent.
"""

from __future__ import annotations

import math

from semsched_kube.gpu import gpu_family_from_labels
from semsched_kube.owners import app_of
from semsched_proto import ClusterContext, NodeState, PodState

ZONE_LABELS = ("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone")
ARCH_LABELS = ("kubernetes.io/arch", "beta.kubernetes.io/arch")
SPOT_LABELS: dict[str, str] = {
    "node.kubernetes.io/lifecycle": "spot",
    "karpenter.sh/capacity-type": "spot",
    "cloud.google.com/gke-spot": "true",
    "kubernetes.azure.com/scalesetpriority": "spot",
    "eks.amazonaws.com/capacitytype": "spot",
}
COST_ANNOTATION = "semsched.io/hourly-cost"
FAILURES_ANNOTATION = "semsched.io/recent-failures"
DATASETS_ANNOTATION = "semsched.io/datasets"


def _first(node: NodeState, keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = node.labels.get(key)
        if value:
            return value
    return None


def zone(node: NodeState) -> str | None:
    return _first(node, ZONE_LABELS)


def arch(node: NodeState) -> str | None:
    return _first(node, ARCH_LABELS)


def is_spot(node: NodeState) -> bool:
    """Any of the five spot labels with its spot value; keys as written, values case-insensitive.

    `eks.amazonaws.com/capacityType` is matched case-insensitively on the key as well, since
    EKS spells it with a capital T while the other providers use lower case.
    """
    for key, value in node.labels.items():
        expected = SPOT_LABELS.get(key) or SPOT_LABELS.get(key.lower())
        if expected is not None and value.strip().lower() == expected:
            return True
    return False


def gpu_family(node: NodeState) -> str | None:
    return gpu_family_from_labels(node.labels)


def hourly_cost(node: NodeState) -> float | None:
    raw = node.annotations.get(COST_ANNOTATION)
    try:
        value = float(raw.strip().lstrip("$")) if raw is not None else None
    except ValueError:
        return None
    return value if value is not None and math.isfinite(value) and value >= 0 else None


def recent_failures(node: NodeState) -> int | None:
    raw = node.annotations.get(FAILURES_ANNOTATION)
    if raw is None:
        return None
    try:
        value = int(raw.strip())
    except ValueError:
        return None
    return value if value >= 0 else None


def datasets(node: NodeState) -> set[str]:
    raw = node.annotations.get(DATASETS_ANNOTATION, "")
    return {item.strip() for item in raw.split(",") if item.strip()}


# Keys describing what hints do not talk about (ids, OS, zone which `zones` covers, GPU
# feature discovery); `node.kubernetes.io/instance-type` and pool/disk labels stay.
_NOISY_KEYS = frozenset({"kubernetes.io/hostname", "kubernetes.io/os", *ZONE_LABELS, *ARCH_LABELS})
_NOISY_PREFIXES = (
    "beta.kubernetes.io/",
    "failure-domain.beta.kubernetes.io/",
    "feature.node.kubernetes.io/",
    "nvidia.com/",
    "amd.com/",
    "semsched.io/",
)
_UNIQUE_CHECK_MIN_NODES = 4


def _interesting_labels(nodes: list[NodeState]) -> dict[str, list[str]]:
    """Label key -> sorted values, without noisy keys, empty values or per-node-unique keys."""
    values: dict[str, set[str]] = {}
    for node in nodes:
        for key, value in node.labels.items():
            if value and key not in _NOISY_KEYS and not key.startswith(_NOISY_PREFIXES):
                values.setdefault(key, set()).add(value)
    unique_limit = len(nodes) if len(nodes) >= _UNIQUE_CHECK_MIN_NODES else None
    return {
        key: sorted(vals)
        for key, vals in sorted(values.items())
        if unique_limit is None or len(vals) < unique_limit
    }


def context_from_cluster(nodes: list[NodeState], pods: list[PodState], name: str = "") -> ClusterContext:
    """The cluster's vocabulary for the intent parser; every list sorted, so it hashes stably."""
    apps = {app for pod in pods if (app := app_of(pod.labels)) is not None}
    return ClusterContext(
        name=name,
        zones=sorted({z for node in nodes if (z := zone(node)) is not None}),
        nodes=sorted(node.name for node in nodes),
        apps=sorted(apps),
        node_labels=_interesting_labels(nodes),
        gpu_models=sorted({g for node in nodes if (g := gpu_family(node)) is not None}),
        datasets=sorted(set().union(*(datasets(node) for node in nodes))),
    )
