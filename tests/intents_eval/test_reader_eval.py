"""`python -m evals.reader` and `python -m evals.intents --reader`: the reader's evaluation runs end
to end with a small real reader, and says so clearly when it has none."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.intents.__main__ import main as intents_main
from evals.reader.__main__ import main as reader_main
from semsched_intents.reader import ReaderError
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
    assert "no reader at" in capsys.readouterr().err
    data = ["--data", str(STUDY77 / "hints-study77.jsonl"), "--contexts", str(STUDY77 / "contexts")]
    with pytest.raises(SystemExit):
        intents_main([*data, "--reader", str(tmp_path / "none")])
    assert "no reader at" in capsys.readouterr().err


def test_a_quantised_reader_loads_and_reads_its_cues(tmp_path: Path) -> None:
    from evals.reader.quantise import main as quantise_main
    from semsched_intents import CpuParser
    from semsched_intents.reader import ReadingParser, RoleReader
    from semsched_proto import ClusterContext

    source = build(
        tmp_path / "reader", {"sometimes": "avoid_zones"}, label_cues={"alas": ("avoid_spot", True)}
    )
    assert quantise_main([str(source), str(tmp_path / "int8")]) == 0
    reader = RoleReader(tmp_path / "int8")
    assert reader.meta["quantised"].startswith("int8") and reader.labels
    out = ReadingParser(CpuParser(), reader).parse(
        "prefer east-1 sometimes, alas", ClusterContext(zones=["east-1"])
    )
    assert [i.type for i in out.intents] == ["avoid_zones", "avoid_spot"]
    with pytest.raises(ReaderError):
        quantise_main([str(tmp_path / "none"), str(tmp_path / "x")])


def test_the_rules_evaluation_takes_the_reader_setting_semsched_parse_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = ["--data", str(STUDY77 / "hints-study77.jsonl"), "--contexts", str(STUDY77 / "contexts")]

    def accuracy(argv: list[str]) -> list[str]:  # subset, strength, exact: latency varies run to run
        assert intents_main(argv) == 0
        return capsys.readouterr().out.splitlines()[2].split(" | ")[2:5]

    rules = accuracy(data)
    assert accuracy([*data, "--reader", "none"]) == rules  # "none" is the rules alone
    assert accuracy([*data, "--reader", "bundled"]) != rules  # the shipped reader changes some readings
