"""percentageOfNodesToScore: kube-scheduler stops filtering once it has found enough nodes.

`numFeasibleNodesToFind`: all nodes below 100; otherwise `percentage` of them (adaptive
when 0: `50 - nodes/125`, at least 5%), and never fewer than 100. Filtering starts where the
previous cycle stopped (`nextStartNodeIndex`) and wraps around. kube-scheduler filters in
parallel, so it may check a few more nodes than needed; here exactly the nodes up to the
last one needed count as processed.
"""

from __future__ import annotations

import numpy as np

from semsched_kube.errors import KubeError
from semsched_kube.scheduler_nodes import BoolArray, IntArray

MIN_FEASIBLE_NODES = 100
MIN_FEASIBLE_PERCENTAGE = 5
BASE_PERCENTAGE = 50


def nodes_to_find(all_nodes: int, percentage: int) -> int:
    if all_nodes < MIN_FEASIBLE_NODES or percentage >= 100:
        return all_nodes
    if percentage <= 0:
        percentage = max(BASE_PERCENTAGE - all_nodes // 125, MIN_FEASIBLE_PERCENTAGE)
    return max(all_nodes * percentage // 100, MIN_FEASIBLE_NODES)


class NodeSampler:
    def __init__(self, size: int, percentage: int) -> None:
        if not 0 <= percentage <= 100:
            raise KubeError(f"percentage_of_nodes_to_score must be in [0, 100], got {percentage}")
        self._size = size
        self._wanted = nodes_to_find(size, percentage)
        self._start = 0

    def processed(self, feasible: BoolArray) -> IntArray:
        """Indices of the nodes this cycle examined, in examination order."""
        order = np.arange(self._size, dtype=np.int64)
        if self._wanted >= self._size:
            return order
        order = np.roll(order, -self._start)
        found = np.cumsum(feasible[order])
        stop = int(np.searchsorted(found, self._wanted)) + 1 if found[-1] >= self._wanted else self._size
        self._start = (self._start + stop) % self._size
        return order[:stop]
