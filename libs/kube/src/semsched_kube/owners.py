"""Workload identity: a pod's controlling owner, followed from ReplicaSet to Deployment.

The identity string (shared/spec/intents.md) is `Kind/namespace/name` for a controlled pod
(`Deployment/shop/web`, `StatefulSet/db/pg`, `Job/etl/nightly`) and `app/namespace/value`
for a pod without a controller but with an `app` (or `app.kubernetes.io/name`) label.
A ReplicaSet becomes its Deployment when the index holds that ReplicaSet and it names a
controlling Deployment, or, when the ReplicaSet is not known, when the pod carries the
`pod-template-hash` label that only the Deployment controller sets and the ReplicaSet is
named `<deployment>-<that hash>` (so a pod seen before its ReplicaSet, e.g. by the
extender, gets the same identity as from the state cache). Any other unknown ReplicaSet
stays `ReplicaSet/ns/name`: bare ReplicaSets have no template hash.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from semsched_kube.access import (
    K8sObject,
    describe,
    get_bool,
    get_maps,
    get_str,
    kind_of,
    labels_of,
    metadata,
    name_of,
    namespace_of,
)

APP_LABELS = ("app", "app.kubernetes.io/name")
TEMPLATE_HASH_LABEL = "pod-template-hash"


@dataclass(frozen=True, slots=True)
class OwnerRef:
    """A controlling ownerReference (namespaced like its dependent)."""

    kind: str
    name: str
    uid: str = ""


def controller_of(obj: K8sObject) -> OwnerRef | None:
    """The ownerReference with `controller: true`, if any."""
    where = f"{describe(obj)}: metadata"
    for i, ref in enumerate(get_maps(metadata(obj), "ownerReferences", where)):
        path = f"{where}.ownerReferences[{i}]"
        if get_bool(ref, "controller", path):
            return OwnerRef(get_str(ref, "kind", path), get_str(ref, "name", path), get_str(ref, "uid", path))
    return None


def app_of(labels: Mapping[str, str]) -> str | None:
    """The pod's app: the `app` label, else `app.kubernetes.io/name`."""
    for key in APP_LABELS:
        if labels.get(key):
            return labels[key]
    return None


class OwnerIndex:
    """Controller objects (ReplicaSets, Deployments, StatefulSets, Jobs...) by namespace/kind/name."""

    def __init__(self, objects: Iterable[K8sObject] = ()) -> None:
        self._objects: dict[tuple[str, str, str], K8sObject] = {}
        for obj in objects:
            self.add(obj)

    def add(self, obj: K8sObject) -> None:
        self._objects[(namespace_of(obj), kind_of(obj), name_of(obj))] = obj

    def get(self, namespace: str, kind: str, name: str) -> K8sObject | None:
        return self._objects.get((namespace, kind, name))

    def __len__(self) -> int:
        return len(self._objects)

    def owner_object(self, pod: K8sObject) -> K8sObject | None:
        """The pod's controlling object itself (for selectors), when known."""
        ref = controller_of(pod)
        return None if ref is None else self.get(namespace_of(pod), ref.kind, ref.name)

    def workload_of(self, pod: K8sObject) -> str | None:
        return workload_of(pod, self)


def workload_of(pod: K8sObject, owners: OwnerIndex | None = None) -> str | None:
    """The pod's workload identity string, or None for a pod with neither controller nor app."""
    namespace = namespace_of(pod)
    ref = controller_of(pod)
    if ref is not None and ref.kind and ref.name:
        kind, name = ref.kind, ref.name
        if kind == "ReplicaSet":
            kind, name = _deployment_of(pod, namespace, name, owners)
        return f"{kind}/{namespace}/{name}"
    app = app_of(labels_of(pod))
    return None if app is None else f"app/{namespace}/{app}"


def _deployment_of(
    pod: K8sObject, namespace: str, rs_name: str, owners: OwnerIndex | None
) -> tuple[str, str]:
    rs = owners.get(namespace, "ReplicaSet", rs_name) if owners is not None else None
    if rs is not None:
        parent = controller_of(rs)
        if parent is not None and parent.kind == "Deployment":
            return parent.kind, parent.name
        return "ReplicaSet", rs_name
    template_hash = labels_of(pod).get(TEMPLATE_HASH_LABEL, "")
    suffix = f"-{template_hash}"
    if template_hash and rs_name.endswith(suffix) and len(rs_name) > len(suffix):
        return "Deployment", rs_name[: -len(suffix)]
    return "ReplicaSet", rs_name
