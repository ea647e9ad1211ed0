"""The reach count parses a set with one parser's source and reports only per-hint right/wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.intents.reach import REPO, _predictions, main

CONTEXT = {"name": "test-reach", "zones": ["north", "south"], "nodes": ["box-1"], "apps": ["redis"]}


def test_predictions_mark_each_hint_right_or_wrong(tmp_path: Path) -> None:
    (tmp_path / "contexts").mkdir()
    (tmp_path / "contexts" / "test-reach.json").write_text(json.dumps(CONTEXT))
    north = [{"type": "prefer_zones", "params": {"zones": ["north"]}, "strength": "medium"}]
    rows = [
        {"id": "r-1", "hint": "put it in north", "context": "test-reach", "intents": north},
        {"id": "r-2", "hint": "put it in south", "context": "test-reach", "intents": north},
    ]
    hints = tmp_path / "hints.jsonl"
    hints.write_text("".join(json.dumps(r) + "\n" for r in rows))
    got = _predictions(REPO / "libs" / "intents" / "src", hints, tmp_path / "contexts")
    assert [right for _, right in got] == [True, False]
    assert got[0][0] != got[1][0]  # the canonical intents differ between the two hints


def test_an_unknown_base_commit_is_a_clear_error() -> None:
    with pytest.raises(SystemExit, match="cannot check out"):
        main(["0" * 40])
