"""Builders for Node and Pod objects shaped like the API's JSON (shared by the kube tests)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Obj = dict[str, Any]  # JSON-shaped test data: any value at any depth


def make_node(
    name: str,
    *,
    zone: str | None = "zone-a",
    cpu: str = "4",
    memory: str = "8Gi",
    pods: str = "110",
    labels: Mapping[str, str] | None = None,
    taints: list[Obj] | None = None,
    extra: Mapping[str, str] | None = None,
    unschedulable: bool = False,
    annotations: Mapping[str, str] | None = None,
) -> Obj:
    all_labels = {"kubernetes.io/hostname": name}
    if zone is not None:
        all_labels["topology.kubernetes.io/zone"] = zone
    all_labels.update(labels or {})
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": all_labels, "annotations": dict(annotations or {})},
        "spec": {"taints": taints or [], "unschedulable": unschedulable},
        "status": {"allocatable": {"cpu": cpu, "memory": memory, "pods": pods, **(extra or {})}},
    }


def make_pod(
    name: str,
    *,
    node: str | None = None,
    namespace: str = "default",
    labels: Mapping[str, str] | None = None,
    cpu: str | None = "1",
    memory: str | None = "1Gi",
    extra: Mapping[str, str] | None = None,
    phase: str | None = None,
    owner: tuple[str, str] | None = None,
    **spec: object,
) -> Obj:
    requests: dict[str, str] = dict(extra or {})
    if cpu is not None:
        requests["cpu"] = cpu
    if memory is not None:
        requests["memory"] = memory
    metadata: Obj = {"name": name, "namespace": namespace, "labels": dict(labels or {})}
    if owner is not None:
        metadata["ownerReferences"] = [{"kind": owner[0], "name": owner[1], "controller": True, "uid": "u"}]
    pod: Obj = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": metadata,
        "spec": {
            "containers": [{"name": "main", "image": "app:1", "resources": {"requests": requests}}],
            **spec,
        },
    }
    if node is not None:
        pod["spec"]["nodeName"] = node
    if phase is not None:
        pod["status"] = {"phase": phase}
    return pod


def anti_affinity(selector: Mapping[str, str], key: str = "kubernetes.io/hostname") -> Obj:
    term = {"labelSelector": {"matchLabels": dict(selector)}, "topologyKey": key}
    return {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [term]}}


def preferred_affinity(
    kind: str, selector: Mapping[str, str], weight: int, key: str = "kubernetes.io/hostname"
) -> Obj:
    term = {"labelSelector": {"matchLabels": dict(selector)}, "topologyKey": key}
    return {
        kind: {
            "preferredDuringSchedulingIgnoredDuringExecution": [{"weight": weight, "podAffinityTerm": term}]
        }
    }
