"""Batching a source: what is ready goes together; source failures surface."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from semsched_state_cache.batching import batches


async def burst_then_trickle() -> AsyncIterator[int]:
    for i in range(10):  # an initial list: all ready at once
        yield i
    for i in range(10, 13):  # later changes, one at a time
        await asyncio.sleep(0.01)
        yield i


async def test_ready_items_are_grouped_up_to_the_limit() -> None:
    got = []
    async for batch in batches(burst_then_trickle(), limit=4):
        got.append(batch)
        if batch[-1] == 12:
            break
    assert [x for batch in got for x in batch] == list(range(13))
    assert got[:3] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert got[3:] == [[10], [11], [12]]


async def failing() -> AsyncIterator[int]:
    yield 1
    raise ValueError("watch broke")


async def test_a_source_failure_is_raised_after_its_items() -> None:
    seen = []
    with pytest.raises(ValueError, match="watch broke"):
        async for batch in batches(failing(), limit=8):
            seen.extend(batch)
    assert seen == [1]
