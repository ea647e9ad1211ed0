"""Label selectors, node selector terms and namespace filters, parsed once and hashable.

Semantics follow k8s.io/apimachinery labels: `In` needs the key with one of the values,
`NotIn` matches when the key is absent or has another value, `Exists`/`DoesNotExist` test
the key; node selectors add `Gt`/`Lt` (the label parsed as an integer, no match when it is
not one). A nil label selector matches nothing, an empty one `{}` matches everything.
Requirements are sorted so equal selectors hash equal and caches keyed by them hit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from semsched_kube.access import get_maps, get_str, get_str_list, get_str_map
from semsched_kube.errors import ManifestError

LABEL_OPS = frozenset({"In", "NotIn", "Exists", "DoesNotExist"})
NODE_OPS = LABEL_OPS | {"Gt", "Lt"}
NAMESPACE_LABEL = "kubernetes.io/metadata.name"


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True, order=True)
class Requirement:
    key: str
    op: str
    values: tuple[str, ...] = ()

    def matches(self, labels: Mapping[str, str]) -> bool:
        value = labels.get(self.key)
        if self.op == "In":
            return value is not None and value in self.values
        if self.op == "NotIn":
            return value is None or value not in self.values
        if self.op == "Exists":
            return value is not None
        if self.op == "DoesNotExist":
            return value is None
        number = None if value is None else _int_or_none(value)
        bound = _int_or_none(self.values[0])
        if number is None or bound is None:
            return False
        return number > bound if self.op == "Gt" else number < bound


def parse_requirement(raw: Mapping[str, object], where: str, ops: frozenset[str]) -> Requirement:
    key, op = get_str(raw, "key", where), get_str(raw, "operator", where)
    values = tuple(sorted(set(get_str_list(raw, "values", where))))
    if not key:
        raise ManifestError(f"{where}.key is missing")
    if op not in ops:
        raise ManifestError(f"{where}.operator: expected one of {sorted(ops)}, got {op!r}")
    if op in ("In", "NotIn") and not values:
        raise ManifestError(f"{where}: operator {op} needs at least one value")
    if op in ("Exists", "DoesNotExist") and values:
        raise ManifestError(f"{where}: operator {op} takes no values")
    if op in ("Gt", "Lt") and (len(values) != 1 or _int_or_none(values[0]) is None):
        raise ManifestError(f"{where}: operator {op} needs exactly one integer value")
    return Requirement(key, op, values)


@dataclass(frozen=True, slots=True)
class LabelSelector:
    requirements: tuple[Requirement, ...] = ()
    nothing: bool = False

    def matches(self, labels: Mapping[str, str]) -> bool:
        return not self.nothing and all(r.matches(labels) for r in self.requirements)

    def merged(self, extra: tuple[Requirement, ...]) -> LabelSelector:
        if self.nothing or not extra:
            return self
        return LabelSelector(tuple(sorted(set(self.requirements) | set(extra))))

    @classmethod
    def of_labels(cls, labels: Mapping[str, str]) -> LabelSelector:
        return cls(tuple(sorted(Requirement(k, "In", (v,)) for k, v in labels.items())))


NOTHING = LabelSelector(nothing=True)


def parse_label_selector(raw: object, where: str) -> LabelSelector:
    if raw is None:
        return NOTHING
    if not isinstance(raw, Mapping):
        raise ManifestError(f"{where}: expected a label selector mapping")
    reqs = [Requirement(k, "In", (v,)) for k, v in get_str_map(raw, "matchLabels", where).items()]
    for i, expr in enumerate(get_maps(raw, "matchExpressions", where)):
        reqs.append(parse_requirement(expr, f"{where}.matchExpressions[{i}]", LABEL_OPS))
    return LabelSelector(tuple(sorted(set(reqs))))


@dataclass(frozen=True, slots=True)
class NodeSelectorTerm:
    """Expressions on labels and on fields (only `metadata.name` exists), all ANDed.

    A term with neither matches no node, as in Kubernetes.
    """

    expressions: tuple[Requirement, ...] = ()
    fields: tuple[Requirement, ...] = ()


def parse_node_selector_term(raw: Mapping[str, object], where: str) -> NodeSelectorTerm:
    exprs = tuple(
        parse_requirement(e, f"{where}.matchExpressions[{i}]", NODE_OPS)
        for i, e in enumerate(get_maps(raw, "matchExpressions", where))
    )
    fields = []
    for i, f in enumerate(get_maps(raw, "matchFields", where)):
        req = parse_requirement(f, f"{where}.matchFields[{i}]", NODE_OPS)
        if req.key != "metadata.name" or req.op not in ("In", "NotIn"):
            raise ManifestError(f"{where}.matchFields[{i}]: only metadata.name with In/NotIn is supported")
        fields.append(req)
    return NodeSelectorTerm(exprs, tuple(fields))


@dataclass(frozen=True, slots=True)
class NamespaceFilter:
    """Which namespaces an affinity term or spread constraint looks at.

    `selector` is matched against the one namespace label snapshots let us know,
    `kubernetes.io/metadata.name`; an empty namespaceSelector `{}` selects every namespace.
    """

    names: frozenset[str] = frozenset()
    selector: LabelSelector | None = None

    @property
    def everything(self) -> bool:
        return self.selector is not None and not self.selector.nothing and not self.selector.requirements

    def matches(self, namespace: str) -> bool:
        if namespace in self.names:
            return True
        return self.selector is not None and self.selector.matches({NAMESPACE_LABEL: namespace})


def parse_namespaces(term: Mapping[str, object], where: str, own_namespace: str) -> NamespaceFilter:
    names = frozenset(get_str_list(term, "namespaces", where))
    raw_selector = term.get("namespaceSelector")
    selector = (
        None if raw_selector is None else parse_label_selector(raw_selector, f"{where}.namespaceSelector")
    )
    if not names and selector is None:
        names = frozenset({own_namespace})
    return NamespaceFilter(names, selector)
