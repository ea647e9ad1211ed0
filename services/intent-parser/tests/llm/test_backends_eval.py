"""`python -m evals.backends` against a real OpenAI-compatible server: the service's own router
(rules with the shipped reader, the LLM, and hybrid) over hints of the fresh study sets, each read
against its own set's contexts. The model is tiny, so this checks the measurement runs and routes,
never what it scores. Run as a user runs it: `python -m` from the repository's root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from llm_support import LlmServer

pytestmark = [pytest.mark.llm, pytest.mark.timeout(600)]
REPO = Path(__file__).resolve().parents[4]


def evaluation(*argv: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "evals.backends", *argv]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=540, check=False)


def test_the_backend_evaluation_routes_fresh_hints_through_the_services_router(
    llm_server: LlmServer, tmp_path: Path
) -> None:
    report = tmp_path / "backends.md"
    done = evaluation(
        "--llm-url", llm_server.base_url, "--model", llm_server.model, "--style", llm_server.style,
        "--data", "fresh", "--sample", "4", "--timeout", "120", "--report", str(report),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    text = report.read_text()
    rows = {cells[0][2:]: cells for cells in (line.split(" | ") for line in text.splitlines())}
    assert {"cpu", "llm", "hybrid"} <= set(rows)
    assert all(rows[b][1] == "4" for b in ("cpu", "llm", "hybrid"))  # four hints through every backend
    assert rows["cpu"][-1] == "0 |" and rows["llm"][-1] == "4 |"  # sent to the LLM: none, then all
    assert "the fresh study sets (study77 on); reader: bundled" in text


def test_the_backend_evaluation_refuses_a_reader_it_cannot_load(tmp_path: Path) -> None:
    done = evaluation("--reader", str(tmp_path / "nowhere"), "--report", str(tmp_path / "r.md"))
    assert done.returncode == 2 and "no reader at" in done.stderr
    assert not (tmp_path / "r.md").exists()
