"""NATS / JetStream wiring shared by the services: broker, stream, buckets, publishing."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import nats.js.errors
import structlog
from faststream.nats import NatsBroker
from faststream.nats.opentelemetry import NatsTelemetryMiddleware
from nats.js.kv import KeyValue
from pydantic import BaseModel, ValidationError

from semsched_core.embedded_nats import EmbeddedNats
from semsched_core.errors import BusError
from semsched_core.kvreplay import read_bucket
from semsched_core.settings import CommonSettings
from semsched_proto import subjects
from semsched_proto.base import Envelope

M = TypeVar("M", bound=BaseModel)
log = structlog.get_logger()

# Buckets and their TTL in seconds (None keeps values until overwritten or deleted).
BUCKETS: dict[str, float | None] = {
    subjects.KV_NODES: None,
    subjects.KV_PODS: None,
    subjects.KV_CONTEXT: None,
    subjects.KV_INTENT_CACHE: 24 * 3600.0,
    subjects.KV_POD_INTENTS: None,
    subjects.KV_SCORES: None,
    subjects.KV_SCORES_REFRESHED: 3600.0,
    subjects.KV_SOURCE_STATUS: None,
}


def create_broker(settings: CommonSettings, service: str) -> NatsBroker:
    """A broker that reconnects forever and carries trace context in message headers."""
    return NatsBroker(
        settings.nats_url,
        name=service,
        max_reconnect_attempts=-1,
        # nats-py takes seconds as floats; FastStream's stub says int
        reconnect_time_wait=0.25,  # type: ignore[arg-type]
        connect_timeout=settings.nats_connect_timeout_s,  # type: ignore[arg-type]
        ping_interval=5,
        max_outstanding_pings=2,
        middlewares=[NatsTelemetryMiddleware()],
        log_level=logging.DEBUG,  # FastStream logs every message at this level: keep it out of INFO
    )


class Bus:
    """The operations services perform on NATS, over one FastStream broker."""

    def __init__(self, broker: NatsBroker, settings: CommonSettings, source: str) -> None:
        self.broker = broker
        self.settings = settings
        self.source = source
        self._kv: dict[str, KeyValue] = {}

    def reconnects(self) -> int:
        """How often the connection has reconnected; KV mirrors re-watch when it changes."""
        stats = self.broker.config.connection_state.connection.stats
        return int(stats.get("reconnects", 0))

    async def ensure_streams(self) -> None:
        """Declare the events stream and every bucket (idempotent; safe across replicas)."""
        js = self.broker.config.connection_state.stream
        try:
            await js.add_stream(
                name=subjects.EVENTS_STREAM,
                subjects=list(subjects.EVENTS_SUBJECTS),
                max_age=24 * 3600.0,
                duplicate_window=120.0,
            )
        except nats.js.errors.BadRequestError as exc:
            if "already in use" not in str(exc):
                raise BusError(f"cannot declare stream {subjects.EVENTS_STREAM}: {exc}") from exc
        for bucket in BUCKETS:
            await self.kv(bucket)

    async def kv(self, bucket: str) -> KeyValue:
        if bucket not in self._kv:
            self._kv[bucket] = await self.broker.key_value(
                bucket, ttl=BUCKETS.get(bucket), max_value_size=self.settings.kv_max_value_bytes
            )
        return self._kv[bucket]

    async def put(self, bucket: str, key: str, value: BaseModel) -> int:
        kv = await self.kv(bucket)
        return int(await kv.put(key, value.model_dump_json().encode()))

    async def get(self, bucket: str, key: str, model: type[M]) -> M | None:
        kv = await self.kv(bucket)
        try:
            entry = await kv.get(key)
        except nats.js.errors.KeyNotFoundError:
            return None
        if entry.value is None:
            return None
        return model.model_validate_json(entry.value)

    async def keys(self, bucket: str, timeout_s: float = 10.0) -> list[str]:
        """Every key of a bucket ([] when it is empty), read through one watch of keys only.
        A bucket that goes quiet for `timeout_s` before its last key has arrived raises `BusError`."""
        kv = await self.kv(bucket)
        try:
            return list(await read_bucket(kv, timeout_s, meta_only=True))
        except TimeoutError as exc:
            raise BusError(f"bucket {bucket} stopped answering while listing its keys") from exc

    async def values(self, bucket: str, model: type[M], timeout_s: float = 10.0) -> dict[str, M]:
        """Every current value of a bucket, read through one watch instead of a get per key, so a
        bucket of many keys costs one round of streaming, not one request each. A value that does
        not validate is left out with a warning; a bucket that goes quiet for `timeout_s` before
        its last value has arrived raises `BusError`."""
        kv = await self.kv(bucket)
        try:
            entries = await read_bucket(kv, timeout_s)
        except TimeoutError as exc:
            raise BusError(f"bucket {bucket} stopped answering while its values were read") from exc
        out: dict[str, M] = {}
        for key, entry in entries.items():
            if not entry.value:
                continue
            try:
                out[key] = model.model_validate_json(entry.value)
            except ValidationError as exc:
                log.warning("kv_value_rejected", bucket=bucket, key=key, error=str(exc)[:300])
        return out

    async def delete(self, bucket: str, key: str) -> None:
        kv = await self.kv(bucket)
        try:
            await kv.delete(key)
        except nats.js.errors.KeyNotFoundError:
            return

    async def publish_event(self, subject: str, event: Envelope) -> None:
        """Publish to JetStream with `Nats-Msg-Id` = event_id so re-publishes are deduplicated."""
        stamped = event if event.source else event.model_copy(update={"source": self.source})
        await self.broker.publish(
            stamped,
            subject,
            stream=subjects.EVENTS_STREAM,
            headers={"Nats-Msg-Id": stamped.event_id},
            correlation_id=stamped.correlation_id,
        )

    async def request(self, subject: str, payload: BaseModel, reply: type[M], timeout_s: float) -> M:
        response = await self.broker.request(payload, subject, timeout=timeout_s)
        return reply.model_validate_json(response.body)


@asynccontextmanager
async def embedded_bus(folder: Path, source: str) -> AsyncIterator[tuple[Bus, EmbeddedNats]]:
    """A Bus, streams and buckets declared, on a nats-server of its own that keeps its state in
    `folder`/nats: for tests and benchmarks."""
    with EmbeddedNats(folder / "nats") as server:
        settings = CommonSettings(nats_url=server.url)
        broker = create_broker(settings, source)
        await broker.connect()
        try:
            bus = Bus(broker, settings, source)
            await bus.ensure_streams()
            yield bus, server
        finally:
            await broker.stop()
