"""Pod requests and node allocatable as kube-scheduler computes them, in kube's integer units.

A `ResourceList` maps a resource name to an integer: `cpu` in millicores, every other
resource (memory, ephemeral-storage, hugepages-*, nvidia.com/gpu, pods...) in its base unit,
rounded up as Kubernetes' `MilliValue()`/`Value()` do.

`pod_requests` follows k8s.io/component-helpers `PodRequests`: containers are summed;
each regular init container runs alone (alongside the sidecars started before it), so the
pod needs the max of the two; restartable ("sidecar") init containers keep running and add
to the sum; `spec.overhead` is added last. A container that sets a limit but no request for
a resource gets request = limit, which API-server defaulting would have written.
With `non_zero=True` a container missing a cpu or memory request counts as 100m / 200Mi,
the defaults kube-scheduler's scoring uses (`NonMissingContainerRequests`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from semsched_kube.access import K8sObject, describe, get_map, get_maps, get_str, spec_of, status_of
from semsched_kube.quantities import int_value, milli_value

ResourceList = dict[str, int]

CPU = "cpu"
MEMORY = "memory"
PODS = "pods"
DEFAULT_MILLI_CPU = 100
DEFAULT_MEMORY = 200 * 1024 * 1024
GPU_RESOURCES = ("nvidia.com/gpu", "amd.com/gpu")


def resource_list(quantities: Mapping[str, object], where: str) -> ResourceList:
    """A `requests`/`limits`/`allocatable` mapping in kube units."""
    out: ResourceList = {}
    for name, value in quantities.items():
        where_r = f"{where}[{name!r}]"
        out[str(name)] = milli_value(value, where_r) if name == CPU else int_value(value, where_r)
    return out


def _add(into: ResourceList, other: Mapping[str, int]) -> None:
    for name, value in other.items():
        into[name] = into.get(name, 0) + value


def _max(into: ResourceList, other: Mapping[str, int]) -> None:
    for name, value in other.items():
        into[name] = max(into.get(name, 0), value)


def container_requests(
    container: Mapping[str, object], where: str, *, non_zero: bool = False
) -> ResourceList:
    resources = get_map(container, "resources", where)
    requests = resource_list(
        get_map(resources, "requests", f"{where}.resources"), f"{where}.resources.requests"
    )
    limits = resource_list(get_map(resources, "limits", f"{where}.resources"), f"{where}.resources.limits")
    for name, value in limits.items():
        requests.setdefault(name, value)
    if non_zero:
        requests.setdefault(CPU, DEFAULT_MILLI_CPU)
        requests.setdefault(MEMORY, DEFAULT_MEMORY)
    return requests


def _containers(
    spec: Mapping[str, object], key: str, where: str
) -> Iterable[tuple[str, Mapping[str, object]]]:
    for i, container in enumerate(get_maps(spec, key, where)):
        yield f"{where}.{key}[{i}]", container


def pod_requests(pod: K8sObject, *, non_zero: bool = False) -> ResourceList:
    """What the pod asks of a node; see the module docstring for the rules."""
    where = f"{describe(pod)}: spec"
    spec = spec_of(pod)
    total: ResourceList = {}
    for path, container in _containers(spec, "containers", where):
        _add(total, container_requests(container, path, non_zero=non_zero))
    sidecars: ResourceList = {}
    init_peak: ResourceList = {}
    for path, container in _containers(spec, "initContainers", where):
        own = container_requests(container, path, non_zero=non_zero)
        if get_str(container, "restartPolicy", path) == "Always":
            _add(total, own)
            _add(sidecars, own)
            _max(init_peak, sidecars)
        else:
            running = dict(own)
            _add(running, sidecars)
            _max(init_peak, running)
    _max(total, init_peak)
    overhead = get_map(spec, "overhead", where)
    _add(total, resource_list(overhead, f"{where}.overhead"))
    return total


def node_allocatable(node: K8sObject) -> ResourceList:
    """status.allocatable, falling back to status.capacity where allocatable is absent."""
    where = f"{describe(node)}: status"
    status = status_of(node)
    allocatable = get_map(status, "allocatable", where) or get_map(status, "capacity", where)
    return resource_list(allocatable, f"{where}.allocatable")
