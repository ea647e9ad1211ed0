"""Workload identity: a pod's controlling owner, followed from ReplicaSet to Deployment.

The identity string (shared/spec/intents.md) is `Kind/namespace/name` for a controlled pod
(`Deployment/shop/web`, `StatefulSet/db/pg`, `Job/etl/nightly`) and `app/namespace/value`
for a pod without a controller but with an `app` (or `app.kubernetes.io/name`) label.
A ReplicaSet becomes its Deployment only when the index holds that ReplicaSet and it names a
controlling Deployment; an unknown ReplicaSet stays `ReplicaSet/ns/<deploy>-<hash>`, since
guessing the Deployment from the name would be wrong for bare ReplicaSets.
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
        if kind == "ReplicaSet" and owners is not None:
            rs = owners.get(namespace, kind, name)
            parent = controller_of(rs) if rs is not None else None
            if parent is not None and parent.kind == "Deployment":
                kind, name = parent.kind, parent.name
        return f"{kind}/{namespace}/{name}"
    app = app_of(labels_of(pod))
    return None if app is None else f"app/{namespace}/{app}"
