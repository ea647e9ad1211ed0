"""A bus on an embedded nats-server with a pods bucket of N keys, for the bucket benchmarks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from semsched_core.bus import Bus, create_broker
from semsched_core.embedded_nats import EmbeddedNats
from semsched_core.settings import CommonSettings
from semsched_proto import PodState, subjects


@asynccontextmanager
async def bus_with_pods(folder: Path, pods: int) -> AsyncIterator[Bus]:
    with EmbeddedNats(folder / "nats") as server:
        settings = CommonSettings(nats_url=server.url)
        broker = create_broker(settings, "bench")
        await broker.connect()
        try:
            bus = Bus(broker, settings, "bench")
            await bus.ensure_streams()
            for start in range(0, pods, 1000):  # in bounded batches: the server's pending limits
                await asyncio.gather(
                    *(
                        bus.put(
                            subjects.KV_PODS, f"ns.p{i}", PodState(namespace="ns", name=f"p{i}", uid=str(i))
                        )
                        for i in range(start, min(start + 1000, pods))
                    )
                )
            yield bus
        finally:
            await broker.stop()
