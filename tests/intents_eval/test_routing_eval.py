"""`python -m evals.backends.routing`: the hybrid router's ceiling with a perfect LLM follows the
service's own routing rule, and the evaluation runs end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.backends.routing import Parsed, ceiling
from evals.backends.routing import main as routing_main
from semsched_proto import Intent, ParseResult


def parsed(confidence: float | None, right: bool, unparsed: bool = False) -> Parsed:
    intents = [] if confidence is None else [Intent(type="avoid_spot", params={}, confidence=confidence)]
    result = ParseResult(intents=intents, unparsed=["gibberish"] if unparsed else [])
    return Parsed(result, right, right)


def test_the_ceiling_counts_routed_hints_as_right_and_keeps_the_rest() -> None:
    hints = [
        parsed(0.4, False),  # unsure and wrong: routed from 0.5 on
        parsed(0.92, False),  # sure-ish and wrong: routed only from 0.95
        parsed(0.99, True),
        parsed(None, False),  # an empty parse that read every word: never routed
        parsed(None, False, unparsed=True),  # an empty parse that left words: always routed
    ]
    assert ceiling(hints, 0.5) == (2, 2, 0.6, 0.6)
    assert ceiling(hints, 0.95) == (3, 3, 0.8, 0.8)
    assert ceiling(hints, 1.0) == (4, 3, 0.8, 0.8)  # the right 0.99 parse is routed too; the empty one never


def test_the_routing_evaluation_writes_its_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "routing.md"
    assert routing_main(["--data", "dev", "--sample", "25", "--reader", "none", "--report", str(report)]) == 0
    assert capsys.readouterr().out.startswith("25 hints, ")
    text = report.read_text()
    assert "| 0.7 |" in text and "| 1.0 |" in text and "the dev set and our tune split" in text
