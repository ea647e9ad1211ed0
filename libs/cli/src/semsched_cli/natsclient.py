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
from semsched_proto import SCORES_ENTRY, PodScores, SubmitPods, subjects

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
        async def get() -> bytes | None:
            kv = await self._nc.jetstream().key_value(subjects.KV_SCORES)
            try:
                entry = await kv.get(pod_key)
            except nats.js.errors.KeyNotFoundError:
                return None
            return entry.value

        raw = self._run(get())
        if not raw:
            return None
        entry = SCORES_ENTRY.validate_json(raw)
        return entry if isinstance(entry, PodScores) else None

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

    def close(self) -> None:
        self._run(self._nc.close())
        self._loop.close()
