"""The scheduling-relevant part of a Pod, parsed once per pod (`PodView`).

System default topology spread (PodTopologySpreadArgs.defaultingType=System) applies to a
pod without constraints of its own: hostname maxSkew 3 and zone maxSkew 5, ScheduleAnyway,
over a selector kube-scheduler derives from the Services, ReplicationControllers,
ReplicaSets and StatefulSets selecting the pod. Snapshots rarely carry Services, so the
emulation uses the controlling ReplicaSet/StatefulSet/ReplicationController's selector
when the owner index holds it, else the pod's own labels (its replicas share them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from semsched_kube.access import (
    K8sObject,
    describe,
    get_int,
    get_map,
    get_maps,
    get_str,
    get_str_map,
    labels_of,
    name_of,
    namespace_of,
    spec_of,
)
from semsched_kube.errors import ManifestError
from semsched_kube.owners import OwnerIndex, controller_of
from semsched_kube.requests import CPU, MEMORY, ResourceList, pod_requests
from semsched_kube.scheduler_pod_terms import (
    AffinityTerm,
    SpreadConstraint,
    parse_affinity_terms,
    parse_spread,
    system_default_spread,
)
from semsched_kube.selectors import (
    LabelSelector,
    NodeSelectorTerm,
    Requirement,
    parse_label_selector,
    parse_node_selector_term,
)

SPREAD_DEFAULT_OWNERS = frozenset({"ReplicaSet", "StatefulSet", "ReplicationController"})


@dataclass(frozen=True, slots=True)
class Toleration:
    key: str = ""
    operator: str = "Equal"
    value: str = ""
    effect: str = ""

    def tolerates(self, key: str, value: str, effect: str) -> bool:
        if self.effect and self.effect != effect:
            return False
        if self.key and self.key != key:
            return False
        return self.operator == "Exists" or self.value == value


@dataclass(frozen=True, slots=True)
class HostPort:
    protocol: str
    ip: str
    port: int


@dataclass(frozen=True, slots=True)
class PodView:
    namespace: str
    name: str
    labels: Mapping[str, str]
    node_name: str
    requests: ResourceList
    nonzero_cpu: int
    nonzero_memory: int
    tolerations: tuple[Toleration, ...]
    node_selector: tuple[Requirement, ...]
    required_terms: tuple[NodeSelectorTerm, ...] | None
    preferred_terms: tuple[tuple[int, NodeSelectorTerm], ...]
    affinity: tuple[AffinityTerm, ...]
    anti_affinity: tuple[AffinityTerm, ...]
    preferred_affinity: tuple[AffinityTerm, ...]
    preferred_anti_affinity: tuple[AffinityTerm, ...]
    spread: tuple[SpreadConstraint, ...]
    system_spread: bool
    host_ports: tuple[HostPort, ...]
    images: tuple[str, ...]


def _tolerations(spec: Mapping[str, object], where: str) -> tuple[Toleration, ...]:
    out = []
    for i, raw in enumerate(get_maps(spec, "tolerations", where)):
        path = f"{where}.tolerations[{i}]"
        op = get_str(raw, "operator", path) or "Equal"
        if op not in ("Equal", "Exists"):
            raise ManifestError(f"{path}.operator: expected Equal or Exists, got {op!r}")
        out.append(
            Toleration(
                get_str(raw, "key", path), op, get_str(raw, "value", path), get_str(raw, "effect", path)
            )
        )
    return tuple(out)


def _node_affinity(
    spec: Mapping[str, object], where: str
) -> tuple[tuple[NodeSelectorTerm, ...] | None, tuple[tuple[int, NodeSelectorTerm], ...]]:
    where = f"{where}.affinity.nodeAffinity"
    node_affinity = get_map(get_map(spec, "affinity", where), "nodeAffinity", where)
    required: tuple[NodeSelectorTerm, ...] | None = None
    raw_required = node_affinity.get("requiredDuringSchedulingIgnoredDuringExecution")
    if raw_required is not None:
        path = f"{where}.requiredDuringSchedulingIgnoredDuringExecution"
        terms = get_maps(
            get_map(node_affinity, "requiredDuringSchedulingIgnoredDuringExecution", where),
            "nodeSelectorTerms",
            path,
        )
        required = tuple(
            parse_node_selector_term(t, f"{path}.nodeSelectorTerms[{i}]") for i, t in enumerate(terms)
        )
    preferred = []
    key = "preferredDuringSchedulingIgnoredDuringExecution"
    for i, raw in enumerate(get_maps(node_affinity, key, where)):
        path = f"{where}.{key}[{i}]"
        weight = get_int(raw, "weight", path, 0)
        if weight:
            preferred.append(
                (weight, parse_node_selector_term(get_map(raw, "preference", path), f"{path}.preference"))
            )
    return required, tuple(preferred)


def _host_ports(spec: Mapping[str, object], where: str) -> tuple[HostPort, ...]:
    out = []
    for c, container in enumerate(get_maps(spec, "containers", where)):
        for p, port in enumerate(get_maps(container, "ports", f"{where}.containers[{c}]")):
            path = f"{where}.containers[{c}].ports[{p}]"
            host_port = get_int(port, "hostPort", path, 0)
            if host_port > 0:
                protocol = get_str(port, "protocol", path) or "TCP"
                out.append(HostPort(protocol, get_str(port, "hostIP", path) or "0.0.0.0", host_port))
    return tuple(out)


def _images(spec: Mapping[str, object], where: str) -> tuple[str, ...]:
    return tuple(
        image
        for key in ("initContainers", "containers")
        for container in get_maps(spec, key, where)
        if (image := get_str(container, "image", where))
    )


def _default_spread_selector(
    pod: K8sObject, labels: Mapping[str, str], owners: OwnerIndex | None
) -> LabelSelector:
    ref = controller_of(pod)
    if ref is None or ref.kind not in SPREAD_DEFAULT_OWNERS:
        return LabelSelector(nothing=True)
    owner = owners.owner_object(pod) if owners is not None else None
    if owner is not None:
        raw = spec_of(owner).get("selector")
        if isinstance(raw, Mapping) and ("matchLabels" in raw or "matchExpressions" in raw):
            return parse_label_selector(raw, f"{describe(owner)}: spec.selector")
        if isinstance(raw, Mapping):  # ReplicationController: a plain label map
            return LabelSelector.of_labels(get_str_map(spec_of(owner), "selector", describe(owner)))
    return LabelSelector.of_labels(labels) if labels else LabelSelector(nothing=True)


def pod_view(pod: K8sObject, owners: OwnerIndex | None = None) -> PodView:
    where = f"{describe(pod)}: spec"
    spec, labels, namespace = spec_of(pod), labels_of(pod), namespace_of(pod)
    nonzero = pod_requests(pod, non_zero=True)
    required, preferred = _node_affinity(spec, where)
    terms = parse_affinity_terms(spec, where, namespace)
    spread = parse_spread(spec, where, labels)
    system = False
    if not get_maps(spec, "topologySpreadConstraints", where):
        selector = _default_spread_selector(pod, labels, owners)
        system = not selector.nothing
        spread = system_default_spread(selector) if system else ()
    return PodView(
        namespace=namespace,
        name=name_of(pod),
        labels=labels,
        node_name=get_str(spec, "nodeName", where),
        requests=pod_requests(pod),
        nonzero_cpu=nonzero.get(CPU, 0),
        nonzero_memory=nonzero.get(MEMORY, 0),
        tolerations=_tolerations(spec, where),
        node_selector=tuple(
            sorted(Requirement(k, "In", (v,)) for k, v in get_str_map(spec, "nodeSelector", where).items())
        ),
        required_terms=required,
        preferred_terms=preferred,
        affinity=terms.required_affinity,
        anti_affinity=terms.required_anti_affinity,
        preferred_affinity=terms.preferred_affinity,
        preferred_anti_affinity=terms.preferred_anti_affinity,
        spread=spread,
        system_spread=system,
        host_ports=_host_ports(spec, where),
        images=_images(spec, where),
    )
