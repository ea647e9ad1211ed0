"""Which pods need their view recomputed, and recomputing them.

The engine holds the cluster table, the pending pods' intents and the placement basis.
A change marks dirty only the pending pods that depend on it: a node change affects
all; a pod change affects pods with resource intents, pods that named its app, and
its own workload's replicas. Placements the extenders decided (and their confirmation)
do not mark resource dependents: the extenders refresh the views they serve on demand.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from semsched_proto import IntentsParsed, NodeState, PlacementDecided, PlacementRef, PodScores, PodState
from semsched_scorer.domain.satisfaction import APP_CLASSES, REPLICA_CLASSES, RESOURCE_CLASSES
from semsched_scorer.domain.table import NodeTable, app_of
from semsched_scorer.domain.utility import score_pod

Token = tuple[str, str]


@dataclass
class Recomputed:
    views: list[PodScores] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)


class ScoringEngine:
    def __init__(self, heard_ttl_s: float = 30.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.nodes: dict[str, NodeState] = {}
        self.pods: dict[str, PodState] = {}
        self.intents: dict[str, IntentsParsed] = {}
        self.basis: dict[str, int] = {}
        self._table: NodeTable | None = None
        self._dirty: set[str] = set()
        self._viewed: set[str] = set()
        self._awaiting: set[str] = set()  # pending pods with a hint and no view yet (kept as they change)
        self._dependents: dict[Token, set[str]] = defaultdict(set)
        self._tokens: dict[str, set[Token]] = {}
        # decisions heard from the extenders, kept over the cache's older records of the same pod
        # (a pod's creation can reach us after the decision to place it) until the cache reports
        # the pod placed, or gone, or heard_ttl_s passes
        self._heard: dict[str, tuple[PlacementRef, str, float]] = {}
        self._heard_ttl_s = heard_ttl_s
        self._clock = clock

    @property
    def table(self) -> NodeTable:
        """The node table, rebuilt on first use after a node change (a full load costs one build)."""
        if self._table is None:
            self._table = NodeTable.build(list(self.nodes.values()))
            for pod in self.pods.values():
                self._table.place(pod)
        return self._table

    def set_node(self, name: str, node: NodeState | None) -> None:
        if node is None:
            self.nodes.pop(name, None)
        else:
            self.nodes[name] = node
        self._table = None
        self._dirty.update(self.intents)

    def set_pod(self, key: str, pod: PodState | None) -> None:
        pod = self._keep_heard(key, pod)
        old = self.pods.pop(key, None)
        if pod is None:
            if self._table is not None:
                self._table.remove(key)
        else:
            self.pods[key] = pod
            if self._table is not None:
                self._table.place(pod)
            if key in self.intents:  # the workload may be known only now
                self._untrack(key)
                self._track(key, self.intents[key])
            if pod.placement is not None:
                seen = self.basis.get(pod.placement.extender_id, 0)
                self.basis[pod.placement.extender_id] = max(seen, pod.placement.seq)
        resources = not _decided_or_confirmed(old, pod)
        for changed in (old, pod):
            if changed is not None:
                self._mark_dependents(changed, resources)
        if resources:  # a decided pod's own view is the one it was just placed by; no rewrite
            self._dirty.add(key)
        self._reconsider(key)

    def decide(self, decision: PlacementDecided) -> bool:
        """Apply an extender's decision as a tentative placement, as the state cache does (whose
        record, arriving later through the KV store, replaces this one); a pod already bound, or
        a decision older than the one applied, changes nothing."""
        key = decision.pod.key
        current = self.pods.get(key)
        if current is not None and current.node is not None and not current.tentative:
            return False
        if self.basis.get(decision.extender_id, 0) >= decision.seq:
            return False
        base = current or decision.pod
        ref = PlacementRef(extender_id=decision.extender_id, seq=decision.seq)
        self._heard[key] = (ref, decision.node, self._clock() + self._heard_ttl_s)
        update = {"node": decision.node, "tentative": True, "placement": ref}
        self.set_pod(key, base.model_copy(update=update))
        return True

    def _keep_heard(self, key: str, pod: PodState | None) -> PodState | None:
        """The cache's record of a pod, or, while it still shows the pod pending, the decision heard
        for it on top of that record."""
        heard = self._heard.get(key)
        if heard is None:
            return pod
        ref, node, until = heard
        if pod is not None and pod.placement == ref:
            return pod  # the decision itself (from `decide` or from the cache)
        if pod is None or pod.node is not None or self._clock() > until:
            del self._heard[key]
            return pod
        return pod.model_copy(update={"node": node, "tentative": True, "placement": ref})

    def set_intents(self, key: str, parsed: IntentsParsed | None) -> None:
        self._untrack(key)
        if parsed is None:
            self.intents.pop(key, None)
        else:
            self.intents[key] = parsed
            self._track(key, parsed)
        self._dirty.add(key)

    def needs_view(self, key: str) -> bool:
        pod = self.pods.get(key)
        return key in self.intents and pod is not None and (pod.node is None or pod.tentative)

    def recompute(self) -> Recomputed:
        """Views for every dirty pod that needs one; deletions for those that no longer do."""
        return self.compute(sorted(self.take_dirty()))

    def take_dirty(self) -> set[str]:
        """The pods to recompute, leaving the set empty for changes that arrive meanwhile."""
        dirty, self._dirty = self._dirty, set()
        return dirty

    def covers(self, decisions: dict[str, int]) -> bool:
        """Whether the table holds every placement decision up to these seqs."""
        return all(self.basis.get(extender, 0) >= seq for extender, seq in decisions.items())

    def refresh(self, key: str, uid: str = "") -> PodScores | None:
        """A fresh view of one pod, now (or None if it is not a pending pod with intents)."""
        pod = self.pods.get(key)
        if pod is None or (uid and pod.uid and pod.uid != uid) or not self.needs_view(key):
            return None
        self._dirty.discard(key)
        self._viewed.add(key)
        self._awaiting.discard(key)
        return self.view(pod)

    def compute(self, keys: Iterable[str]) -> Recomputed:
        out = Recomputed()
        for key in keys:
            if self.needs_view(key):
                out.views.append(self.view(self.pods[key]))
                self._viewed.add(key)
            elif key in self._viewed:
                self._viewed.discard(key)
                out.deleted.append(key)
            self._reconsider(key)
        return out

    def view(self, pod: PodState, parsed: IntentsParsed | None = None) -> PodScores:
        parsed = parsed or self.intents.get(pod.key)
        intents = parsed.result.intents if parsed is not None else []
        return score_pod(self.table, pod, intents, self.basis, parsed.hint_hash if parsed else "")

    def pending_without_view(self) -> int:
        return len(self._awaiting)

    def _reconsider(self, key: str) -> None:
        pod = self.pods.get(key)
        if pod is not None and pod.hint and (pod.node is None or pod.tentative) and key not in self._viewed:
            self._awaiting.add(key)
        else:
            self._awaiting.discard(key)

    def mark_all_dirty(self) -> None:
        self._dirty.update(self.intents)
        self._dirty.update(self._viewed)

    @property
    def view_count(self) -> int:
        return len(self._viewed)

    def _mark_dependents(self, pod: PodState, resources: bool = True) -> None:
        tokens: list[Token] = [("resources", "")] if resources else []
        app = app_of(pod)
        if app is not None:
            tokens.append(("app", app))
        workload = pod.workload or app
        if workload is not None:
            tokens.append(("workload", workload))
        for token in tokens:
            self._dirty.update(self._dependents.get(token, ()))

    def _track(self, key: str, parsed: IntentsParsed) -> None:
        pod = self.pods.get(key)
        tokens: set[Token] = set()
        for intent in parsed.result.intents:
            if intent.type in RESOURCE_CLASSES:
                tokens.add(("resources", ""))
            elif intent.type in APP_CLASSES:
                tokens.add(("app", str(intent.params.get("app", ""))))
            elif intent.type in REPLICA_CLASSES and pod is not None:
                workload = pod.workload or app_of(pod)
                if workload is not None:
                    tokens.add(("workload", workload))
        self._tokens[key] = tokens
        for token in tokens:
            self._dependents[token].add(key)

    def _untrack(self, key: str) -> None:
        for token in self._tokens.pop(key, set()):
            self._dependents[token].discard(key)


def _decided_or_confirmed(old: PodState | None, new: PodState | None) -> bool:
    """A placement an extender decided (tentative, with its reference), or the watch confirming
    one (same node and requests). Extenders know of these decisions and refresh the views that
    depend on them on demand, so the views that depend on resources -- typically every pending
    pod -- are not recomputed eagerly; those of the same workload or naming its app (few) are,
    which also covers an extender that has not heard of a peer's decision yet."""
    if new is None or new.node is None:
        return False
    if new.tentative and new.placement is not None:
        return True
    return old is not None and old.tentative and old.node == new.node and old.requests == new.requests
