"""A small synchronous NATS client for the CLI: read views, submit pods."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from typing import TypeVar

import nats
import nats.errors
import nats.js.errors
import orjson
from nats.aio.client import Client

from semsched_core.errors import BusError
from semsched_proto import SCORES_ENTRY, PackingRecommended, PackRequest, PodScores, SubmitPods, subjects

T = TypeVar("T")


class CliNats:
    def __init__(self, url: str, timeout_s: float = 3.0) -> None:
        self._loop = asyncio.new_event_loop()
        self._timeout = timeout_s
        try:
            self._nc: Client = self._run(
                nats.connect(url, connect_timeout=timeout_s, max_reconnect_attempts=2)
            )
        except (nats.errors.Error, OSError) as exc:
            self._loop.close()
            raise BusError(f"cannot reach NATS at {url}: {exc!r}") from exc

    def _run(self, awaitable: Awaitable[T]) -> T:
        return self._loop.run_until_complete(asyncio.wait_for(awaitable, self._timeout))

    def view(self, pod_key: str) -> PodScores | None:
        """The pod's latest view: the materialised one, or a newer one rescored on demand."""

        async def get(bucket: str) -> bytes | None:
            try:
                kv = await self._nc.jetstream().key_value(bucket)
                entry = await kv.get(pod_key)
            except (nats.js.errors.KeyNotFoundError, nats.js.errors.BucketNotFoundError):
                return None
            return entry.value

        views: list[PodScores] = []
        for bucket in (subjects.KV_SCORES, subjects.KV_SCORES_REFRESHED):
            raw = self._run(get(bucket))
            entry = SCORES_ENTRY.validate_json(raw) if raw else None
            if isinstance(entry, PodScores):
                views.append(entry)
        return max(views, key=lambda v: v.computed_at, default=None)

    def submit(self, objects: list[Mapping[str, object]]) -> None:
        command = SubmitPods(objects=orjson.loads(orjson.dumps(objects)), source="cli")
        js = self._nc.jetstream()
        self._run(
            js.publish(
                subjects.SUBMIT_PODS,
                command.model_dump_json().encode(),
                headers={"Nats-Msg-Id": command.event_id},
            )
        )

    def pack(self, request: PackRequest, slack_s: float = 10.0) -> PackingRecommended:
        """The scorer's packing recommendation (request/reply; waits the window plus `slack_s`)."""
        timeout = request.time_limit_s + slack_s

        async def ask() -> bytes:
            reply = await self._nc.request(
                subjects.RPC_PACK, request.model_dump_json().encode(), timeout=timeout
            )
            return bytes(reply.data)

        try:
            raw = self._loop.run_until_complete(asyncio.wait_for(ask(), timeout + 1.0))
        except (nats.errors.Error, TimeoutError) as exc:
            raise BusError(f"no packing recommendation from the scorer: {exc!r}") from exc
        return PackingRecommended.model_validate_json(raw)

    def close(self) -> None:
        self._run(self._nc.close())
        self._loop.close()
