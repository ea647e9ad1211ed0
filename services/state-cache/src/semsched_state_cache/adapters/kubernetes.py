"""The Kubernetes API as a cluster source: list + watch with resourceVersion, re-list on 410.

The official client is synchronous, so each kind is reflected by a thread that pushes
events into the asyncio loop. `KubeApi` is the slice of the API used; `OfficialKubeApi`
adapts the `kubernetes` package to it (in-cluster config, or a kubeconfig file).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Protocol

import structlog

from semsched_core.errors import SemschedError
from semsched_state_cache.ports import EventType, K8sObject, ObjectKind, SourceEvent

log = structlog.get_logger()
KINDS: tuple[ObjectKind, ...] = ("owner", "node", "pod")


class Gone(SemschedError):
    """The watch's resourceVersion is too old (HTTP 410): list again."""


class KubeApi(Protocol):
    def list(self, kind: ObjectKind) -> tuple[list[K8sObject], str]: ...

    def watch(
        self, kind: ObjectKind, resource_version: str, timeout_s: int
    ) -> Iterator[tuple[str, K8sObject]]: ...


def _identity(obj: K8sObject) -> str:
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict):
        return ""
    return f"{obj.get('kind', '')}/{metadata.get('namespace', '')}/{metadata.get('name', '')}"


def _version(obj: K8sObject) -> str:
    metadata = obj.get("metadata")
    return str(metadata.get("resourceVersion", "")) if isinstance(metadata, dict) else ""


class KubernetesSource:
    def __init__(self, api: KubeApi, watch_timeout_s: int = 300, backoff_s: float = 1.0) -> None:
        self.api = api
        self.watch_timeout_s = watch_timeout_s
        self.backoff_s = backoff_s
        self._stop = threading.Event()

    async def events(self) -> AsyncIterator[SourceEvent]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[SourceEvent] = asyncio.Queue()
        pending_sync = set(KINDS)

        def emit(event: SourceEvent) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, event)

        threads = [
            threading.Thread(target=self._reflect, args=(kind, emit), name=f"reflect-{kind}", daemon=True)
            for kind in KINDS
        ]
        for thread in threads:
            thread.start()
        try:
            while True:
                event = await queue.get()
                if event.type == "SYNCED":
                    pending_sync.discard(event.kind)
                    if not pending_sync and event.kind != "none":
                        yield SourceEvent("SYNCED", "none", {})
                    continue
                yield event
        finally:
            self._stop.set()

    def _reflect(self, kind: ObjectKind, emit: EventTypeEmitter) -> None:
        known: set[str] = set()
        first = True
        while not self._stop.is_set():
            try:
                items, version = self.api.list(kind)
                self._replace(kind, items, known, emit)
                if first:
                    emit(SourceEvent("SYNCED", kind, {}))
                    first = False
                self._watch(kind, version, known, emit)
            except Gone:
                log.info("watch_expired_relisting", kind=kind)
            except Exception as exc:  # boundary with the API: any failure means list again after a pause
                log.warning("kubernetes_source_error", kind=kind, error=repr(exc))
                self._stop.wait(self.backoff_s)

    def _replace(
        self, kind: ObjectKind, items: list[K8sObject], known: set[str], emit: EventTypeEmitter
    ) -> None:
        listed = {_identity(obj): obj for obj in items}
        for ident in known - set(listed):
            namespace_name = ident.split("/", 1)[1].split("/")
            emit(
                SourceEvent(
                    "DELETED",
                    kind,
                    {
                        "kind": ident.split("/", 1)[0],
                        "metadata": {"namespace": namespace_name[0], "name": namespace_name[1]},
                    },
                )
            )
        for obj in listed.values():
            emit(SourceEvent("ADDED", kind, obj))
        known.clear()
        known.update(listed)

    def _watch(self, kind: ObjectKind, version: str, known: set[str], emit: EventTypeEmitter) -> None:
        while not self._stop.is_set():
            for event_type, obj in self.api.watch(kind, version, self.watch_timeout_s):
                if event_type == "BOOKMARK":
                    version = _version(obj) or version
                    continue
                if event_type not in ("ADDED", "MODIFIED", "DELETED"):
                    continue
                version = _version(obj) or version
                ident = _identity(obj)
                (known.discard if event_type == "DELETED" else known.add)(ident)
                typed: EventType = event_type  # type: ignore[assignment]  # narrowed by the check above
                emit(SourceEvent(typed, kind, obj))


class EventTypeEmitter(Protocol):
    def __call__(self, event: SourceEvent, /) -> None: ...


class OfficialKubeApi:
    """`KubeApi` over the official client; objects are returned as the API's own JSON."""

    def __init__(self, kubeconfig: str = "") -> None:
        from kubernetes import client, config

        if kubeconfig:
            config.load_kube_config(config_file=kubeconfig)
        else:
            config.load_incluster_config()
        self._core = client.CoreV1Api()
        self._apps = client.AppsV1Api()

    def _call(self, kind: ObjectKind) -> object:
        calls = {
            "node": self._core.list_node,
            "pod": self._core.list_pod_for_all_namespaces,
            "owner": self._apps.list_replica_set_for_all_namespaces,
        }
        return calls[kind]

    def list(self, kind: ObjectKind) -> tuple[list[K8sObject], str]:
        response = self._call(kind)(_preload_content=False)  # type: ignore[operator]
        body = json.loads(response.data)
        items = body.get("items") or []
        item_kind = {"node": "Node", "pod": "Pod", "owner": "ReplicaSet"}[kind]
        for item in items:
            item.setdefault("kind", item_kind)
        return items, str(body.get("metadata", {}).get("resourceVersion", ""))

    def watch(
        self, kind: ObjectKind, resource_version: str, timeout_s: int
    ) -> Iterator[tuple[str, K8sObject]]:
        from kubernetes import watch
        from kubernetes.client.exceptions import ApiException

        stream = watch.Watch().stream(
            self._call(kind),
            resource_version=resource_version,
            timeout_seconds=timeout_s,
            allow_watch_bookmarks=True,
        )
        try:
            for event in stream:
                raw = event.get("raw_object") or {}
                if event.get("type") == "ERROR":
                    if raw.get("code") == 410:
                        raise Gone(str(raw.get("message", "410 Gone")))
                    raise SemschedError(f"watch error: {raw}")
                yield str(event.get("type")), raw
        except ApiException as exc:
            if exc.status == 410:
                raise Gone(str(exc.reason)) from exc
            raise
