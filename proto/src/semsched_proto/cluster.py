"""Cluster state as the state cache publishes it into key-value buckets."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from semsched_proto.base import Model


class Resources(Model):
    """Amounts in scheduling units: CPU cores, memory GiB, whole GPUs, pod slots."""

    cpu: float = 0.0
    memory_gib: float = 0.0
    gpu: float = 0.0
    pods: int = 0


class Taint(Model):
    key: str
    value: str = ""
    effect: str = "NoSchedule"


class NodeState(Model):
    name: str
    labels: dict[str, str] = Field(default_factory=dict)
    annotations: dict[str, str] = Field(default_factory=dict)
    allocatable: Resources = Field(default_factory=Resources)
    unschedulable: bool = False
    taints: list[Taint] = Field(default_factory=list)
    resource_version: str = ""


class PlacementRef(Model):
    """Which extender decision a tentative pod stands for (ordering of the hybrid view)."""

    extender_id: str
    seq: int


class PodState(Model):
    """A pod as semsched needs it. `node` is None while the pod is pending.

    `priority` is `spec.priority` (0 when unset). `tentative` pods are the extender's own
    recent decisions, not yet confirmed by the cluster source; they expire at `expires_at`
    unless the watch confirms them.
    """

    namespace: str
    name: str
    uid: str = ""
    node: str | None = None
    phase: str = "Pending"
    labels: dict[str, str] = Field(default_factory=dict)
    hint: str | None = None
    workload: str | None = None
    requests: Resources = Field(default_factory=Resources)
    priority: int = 0
    tentative: bool = False
    placement: PlacementRef | None = None
    expires_at: datetime | None = None
    resource_version: str = ""

    @property
    def key(self) -> str:
        return pod_key(self.namespace, self.name)


def pod_key(namespace: str, name: str) -> str:
    """The KV key of a pod. Namespaces hold no dots, so the first dot splits it back."""
    return f"{namespace}.{name}"


class SourceStatus(Model):
    """The state cache's progress: whether the source's initial list is loaded, and its size."""

    synced: bool = False
    nodes: int = 0
    pods: int = 0
    source: str = ""
    updated_at: datetime
