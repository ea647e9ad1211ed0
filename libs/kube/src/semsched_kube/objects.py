"""Kubernetes Node and Pod objects to the proto's `NodeState` / `PodState`.

Units follow `Resources`: cores, GiB, whole GPUs (nvidia.com/gpu plus amd.com/gpu), pod
slots. A pod's `requests.pods` is 1: it takes one of the node's pod slots.
"""

from __future__ import annotations

from semsched_kube.access import (
    K8sObject,
    annotations_of,
    describe,
    get_bool,
    get_maps,
    get_str,
    kind_of,
    labels_of,
    metadata,
    name_of,
    namespace_of,
    spec_of,
    status_of,
)
from semsched_kube.errors import ManifestError
from semsched_kube.owners import OwnerIndex, workload_of
from semsched_kube.quantities import GIB
from semsched_kube.requests import (
    CPU,
    GPU_RESOURCES,
    MEMORY,
    PODS,
    ResourceList,
    node_allocatable,
    pod_requests,
)
from semsched_proto import NodeState, PodState, Resources, Taint

HINT_ANNOTATION = "semsched.io/hint"
TERMINAL_PHASES = frozenset({"Succeeded", "Failed"})
TAINT_EFFECTS = frozenset({"NoSchedule", "PreferNoSchedule", "NoExecute"})


def _expect_kind(obj: K8sObject, kind: str) -> None:
    actual = kind_of(obj)
    if actual and actual != kind:
        raise ManifestError(f"{describe(obj)}: expected a {kind}, got kind {actual!r}")


def to_resources(resources: ResourceList, *, pods: int) -> Resources:
    return Resources(
        cpu=resources.get(CPU, 0) / 1000,
        memory_gib=resources.get(MEMORY, 0) / GIB,
        gpu=float(sum(resources.get(name, 0) for name in GPU_RESOURCES)),
        pods=pods,
    )


def taints_of(node: K8sObject) -> list[Taint]:
    where = f"{describe(node)}: spec"
    out: list[Taint] = []
    for i, raw in enumerate(get_maps(spec_of(node), "taints", where)):
        path = f"{where}.taints[{i}]"
        key, effect = get_str(raw, "key", path), get_str(raw, "effect", path)
        if not key:
            raise ManifestError(f"{path}.key is missing")
        if effect not in TAINT_EFFECTS:
            raise ManifestError(f"{path}.effect: expected one of {sorted(TAINT_EFFECTS)}, got {effect!r}")
        out.append(Taint(key=key, value=get_str(raw, "value", path), effect=effect))
    return out


def node_from_k8s(obj: K8sObject) -> NodeState:
    _expect_kind(obj, "Node")
    allocatable = node_allocatable(obj)
    return NodeState(
        name=name_of(obj),
        labels=labels_of(obj),
        annotations=annotations_of(obj),
        allocatable=to_resources(allocatable, pods=allocatable.get(PODS, 0)),
        unschedulable=get_bool(spec_of(obj), "unschedulable", f"{describe(obj)}: spec"),
        taints=taints_of(obj),
        resource_version=get_str(metadata(obj), "resourceVersion", f"{describe(obj)}: metadata"),
    )


def phase_of(obj: K8sObject) -> str:
    return get_str(status_of(obj), "phase", f"{describe(obj)}: status") or "Pending"


def is_terminal(obj: K8sObject) -> bool:
    """Succeeded/Failed pods hold no resources; kube-scheduler's informer drops them too."""
    return phase_of(obj) in TERMINAL_PHASES


def _priority(obj: K8sObject) -> int:
    """`spec.priority` as the API server resolved it from the PriorityClass (0 when absent)."""
    value = spec_of(obj).get("priority")
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def pod_from_k8s(obj: K8sObject, owners: OwnerIndex | None = None) -> PodState:
    _expect_kind(obj, "Pod")
    where = f"{describe(obj)}: metadata"
    annotations = annotations_of(obj)
    return PodState(
        namespace=namespace_of(obj),
        name=name_of(obj),
        uid=get_str(metadata(obj), "uid", where),
        node=get_str(spec_of(obj), "nodeName", f"{describe(obj)}: spec") or None,
        phase=phase_of(obj),
        labels=labels_of(obj),
        hint=annotations.get(HINT_ANNOTATION),
        workload=workload_of(obj, owners),
        requests=to_resources(pod_requests(obj), pods=1),
        priority=_priority(obj),
        resource_version=get_str(metadata(obj), "resourceVersion", where),
    )
