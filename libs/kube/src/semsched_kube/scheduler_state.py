"""What placed pods add to the cluster: resource usage, a label index, symmetric terms.

All three are updated incrementally by `add` (an initial bound pod or an assumed one) so a
query costs what its answer costs, never a scan of every pod:
- `Usage`: per-node requested resources (actual and non-zero-defaulted), pod counts, ports.
- `PodIndex`: placed pods by namespace and by label key/value; a selector query intersects
  posting sets and turns the matches into per-node counts with `np.bincount`.
- `ExistingTerms`: placed pods' own affinity terms grouped by (selector, namespaces,
  topology key) with a count per topology value, for the symmetric checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from semsched_kube.requests import CPU, MEMORY
from semsched_kube.scheduler_nodes import IntArray, NodeTable
from semsched_kube.scheduler_pod import HostPort, PodView
from semsched_kube.scheduler_pod_terms import AffinityTerm
from semsched_kube.selectors import NAMESPACE_LABEL, LabelSelector, NamespaceFilter

WILDCARD_IP = "0.0.0.0"


class Usage:
    def __init__(self, nodes: NodeTable) -> None:
        self._size = nodes.size
        self.requested: dict[str, IntArray] = {}
        self.nonzero_cpu = np.zeros(nodes.size, dtype=np.int64)
        self.nonzero_memory = np.zeros(nodes.size, dtype=np.int64)
        self.pod_count = np.zeros(nodes.size, dtype=np.int64)
        self.ports: dict[tuple[str, int], list[tuple[int, str]]] = {}

    def requested_of(self, resource: str) -> IntArray:
        found = self.requested.get(resource)
        if found is None:
            found = self.requested[resource] = np.zeros(self._size, dtype=np.int64)
        return found

    def add(self, pod: PodView, node: int) -> None:
        for resource, amount in pod.requests.items():
            self.requested_of(resource)[node] += amount
        self.nonzero_cpu[node] += pod.nonzero_cpu
        self.nonzero_memory[node] += pod.nonzero_memory
        self.pod_count[node] += 1
        for port in pod.host_ports:
            self.ports.setdefault((port.protocol, port.port), []).append((node, port.ip))

    def port_conflicts(self, wanted: HostPort) -> list[int]:
        """Nodes where `wanted` clashes: same protocol and port, and same or wildcard address."""
        return [
            node
            for node, ip in self.ports.get((wanted.protocol, wanted.port), ())
            if ip == wanted.ip or WILDCARD_IP in (ip, wanted.ip)
        ]

    @property
    def cpu(self) -> IntArray:
        return self.requested_of(CPU)

    @property
    def memory(self) -> IntArray:
        return self.requested_of(MEMORY)


class PodIndex:
    def __init__(self, n_nodes: int) -> None:
        self._n_nodes = n_nodes
        self._node = np.zeros(1024, dtype=np.int64)
        self._size = 0
        self._by_ns: dict[str, set[int]] = {}
        self._by_label: dict[str, dict[str, set[int]]] = {}
        self._by_key: dict[str, set[int]] = {}

    def __len__(self) -> int:
        return self._size

    def add(self, namespace: str, labels: Mapping[str, str], node: int) -> None:
        pid = self._size
        if pid == len(self._node):
            self._node = np.concatenate([self._node, np.zeros(len(self._node), dtype=np.int64)])
        self._node[pid] = node
        self._size += 1
        self._by_ns.setdefault(namespace, set()).add(pid)
        for key, value in labels.items():
            self._by_label.setdefault(key, {}).setdefault(value, set()).add(pid)
            self._by_key.setdefault(key, set()).add(pid)

    def _in_namespaces(self, namespaces: NamespaceFilter) -> set[int] | None:
        """Pod ids in the filter's namespaces; None means every pod."""
        if namespaces.everything:
            return None
        out: set[int] = set()
        for ns, ids in self._by_ns.items():
            if ns in namespaces.names or (
                namespaces.selector is not None and namespaces.selector.matches({NAMESPACE_LABEL: ns})
            ):
                out |= ids
        return out

    def _with_value(self, key: str, values: tuple[str, ...]) -> set[int]:
        by_value = self._by_label.get(key, {})
        found = [by_value[v] for v in values if v in by_value]
        return found[0] if len(found) == 1 else set().union(*found)

    def matching(self, selector: LabelSelector, namespaces: NamespaceFilter) -> set[int]:
        """Ids of placed pods in `namespaces` matched by `selector` (a set the caller may keep)."""
        if selector.nothing:
            return set()
        positive: list[set[int]] = []
        for req in selector.requirements:
            if req.op == "In":
                positive.append(self._with_value(req.key, req.values))
            elif req.op == "Exists":
                positive.append(self._by_key.get(req.key, set()))
        in_ns = self._in_namespaces(namespaces)
        if in_ns is not None:
            positive.append(in_ns)
        if positive:
            positive.sort(key=len)
            result = set(positive[0]).intersection(*positive[1:])
        else:
            result = set(range(self._size))
        for req in selector.requirements:
            if req.op == "NotIn":
                result -= self._with_value(req.key, req.values)
            elif req.op == "DoesNotExist":
                result -= self._by_key.get(req.key, set())
        return result

    def node_counts(self, pod_ids: set[int]) -> IntArray:
        """How many of `pod_ids` sit on each node."""
        if not pod_ids:
            return np.zeros(self._n_nodes, dtype=np.int64)
        ids = np.fromiter(pod_ids, dtype=np.int64, count=len(pod_ids))
        return np.bincount(self._node[ids], minlength=self._n_nodes).astype(np.int64)

    def count(self, selector: LabelSelector, namespaces: NamespaceFilter) -> IntArray:
        return self.node_counts(self.matching(selector, namespaces))


