"""A watch on every key of a bucket that knows when it has replayed the bucket's contents.

A JetStream watch first replays the latest message of every key, then follows changes.
nats-py marks the end of that replay with a `None` entry, but the marker can come first,
ahead of values the server has already sent: nats-py puts it at once when the server reports
nothing pending and the client has received nothing yet, and the server no longer counts a
message it has sent as pending (nats-io/nats.py#842). A reader that trusts the marker then
sees an empty or partial bucket (D39 in docs/decisions.md counts how often).

`BucketWatch` ignores the marker and tells the end of the replay by stream sequence
instead. After the watch is open it reads the bucket's last sequence. Everything the
bucket held then is delivered, in sequence order, at or before a message whose sequence
reaches that boundary, and such a message always comes: the boundary message itself, or a
later overwrite or delete of its key. A bucket that held no messages has replayed at once.

One case never reaches the boundary: its message expires (a bucket with a TTL) before the
watch delivers it. Messages expire oldest first, so the bucket then holds nothing at or
before the boundary; a reader whose replay stalls asks `lapsed()`, which checks that.
"""

from __future__ import annotations

import contextlib

from nats.js.kv import KeyValue

DELETES = ("DEL", "PURGE")


class BucketWatch:
    def __init__(self, kv: KeyValue, watcher: KeyValue.KeyWatcher, boundary: int) -> None:
        self._kv = kv
        self._watcher = watcher
        self.boundary = boundary
        self.replayed = boundary == 0

    @classmethod
    async def open(cls, kv: KeyValue, *, meta_only: bool = False) -> BucketWatch:
        """Watch every key of `kv`; `meta_only` delivers keys and operations without values."""
        watcher = await kv.watchall(meta_only=meta_only)
        try:
            state = (await kv.status()).stream_info.state
        except BaseException:
            with contextlib.suppress(Exception):
                await watcher.stop()
            raise
        return cls(kv, watcher, state.last_seq if state.messages else 0)

    async def next(self, timeout_s: float) -> KeyValue.Entry:
        """The next entry, deletes included (their `operation` is in `DELETES`). `replayed` turns
        true with the entry that completes the replay. Raises `TimeoutError` when nothing comes
        for `timeout_s`."""
        entry: KeyValue.Entry | None = await self._watcher.updates(timeout=timeout_s)
        while entry is None:  # nats-py's replay marker, which may come early: see above
            entry = await self._watcher.updates(timeout=timeout_s)
        if entry.revision is not None and entry.revision >= self.boundary:
            self.replayed = True
        return entry

    async def lapsed(self) -> bool:
        """Whether a replay that has gone quiet is over because the bucket no longer holds the
        boundary message, nor anything before it. Sets `replayed` if so."""
        state = (await self._kv.status()).stream_info.state
        if not state.messages or state.first_seq > self.boundary:
            self.replayed = True
        return self.replayed

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await self._watcher.stop()


async def read_bucket(
    kv: KeyValue, timeout_s: float, *, meta_only: bool = False
) -> dict[str, KeyValue.Entry]:
    """The live entry of every key, read through one watch. Raises `TimeoutError` when the
    bucket goes quiet for `timeout_s` before its replay is complete and has not lapsed."""
    watch = await BucketWatch.open(kv, meta_only=meta_only)
    out: dict[str, KeyValue.Entry] = {}
    try:
        while not watch.replayed:
            try:
                entry = await watch.next(timeout_s)
            except TimeoutError:
                if await watch.lapsed():
                    break
                raise
            if entry.operation in DELETES:
                out.pop(entry.key, None)
            else:
                out[entry.key] = entry
        return out
    finally:
        await watch.stop()
