"""An emulation of kube-scheduler's default plugin pipeline, for simulations.

`SchedulerEmulator` holds the nodes and the placed pods as numpy arrays and label indexes:
- `filter(pod)` runs the default filters in kube-scheduler's order (NodeUnschedulable,
  NodeName, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit, PodTopologySpread,
  InterPodAffinity) and reports, for each rejected node, the first plugin's reason;
- `score(pod, feasible)` gives each default score plugin's normalised 0-100 score and the
  weighted total (weights of `getDefaultPlugins`);
- `assume(pod, node)` records a placement, like the scheduler's assume cache, so later pods
  see its resources, labels and affinity terms;
- `select(scores)` picks the highest total, ties broken at random with a seeded RNG the way
  `selectHost` does (reservoir sampling over the nodes in order).
docs/kube-emulation.md lists where this differs from the real scheduler.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

from semsched_kube.access import K8sObject, describe, name_of, namespace_of
from semsched_kube.errors import KubeError
from semsched_kube.objects import is_terminal
from semsched_kube.owners import OwnerIndex
from semsched_kube.scheduler_filters import (
    PodContext,
    Verdict,
    node_affinity,
    node_name,
    node_ports,
    node_resources_fit,
    node_unschedulable,
    taint_toleration,
)
from semsched_kube.scheduler_interpod import interpod_filter, interpod_score
from semsched_kube.scheduler_nodes import IntArray, NodeTable
from semsched_kube.scheduler_pod import PodView, pod_view
from semsched_kube.scheduler_results import WEIGHTS, FilterResult, ScoreBreakdown, ScoreTable
from semsched_kube.scheduler_sampling import NodeSampler
from semsched_kube.scheduler_scores import (
    balanced_allocation_score,
    image_locality_score,
    least_allocated_score,
    node_affinity_score,
    taint_score,
)
from semsched_kube.scheduler_spread import spread_filter, spread_score
from semsched_kube.scheduler_state import ExistingTerms, PodIndex, Usage


class SchedulerEmulator:
    """kube-scheduler's default filters and scores over a node list and its placed pods.

    `pods` may hold any pods: terminal ones and those without a known `spec.nodeName` are
    ignored (count in `ignored_pods`). `owners` (controllers, or an OwnerIndex) lets the
    system default spreading use the owner's selector. `percentage_of_nodes_to_score` 100
    evaluates every node; 0 is kube's adaptive default (see scheduler_sampling).
    """

    def __init__(
        self,
        nodes: Sequence[K8sObject],
        pods: Iterable[K8sObject] = (),
        *,
        owners: OwnerIndex | Iterable[K8sObject] | None = None,
        seed: int = 0,
        hard_pod_affinity_weight: int = 1,
        percentage_of_nodes_to_score: int = 100,
    ) -> None:
        self.nodes = NodeTable(list(nodes))
        self.owners = owners if isinstance(owners, OwnerIndex) or owners is None else OwnerIndex(owners)
        self.usage = Usage(self.nodes)
        self.pods = PodIndex(self.nodes.size)
        self.existing = ExistingTerms(hard_affinity_weight=hard_pod_affinity_weight)
        self.sampler = NodeSampler(self.nodes.size, percentage_of_nodes_to_score)
        self._rng = random.Random(seed)
        self._placed: dict[tuple[str, str], str] = {}
        self._last: tuple[K8sObject, PodContext] | None = None
        self.ignored_pods = 0
        for pod in pods:
            node = _node_name(pod)
            if is_terminal(pod) or node not in self.nodes.index:
                self.ignored_pods += 1
            else:
                self.assume(pod, node)

    @property
    def node_names(self) -> list[str]:
        return list(self.nodes.names)

    def placement_of(self, namespace: str, name: str) -> str | None:
        return self._placed.get((namespace, name))

    def _context(self, pod: K8sObject) -> PodContext:
        """The pod's parsed view and masks; reused while the same object is asked about."""
        if self._last is not None and self._last[0] is pod:
            return self._last[1]
        ctx = PodContext(pod_view(pod, self.owners), self.nodes)
        self._last = (pod, ctx)
        return ctx

    def _verdicts(self, ctx: PodContext) -> list[Callable[[], Verdict]]:
        return [
            lambda: node_unschedulable(ctx),
            lambda: node_name(ctx),
            lambda: taint_toleration(ctx),
            lambda: node_affinity(ctx),
            lambda: node_ports(ctx, self.usage),
            lambda: node_resources_fit(ctx, self.usage),
            lambda: spread_filter(ctx, self.pods),
            lambda: interpod_filter(ctx, self.pods, self.existing),
        ]

    def filter(self, pod: K8sObject) -> FilterResult:
        ctx = self._context(pod)
        alive = np.ones(self.nodes.size, dtype=bool)
        codes = np.full(self.nodes.size, -1, dtype=np.int64)
        reasons: list[str] = []
        for run in self._verdicts(ctx):
            if not alive.any():
                break
            verdict = run()
            newly = verdict.failed & alive
            if newly.any():
                local = verdict.codes[newly] if verdict.codes is not None else 0
                codes[newly] = len(reasons) + local
                reasons.extend(verdict.reasons)
                alive &= ~verdict.failed
        processed = self.sampler.processed(alive)
        names = self.nodes.names
        return FilterResult(
            feasible=[names[i] for i in processed[alive[processed]]],
            reasons={names[i]: reasons[codes[i]] for i in processed[~alive[processed]]},
        )

    def _indices(self, feasible: Sequence[str]) -> IntArray:
        try:
            return np.array([self.nodes.index[n] for n in feasible], dtype=np.int64)
        except KeyError as exc:
            raise KubeError(f"unknown node {exc.args[0]!r}") from exc

    def score(self, pod: K8sObject, feasible: Sequence[str]) -> ScoreTable:
        """Each feasible node's ScoreBreakdown (a read-only mapping in `feasible` order)."""
        ctx, idx = self._context(pod), self._indices(feasible)
        if not len(idx):
            return ScoreTable([], np.zeros((len(WEIGHTS), 0), dtype=np.int64))
        matrix = np.stack(
            [
                taint_score(ctx, idx),
                node_affinity_score(ctx, idx),
                spread_score(ctx, self.pods, idx),
                interpod_score(ctx, self.pods, self.existing, idx),
                least_allocated_score(ctx, self.usage, idx),
                balanced_allocation_score(ctx, self.usage, idx),
                image_locality_score(ctx, idx),
            ]
        )
        return ScoreTable(feasible, matrix)

    def assume(self, pod: K8sObject, node: str) -> None:
        """Record `pod` on `node`: its requests, labels and terms count for later pods."""
        key = (namespace_of(pod), name_of(pod))
        if key in self._placed:
            raise KubeError(f"{describe(pod)} is already placed on {self._placed[key]}")
        i = self.nodes.index.get(node)
        if i is None:
            raise KubeError(f"cannot place {describe(pod)}: unknown node {node!r}")
        view = self._context(pod).view
        self._add(view, i)
        self._placed[key] = node

    def _add(self, view: PodView, node: int) -> None:
        self.usage.add(view, node)
        self.pods.add(view.namespace, view.labels, node)
        self.existing.add(view, self.nodes.labels[node])

    def select(self, scores: Mapping[str, ScoreBreakdown] | Mapping[str, float]) -> str | None:
        """The node with the highest total, None when there is none.

        Ties are broken uniformly at random with the emulator's seeded RNG, as kube's
        `selectHost` does (it samples a reservoir; the distribution is the same).
        """
        if isinstance(scores, ScoreTable):
            names, totals = scores.names, scores.total_array
        else:
            names = list(scores)
            totals = np.array([_total(v) for v in scores.values()], dtype=float)
        if not names:
            return None
        ties = np.flatnonzero(totals == totals.max())
        return names[int(ties[self._rng.randrange(len(ties))])]

    def schedule(self, pod: K8sObject) -> str | None:
        """Filter, score, select and assume, as one scheduling cycle; None if unschedulable.

        With a single feasible node kube-scheduler skips scoring, and so does this.
        """
        feasible = self.filter(pod).feasible
        if len(feasible) <= 1:
            node = feasible[0] if feasible else None
        else:
            node = self.select(self.score(pod, feasible))
        if node is not None:
            self.assume(pod, node)
        return node


def _total(value: ScoreBreakdown | float) -> float:
    return float(value.total if isinstance(value, ScoreBreakdown) else value)


def _node_name(pod: K8sObject) -> str:
    spec = pod.get("spec")
    value = spec.get("nodeName") if isinstance(spec, Mapping) else None
    return value if isinstance(value, str) else ""
