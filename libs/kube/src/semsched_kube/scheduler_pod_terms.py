"""Inter-pod affinity terms and topology spread constraints of a pod spec."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from semsched_kube.access import get_int, get_map, get_maps, get_str, get_str_list
from semsched_kube.errors import ManifestError
from semsched_kube.selectors import (
    LabelSelector,
    NamespaceFilter,
    Requirement,
    parse_label_selector,
    parse_namespaces,
)

HOSTNAME = "kubernetes.io/hostname"
ZONE = "topology.kubernetes.io/zone"
REQUIRED = "requiredDuringSchedulingIgnoredDuringExecution"
PREFERRED = "preferredDuringSchedulingIgnoredDuringExecution"


@dataclass(frozen=True, slots=True)
class AffinityTerm:
    """A pod (anti-)affinity term; `weight` is 1 for required terms (scaled by the caller)."""

    selector: LabelSelector
    namespaces: NamespaceFilter
    topology_key: str
    weight: int = 1

    def matches(self, namespace: str, labels: Mapping[str, str]) -> bool:
        return self.namespaces.matches(namespace) and self.selector.matches(labels)


@dataclass(frozen=True, slots=True)
class AffinityTerms:
    required_affinity: tuple[AffinityTerm, ...] = ()
    required_anti_affinity: tuple[AffinityTerm, ...] = ()
    preferred_affinity: tuple[AffinityTerm, ...] = ()
    preferred_anti_affinity: tuple[AffinityTerm, ...] = ()


@dataclass(frozen=True, slots=True)
class SpreadConstraint:
    max_skew: int
    topology_key: str
    hard: bool
    selector: LabelSelector
    min_domains: int = 1
    honor_node_affinity: bool = True
    honor_taints: bool = False


def _term(raw: Mapping[str, object], where: str, namespace: str, weight: int = 1) -> AffinityTerm:
    topology_key = get_str(raw, "topologyKey", where)
    if not topology_key:
        raise ManifestError(f"{where}.topologyKey is missing")
    selector = parse_label_selector(raw.get("labelSelector"), f"{where}.labelSelector")
    return AffinityTerm(selector, parse_namespaces(raw, where, namespace), topology_key, weight)


def _terms(section: Mapping[str, object], where: str, namespace: str) -> tuple[tuple[AffinityTerm, ...], ...]:
    required = tuple(
        _term(raw, f"{where}.{REQUIRED}[{i}]", namespace)
        for i, raw in enumerate(get_maps(section, REQUIRED, where))
    )
    preferred = []
    for i, raw in enumerate(get_maps(section, PREFERRED, where)):
        path = f"{where}.{PREFERRED}[{i}]"
        weight = get_int(raw, "weight", path, 0)
        if weight:
            preferred.append(
                _term(get_map(raw, "podAffinityTerm", path), f"{path}.podAffinityTerm", namespace, weight)
            )
    return required, tuple(preferred)


def parse_affinity_terms(spec: Mapping[str, object], where: str, namespace: str) -> AffinityTerms:
    affinity = get_map(spec, "affinity", where)
    where = f"{where}.affinity"
    affinity_req, affinity_pref = _terms(
        get_map(affinity, "podAffinity", where), f"{where}.podAffinity", namespace
    )
    anti_req, anti_pref = _terms(
        get_map(affinity, "podAntiAffinity", where), f"{where}.podAntiAffinity", namespace
    )
    return AffinityTerms(affinity_req, anti_req, affinity_pref, anti_pref)


def _policy(raw: Mapping[str, object], key: str, where: str, default: str) -> bool:
    value = get_str(raw, key, where) or default
    if value not in ("Honor", "Ignore"):
        raise ManifestError(f"{where}.{key}: expected Honor or Ignore, got {value!r}")
    return value == "Honor"


def _constraint(raw: Mapping[str, object], where: str, labels: Mapping[str, str]) -> SpreadConstraint:
    max_skew = get_int(raw, "maxSkew", where, 0)
    topology_key = get_str(raw, "topologyKey", where)
    mode = get_str(raw, "whenUnsatisfiable", where)
    if max_skew < 1:
        raise ManifestError(f"{where}.maxSkew must be >= 1, got {max_skew}")
    if not topology_key:
        raise ManifestError(f"{where}.topologyKey is missing")
    if mode not in ("DoNotSchedule", "ScheduleAnyway"):
        raise ManifestError(
            f"{where}.whenUnsatisfiable: expected DoNotSchedule or ScheduleAnyway, got {mode!r}"
        )
    selector = parse_label_selector(raw.get("labelSelector"), f"{where}.labelSelector")
    # matchLabelKeys: the pod's own values for these keys are ANDed into the selector.
    keys = get_str_list(raw, "matchLabelKeys", where)
    selector = selector.merged(tuple(Requirement(k, "In", (labels[k],)) for k in keys if k in labels))
    min_domains = get_int(raw, "minDomains", where, 1)
    return SpreadConstraint(
        max_skew=max_skew,
        topology_key=topology_key,
        hard=mode == "DoNotSchedule",
        selector=selector,
        min_domains=max(min_domains, 1),
        honor_node_affinity=_policy(raw, "nodeAffinityPolicy", where, "Honor"),
        honor_taints=_policy(raw, "nodeTaintsPolicy", where, "Ignore"),
    )


def parse_spread(
    spec: Mapping[str, object], where: str, labels: Mapping[str, str]
) -> tuple[SpreadConstraint, ...]:
    return tuple(
        _constraint(raw, f"{where}.topologySpreadConstraints[{i}]", labels)
        for i, raw in enumerate(get_maps(spec, "topologySpreadConstraints", where))
    )


def system_default_spread(selector: LabelSelector) -> tuple[SpreadConstraint, ...]:
    """kube-scheduler's built-in defaults (defaultingType: System)."""
    return (
        SpreadConstraint(max_skew=3, topology_key=HOSTNAME, hard=False, selector=selector),
        SpreadConstraint(max_skew=5, topology_key=ZONE, hard=False, selector=selector),
    )
