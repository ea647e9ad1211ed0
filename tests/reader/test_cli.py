"""`semsched parse`, with and without `--reader`: one output line per input line, and a clear error
for a reader directory that cannot be loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from semsched_cli.main import main
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
    assert main(["parse", "--context", str(context), "--input", str(hints), "--output", str(plain)]) == 0
    reader = build(tmp_path / "reader", {"sometimes": "avoid_zones"})
    argv = ["parse", "--context", str(context), "--input", str(hints), "--output", str(revised)]
    assert main([*argv, "--reader", str(reader)]) == 0
    assert "1 revised by the learned reader" in capsys.readouterr().err
    before, after = _read(plain), _read(revised)
    assert [line["id"] for line in after] == ["a", "line-2", "b"] and "error" in after[1]
    assert [i["type"] for i in before[0]["intents"]] == ["prefer_zones"]  # type: ignore[index,union-attr]
    assert [i["type"] for i in after[0]["intents"]] == ["avoid_zones"]  # type: ignore[index,union-attr]
    assert after[2] == before[2]


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
        parser_env(_parser().parse_args(["up", "--cluster", "c.json", "--reader", str(tmp_path / "none")]))
