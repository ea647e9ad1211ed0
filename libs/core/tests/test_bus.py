"""Bus.values against a real nats-server: one watch returns every live value of a bucket."""

from __future__ import annotations

import asyncio

import pytest

from semsched_core.bus import Bus
from semsched_core.embedded_nats import EmbeddedNats
from semsched_proto import NodeState, subjects

pytestmark = pytest.mark.integration


async def test_values_returns_the_live_value_of_every_key(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, _ = bus
    for i in range(300):
        await connected.put(
            subjects.KV_NODES, f"n{i:03}", NodeState(name=f"n{i:03}", resource_version=str(i))
        )
    await connected.put(subjects.KV_NODES, "n007", NodeState(name="n007", resource_version="new"))
    await connected.delete(subjects.KV_NODES, "n042")
    values = await connected.values(subjects.KV_NODES, NodeState)
    assert len(values) == 299 and "n042" not in values
    assert values["n007"].resource_version == "new" and values["n299"] == NodeState(
        name="n299", resource_version="299"
    )


async def test_values_skips_a_value_that_does_not_validate(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, _ = bus
    await connected.put(subjects.KV_NODES, "good", NodeState(name="good"))
    kv = await connected.kv(subjects.KV_NODES)
    await kv.put("bad", b'{"name": 42, "not": "a node"}')
    assert list(await connected.values(subjects.KV_NODES, NodeState)) == ["good"]


async def test_values_of_an_empty_bucket_is_empty(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, _ = bus
    assert await connected.values(subjects.KV_NODES, NodeState) == {}


async def test_keys_and_values_read_a_large_bucket_whole_every_time(bus: tuple[Bus, EmbeddedNats]) -> None:
    # nats-py's end-of-replay marker could overtake the values and cut a read short (up to 4 in 100, D39)
    connected, _ = bus
    kv = await connected.kv(subjects.KV_NODES)
    for start in range(0, 1500, 500):
        await asyncio.gather(
            *(
                kv.put(f"n{i}", NodeState(name=f"n{i}").model_dump_json().encode())
                for i in range(start, start + 500)
            )
        )
    await connected.delete(subjects.KV_NODES, "n0")
    short = []
    for _ in range(20):
        keys, values = (
            await connected.keys(subjects.KV_NODES),
            await connected.values(subjects.KV_NODES, NodeState),
        )
        if len(keys) != 1499 or len(values) != 1499:
            short.append((len(keys), len(values)))
    assert short == []
    assert "n0" not in keys and values["n1499"].name == "n1499"


async def test_keys_of_an_empty_bucket_and_of_a_deleted_key(bus: tuple[Bus, EmbeddedNats]) -> None:
    connected, _ = bus
    assert await connected.keys(subjects.KV_NODES) == []
    await connected.put(subjects.KV_NODES, "gone", NodeState(name="gone"))
    await connected.delete(subjects.KV_NODES, "gone")
    assert await connected.keys(subjects.KV_NODES) == []
