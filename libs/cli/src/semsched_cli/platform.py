"""The whole platform on one machine: embedded nats-server plus every service as its own
process, the extender on 127.0.0.1:PORT. Used by `semsched up` and by `simulate`.

The services are started with `python -m <package>` from this interpreter, configured
through the same environment variables as in production.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import httpx

from semsched_core.embedded_nats import EmbeddedNats, free_port
from semsched_core.errors import SemschedError

SERVICES = (
    ("state-cache", "semsched_state_cache"),
    ("intent-parser", "semsched_intent_parser"),
    ("scorer", "semsched_scorer"),
    ("extender", "semsched_extender"),
)
STATE_FILE = Path.home() / ".cache" / "semsched" / "platform.json"


class PlatformError(SemschedError):
    """The platform did not start or stopped unexpectedly."""


@dataclass
class Platform:
    cluster: Path
    port: int = 8888
    data_dir: Path | None = None
    extender_workers: int = 1
    extra_env: dict[str, str] = field(default_factory=dict)
    _nats: EmbeddedNats | None = None
    _procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    _tmp: tempfile.TemporaryDirectory[str] | None = None

    @property
    def extender_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def nats_url(self) -> str:
        assert self._nats is not None
        return self._nats.url

    def start(self) -> Platform:
        if not self.cluster.is_file():
            raise PlatformError(f"cluster file not found: {self.cluster}")
        if self.data_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="semsched-")
            self.data_dir = Path(self._tmp.name)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._nats = EmbeddedNats(self.data_dir / "nats").start()
        env = self._env()
        for slug, package in SERVICES:
            log = (self.data_dir / f"{slug}.log").open("ab")
            self._procs[slug] = subprocess.Popen(
                [sys.executable, "-m", package],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
            log.close()
        return self

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "SEMSCHED_NATS_URL": self.nats_url,
                "SEMSCHED_LOG_FORMAT": "json",
                "STATE_CACHE_SOURCE": "snapshot",
                "STATE_CACHE_SNAPSHOT_PATH": str(self.cluster.resolve()),
                "EXTENDER_HOST": "127.0.0.1",
                "EXTENDER_PORT": str(self.port),
                "EXTENDER_WORKERS": str(self.extender_workers),
            }
        )
        env.update(self.extra_env)
        return env

    def wait_ready(
        self, timeout_s: float = 60.0, on_wait: Callable[[dict[str, object]], None] | None = None
    ) -> dict[str, object]:
        deadline = time.monotonic() + timeout_s
        detail: dict[str, object] = {}
        with httpx.Client(timeout=1.0) as client:
            while time.monotonic() < deadline:
                self.check_alive()
                try:
                    reply = client.get(f"{self.extender_url}/readyz")
                    detail = reply.json()
                    if reply.status_code == 200:
                        return detail
                except (httpx.HTTPError, ValueError):
                    pass
                if on_wait is not None:
                    on_wait(detail)
                time.sleep(0.1)
        raise PlatformError(f"platform not ready within {timeout_s:.0f}s: {detail}; logs in {self.data_dir}")

    def restart_nats(self) -> None:
        """Stop and start nats-server on the same port and data directory (for resilience tests)."""
        assert self._nats is not None
        self._nats.restart()

    def check_alive(self) -> None:
        for slug, proc in self._procs.items():
            if proc.poll() is not None:
                raise PlatformError(
                    f"{slug} exited with {proc.returncode}; see {self.data_dir}/{slug}.log\n{self.tail(slug)}"
                )

    def tail(self, slug: str, lines: int = 15) -> str:
        assert self.data_dir is not None
        path = self.data_dir / f"{slug}.log"
        if not path.exists():
            return ""
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        """Stop every service and anything it started (extender workers): each service leads its
        own process group, so the whole group is signalled, then killed if it lingers."""
        for proc in self._procs.values():
            _signal_group(proc, signal.SIGTERM)
        for proc in self._procs.values():
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            _signal_group(proc, signal.SIGKILL)  # stragglers of the group, if any
        self._procs.clear()
        if self._nats is not None:
            self._nats.stop()
            self._nats = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def write_state(self) -> None:
        STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
        state = {
            "nats_url": self.nats_url,
            "extender_url": self.extender_url,
            "cluster": str(self.cluster.resolve()),
            "pid": os.getpid(),
        }
        STATE_FILE.write_text(json.dumps(state))

    def __enter__(self) -> Platform:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def _signal_group(proc: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        return


def forget_state() -> None:
    """Remove the state file if this process wrote it (another `up` may have replaced it)."""
    try:
        if json.loads(STATE_FILE.read_text()).get("pid") == os.getpid():
            STATE_FILE.unlink()
    except (OSError, ValueError, AttributeError):
        return


def running_platform() -> dict[str, str] | None:
    """The platform `semsched up` started, if its state file names a live process."""
    try:
        state = json.loads(STATE_FILE.read_text())
        os.kill(int(state["pid"]), 0)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return {str(k): str(v) for k, v in state.items()}


def pick_port(preferred: int) -> int:
    return preferred if preferred else free_port()
