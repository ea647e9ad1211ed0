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
        self, pod: PodState, intents: list[Intent], hint_hash: str, timeout_s: float
    ) -> PodScores:
        reply = await self._request(
            subjects.RPC_SCORE,
            ScoreRequest(pod=pod, intents=intents, hint_hash=hint_hash),
            ScoreReply,
            timeout_s,
        )
        if reply.view is None:
            raise BusError(f"scorer gave no view: {reply.error}")
        return reply.view

    async def _request(
        self, subject: str, payload: ParseRequest | ScoreRequest, reply: type[R], timeout_s: float
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
