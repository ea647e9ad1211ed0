"""An in-memory mirror of a key-value bucket, kept current by a watch.

Every materialised view in semsched is read this way: the mirror holds the latest value
of every key, calls back on each change, and survives NATS restarts. A watch that errors
or goes quiet past `stall_s` (no heartbeat-backed update) is dropped and re-established;
the re-established watch replays the bucket, and keys deleted meanwhile are removed. The
mirror is ready once the replay is complete, as `kvreplay.BucketWatch` tells it by stream
sequence, or once a replay stalls.
A quiet bucket is not re-watched: the watch is renewed only when the connection has
reconnected since it was opened (the server's ephemeral consumer may be gone).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

import structlog
from nats.js.kv import KeyValue
from pydantic import ValidationError

from semsched_core.kvreplay import DELETES, BucketWatch
from semsched_core.runtime import stop_task

M = TypeVar("M")

log = structlog.get_logger()


class KvMirror(Generic[M]):
    def __init__(
        self,
        bucket: str,
        open_kv: Callable[[str], Awaitable[KeyValue]],
        decode: Callable[[bytes], M],
        on_change: Callable[[str, M | None], None] | None = None,
        on_resync: Callable[[], None] | None = None,
        reconnects: Callable[[], int] = lambda: 0,
        stall_s: float = 2.0,
    ) -> None:
        self.bucket = bucket
        self.items: dict[str, M] = {}
        self.ready = asyncio.Event()
        self._open_kv = open_kv
        self._decode_value = decode
        self._on_change = on_change
        self._on_resync = on_resync
        self._stall_s = stall_s
        self._reconnects = reconnects
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"kv-mirror-{self.bucket}")

    async def stop(self) -> None:
        if self._task is not None:
            await stop_task(self._task)

    async def _run(self) -> None:
        backoff = 0.1
        while True:
            try:
                await self._watch_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # middleware-level: any watch failure means re-watch
                log.warning("kv_watch_restarted", bucket=self.bucket, error=repr(exc))
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 2.0)

    async def _watch_once(self) -> None:
        kv = await self._open_kv(self.bucket)
        opened_at = self._reconnects()
        watch = await BucketWatch.open(kv)
        fresh: dict[str, M] | None = {}
        try:
            while True:
                if fresh is not None and watch.replayed:  # at once for an empty bucket
                    self._swap(fresh)
                    fresh = None
                try:
                    entry = await watch.next(self._stall_s)
                except TimeoutError:
                    if fresh is not None and (not self.ready.is_set() or await watch.lapsed()):
                        self._swap(fresh)
                        fresh = None
                    if self._reconnects() != opened_at:
                        raise
                    continue
                value = self._decode(entry.key, entry.value, entry.operation)
                if fresh is None:
                    self._apply(entry.key, value)
                    continue
                if value is None:
                    fresh.pop(entry.key, None)
                else:
                    fresh[entry.key] = value
        finally:
            await watch.stop()

    def _decode(self, key: str, raw: bytes | None, operation: str | None) -> M | None:
        if operation in DELETES or not raw:
            return None
        try:
            return self._decode_value(raw)
        except ValidationError as exc:
            log.warning("kv_value_rejected", bucket=self.bucket, key=key, error=str(exc)[:300])
            return None

    def _swap(self, fresh: dict[str, M]) -> None:
        """Install a full replay: every key in it is reported, and keys gone from it as deleted."""
        stale = set(self.items) - set(fresh)
        self.items = fresh
        if self._on_change is not None:
            for key, value in fresh.items():
                self._on_change(key, value)
            for key in stale:
                self._on_change(key, None)
        if self._on_resync is not None:
            self._on_resync()
        self.ready.set()

    def _apply(self, key: str, value: M | None) -> None:
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value
        if self._on_change is not None:
            self._on_change(key, value)
