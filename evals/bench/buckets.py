"""A bus on an embedded nats-server with a pods bucket of N keys, for the bucket benchmarks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from semsched_core.bus import Bus, embedded_bus
from semsched_proto import PodState, subjects


@asynccontextmanager
async def bus_with_pods(folder: Path, pods: int) -> AsyncIterator[Bus]:
    async with embedded_bus(folder, "bench") as (bus, _):
        for start in range(0, pods, 1000):  # in bounded batches: the server's pending limits
            await asyncio.gather(
                *(
                    bus.put(subjects.KV_PODS, f"ns.p{i}", PodState(namespace="ns", name=f"p{i}", uid=str(i)))
                    for i in range(start, min(start + 1000, pods))
                )
            )
        yield bus
