"""`semsched parse`, with and without `--reader`: one output line per input line, the shipped reader
by default (D37), and a clear error for a reader that cannot be loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from semsched_cli.main import main
from semsched_intents import reader as reader_module
from tests.reader.model import build


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    context = tmp_path / "context.json"
    context.write_text(json.dumps({"name": "c", "zones": ["east-1", "west-2"], "apps": ["cassandra"]}))
    hints = tmp_path / "hints.jsonl"
    lines = [
        json.dumps({"id": "a", "hint": "prefer east-1 sometimes"}),
        "not json",
        json.dumps({"id": "b", "hint": "run next to cassandra"}),
    ]
    hints.write_text("\n".join(lines) + "\n")
    return context, hints


def _read(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_parse_with_and_without_the_reader(
    files: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    context, hints = files
    plain, revised = tmp_path / "plain.jsonl", tmp_path / "revised.jsonl"
    argv = ["parse", "--context", str(context), "--input", str(hints), "--output", str(plain)]
    assert main([*argv, "--reader", "none"]) == 0
    assert "revised" not in capsys.readouterr().err
    reader = build(tmp_path / "reader", {"sometimes": "avoid_zones"})
    argv = ["parse", "--context", str(context), "--input", str(hints), "--output", str(revised)]
    assert main([*argv, "--reader", str(reader)]) == 0
    assert "1 revised by the learned reader" in capsys.readouterr().err
    before, after = _read(plain), _read(revised)
    assert [line["id"] for line in after] == ["a", "line-2", "b"] and "error" in after[1]
    assert [i["type"] for i in before[0]["intents"]] == ["prefer_zones"]  # type: ignore[index,union-attr]
    assert [i["type"] for i in after[0]["intents"]] == ["avoid_zones"]  # type: ignore[index,union-attr]
    assert after[2] == before[2]


def test_parse_reads_with_the_shipped_reader_by_default(
    files: tuple[Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    context, hints = files
    out = tmp_path / "out.jsonl"
    argv = ["parse", "--context", str(context), "--input", str(hints), "--output", str(out)]
    monkeypatch.delenv("SEMSCHED_READER", raising=False)
    assert main(argv) == 0
    assert "revised by the learned reader" in capsys.readouterr().err
    shipped = reader_module.bundled()
    assert shipped is not None and (shipped / reader_module.MODEL).is_file()
    assert main([*argv, "--reader", "bundled"]) == 0
    assert "revised by the learned reader" in capsys.readouterr().err
    # where the weights are not installed, the default falls back to the rules and says so ...
    monkeypatch.setattr(reader_module, "bundled", lambda: None)
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "bundled reader is not installed" in err and "revised" not in err
    assert [line["id"] for line in _read(out)] == ["a", "line-2", "b"]
    # ... but asking for them by name is an error
    with pytest.raises(SystemExit, match="bundled reader is not installed"):
        main([*argv, "--reader", "bundled"])


def test_parse_refuses_a_reader_it_cannot_load(files: tuple[Path, Path], tmp_path: Path) -> None:
    context, hints = files
    out = tmp_path / "out.jsonl"
    argv = ["parse", "--context", str(context), "--input", str(hints), "--output", str(out)]
    with pytest.raises(SystemExit, match="no reader at"):
        main([*argv, "--reader", str(tmp_path / "missing")])
    assert not out.exists()


def test_up_passes_the_reader_to_the_embedded_parser(tmp_path: Path) -> None:
    from semsched_cli.main import _parser
    from semsched_cli.options import parser_env

    reader = build(tmp_path / "reader", {"sometimes": "avoid_zones"})
    args = _parser().parse_args(
        ["up", "--cluster", "c.json", "--reader", str(reader), "--reader-threshold", "0.9"]
    )
    env = parser_env(args)
    assert (
        env["INTENT_PARSER_READER_DIR"] == str(reader.resolve())
        and env["INTENT_PARSER_READER_THRESHOLD"] == "0.9"
    )
    with pytest.raises(SystemExit, match="not a directory"):
        parser_env(_parser().parse_args(["up", "--cluster", "c.json", "--reader", str(tmp_path / "gone")]))
    off = parser_env(_parser().parse_args(["up", "--cluster", "c.json", "--reader", "none"]))
    assert off["INTENT_PARSER_READER_DIR"] == "none"
    # no --reader: the embedded parser keeps its own default, the shipped reader
    assert "INTENT_PARSER_READER_DIR" not in parser_env(_parser().parse_args(["up", "--cluster", "c.json"]))
