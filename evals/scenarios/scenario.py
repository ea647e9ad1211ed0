"""The six scenarios on disk: cluster snapshot, hinted pods, native baseline pods."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from semsched_cli.simulate import K8sObject, load_pods
from semsched_intents import CpuParser
from semsched_kube.attributes import context_from_cluster
from semsched_kube.objects import HINT_ANNOTATION, is_terminal, node_from_k8s, pod_from_k8s
from semsched_kube.owners import OwnerIndex
from semsched_kube.snapshot import load_snapshot
from semsched_proto import ClusterContext, Intent, NodeState, PodState

HERE = Path(__file__).resolve().parent
TITLES = {
    "A": "plain node-label preference",
    "B": "zone avoidance with replica spread",
    "C": "co-location with another app",
    "D": "burst of 20 replicas kept together",
    "E": "quantitative wishes (free memory / CPU / GPU, least loaded)",
    "F": "conflicting soft preferences",
}


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    directory: Path

    @property
    def cluster(self) -> Path:
        return self.directory / "cluster.yaml"

    @property
    def pods(self) -> Path:
        return self.directory / "pods.yaml"

    @property
    def baseline(self) -> Path:
        return self.directory / "pods-baseline.yaml"


def scenarios(only: list[str] | None = None) -> list[Scenario]:
    keys = [k.upper() for k in only] if only else list(TITLES)
    unknown = sorted(set(keys) - set(TITLES))
    if unknown:
        raise SystemExit(f"unknown scenario(s) {unknown}; choose from {sorted(TITLES)}")
    return [Scenario(k, TITLES[k], HERE / k.lower()) for k in keys]


@dataclass(frozen=True)
class Cluster:
    """The snapshot as the checks see it: nodes by name and the pods already bound."""

    nodes: dict[str, NodeState]
    bound: list[PodState]

    @classmethod
    def load(cls, path: Path) -> Cluster:
        snap = load_snapshot(path)
        owners = OwnerIndex(snap.owners)
        nodes = {n.name: n for n in map(node_from_k8s, snap.nodes)}
        pods = [pod_from_k8s(p, owners) for p in snap.pods if not is_terminal(p)]
        return cls(nodes, [p for p in pods if p.node is not None])


@dataclass(frozen=True)
class Workload:
    """Pods in scheduling order, everything to create, and their PodStates (workload identity)."""

    pods: list[K8sObject]
    to_create: list[K8sObject]

    @classmethod
    def load(cls, path: Path) -> Workload:
        pods, to_create = load_pods(path)
        return cls(pods, to_create)

    def states(self) -> list[PodState]:
        owners = OwnerIndex(o for o in self.to_create if o.get("kind") != "Pod")
        return [pod_from_k8s(p, owners) for p in self.pods]


def context(cluster: Cluster, workload: Workload) -> ClusterContext:
    """The vocabulary the state cache would publish once the workload is submitted."""
    return context_from_cluster(list(cluster.nodes.values()), cluster.bound + workload.states())


def hint_of(pod: K8sObject) -> str | None:
    meta = pod.get("metadata")
    annotations = meta.get("annotations") if isinstance(meta, dict) else None
    hint = annotations.get(HINT_ANNOTATION) if isinstance(annotations, dict) else None
    return hint if isinstance(hint, str) else None


def parse_intents(cluster: Cluster, workload: Workload) -> list[list[Intent]]:
    """Each pod's intents, parsed from its hint by the CPU parser (none without a hint)."""
    ctx = context(cluster, workload)
    parser = CpuParser()
    return [
        list(parser.parse(hint, ctx).intents) if (hint := hint_of(p)) is not None else []
        for p in workload.pods
    ]
