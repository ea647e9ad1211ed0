"""KV mirrors against a real nats-server: initial replay, live changes, deletes, restarts."""

from __future__ import annotations

import asyncio

import pytest

from semsched_core.bus import Bus
from semsched_core.embedded_nats import EmbeddedNats
from semsched_core.kvmirror import KvMirror
from semsched_proto import NodeState, subjects

pytestmark = pytest.mark.integration


async def until(predicate, timeout_s: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout_s):
        while not predicate():
            await asyncio.sleep(0.01)


async def test_existing_values_are_reported_then_changes_and_deletes(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, _ = bus
    await connected.put(subjects.KV_NODES, "a", NodeState(name="a"))
    await connected.put(subjects.KV_NODES, "b", NodeState(name="b"))
    seen: dict[str, NodeState | None] = {}
    mirror = KvMirror(
        subjects.KV_NODES,
        connected.kv,
        NodeState.model_validate_json,
        lambda k, v: seen.__setitem__(k, v),
        reconnects=connected.reconnects,
    )
    mirror.start()
    await asyncio.wait_for(mirror.ready.wait(), 10)
    assert set(mirror.items) == {"a", "b"} and set(seen) == {"a", "b"}
    await connected.put(subjects.KV_NODES, "c", NodeState(name="c"))
    await connected.delete(subjects.KV_NODES, "a")
    await until(lambda: "c" in mirror.items and "a" not in mirror.items)
    assert seen["a"] is None and seen["c"] == NodeState(name="c")
    await mirror.stop()


async def test_an_empty_bucket_becomes_ready(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, _ = bus
    mirror = KvMirror(
        subjects.KV_SCORES, connected.kv, NodeState.model_validate_json, reconnects=connected.reconnects
    )
    mirror.start()
    await asyncio.wait_for(mirror.ready.wait(), 10)
    assert mirror.items == {}
    await mirror.stop()


async def test_the_mirror_follows_the_bucket_across_a_server_restart(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, server = bus
    await connected.put(subjects.KV_NODES, "a", NodeState(name="a"))
    mirror = KvMirror(
        subjects.KV_NODES,
        connected.kv,
        NodeState.model_validate_json,
        reconnects=connected.reconnects,
        stall_s=0.5,
    )
    mirror.start()
    await asyncio.wait_for(mirror.ready.wait(), 10)
    await asyncio.to_thread(server.restart)
    async with asyncio.timeout(20):
        while True:
            try:
                await connected.put(subjects.KV_NODES, "after", NodeState(name="after"))
                break
            except Exception:  # the client is still reconnecting
                await asyncio.sleep(0.2)
    await until(lambda: "after" in mirror.items, timeout_s=20)
    assert "a" in mirror.items  # JetStream file storage kept the bucket
    await mirror.stop()
