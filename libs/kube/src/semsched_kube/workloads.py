"""Expand controllers into the Pods their controllers would create (simulation input).

- Deployment -> ReplicaSet `<deploy>-<hash>` (hash: 10 chars over the pod template, from the
  same consonant/digit alphabet Kubernetes uses) owned by the Deployment, then its pods.
- ReplicaSet -> pods `<rs>-<5 chars>`, each with a controlling ownerReference to the RS.
- StatefulSet -> pods `<name>-0` .. `<name>-(n-1)`.
- Job -> `min(parallelism, completions)` pods `<job>-<5 chars>` (`<job>-<index>-<5 chars>`
  for Indexed jobs) labelled `job-name` / `batch.kubernetes.io/job-name`.
- Pods pass through with namespace and uid defaulted; other kinds pass through unchanged.

Everything is deterministic: names and uids are hashes of the input, `replicas` defaults
to 1, the namespace to "default", and generated objects get creationTimestamps one second
apart in input order, so sorting by creationTimestamp reproduces the input order.
The result holds the (uid-defaulted) controllers and generated ReplicaSets as well as the
pods: build an `OwnerIndex` from it so workload identity follows RS -> Deployment.
"""

from __future__ import annotations

import copy
import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta

from semsched_kube.access import (
    K8sObject,
    describe,
    get_int,
    get_map,
    get_str,
    get_str_map,
    kind_of,
    metadata,
    name_of,
    namespace_of,
    spec_of,
)
from semsched_kube.errors import ManifestError
from semsched_kube.owners import OwnerIndex

__all__ = ["OwnerIndex", "expand_workloads", "stable_uid"]

_ALPHABET = "bcdfghjklmnpqrstvwxz2456789"
_EPOCH = datetime(2024, 1, 1, tzinfo=UTC)
_API = {"Deployment": "apps/v1", "ReplicaSet": "apps/v1", "StatefulSet": "apps/v1", "Job": "batch/v1"}
Obj = dict[str, object]


def _encode(seed: str, length: int) -> str:
    number = int.from_bytes(hashlib.sha256(seed.encode()).digest(), "big")
    chars = []
    for _ in range(length):
        number, digit = divmod(number, len(_ALPHABET))
        chars.append(_ALPHABET[digit])
    return "".join(chars)


def stable_uid(kind: str, namespace: str, name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"semsched:{kind}/{namespace}/{name}"))


class _Builder:
    """Accumulates the output and hands out creation timestamps in order."""

    def __init__(self) -> None:
        self.out: list[K8sObject] = []
        self._seq = 0

    def timestamp(self) -> str:
        self._seq += 1
        return (_EPOCH + timedelta(seconds=self._seq)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _with_meta(obj: K8sObject, **fields: object) -> Obj:
    out = dict(obj)
    meta = dict(metadata(obj))
    meta.update(fields)
    out["metadata"] = meta
    return out


def _identity(obj: K8sObject) -> Obj:
    """The object with namespace and uid defaulted, so dependents can reference it."""
    ns, kind, name = namespace_of(obj), kind_of(obj), name_of(obj)
    uid = get_str(metadata(obj), "uid", describe(obj)) or stable_uid(kind, ns, name)
    return _with_meta(obj, namespace=ns, uid=uid)


def _owner_ref(owner: K8sObject) -> Obj:
    kind = kind_of(owner)
    meta = metadata(owner)
    return {
        "apiVersion": _API.get(kind, "v1"),
        "kind": kind,
        "name": meta["name"],
        "uid": meta["uid"],
        "controller": True,
        "blockOwnerDeletion": True,
    }


def _template(obj: K8sObject) -> Mapping[str, object]:
    template = get_map(spec_of(obj), "template", f"{describe(obj)}: spec")
    if not get_map(template, "spec", f"{describe(obj)}: spec.template"):
        raise ManifestError(f"{describe(obj)}: spec.template.spec is missing")
    return template


def _template_hash(template: Mapping[str, object]) -> str:
    return _encode(json.dumps(template, sort_keys=True, separators=(",", ":"), default=str), 10)


def _count(obj: K8sObject, key: str) -> int:
    value = get_int(spec_of(obj), key, f"{describe(obj)}: spec", 1)
    if value < 0:
        raise ManifestError(f"{describe(obj)}: spec.{key} must be >= 0, got {value}")
    return value


def _pod(
    b: _Builder, owner: K8sObject, name: str, labels: Mapping[str, str], annotations: Mapping[str, str]
) -> Obj:
    template = _template(owner)
    where = f"{describe(owner)}: spec.template"
    ns = namespace_of(owner)
    meta = get_map(template, "metadata", where)
    pod_labels: dict[str, str] = {**get_str_map(meta, "labels", f"{where}.metadata"), **labels}
    pod_annotations: dict[str, str] = {**get_str_map(meta, "annotations", f"{where}.metadata"), **annotations}
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": stable_uid("Pod", ns, name),
            "creationTimestamp": b.timestamp(),
            "labels": pod_labels,
            "annotations": pod_annotations,
            "ownerReferences": [_owner_ref(owner)],
        },
        "spec": copy.deepcopy(dict(get_map(template, "spec", where))),
        "status": {"phase": "Pending"},
    }


