"""The Kubernetes source's reflector logic against a fake of our own KubeApi port:
list, then watch from the list's resourceVersion, re-list on 410 Gone (deleting what
vanished meanwhile), and one SYNCED once every kind has listed."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

from semsched_state_cache.adapters.kubernetes import Gone, KubernetesSource
from semsched_state_cache.ports import K8sObject, ObjectKind, SourceEvent


def obj(kind: str, name: str, version: str) -> K8sObject:
    return {"kind": kind, "metadata": {"name": name, "namespace": "ns", "resourceVersion": version}}


class FakeKubeApi:
    """Scripted API: pods list twice (the second time after a 410), nodes and owners once."""

    def __init__(self) -> None:
        self.watch_versions: list[tuple[str, str]] = []
        self.pod_lists = 0
        self.idle = threading.Event()

    def list(self, kind: ObjectKind) -> tuple[list[K8sObject], str]:
        if kind == "pod":
            self.pod_lists += 1
            if self.pod_lists == 1:
                return [obj("Pod", "a", "10"), obj("Pod", "b", "11")], "11"
            return [obj("Pod", "a", "20")], "20"
        if kind == "node":
            return [obj("Node", "n1", "5")], "5"
        return [], "1"

    def watch(
        self, kind: ObjectKind, resource_version: str, timeout_s: int
    ) -> Iterator[tuple[str, K8sObject]]:
        self.watch_versions.append((kind, resource_version))
        if kind == "pod" and self.pod_lists == 1:
            yield "MODIFIED", obj("Pod", "a", "12")
            yield "BOOKMARK", obj("Pod", "", "15")
            raise Gone("too old")
        self.idle.wait(0.05)


async def collect(source: KubernetesSource, count: int) -> list[SourceEvent]:
    events: list[SourceEvent] = []
    async with asyncio.timeout(10):
        async for event in source.events():
            events.append(event)
            if len(events) == count:
                break
    return events


async def test_list_watch_relist_on_gone() -> None:
    api = FakeKubeApi()
    source = KubernetesSource(api, backoff_s=0.01)
    events = await collect(source, 7)
    pods = [(e.type, e.obj["metadata"]["name"]) for e in events if e.kind == "pod"]  # type: ignore[index]
    assert pods == [("ADDED", "a"), ("ADDED", "b"), ("MODIFIED", "a"), ("DELETED", "b"), ("ADDED", "a")]
    assert sum(1 for e in events if e.type == "SYNCED") == 1
    assert ("pod", "11") in api.watch_versions and ("pod", "20") in api.watch_versions
    api.idle.set()
