"""Per-side metrics: placed / pending, intents satisfied (independent check), utility, spread."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from evals.scenarios.checks import CheckInput, ClusterView, satisfied
from evals.scenarios.run import SideResult
from evals.scenarios.scenario import Cluster
from semsched_cli.simulate import K8sObject
from semsched_proto import Intent, PodState


@dataclass(frozen=True)
class Spread:
    nodes: int
    zones: int


@dataclass
class SideMetrics:
    side: str
    placed: int = 0
    pending: int = 0
    intents: int = 0
    satisfied: int = 0
    per_class: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    spread: dict[str, Spread] = field(default_factory=dict)
    utility: float | None = None
    best_utility: float | None = None
    view_mismatches: int = 0

    @property
    def share(self) -> float:
        return self.satisfied / self.intents if self.intents else 1.0


def _tolerations(pod: K8sObject) -> list[dict[str, object]]:
    spec = pod.get("spec")
    raw = spec.get("tolerations") if isinstance(spec, dict) else None
    return [t for t in raw if isinstance(t, dict)] if isinstance(raw, list) else []


def _placed_states(result: SideResult) -> list[PodState]:
    """The run's pods with the node each was given (None while pending)."""
    return [
        state.model_copy(update={"node": placement.node, "phase": "Running" if placement.node else "Pending"})
        for state, placement in zip(result.workload.states(), result.placements, strict=True)
    ]


def _spread(cluster: Cluster, pods: list[PodState]) -> dict[str, Spread]:
    """Distinct nodes and zones each workload of the run ended on."""
    view = ClusterView(cluster.nodes, [])
    used: dict[str, list[str]] = {}
    for pod in pods:
        used.setdefault((pod.workload or pod.name).split("/")[-1], []).extend([pod.node] if pod.node else [])
    return {
        name: Spread(len(set(nodes)), len({view.zone(n) or "?" for n in nodes}))
        for name, nodes in used.items()
    }


def _utilities(metrics: SideMetrics, result: SideResult, intents: Sequence[Sequence[Intent]]) -> None:
    known = [u for u in result.utilities if u is not None]
    if known:
        metrics.utility = sum(u.chosen for u in known) / len(known)
        metrics.best_utility = sum(u.best for u in known) / len(known)
    for u, local in zip(result.utilities, intents, strict=False):
        if u is not None and sorted(u.intents) != sorted(i.type for i in local):
            metrics.view_mismatches += 1


def evaluate(cluster: Cluster, result: SideResult, intents: Sequence[Sequence[Intent]]) -> SideMetrics:
    """Check every intent of every pod on the node the side chose; a pending pod satisfies none."""
    metrics = SideMetrics(result.side)
    placed = _placed_states(result)
    after = ClusterView(cluster.nodes, cluster.bound + [p for p in placed if p.node is not None])
    so_far: list[PodState] = list(cluster.bound)
    for pod, obj, wishes in zip(placed, result.workload.pods, intents, strict=True):
        before = ClusterView(cluster.nodes, list(so_far))
        for intent in wishes:
            ok = pod.node is not None and satisfied(
                CheckInput(pod, intent, pod.node, before, after, wishes, _tolerations(obj))
            )
            metrics.intents += 1
            metrics.satisfied += ok
            metrics.per_class[intent.type][0] += ok
            metrics.per_class[intent.type][1] += 1
        if pod.node is not None:
            so_far.append(pod)
    metrics.placed = sum(1 for p in placed if p.node is not None)
    metrics.pending = len(placed) - metrics.placed
    metrics.spread = _spread(cluster, placed)
    _utilities(metrics, result, intents)
    return metrics
