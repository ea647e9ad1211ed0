"""Fit the confidence calibration of the CPU parser on data it was written against.

    uv run python -m evals.intents.calibrate

Parses, with calibration switched off, every hint of split "tune" (evals/data/hints-extra.jsonl,
evals/data/hints-tune2.jsonl) and of every study set whose README records the score it had before it
was studied ("Scored once before anyone studied it"): a set that has not been scored yet is not read,
so its first score stays an honest one. Bins the heuristic scores of the predicted intents and prints
the knots (bin centre -> accuracy) to paste into libs/intents/src/semsched_intents/calibration.py.
Each bin's accuracy is smoothed toward PRIOR with PSEUDO pseudo-counts, then made monotone (pool
adjacent violators). The holdout split and the blind set are never read here.

The study sets carry most of the weight: they were written by other people against other clusters,
so the parser's accuracy on them, though optimistic once studied, is much nearer its accuracy on
unseen hints than on the tune split it was written from (see docs/decisions.md, D27).
"""

from __future__ import annotations

import itertools
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from evals.intents.__main__ import DEFAULT_CONTEXTS, REPO, STUDY_DATA, load_contexts
from evals.intents.metrics import Judged, intent_key
from semsched_intents import CpuParser

TUNE_FILES = (REPO / "evals" / "data" / "hints-extra.jsonl", REPO / "evals" / "data" / "hints-tune2.jsonl")
EDGES = (0.0, 0.6, 0.7, 0.8, 0.85, 0.9, 1.01)
PRIOR, PSEUDO = 0.9, 10.0


SCORED = "## Scored once before anyone studied it"


def scored_study_sets() -> list[tuple[Path, Path]]:
    """(hints, contexts) of the study sets whose before-study score is recorded, in their README or,
    for the first three sets (written before the README section existed), in evals/data/BLIND.md."""
    out: list[tuple[Path, Path]] = []
    for hints, contexts in STUDY_DATA:
        readme = hints.parent / "README.md"
        legacy = hints.parent.name in ("study", "study2", "study3")
        if legacy or (readme.exists() and SCORED in readme.read_text()):
            out.append((hints, contexts))
    return out


def tune_pairs(files: tuple[Path, ...] = TUNE_FILES) -> list[tuple[float, bool]]:
    """(uncalibrated confidence, correct) for every predicted intent of the tune split and of the
    scored study sets."""
    contexts = load_contexts(DEFAULT_CONTEXTS)
    parser = CpuParser(calibrate=False)
    pairs: list[tuple[float, bool]] = []
    sources = [(path, contexts) for path in files]
    sources += [(hints, {**contexts, **load_contexts(folder)}) for hints, folder in scored_study_sets()]
    for path, known in sources:
        for line in path.read_text().splitlines():
            row = json.loads(line) if line.strip() else None
            if row is None or (path in files and row.get("split") != "tune"):
                continue
            gold = {intent_key(Judged(g["type"], g["params"])) for g in row["intents"]}
            for i in parser.parse(row["hint"], known[row["context"]]).intents:
                pairs.append((i.confidence, intent_key(Judged(i.type, i.params)) in gold))
    return pairs


@dataclass(slots=True)
class _Block:
    accuracy: float
    weight: float
    members: list[int]


def fit(pairs: list[tuple[float, bool]]) -> list[tuple[float, float]]:
    """Knots (mean score of a bin, smoothed monotone accuracy) for the non-empty bins."""
    bins: list[tuple[int, int, float]] = []  # count, correct, score sum
    for lo, hi in itertools.pairwise(EDGES):
        inside = [(c, ok) for c, ok in pairs if lo <= c < hi]
        if inside:
            bins.append((len(inside), sum(ok for _, ok in inside), sum(c for c, _ in inside)))
    merged: list[_Block] = []
    for i, (n, k, _) in enumerate(bins):  # pool adjacent violators, weighted by (pseudo-)counts
        merged.append(_Block((k + PSEUDO * PRIOR) / (n + PSEUDO), n + PSEUDO, [i]))
        while len(merged) > 1 and merged[-2].accuracy > merged[-1].accuracy:
            b, a = merged.pop(), merged.pop()
            acc = (a.accuracy * a.weight + b.accuracy * b.weight) / (a.weight + b.weight)
            merged.append(_Block(acc, a.weight + b.weight, a.members + b.members))
    return [
        (round(bins[i][2] / bins[i][0], 3), round(block.accuracy, 3))
        for block in merged
        for i in block.members
    ]


def main() -> int:
    pairs = tune_pairs()
    sets = len(scored_study_sets())
    correct = sum(ok for _, ok in pairs)
    print(f"{len(pairs)} predicted intents (tune split and {sets} scored study sets), {correct} correct")
    print("_KNOTS = " + repr(tuple(fit(pairs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
