"""A Bus connected to a real nats-server with JetStream, started for one test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from semsched_core.bus import Bus, create_broker
from semsched_core.embedded_nats import EmbeddedNats
from semsched_core.settings import CommonSettings


@pytest.fixture
async def bus(tmp_path: Path) -> AsyncIterator[tuple[Bus, EmbeddedNats]]:
    with EmbeddedNats(tmp_path / "nats") as server:
        settings = CommonSettings(nats_url=server.url)
        broker = create_broker(settings, "test")
        await broker.connect()
        connected = Bus(broker, settings, "test")
        await connected.ensure_streams()
        yield connected, server
        await broker.stop()
