"""What the extender needs beyond its in-memory views."""

from __future__ import annotations

from typing import Protocol

from semsched_proto import Intent, ParseReply, PlacementDecided, PodScores, PodState


class SyncGateway(Protocol):
    """The bounded synchronous path: ask the parser and the scorer directly."""

    async def parse(self, hint: str, namespace: str, timeout_s: float) -> ParseReply: ...

    async def score(
        self,
        pod: PodState,
        intents: list[Intent],
        hint_hash: str,
        min_basis: dict[str, int],
        timeout_s: float,
    ) -> PodScores: ...

    async def refresh(
        self, pod_key: str, pod_uid: str, min_basis: dict[str, int], timeout_s: float
    ) -> PodScores:
        """The scorer's fresh view of a pod it knows, once it has applied `min_basis`."""
        ...


class PlacementPublisher(Protocol):
    async def publish(self, decision: PlacementDecided) -> None: ...
