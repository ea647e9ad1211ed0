"""What the emulator returns: filter results, per-node score breakdowns, the score table."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

PLUGIN_WEIGHTS: Mapping[str, int] = {
    "TaintToleration": 3,
    "NodeAffinity": 2,
    "PodTopologySpread": 2,
    "InterPodAffinity": 2,
    "NodeResourcesFit": 1,
    "NodeResourcesBalancedAllocation": 1,
    "ImageLocality": 1,
}
WEIGHTS = np.array(list(PLUGIN_WEIGHTS.values()), dtype=np.int64)


class ScoreBreakdown(NamedTuple):
    """One node's normalised plugin scores (0-100, fields in PLUGIN_WEIGHTS order) and total."""

    taint_toleration: int
    node_affinity: int
    pod_topology_spread: int
    inter_pod_affinity: int
    node_resources_fit: int
    node_resources_balanced_allocation: int
    image_locality: int
    total: int

    def by_plugin(self) -> dict[str, int]:
        """Plugin name (as kube-scheduler spells it) -> normalised score."""
        return dict(zip(PLUGIN_WEIGHTS, self[:-1], strict=True))


@dataclass(frozen=True)
class FilterResult:
    """Feasible node names (in node order) and, for each rejected node, why."""

    feasible: list[str]
    reasons: dict[str, str]


class ScoreTable(Mapping[str, ScoreBreakdown]):
    """Node name -> ScoreBreakdown, backed by a plugins x nodes matrix.

    Breakdowns are built on access: a scheduling cycle over thousands of nodes usually only
    needs `totals`, and building a tuple per node would dominate its cost.
    """

    def __init__(self, names: Sequence[str], matrix: npt.NDArray[np.int64]) -> None:
        self.names = list(names)
        self.matrix = matrix
        self.total_array: npt.NDArray[np.int64] = WEIGHTS @ matrix
        self._index: dict[str, int] | None = None

    def __getitem__(self, name: str) -> ScoreBreakdown:
        if self._index is None:
            self._index = {n: i for i, n in enumerate(self.names)}
        i = self._index[name]
        return ScoreBreakdown._make([*self.matrix[:, i].tolist(), int(self.total_array[i])])

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    @property
    def totals(self) -> dict[str, int]:
        return dict(zip(self.names, self.total_array.tolist(), strict=True))