def _suffixes(seed: str, n: int) -> list[str]:
    """n distinct 5-char suffixes derived from seed (a collision is re-drawn with a salt)."""
    seen: set[str] = set()
    out: list[str] = []
    for i in range(n):
        salt = 0
        while (suffix := _encode(f"{seed}/{i}/{salt}", 5)) in seen:
            salt += 1
        seen.add(suffix)
        out.append(suffix)
    return out


def _expand_replicaset(b: _Builder, rs: K8sObject) -> None:
    rs = _identity(rs)
    b.out.append(rs)
    name = name_of(rs)
    for suffix in _suffixes(f"{namespace_of(rs)}/{name}", _count(rs, "replicas")):
        b.out.append(_pod(b, rs, f"{name}-{suffix}", {}, {}))


def _expand_deployment(b: _Builder, deploy: K8sObject) -> None:
    deploy = _identity(deploy)
    b.out.append(deploy)
    template = _template(deploy)
    where = f"{describe(deploy)}: spec"
    tmpl_hash = _template_hash(template)
    tmpl_meta = dict(get_map(template, "metadata", f"{where}.template"))
    tmpl_meta["labels"] = {
        **get_str_map(tmpl_meta, "labels", f"{where}.template.metadata"),
        "pod-template-hash": tmpl_hash,
    }
    selector = dict(get_map(spec_of(deploy), "selector", where))
    selector["matchLabels"] = {
        **dict(get_map(selector, "matchLabels", f"{where}.selector")),
        "pod-template-hash": tmpl_hash,
    }
    rs_name = f"{name_of(deploy)}-{tmpl_hash}"
    rs: Obj = {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "metadata": {
            "name": rs_name,
            "namespace": namespace_of(deploy),
            "uid": stable_uid("ReplicaSet", namespace_of(deploy), rs_name),
            "creationTimestamp": b.timestamp(),
            "labels": tmpl_meta["labels"],
            "annotations": {"deployment.kubernetes.io/revision": "1"},
            "ownerReferences": [_owner_ref(deploy)],
        },
        "spec": {
            "replicas": _count(deploy, "replicas"),
            "selector": selector,
            "template": {**template, "metadata": tmpl_meta},
        },
    }
    _expand_replicaset(b, rs)


def _expand_statefulset(b: _Builder, sts: K8sObject) -> None:
    sts = _identity(sts)
    b.out.append(sts)
    name = name_of(sts)
    revision = f"{name}-{_template_hash(_template(sts))}"
    service = get_str(spec_of(sts), "serviceName", f"{describe(sts)}: spec")
    for i in range(_count(sts, "replicas")):
        pod_name = f"{name}-{i}"
        labels = {
            "statefulset.kubernetes.io/pod-name": pod_name,
            "apps.kubernetes.io/pod-index": str(i),
            "controller-revision-hash": revision,
        }
        pod = _pod(b, sts, pod_name, labels, {})
        spec = pod["spec"]
        assert isinstance(spec, dict)  # built by _pod as a fresh dict
        spec.setdefault("hostname", pod_name)
        if service:
            spec.setdefault("subdomain", service)
        b.out.append(pod)


def _expand_job(b: _Builder, job: K8sObject) -> None:
    job = _identity(job)
    b.out.append(job)
    name, where = name_of(job), f"{describe(job)}: spec"
    n = _count(job, "parallelism")
    if spec_of(job).get("completions") is not None:
        n = min(n, _count(job, "completions"))
    indexed = get_str(spec_of(job), "completionMode", where) == "Indexed"
    uid = str(metadata(job)["uid"])
    base = {"job-name": name, "batch.kubernetes.io/job-name": name, "controller-uid": uid}
    base["batch.kubernetes.io/controller-uid"] = uid
    for i, suffix in enumerate(_suffixes(f"{namespace_of(job)}/{name}", n)):
        labels, annotations = dict(base), {}
        if indexed:
            labels["batch.kubernetes.io/job-completion-index"] = str(i)
            annotations["batch.kubernetes.io/job-completion-index"] = str(i)
        pod_name = f"{name}-{i}-{suffix}" if indexed else f"{name}-{suffix}"
        b.out.append(_pod(b, job, pod_name, labels, annotations))


_EXPANDERS = {
    "Deployment": _expand_deployment,
    "ReplicaSet": _expand_replicaset,
    "StatefulSet": _expand_statefulset,
    "Job": _expand_job,
}


def expand_workloads(objs: Iterable[K8sObject]) -> list[K8sObject]:
    """Controllers, generated ReplicaSets and pods, in input order (see the module docstring)."""
    b = _Builder()
    for obj in objs:
        kind = kind_of(obj)
        expander = _EXPANDERS.get(kind)
        if expander is not None:
            expander(b, obj)
        elif kind == "Pod":
            b.out.append(_identity(obj))
        else:
            b.out.append(obj)
    return b.out
