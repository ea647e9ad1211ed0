"""A cluster replayed from a file in the shape `kubectl get nodes,pods -o json|yaml` prints.

Pods without `spec.nodeName` are pending. The snapshot also accepts pods and bindings
(SubmitPods / BindPods commands), playing the API server's part in simulations.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

from semsched_kube.snapshot import load_snapshot
from semsched_state_cache.ports import K8sObject, ObjectKind, SourceEvent

OWNER_KINDS = frozenset(
    {"Deployment", "ReplicaSet", "StatefulSet", "Job", "DaemonSet", "ReplicationController"}
)


def _key(obj: K8sObject) -> str:
    metadata = obj.get("metadata")
    assert isinstance(metadata, dict)
    return f"{metadata.get('namespace') or 'default'}.{metadata.get('name')}"


class SnapshotSource:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._queue: asyncio.Queue[SourceEvent] = asyncio.Queue()
        self._pods: dict[str, dict[str, object]] = {}

    async def events(self) -> AsyncIterator[SourceEvent]:
        snapshot = await asyncio.to_thread(load_snapshot, self.path)
        for owner in snapshot.owners:
            yield SourceEvent("ADDED", "owner", owner)
        for node in snapshot.nodes:
            yield SourceEvent("ADDED", "node", node)
        for pod in snapshot.pods:
            self._pods[_key(pod)] = copy.deepcopy(dict(pod))
            yield SourceEvent("ADDED", "pod", pod)
        yield SourceEvent("SYNCED", "none", {})
        while True:
            yield await self._queue.get()

    async def submit(self, objects: list[K8sObject]) -> None:
        for obj in objects:
            kind: ObjectKind = "owner" if obj.get("kind") in OWNER_KINDS else "pod"
            if kind == "pod":
                self._pods[_key(obj)] = copy.deepcopy(dict(obj))
            await self._queue.put(SourceEvent("ADDED", kind, obj))

    async def bind(self, bindings: Mapping[str, str]) -> None:
        for key, node in bindings.items():
            pod = self._pods.get(key)
            if pod is None:
                continue
            spec = pod.setdefault("spec", {})
            if isinstance(spec, dict):
                spec["nodeName"] = node
            await self._queue.put(SourceEvent("MODIFIED", "pod", copy.deepcopy(pod)))
