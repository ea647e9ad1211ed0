"""The hybrid view of the soft-affinity paper: API state plus the extender's own recent
placements, so a burst of replicas sees its own earlier decisions before the API does.

A tentative placement overlays a pending pod until the watch confirms it (the pod is
bound to that node), contradicts it (bound elsewhere, or deleted), or its TTL runs out.
Every method returns the KV changes it causes; nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from semsched_kube.attributes import context_from_cluster
from semsched_kube.objects import node_from_k8s, pod_from_k8s
from semsched_kube.workloads import OwnerIndex
from semsched_proto import ClusterContext, NodeState, PlacementDecided, PlacementRef, PodState
from semsched_state_cache.ports import K8sObject, SourceEvent


@dataclass
class Changes:
    nodes: dict[str, NodeState | None] = field(default_factory=dict)
    pods: dict[str, PodState | None] = field(default_factory=dict)
    pending: list[PodState] = field(default_factory=list)
    confirmed: int = 0
    contradicted: int = 0
    expired: int = 0
    synced: bool = False

    def merge(self, other: Changes) -> None:
        self.nodes.update(other.nodes)
        self.pods.update(other.pods)
        self.pending.extend(other.pending)
        self.confirmed += other.confirmed
        self.contradicted += other.contradicted
        self.expired += other.expired
        self.synced = self.synced or other.synced


class ClusterView:
    def __init__(self, tentative_ttl_s: float) -> None:
        self.ttl = timedelta(seconds=tentative_ttl_s)
        self.nodes: dict[str, NodeState] = {}
        self.pods: dict[str, PodState] = {}
        self.tentative: dict[str, PodState] = {}
        self.synced = False
        self._owner_objects: dict[str, K8sObject] = {}
        self._owners = OwnerIndex([])
        self._announced: dict[str, str] = {}

    def apply(self, event: SourceEvent) -> Changes:
        if event.type == "SYNCED":
            return self._on_synced()
        if event.kind == "node":
            return self._on_node(event)
        if event.kind == "pod":
            return self._on_pod(event)
        if event.kind == "owner":
            self._on_owner(event)
        return Changes()

    def place(self, decision: PlacementDecided, now: datetime) -> Changes:
        """Record the extender's decision unless the pod is already bound."""
        key = decision.pod.key
        current = self.pods.get(key)
        if current is not None and current.node is not None:
            return Changes()
        expires_at = decision.occurred_at + self.ttl
        if expires_at <= now:  # a decision replayed after its TTL
            return Changes()
        base = current or decision.pod
        placement = PlacementRef(extender_id=decision.extender_id, seq=decision.seq)
        self.tentative[key] = base.model_copy(
            update={
                "node": decision.node,
                "tentative": True,
                "expires_at": expires_at,
                "placement": placement,
            }
        )
        return Changes(pods={key: self.tentative[key]})

    def expire(self, now: datetime) -> Changes:
        changes = Changes()
        for key, pod in list(self.tentative.items()):
            if pod.expires_at is not None and pod.expires_at <= now:
                del self.tentative[key]
                changes.pods[key] = self.pods.get(key)
                changes.expired += 1
        return changes

    def merged(self, key: str) -> PodState | None:
        return self.tentative.get(key) or self.pods.get(key)

    def context(self, name: str = "") -> ClusterContext:
        return context_from_cluster(list(self.nodes.values()), list(self.pods.values()), name=name)

    def _on_synced(self) -> Changes:
        self.synced = True
        changes = Changes(synced=True)
        for pod in self.pods.values():
            changes.pending.extend(self._announce(pod))
        return changes

    def _on_node(self, event: SourceEvent) -> Changes:
        node = node_from_k8s(event.obj)
        if event.type == "DELETED":
            self.nodes.pop(node.name, None)
            return Changes(nodes={node.name: None})
        self.nodes[node.name] = node
        return Changes(nodes={node.name: node})

    def _on_pod(self, event: SourceEvent) -> Changes:
        pod = pod_from_k8s(event.obj, self._owners)
        key = pod.key
        changes = Changes()
        if event.type == "DELETED" or pod.phase in ("Succeeded", "Failed"):
            self.pods.pop(key, None)
            self._announced.pop(key, None)
            if self.tentative.pop(key, None) is not None:
                changes.contradicted += 1
            changes.pods[key] = None
            return changes
        self.pods[key] = pod
        held = self.tentative.get(key)
        if held is not None and pod.node is not None:
            del self.tentative[key]
            if held.node == pod.node:
                changes.confirmed += 1
            else:
                changes.contradicted += 1
        elif held is not None:  # still pending: keep the decision, take the API's view of the pod
            self.tentative[key] = pod.model_copy(
                update={"node": held.node, "tentative": True, "expires_at": held.expires_at,
                        "placement": held.placement}
            )  # fmt: skip
        changes.pods[key] = self.merged(key)
        if self.synced:
            changes.pending.extend(self._announce(pod))
        return changes

    def _on_owner(self, event: SourceEvent) -> None:
        metadata = event.obj.get("metadata")
        if not isinstance(metadata, dict):
            return
        ident = f"{event.obj.get('kind')}/{metadata.get('namespace', 'default')}/{metadata.get('name')}"
        if event.type == "DELETED":
            self._owner_objects.pop(ident, None)
        else:
            self._owner_objects[ident] = event.obj
        self._owners = OwnerIndex(list(self._owner_objects.values()))

    def _announce(self, pod: PodState) -> list[PodState]:
        """A pending pod with a hint is announced once per (uid, hint)."""
        if pod.node is not None or not pod.hint:
            return []
        stamp = f"{pod.uid}:{pod.hint}"
        if self._announced.get(pod.key) == stamp:
            return []
        self._announced[pod.key] = stamp
        return [pod]
