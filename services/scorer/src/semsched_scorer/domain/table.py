"""The cluster as arrays over nodes, updated incrementally as pods come and go.

Columns are aligned with `names`. Pod-derived aggregates (requested resources, pods per
app and per workload) are keyed by pod so that re-applying a pod is idempotent and a
pod moving from tentative to bound is a replace, not a double count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from semsched_kube import attributes as attrs
from semsched_proto import NodeState, PodState

FloatArray = npt.NDArray[np.float64]
RESOURCES = ("cpu", "memory", "gpu")
APP_LABELS = ("app", "app.kubernetes.io/name")


def app_of(pod: PodState) -> str | None:
    for key in APP_LABELS:
        if key in pod.labels:
            return pod.labels[key]
    return None


def request_vector(pod: PodState) -> FloatArray:
    return np.array([pod.requests.cpu, pod.requests.memory_gib, pod.requests.gpu], dtype=np.float64)


@dataclass
class NodeTable:
    names: list[str]
    index: dict[str, int]
    zones: list[str | None]
    labels: list[dict[str, str]]
    gpu_family: list[str | None]
    arch: list[str | None]
    spot: npt.NDArray[np.bool_]
    cost: FloatArray
    failures: FloatArray
    datasets: list[set[str] | None]
    allocatable: FloatArray
    requested: FloatArray = field(init=False)
    app_counts: dict[str, FloatArray] = field(default_factory=dict)
    workload_counts: dict[str, FloatArray] = field(default_factory=dict)
    _placed: dict[str, tuple[int, str | None, str | None, FloatArray]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.requested = np.zeros((len(self.names), len(RESOURCES)), dtype=np.float64)

    @classmethod
    def build(cls, nodes: list[NodeState]) -> NodeTable:
        ordered = sorted(nodes, key=lambda node: node.name)
        failures = [attrs.recent_failures(node) for node in ordered]
        tracked = any(count is not None for count in failures)
        table = cls(
            names=[node.name for node in ordered],
            index={node.name: i for i, node in enumerate(ordered)},
            zones=[attrs.zone(node) for node in ordered],
            labels=[dict(node.labels) for node in ordered],
            gpu_family=[attrs.gpu_family(node) for node in ordered],
            arch=[attrs.arch(node) for node in ordered],
            spot=np.array([attrs.is_spot(node) for node in ordered], dtype=bool),
            cost=np.array([_nan_if_none(attrs.hourly_cost(node)) for node in ordered], dtype=np.float64),
            # Failure tracking in place (some node carries a count): no count means none seen.
            failures=np.array(
                [float(count) if count is not None else (0.0 if tracked else np.nan) for count in failures],
                dtype=np.float64,
            ),
            datasets=[_datasets_or_none(node) for node in ordered],
            allocatable=np.array(
                [[n.allocatable.cpu, n.allocatable.memory_gib, n.allocatable.gpu] for n in ordered],
                dtype=np.float64,
            ).reshape(len(ordered), len(RESOURCES)),
        )
        return table

    def place(self, pod: PodState) -> None:
        """Count a pod on its node (bound or tentative); replaces an earlier record of it."""
        self.remove(pod.key)
        if pod.node is None or pod.node not in self.index:
            return
        i = self.index[pod.node]
        vector = request_vector(pod)
        app, workload = app_of(pod), pod.workload
        self.requested[i] += vector
        if app is not None:
            self._counts(self.app_counts, app)[i] += 1
        if workload is not None:
            self._counts(self.workload_counts, workload)[i] += 1
        self._placed[pod.key] = (i, app, workload, vector)

    def remove(self, key: str) -> None:
        record = self._placed.pop(key, None)
        if record is None:
            return
        i, app, workload, vector = record
        self.requested[i] -= vector
        if app is not None:
            self.app_counts[app][i] -= 1
        if workload is not None:
            self.workload_counts[workload][i] -= 1

    def requested_without(self, key: str) -> FloatArray:
        """Requests per node, without the given pod's own (a pod does not compete with itself)."""
        record = self._placed.get(key)
        if record is None:
            return self.requested
        adjusted = self.requested.copy()
        adjusted[record[0]] -= record[3]
        return adjusted

    def counts_without(self, counts: dict[str, FloatArray], name: str | None, key: str) -> FloatArray:
        base = counts.get(name) if name is not None else None
        result = np.zeros(len(self.names)) if base is None else base.copy()
        record = self._placed.get(key)
        if record is not None and name is not None and name in (record[1], record[2]):
            result[record[0]] -= 1
        return result

    def _counts(self, counts: dict[str, FloatArray], name: str) -> FloatArray:
        if name not in counts:
            counts[name] = np.zeros(len(self.names), dtype=np.float64)
        return counts[name]

    def zone_index(self) -> tuple[list[str], npt.NDArray[np.int64]]:
        """Distinct zones and each node's zone number (-1 for a node without a zone)."""
        zones = sorted({zone for zone in self.zones if zone is not None})
        number = {zone: i for i, zone in enumerate(zones)}
        return zones, np.array([number.get(z, -1) if z else -1 for z in self.zones], dtype=np.int64)


def _nan_if_none(value: float | None) -> float:
    return float("nan") if value is None else float(value)


def _datasets_or_none(node: NodeState) -> set[str] | None:
    return attrs.datasets(node) if attrs.DATASETS_ANNOTATION in node.annotations else None
