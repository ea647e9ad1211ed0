"""Cluster-level figures for an openb run: allocation rates and GPU fragmentation.

Fragmentation follows the idea of Weng et al. (FGD, USENIX ATC 2023), simplified to whole
GPUs: a node's free GPUs are *fragmented* for a task when the task cannot run there (too few
free GPUs, or too little free CPU or memory beside them). The cluster's fragmentation rate
is the expected share of free GPUs that are fragmented for a task drawn from the trace's own
GPU-task distribution (every GPU pod of the trace, each with its cpu, memory and GPU count):

    F = sum_t p_t * sum_n free_n * [t does not fit on n] / sum_n free_n

Because kube-scheduler cannot share a GPU, every task asks for whole GPUs, and the FGD
paper's partial-GPU term is not needed. F is 0 when every free GPU could take any task.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from evals.openb.convert import TraceNode, TracePod

FloatArray = npt.NDArray[np.float64]


@dataclass
class ClusterState:
    """Requested resources per node, updated as pods are placed."""

    names: dict[str, int]
    alloc: FloatArray  # nodes x 3 (cpu milli, memory MiB, GPUs)
    used: FloatArray = field(init=False)

    def __post_init__(self) -> None:
        self.used = np.zeros_like(self.alloc)

    @classmethod
    def of(cls, nodes: list[TraceNode]) -> ClusterState:
        alloc = np.array([[n.cpu_milli, n.memory_mib, n.gpus] for n in nodes], dtype=np.float64)
        return cls({n.name: i for i, n in enumerate(nodes)}, alloc)

    def place(self, pod: TracePod, node: str) -> None:
        self.used[self.names[node]] += (pod.cpu_milli, pod.memory_mib, pod.num_gpu)

    def allocation(self) -> tuple[float, float, float]:
        """Requested / allocatable for cpu, memory and GPUs over the whole cluster."""
        total = self.alloc.sum(axis=0)
        share = self.used.sum(axis=0) / np.maximum(total, 1.0)
        return float(share[0]), float(share[1]), float(share[2])

    def free(self) -> FloatArray:
        return self.alloc - self.used


@dataclass(frozen=True)
class TaskMix:
    """The trace's GPU tasks grouped by (cpu, memory, GPUs), with their probabilities."""

    demand: FloatArray  # tasks x 3
    weight: FloatArray  # tasks

    @classmethod
    def of(cls, pods: list[TracePod]) -> TaskMix:
        counts = Counter((p.cpu_milli, p.memory_mib, p.num_gpu) for p in pods if p.num_gpu > 0)
        shapes = sorted(counts)
        weight = np.array([counts[s] for s in shapes], dtype=np.float64)
        return cls(np.array(shapes, dtype=np.float64).reshape(-1, 3), weight / max(weight.sum(), 1.0))


def fragmentation(state: ClusterState, mix: TaskMix) -> float:
    """Expected share of free GPUs on which a trace GPU task cannot run (0..1)."""
    free = state.free()
    free_gpus = free[:, 2]
    total_free = float(free_gpus.sum())
    if total_free <= 0 or len(mix.weight) == 0:
        return 0.0
    fits = (free[None, :, :] >= mix.demand[:, None, :]).all(axis=2)  # tasks x nodes
    stranded = (~fits * free_gpus[None, :]).sum(axis=1) / total_free  # per task
    return float((mix.weight * stranded).sum())


def stranded_share(state: ClusterState, min_cpu_milli: float, min_memory_mib: float) -> float:
    """Share of free GPUs on nodes that cannot take even the smallest 1-GPU task (CPU or memory gone)."""
    free = state.free()
    total_free = float(free[:, 2].sum())
    if total_free <= 0:
        return 0.0
    starved = (free[:, 0] < min_cpu_milli) | (free[:, 1] < min_memory_mib)
    return float(free[starved, 2].sum() / total_free)


def whole_free_nodes(state: ClusterState) -> int:
    """GPU nodes with every GPU still free (what an 8-GPU job needs)."""
    gpu_nodes = state.alloc[:, 2] > 0
    return int(((state.used[:, 2] == 0) & gpu_nodes).sum())
