"""The sync path and placement publishing over NATS; library errors become ours."""

from __future__ import annotations

from typing import TypeVar

import nats.errors
from pydantic import ValidationError

from semsched_core.bus import Bus
from semsched_core.errors import BusError
from semsched_proto import (
    Intent,
    ParseReply,
    ParseRequest,
    PlacementDecided,
    PodScores,
    PodState,
    RefreshRequest,
    ScoreReply,
    ScoreRequest,
    subjects,
)

R = TypeVar("R", ParseReply, ScoreReply)


class NatsGateway:
    def __init__(self, bus: Bus) -> None:
        self.bus = bus

    async def parse(self, hint: str, namespace: str, timeout_s: float) -> ParseReply:
        return await self._request(
            subjects.RPC_PARSE, ParseRequest(hint=hint, namespace=namespace), ParseReply, timeout_s
        )

    async def score(
        self,
        pod: PodState,
        intents: list[Intent],
        hint_hash: str,
        min_basis: dict[str, int],
        timeout_s: float,
    ) -> PodScores:
        wait_ms = max(0.0, timeout_s * 800)  # leave the scorer's reply a fifth of the budget
        request = ScoreRequest(
            pod=pod, intents=intents, hint_hash=hint_hash, min_basis=min_basis, wait_ms=wait_ms
        )
        return self._view(await self._request(subjects.RPC_SCORE, request, ScoreReply, timeout_s))

    async def refresh(
        self, pod_key: str, pod_uid: str, min_basis: dict[str, int], timeout_s: float
    ) -> PodScores:
        wait_ms = max(0.0, timeout_s * 800)
        request = RefreshRequest(pod_key=pod_key, pod_uid=pod_uid, min_basis=min_basis, wait_ms=wait_ms)
        return self._view(await self._request(subjects.RPC_REFRESH, request, ScoreReply, timeout_s))

    @staticmethod
    def _view(reply: ScoreReply) -> PodScores:
        if reply.view is None:
            raise BusError(f"scorer gave no view: {reply.error}")
        return reply.view

    async def _request(
        self,
        subject: str,
        payload: ParseRequest | ScoreRequest | RefreshRequest,
        reply: type[R],
        timeout_s: float,
    ) -> R:
        if timeout_s <= 0:
            raise TimeoutError(f"no time left for {subject}")
        try:
            return await self.bus.request(subject, payload, reply, timeout_s)
        except (nats.errors.Error, ValidationError) as exc:
            raise BusError(f"{subject}: {exc!r}") from exc


class NatsPlacementPublisher:
    def __init__(self, bus: Bus) -> None:
        self.bus = bus

    async def publish(self, decision: PlacementDecided) -> None:
        await self.bus.publish_event(subjects.PLACEMENT_DECIDED, decision)
