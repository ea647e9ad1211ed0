"""`python -m evals.reader` and `python -m evals.intents --reader`: the reader's evaluation runs end
to end with a small real reader, and says so clearly when it has none."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.intents.__main__ import main as intents_main
from evals.reader.__main__ import main as reader_main
from tests.reader.model import build

STUDY77 = Path(__file__).resolve().parents[2] / "evals" / "data" / "study77"


def test_the_reader_report_compares_rules_and_reader_per_fresh_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reader = build(tmp_path / "reader", {"please": "none"})
    report = tmp_path / "eval-reader.md"
    assert reader_main(["--reader", str(reader), "--report", str(report)]) == 0
    out = capsys.readouterr().out
    assert "| study77 | 210 |" in out and "fresh sets**" in out
    assert "Reader path:" in report.read_text()


def test_evaluations_refuse_a_missing_reader(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        reader_main(["--reader", str(tmp_path / "none")])
    assert "no role reader at" in capsys.readouterr().err
    data = ["--data", str(STUDY77 / "hints-study77.jsonl"), "--contexts", str(STUDY77 / "contexts")]
    with pytest.raises(SystemExit):
        intents_main([*data, "--reader", str(tmp_path / "none")])
    assert "no role reader at" in capsys.readouterr().err
