"""A Bus connected to a real nats-server with JetStream, started for one test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from semsched_core.bus import Bus, embedded_bus
from semsched_core.embedded_nats import EmbeddedNats


@pytest.fixture
async def bus(tmp_path: Path) -> AsyncIterator[tuple[Bus, EmbeddedNats]]:
    async with embedded_bus(tmp_path, "test") as connected:
        yield connected
