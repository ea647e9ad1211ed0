"""What the state cache needs from the outside world."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

K8sObject = Mapping[str, object]
EventType = Literal["ADDED", "MODIFIED", "DELETED", "SYNCED"]
ObjectKind = Literal["node", "pod", "owner", "none"]


@dataclass(frozen=True)
class SourceEvent:
    """One change from the cluster. `SYNCED` (kind "none") marks the end of the initial list."""

    type: EventType
    kind: ObjectKind
    obj: K8sObject


class ClusterSource(Protocol):
    """A cluster: a list of everything, then changes as they happen, forever."""

    def events(self) -> AsyncIterator[SourceEvent]: ...


class MutableSource(ClusterSource, Protocol):
    """A source that also accepts pods and bindings (the snapshot source, for simulation)."""

    async def submit(self, pods: list[K8sObject]) -> None: ...

    async def bind(self, bindings: Mapping[str, str]) -> None: ...
