"""`uv run python -m evals.backends.routing`: how far the hybrid router could take a parse with a
perfect LLM behind it, measured without one.

The router sends a hint to the LLM when the CPU parse's lowest intent confidence is under its
threshold, and an empty parse when it left words unread (`needs_llm`). For each threshold this
counts the hints it would send, how many of the CPU parse's misses are among them, and the
ceiling: the accuracy if the LLM read every routed hint right and the CPU parse kept the rest. A
ceiling under the bar at a threshold says no model behind the router at that threshold can reach
the bar; only sending more hints (or all: `INTENT_PARSER_BACKEND=llm`) can. The CPU parse is the
service's default (rules with the shipped reader; `--reader`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from evals.backends.__main__ import chosen
from evals.intents.metrics import Judged, Scores
from semsched_intent_parser.domain.router import needs_llm
from semsched_intents import CpuParser
from semsched_intents.reader import ReaderError, load_reading
from semsched_proto import ParseResult

THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0)


@dataclass(frozen=True, slots=True)
class Parsed:
    result: ParseResult
    subset: bool
    exact: bool


def ceiling(parsed: Sequence[Parsed], threshold: float) -> tuple[int, int, float, float]:
    """Hints routed (by the service's own rule), CPU misses among them, and subset / exact accuracy
    with a perfect LLM."""
    routed: list[Parsed] = []
    kept: list[Parsed] = []
    for p in parsed:
        (routed if needs_llm(p.result, threshold) else kept).append(p)
    total = len(parsed) or 1
    return (
        len(routed),
        sum(not p.subset for p in routed),
        (sum(p.subset for p in kept) + len(routed)) / total,
        (sum(p.exact for p in kept) + len(routed)) / total,
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.backends.routing", description=__doc__.splitlines()[0])
    ap.add_argument("--data", choices=("dev", "fresh"), default="fresh")
    ap.add_argument("--sample", type=int, default=0, help="hints drawn; 0 takes all")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--reader", default="bundled", help="the reader setting, as the service's")
    ap.add_argument("--report", type=Path, default=None, help="markdown report to write")
    args = ap.parse_args(argv)
    cpu = CpuParser()
    try:
        reading = load_reading(args.reader, cpu)
    except ReaderError as exc:
        ap.error(str(exc))
    parsed = []
    for record, context in chosen(args.data, args.sample, args.seed):
        result = (reading or cpu).parse(str(record["hint"]), context)
        scores = Scores()
        gold = [Judged(g["type"], g["params"], g["strength"]) for g in record["intents"]]
        hit = scores.add(gold, [Judged(i.type, i.params, i.strength) for i in result.intents])
        parsed.append(Parsed(result, hit, scores.exact_hits == 1))
    misses = sum(not p.subset for p in parsed)
    lines = [
        f"{len(parsed)} hints, {misses} CPU misses (subset); reader: {args.reader}",
        "",
        "| threshold | hints routed | CPU misses routed | ceiling subset | ceiling exact |",
        "|---|---|---|---|---|",
    ]
    for threshold in THRESHOLDS:
        routed, caught, subset, exact = ceiling(parsed, threshold)
        share = routed / (len(parsed) or 1)
        lines.append(
            f"| {threshold} | {routed} ({share:.1%}) | {caught} of {misses} | {subset:.3f} | {exact:.3f} |"
        )
    print("\n".join(lines))
    if args.report:
        data = (
            "the fresh study sets (study77 on)" if args.data == "fresh" else "the dev set and our tune split"
        )
        head = [
            "# How far the hybrid router could go with a perfect LLM",
            "",
            f"Produced by `uv run python -m evals.backends.routing` on {data}. The router sends a hint",
            "to the LLM when its CPU parse's lowest intent confidence is under the threshold; the",
            "ceiling is the accuracy if the LLM read every routed hint right (D38). An empty parse is",
            "routed only when the parser left words it could not read (`unparsed`), as the router does;",
            "1.0 routes every other hint with an intent below full confidence.",
            "",
        ]
        args.report.write_text("\n".join([*head, *lines]) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
