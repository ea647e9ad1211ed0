"""How far two labellers agree, and the parser with each: the ceiling the accuracy bars sit under.

    uv run python -m evals.intents.agreement

A study set's folder may hold `relabel-<set>.jsonl`: the same hints labelled again by a second
labeller who saw intents.md and the contexts, never the first labels (the brief is in
evals/data/RELABEL.md). Scored with the same metrics as the parser, reading the first labels as
gold: a figure near 1.0 says the labels are not the noise in the parser's score.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from evals.intents.__main__ import REPO, _judged, load_contexts
from evals.intents.metrics import Judged, Scores
from semsched_intents import CpuParser

PAIRS = ("second labeller vs first", "parser vs first", "parser vs second")


def _gold(items: Sequence[dict[str, object]]) -> list[Judged]:
    return [Judged(str(g["type"]), g["params"], str(g.get("strength", "medium"))) for g in items]  # type: ignore[arg-type]


def _lines(path: Path) -> dict[str, dict[str, object]]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {str(r["id"]): r for r in rows}


def agreement(folder: Path, parser: CpuParser, totals: dict[str, Scores] | None = None) -> dict[str, Scores]:
    """The three pairs' scores on one set; each hint is also added to `totals` when given."""
    first = _lines(folder / f"hints-{folder.name}.jsonl")
    second = _lines(folder / f"relabel-{folder.name}.jsonl")
    if set(first) != set(second):
        missing = sorted(set(first) ^ set(second))[:5]
        raise SystemExit(f"{folder.name}: the two labellings cover different hints, e.g. {missing}")
    contexts = load_contexts(folder / "contexts")
    scores = {pair: Scores() for pair in PAIRS}
    sinks = [scores] if totals is None else [scores, totals]
    for hint_id, row in first.items():
        a = _gold(row["intents"])  # type: ignore[arg-type]
        b = _gold(second[hint_id]["intents"])  # type: ignore[arg-type]
        parsed = _judged(parser.parse(str(row["hint"]), contexts[str(row["context"])]).intents)
        for sink in sinks:
            sink[PAIRS[0]].add(a, b)
            sink[PAIRS[1]].add(a, parsed)
            sink[PAIRS[2]].add(b, parsed)
    return scores


def _row(name: str, pair: str, s: Scores) -> str:
    figures = f"{s.subset_accuracy:.3f} | {s.strength_accuracy:.3f} | {s.exact_accuracy:.3f}"
    return f"| {name} | {pair} | {s.hints} | {figures} |"


def main() -> int:
    folders = sorted(p.parent for p in (REPO / "evals" / "data").glob("study*/relabel-study*.jsonl"))
    if not folders:
        print("no relabelled study set (evals/data/study*/relabel-*.jsonl)", file=sys.stderr)
        return 1
    parser = CpuParser()
    total = {pair: Scores() for pair in PAIRS}
    print("| set | pair | hints | subset | strength | exact |")
    print("|---|---|---:|---:|---:|---:|")
    for folder in folders:
        for pair, s in agreement(folder, parser, total).items():
            print(_row(folder.name, pair, s))
    for pair, t in total.items():
        print(_row("all", pair, t))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
