"""Static per-node facts as numpy arrays, and cached masks of node selector requirements.

Node labels, taints, allocatable and images do not change during a simulation, so every
mask computed from them (a requirement, a node selector term, a taint signature) is cached.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from semsched_kube.access import K8sObject, describe, get_int, get_maps, get_str_list, status_of
from semsched_kube.errors import ManifestError
from semsched_kube.objects import node_from_k8s
from semsched_kube.requests import PODS, node_allocatable
from semsched_kube.selectors import NodeSelectorTerm, Requirement

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]
TaintKey = tuple[str, str, str]  # key, value, effect


@dataclass
class LabelColumn:
    """One label key across nodes: `codes[i]` indexes `values`, -1 where node i lacks the key."""

    codes: npt.NDArray[np.int64]
    values: list[str]
    lookup: dict[str, int]
    present: BoolArray = field(init=False)

    def __post_init__(self) -> None:
        self.present = self.codes >= 0

    def codes_of(self, values: tuple[str, ...] | set[str]) -> list[int]:
        return [self.lookup[v] for v in values if v in self.lookup]

    def isin(self, values: tuple[str, ...] | set[str]) -> BoolArray:
        return np.isin(self.codes, self.codes_of(values))


class NodeTable:
    def __init__(self, nodes: list[K8sObject]) -> None:
        states = [node_from_k8s(n) for n in nodes]
        self.names = [s.name for s in states]
        self.index = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            dupes = sorted({n for n in self.names if self.index[n] != self.names.index(n)})
            raise ManifestError(f"duplicate node names: {dupes[:5]}")
        self.size = len(states)
        self.labels: list[Mapping[str, str]] = [s.labels for s in states]
        self.unschedulable = np.array([s.unschedulable for s in states], dtype=bool)
        self._alloc = self._allocatable(nodes)
        sig_ids: dict[tuple[TaintKey, ...], int] = {}
        ids = [
            sig_ids.setdefault(tuple(sorted((t.key, t.value, t.effect) for t in s.taints)), len(sig_ids))
            for s in states
        ]
        self.taint_sigs = list(sig_ids)
        self.taint_sig_of = np.array(ids, dtype=np.int64)
        self.images, self.image_nodes = self._images(nodes)
        self._columns: dict[str, LabelColumn] = {}
        self._masks: dict[Requirement, BoolArray] = {}
        self._terms: dict[NodeSelectorTerm, BoolArray] = {}

    def _allocatable(self, nodes: list[K8sObject]) -> dict[str, IntArray]:
        lists = [node_allocatable(n) for n in nodes]
        names = sorted({r for alloc in lists for r in alloc})
        return {r: np.array([alloc.get(r, 0) for alloc in lists], dtype=np.int64) for r in names}

    @staticmethod
    def _images(nodes: list[K8sObject]) -> tuple[list[dict[str, int]], dict[str, int]]:
        per_node: list[dict[str, int]] = []
        spread: dict[str, int] = {}
        for node in nodes:
            where = f"{describe(node)}: status"
            images: dict[str, int] = {}
            for i, image in enumerate(get_maps(status_of(node), "images", where)):
                size = get_int(image, "sizeBytes", f"{where}.images[{i}]", 0)
                for name in get_str_list(image, "names", f"{where}.images[{i}]"):
                    images[name] = size
            for name in images:
                spread[name] = spread.get(name, 0) + 1
            per_node.append(images)
        return per_node, spread

    def allocatable(self, resource: str) -> IntArray:
        found = self._alloc.get(resource)
        return found if found is not None else np.zeros(self.size, dtype=np.int64)

    @property
    def max_pods(self) -> IntArray:
        return self.allocatable(PODS)

    def column(self, key: str) -> LabelColumn:
        found = self._columns.get(key)
        if found is None:
            lookup: dict[str, int] = {}
            codes = np.array(
                [
                    lookup.setdefault(v, len(lookup)) if (v := labels.get(key)) is not None else -1
                    for labels in self.labels
                ],
                dtype=np.int64,
            )
            found = self._columns[key] = LabelColumn(codes, list(lookup), lookup)
        return found

    def requirement_mask(self, req: Requirement) -> BoolArray:
        found = self._masks.get(req)
        if found is None:
            found = self._masks[req] = self._evaluate(req)
        return found

    def _evaluate(self, req: Requirement) -> BoolArray:
        col = self.column(req.key)
        if req.op == "In":
            return col.isin(req.values)
        if req.op == "NotIn":
            return ~col.isin(req.values)
        if req.op == "Exists":
            return col.present.copy()
        if req.op == "DoesNotExist":
            return ~col.present
        return np.array([req.matches(labels) for labels in self.labels], dtype=bool)  # Gt / Lt

    def field_mask(self, req: Requirement) -> BoolArray:
        named = np.zeros(self.size, dtype=bool)
        named[[self.index[n] for n in req.values if n in self.index]] = True
        return named if req.op == "In" else ~named

    def term_mask(self, term: NodeSelectorTerm) -> BoolArray:
        found = self._terms.get(term)
        if found is None:
            found = np.zeros(self.size, dtype=bool)
            if term.expressions or term.fields:
                found = ~found
                for req in term.expressions:
                    found &= self.requirement_mask(req)
                for req in term.fields:
                    found &= self.field_mask(req)
            self._terms[term] = found
        return found

    def all_of(self, reqs: tuple[Requirement, ...]) -> BoolArray:
        mask = np.ones(self.size, dtype=bool)
        for req in reqs:
            mask &= self.requirement_mask(req)
        return mask
