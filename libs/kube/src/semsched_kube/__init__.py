"""Kubernetes objects for semsched: quantities, Node/Pod conversion, snapshots, workload
expansion, node attributes, cluster context, and an emulation of kube-scheduler's defaults."""

from semsched_kube.access import K8sObject
from semsched_kube.attributes import (
    arch,
    context_from_cluster,
    datasets,
    gpu_family,
    hourly_cost,
    is_spot,
    recent_failures,
    zone,
)
from semsched_kube.errors import KubeError, ManifestError, SnapshotError
from semsched_kube.objects import is_terminal, node_from_k8s, pod_from_k8s
from semsched_kube.owners import OwnerIndex, workload_of
from semsched_kube.quantities import count, cpu_cores, memory_gib, parse_quantity
from semsched_kube.scheduler import SchedulerEmulator
from semsched_kube.scheduler_results import PLUGIN_WEIGHTS, FilterResult, ScoreBreakdown, ScoreTable
from semsched_kube.snapshot import Snapshot, load_objects, load_snapshot, objects_from_text
from semsched_kube.workloads import expand_workloads

__all__ = [
    "PLUGIN_WEIGHTS",
    "FilterResult",
    "K8sObject",
    "KubeError",
    "ManifestError",
    "OwnerIndex",
    "SchedulerEmulator",
    "ScoreBreakdown",
    "ScoreTable",
    "Snapshot",
    "SnapshotError",
    "arch",
    "context_from_cluster",
    "count",
    "cpu_cores",
    "datasets",
    "expand_workloads",
    "gpu_family",
    "hourly_cost",
    "is_spot",
    "is_terminal",
    "load_objects",
    "load_snapshot",
    "memory_gib",
    "node_from_k8s",
    "objects_from_text",
    "parse_quantity",
    "pod_from_k8s",
    "recent_failures",
    "workload_of",
    "zone",
]
