"""The end of a watch's replay, told by stream sequence rather than by nats-py's `None` marker.

A real server sends that marker too early only now and then, so these tests play a watch's
updates in a fixed order: the marker first, then the values the bucket already held. That
is the order a reader saw when `keys()` came back empty in CI.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from nats.js.kv import KeyValue

from semsched_core.bus import Bus
from semsched_core.kvmirror import KvMirror
from semsched_core.kvreplay import BucketWatch, read_bucket
from semsched_core.settings import CommonSettings
from semsched_proto import NodeState, subjects


def entry(
    key: str, revision: int, value: bytes | None = None, operation: str | None = None
) -> KeyValue.Entry:
    body = NodeState(name=key, resource_version=str(revision)).model_dump_json().encode()
    return KeyValue.Entry(
        bucket="nodes",
        key=key,
        value=body if value is None and operation is None else value,
        revision=revision,
        delta=None,
        created=None,
        operation=operation,
    )


class PlayedWatcher:
    """Hands out a fixed list of updates, then stays quiet as an idle watch does."""

    def __init__(self, updates: list[KeyValue.Entry | None], swallow_cancel: bool = False) -> None:
        self._updates = list(updates)
        self._swallow_cancel = swallow_cancel
        self.stopped = False

    async def updates(self, timeout: float = 5.0) -> KeyValue.Entry | None:
        if self._updates:
            return self._updates.pop(0)
        try:
            await asyncio.sleep(timeout)
        except asyncio.CancelledError:
            if not self._swallow_cancel:
                raise
            self._swallow_cancel = False  # as Python 3.11's wait_for can, once
            return None
        raise TimeoutError

    async def stop(self) -> None:
        self.stopped = True


class PlayedKv:
    """A bucket whose stream holds `messages` from sequence 1 to `last_seq`, watched in a set order.
    `then` is the stream's (first_seq, messages) from the second look on, as after an expiry."""

    def __init__(
        self,
        updates: list[KeyValue.Entry | None],
        last_seq: int,
        messages: int,
        then: tuple[int, int] | None = None,
        **watcher: Any,
    ) -> None:
        self.watcher = PlayedWatcher(updates, **watcher)
        self.watch_options: dict[str, Any] = {}
        self._states = [SimpleNamespace(first_seq=1, last_seq=last_seq, messages=messages)]
        if then is not None:
            self._states.append(SimpleNamespace(first_seq=then[0], last_seq=last_seq, messages=then[1]))

    async def watchall(self, **options: Any) -> PlayedWatcher:
        self.watch_options = options
        return self.watcher

    async def status(self) -> SimpleNamespace:
        state = self._states.pop(0) if len(self._states) > 1 else self._states[0]
        return SimpleNamespace(stream_info=SimpleNamespace(state=state))


EARLY_MARKER = [None, entry("a", 3), entry("b", 5), entry("c", 9)]


def bus_over(kv: PlayedKv) -> Bus:
    bus = Bus(None, CommonSettings(), "test")  # type: ignore[arg-type]  # the broker is never reached
    bus._kv[subjects.KV_NODES] = kv  # type: ignore[assignment]
    return bus


async def test_an_early_marker_does_not_end_the_read() -> None:
    kv = PlayedKv(EARLY_MARKER, last_seq=9, messages=3)
    assert sorted(await read_bucket(kv, timeout_s=1)) == ["a", "b", "c"]  # type: ignore[arg-type]
    assert kv.watcher.stopped


async def test_values_and_keys_wait_for_the_last_message_not_the_marker() -> None:
    values = await bus_over(PlayedKv(EARLY_MARKER, last_seq=9, messages=3)).values(
        subjects.KV_NODES, NodeState
    )
    assert sorted(values) == ["a", "b", "c"] and values["c"].resource_version == "9"
    kv = PlayedKv(EARLY_MARKER, last_seq=9, messages=3)
    assert sorted(await bus_over(kv).keys(subjects.KV_NODES)) == ["a", "b", "c"]
    assert kv.watch_options.get("meta_only") is True  # keys only, no values on the wire


async def test_a_key_deleted_before_the_end_of_the_replay_is_left_out() -> None:
    played = [entry("a", 3), None, entry("b", 5), entry("a", 6, operation="DEL"), entry("c", 7)]
    assert sorted(await read_bucket(PlayedKv(played, last_seq=7, messages=3), timeout_s=1)) == ["b", "c"]  # type: ignore[arg-type]


async def test_the_replay_ends_at_an_overwrite_of_the_last_key() -> None:
    # "c" was the last message when the watch opened (9); it was overwritten before delivery (12)
    played = [entry("a", 3), entry("b", 5), entry("c", 12), entry("d", 13)]
    watch = BucketWatch(None, PlayedWatcher(played), boundary=9)  # type: ignore[arg-type]
    seen = []
    while not watch.replayed:
        seen.append((await watch.next(1)).key)
    assert seen == ["a", "b", "c"]


async def test_an_empty_bucket_has_replayed_at_once() -> None:
    kv = PlayedKv([None], last_seq=41, messages=0)  # every message expired or deleted long ago
    assert await read_bucket(kv, timeout_s=1) == {}  # type: ignore[arg-type]


async def test_a_replay_that_stalls_raises_a_bus_error() -> None:
    from semsched_core.errors import BusError

    with pytest.raises(BusError, match="stopped answering"):
        await bus_over(PlayedKv(EARLY_MARKER[:2], last_seq=9, messages=3)).values(
            subjects.KV_NODES, NodeState, timeout_s=0.2
        )


async def test_a_replay_whose_last_message_expired_ends_when_it_goes_quiet() -> None:
    # c (9) expired with everything before it; the bucket now holds only d (12), written later
    kv = PlayedKv([entry("a", 3), entry("b", 5)], last_seq=9, messages=3, then=(12, 1))
    assert sorted(await read_bucket(kv, timeout_s=0.2)) == ["a", "b"]  # type: ignore[arg-type]


async def test_the_mirror_is_ready_only_with_every_value_the_bucket_held() -> None:
    kv = PlayedKv(EARLY_MARKER, last_seq=9, messages=3)
    at_ready: list[list[str]] = []
    mirror: KvMirror[NodeState] = KvMirror(
        "nodes",
        lambda _: _opened(kv),
        NodeState.model_validate_json,
        on_resync=lambda: at_ready.append(sorted(mirror.items)),
        stall_s=30,
    )
    mirror.start()
    await asyncio.wait_for(mirror.ready.wait(), 5)
    assert at_ready == [["a", "b", "c"]]  # one resync, holding the whole bucket
    await asyncio.wait_for(mirror.stop(), 5)


async def test_stopping_the_mirror_survives_a_swallowed_cancellation() -> None:
    kv = PlayedKv([entry("a", 1)], last_seq=1, messages=1, swallow_cancel=True)
    mirror = KvMirror("nodes", lambda _: _opened(kv), NodeState.model_validate_json, stall_s=30)
    mirror.start()
    await asyncio.wait_for(mirror.ready.wait(), 5)
    await asyncio.wait_for(mirror.stop(), 5)
    assert kv.watcher.stopped


async def _opened(kv: PlayedKv) -> PlayedKv:
    return kv