TermGroup = tuple[LabelSelector, NamespaceFilter, str]


@dataclass
class ExistingTerms:
    """Placed pods' terms by group -> topology value -> count (anti) or signed weight (score).

    `hard_affinity_weight` is InterPodAffinityArgs.hardPodAffinityWeight: an existing pod's
    required affinity term counts in scoring with that weight.
    """

    hard_affinity_weight: int = 1
    anti: dict[TermGroup, dict[str, int]] = field(default_factory=dict)
    scored: dict[TermGroup, dict[str, int]] = field(default_factory=dict)

    @staticmethod
    def _bump(table: dict[TermGroup, dict[str, int]], term: AffinityTerm, value: str, delta: int) -> None:
        per_value = table.setdefault((term.selector, term.namespaces, term.topology_key), {})
        per_value[value] = per_value.get(value, 0) + delta

    def add(self, pod: PodView, node_labels: Mapping[str, str]) -> None:
        for term in pod.anti_affinity:
            if (value := node_labels.get(term.topology_key)) is not None:
                self._bump(self.anti, term, value, 1)
        weighted = [(t, self.hard_affinity_weight) for t in pod.affinity if self.hard_affinity_weight > 0]
        weighted += [(t, t.weight) for t in pod.preferred_affinity]
        weighted += [(t, -t.weight) for t in pod.preferred_anti_affinity]
        for term, weight in weighted:
            if (value := node_labels.get(term.topology_key)) is not None:
                self._bump(self.scored, term, value, weight)

    @staticmethod
    def _matching(table: dict[TermGroup, dict[str, int]], pod: PodView) -> dict[str, dict[str, int]]:
        """topology key -> value -> summed entry, over groups whose selector matches `pod`."""
        out: dict[str, dict[str, int]] = {}
        for (selector, namespaces, key), per_value in table.items():
            if namespaces.matches(pod.namespace) and selector.matches(pod.labels):
                into = out.setdefault(key, {})
                for value, amount in per_value.items():
                    into[value] = into.get(value, 0) + amount
        return out

    def forbidden_for(self, pod: PodView) -> dict[str, dict[str, int]]:
        return self._matching(self.anti, pod)

    def score_for(self, pod: PodView) -> dict[str, dict[str, int]]:
        return self._matching(self.scored, pod)
