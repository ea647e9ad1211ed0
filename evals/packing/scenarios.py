"""Fragmentation scenarios drawn from the Alibaba openb GPU trace.

Data: ../shared/research/data/alibaba-gpu-v2023-openb/ (alibaba/clusterdata,
cluster-trace-gpu-v2023, copied byte-for-byte; see SOURCE.txt there). No licence is stated
for that folder; its README asks users to cite Weng et al., "Beware of Fragmentation:
Scheduling GPU-Sharing Workloads with Fragmentation Gradient Descent", USENIX ATC 2023.

A scenario is a small cluster (nodes drawn from the trace's node list) and an arrival
sequence (a contiguous window of the trace's pods in creation order) whose total requests
stay within the cluster's totals in every resource, so that nothing is over-subscribed in
aggregate. Priorities come from the trace's QoS column (PRIORITY below). Kubernetes objects
reuse evals.openb.convert, with `spec.priority` added. METHOD.md says the same in prose.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from evals.openb.convert import (
    DATA_DIR,
    TraceNode,
    TracePod,
    node_manifest,
    pod_manifest,
    read_nodes,
    read_pods,
)
from semsched_kube.access import K8sObject
from semsched_scorer.domain.packer import PackNode, PackPod

# QoS -> priority tier. LS (latency-sensitive) and Guaranteed pods are production work; BE
# (best-effort) is what may make way; Burstable sits between.
PRIORITY: dict[str, int] = {"LS": 100, "Guaranteed": 100, "Burstable": 50, "BE": 0}
TIER_NAME: dict[int, str] = {100: "high (LS, Guaranteed)", 50: "medium (Burstable)", 0: "low (BE)"}
POD_SLOTS = 110
RESOURCES = ("cpu_milli", "memory_mib", "gpu", "pods")


def priority_of(pod: TracePod) -> int:
    return PRIORITY.get(pod.qos, 0)


@dataclass(frozen=True)
class GeneratorConfig:
    min_nodes: int = 5
    max_nodes: int = 30
    min_load: float = 0.85  # the window is cut when the bottleneck resource reaches this share ...
    max_load: float = 1.0  # ... drawn uniformly between the two, per scenario


@dataclass(frozen=True)
class Scenario:
    index: int
    seed: int
    nodes: tuple[TraceNode, ...]
    pods: tuple[TracePod, ...]  # arrival order
    load: float  # the drawn target: requests / capacity of the bottleneck resource

    def capacity(self, node: TraceNode) -> dict[str, int]:
        return {
            "cpu_milli": node.cpu_milli,
            "memory_mib": node.memory_mib,
            "gpu": node.gpus,
            "pods": POD_SLOTS,
        }

    @staticmethod
    def requests(pod: TracePod) -> dict[str, int]:
        return {"cpu_milli": pod.cpu_milli, "memory_mib": pod.memory_mib, "gpu": pod.num_gpu, "pods": 1}

    def allowed(self, pod: TracePod) -> frozenset[str] | None:
        if not pod.gpu_spec:
            return None
        return frozenset(n.name for n in self.nodes if n.model in pod.gpu_spec)

    def pack_nodes(self) -> list[PackNode]:
        return [PackNode(n.name, self.capacity(n)) for n in self.nodes]

    def pack_pods(self, placement: dict[str, str | None]) -> list[PackPod]:
        """The pods as the packer sees them once `placement` (pod -> node or None) is done."""
        return [
            PackPod(
                name=p.name,
                requests=self.requests(p),
                priority=priority_of(p),
                node=placement.get(p.name),
                movable=True,
                allowed=self.allowed(p),
            )
            for p in self.pods
        ]

    def node_objects(self) -> list[K8sObject]:
        return [node_manifest(n) for n in self.nodes]

    def pod_objects(self) -> list[K8sObject]:
        return [with_spec(pod_manifest(p, with_hint=False), "priority", priority_of(p)) for p in self.pods]


def with_spec(manifest: K8sObject, field: str, value: object) -> K8sObject:
    """A copy of the manifest with one field of its spec set (a pod's priority, its node)."""
    out = copy.deepcopy(dict(manifest))
    spec = out["spec"]
    assert isinstance(spec, dict)
    spec[field] = value
    return out


def fits_somewhere(pod: TracePod, nodes: Sequence[TraceNode]) -> bool:
    allowed = set(pod.gpu_spec)
    return any(
        pod.cpu_milli <= n.cpu_milli
        and pod.memory_mib <= n.memory_mib
        and pod.num_gpu <= n.gpus
        and (not allowed or n.model in allowed)
        for n in nodes
    )


def generate(
    index: int, seed: int, nodes: Sequence[TraceNode], pods: Sequence[TracePod], config: GeneratorConfig
) -> Scenario:
    """Scenario `index` of run `seed`: the same arguments give the same scenario."""
    rng = random.Random(seed * 1_000_003 + index)
    count = rng.randint(config.min_nodes, min(config.max_nodes, len(nodes)))
    chosen = tuple(rng.sample(list(nodes), count))
    total = [sum(n.cpu_milli for n in chosen), sum(n.memory_mib for n in chosen), sum(n.gpus for n in chosen)]
    slots = POD_SLOTS * count
    load = rng.uniform(config.min_load, config.max_load)
    start = rng.randrange(len(pods))
    used = [0, 0, 0]
    window: list[TracePod] = []
    for offset in range(len(pods)):
        pod = pods[(start + offset) % len(pods)]
        if not fits_somewhere(pod, chosen):
            continue  # can never run in this cluster: says nothing about packing
        after = [used[0] + pod.cpu_milli, used[1] + pod.memory_mib, used[2] + pod.num_gpu]
        if any(a > load * t for a, t in zip(after, total, strict=True)) or len(window) + 1 > slots:
            break
        used = after
        window.append(pod)
    return Scenario(index=index, seed=seed, nodes=chosen, pods=tuple(window), load=load)


def load_trace(variant: str = "default", data_dir: Path = DATA_DIR) -> tuple[list[TraceNode], list[TracePod]]:
    """The trace's nodes and its pods in creation order (ties by name)."""
    nodes = read_nodes(data_dir / "openb_node_list_all_node.csv")
    pods = read_pods(data_dir / f"openb_pod_list_{variant}.csv")
    return nodes, pods
