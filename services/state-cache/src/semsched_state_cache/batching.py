"""Group a source's events into batches of what is ready, so a burst (the initial list of a
large cluster, a rollout) costs one merged write per key instead of one round trip per event."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

from semsched_core.runtime import stop_task

T = TypeVar("T")


async def batches(items: AsyncIterator[T], limit: int) -> AsyncIterator[list[T]]:
    """Yield lists of up to `limit` items: the first waited for, the rest those already waiting.

    A failure of the source is raised here, after the items it produced before failing.
    """
    queue: asyncio.Queue[T] = asyncio.Queue(maxsize=4 * limit)

    async def pump() -> None:
        async for item in items:
            await queue.put(item)

    feeder = asyncio.create_task(pump(), name="source-pump")
    try:
        while True:
            if queue.empty():
                getter = asyncio.ensure_future(queue.get())
                await asyncio.wait({getter, feeder}, return_when=asyncio.FIRST_COMPLETED)
                if not getter.done():
                    getter.cancel()
                    feeder.result()  # the source failed or ended: raise or stop
                    return
                batch = [getter.result()]
            else:
                batch = [queue.get_nowait()]
            while len(batch) < limit and not queue.empty():
                batch.append(queue.get_nowait())
            yield batch
    finally:
        with contextlib.suppress(Exception):
            await stop_task(feeder)
