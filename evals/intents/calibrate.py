"""Fit the confidence calibration of the CPU parser on the TUNE data only.

    uv run python -m evals.intents.calibrate

Parses every hint of split "tune" (evals/data/hints-extra.jsonl, evals/data/hints-tune2.jsonl) with
calibration switched off, bins the heuristic scores of the predicted intents, and prints the knots
(bin centre -> accuracy) to paste into libs/intents/src/semsched_intents/calibration.py. Each bin's
accuracy is smoothed toward PRIOR with PSEUDO pseudo-counts, because the tune hints were used to
write the rules and so overstate accuracy on unseen hints, then made monotone (pool adjacent
violators). The holdout split and the blind set are never read here.
"""

from __future__ import annotations

import itertools
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from evals.intents.__main__ import DEFAULT_CONTEXTS, REPO, load_contexts
from evals.intents.metrics import Judged, intent_key
from semsched_intents import CpuParser

TUNE_FILES = (REPO / "evals" / "data" / "hints-extra.jsonl", REPO / "evals" / "data" / "hints-tune2.jsonl")
EDGES = (0.0, 0.6, 0.7, 0.8, 0.85, 0.9, 1.01)
PRIOR, PSEUDO = 0.9, 10.0


def tune_pairs(files: tuple[Path, ...] = TUNE_FILES) -> list[tuple[float, bool]]:
    """(uncalibrated confidence, correct) for every predicted intent of the tune split."""
    contexts = load_contexts(DEFAULT_CONTEXTS)
    parser = CpuParser(calibrate=False)
    pairs: list[tuple[float, bool]] = []
    for path in files:
        for line in path.read_text().splitlines():
            row = json.loads(line) if line.strip() else None
            if row is None or row.get("split") != "tune":
                continue
            gold = {intent_key(Judged(g["type"], g["params"])) for g in row["intents"]}
            for i in parser.parse(row["hint"], contexts[row["context"]]).intents:
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
    print(f"{len(pairs)} predicted intents on the tune split, {sum(ok for _, ok in pairs)} correct")
    print("_KNOTS = " + repr(tuple(fit(pairs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
