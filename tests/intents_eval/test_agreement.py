"""The second-labeller agreement figure reads two labellings of one set and scores them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.intents.agreement import PAIRS, agreement
from semsched_intents import CpuParser

CONTEXT = {"name": "test-agree", "zones": ["north", "south"], "nodes": ["box-1"], "apps": ["redis"]}


def _write(folder: Path, name: str, rows: list[dict[str, object]]) -> None:
    (folder / name).write_text("".join(json.dumps(r) + "\n" for r in rows))


def _set(tmp_path: Path, second: list[dict[str, object]]) -> Path:
    folder = tmp_path / "studyx"
    (folder / "contexts").mkdir(parents=True)
    (folder / "contexts" / "test-agree.json").write_text(json.dumps(CONTEXT))
    north = [{"type": "prefer_zones", "params": {"zones": ["north"]}, "strength": "medium"}]
    _write(
        folder,
        "hints-studyx.jsonl",
        [
            {"id": "x-1", "hint": "put it in north", "context": "test-agree", "intents": north},
            {"id": "x-2", "hint": "thanks!", "context": "test-agree", "intents": []},
        ],
    )
    _write(folder, "relabel-studyx.jsonl", second)
    return folder


def test_agreement_scores_the_second_labelling_against_the_first(tmp_path: Path) -> None:
    south = [{"type": "prefer_zones", "params": {"zones": ["south"]}, "strength": "medium"}]
    folder = _set(tmp_path, [{"id": "x-1", "intents": south}, {"id": "x-2", "intents": []}])
    scores = agreement(folder, CpuParser())
    assert scores[PAIRS[0]].hints == 2
    assert scores[PAIRS[0]].subset_accuracy == 0.5  # they differ on x-1 only
    assert scores[PAIRS[1]].subset_accuracy == 1.0  # the parser reads x-1 as the first labeller did
    assert scores[PAIRS[2]].subset_accuracy == 0.5


def test_agreement_refuses_labellings_of_different_hints(tmp_path: Path) -> None:
    folder = _set(tmp_path, [{"id": "x-1", "intents": []}])
    with pytest.raises(SystemExit, match="different hints"):
        agreement(folder, CpuParser())
