"""Stopping a task that may swallow its first cancellation, as Python 3.11's wait_for can."""

from __future__ import annotations

import asyncio

import pytest

from semsched_core.runtime import stop_task


async def test_a_task_that_swallows_one_cancellation_is_stopped_all_the_same() -> None:
    swallowed = []

    async def stubborn() -> None:
        while True:
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                if swallowed:
                    raise
                swallowed.append(True)  # run on, as a loop whose wait_for lost the cancellation

    task = asyncio.create_task(stubborn())
    await asyncio.sleep(0)
    await asyncio.wait_for(stop_task(task, retry_s=0.05), 5)
    assert task.cancelled() and swallowed == [True]


async def test_a_task_that_failed_raises_its_error_at_stop() -> None:
    async def broken() -> None:
        raise ValueError("the source ended badly")

    task = asyncio.create_task(broken())
    await asyncio.sleep(0)
    with pytest.raises(ValueError, match="ended badly"):
        await stop_task(task)


async def test_a_task_that_ends_when_cancelled_is_stopped_at_once() -> None:
    task = asyncio.create_task(asyncio.sleep(60))
    await asyncio.sleep(0)
    await asyncio.wait_for(stop_task(task), 1)
    assert task.cancelled()
