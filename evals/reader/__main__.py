"""Evaluate the learned reader beside the CPU parser (D36) on the fresh study sets, which neither
the rules nor the reader was tuned on, and write a markdown report.

    uv run python -m evals.reader [--reader bundled|DIR] [--report docs/eval-reader.md] [--blind]

Per set: subset, strength and exact accuracy and ECE for the rules alone and with the reader; how
many hints the reader read (all, with a label model; else those that name an entity), revised,
fixed and broken; and the reader path's latency per hint it read. `--blind` adds the four blind
sets, pooled and in counts only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from evals.intents.__main__ import _judged, _pct, load_contexts
from evals.intents.metrics import Scores, percentile
from evals.propose.dump import fresh_sets, sets
from semsched_intents import CpuParser
from semsched_intents.reader import ReaderError, ReadingParser, RoleReader, bundled, locate
from semsched_proto.intents import Intent

# The threshold was chosen on study77-80 (D35); the sets after them were written after the choice, and
# study85 on after the whole reader (both models, threshold, adoption of the label model) was fixed.
CHOSEN_ON = ("study77", "study78", "study79", "study80")
FIXED_BEFORE = 85
SHIPPED_BEFORE = 89  # study89 on were written after the shipped reader (D37) was committed
BATCH = 4  # fresh sets are written four at a time, one per brief of D31


@dataclass(slots=True)
class Tally:
    rules: Scores = field(default_factory=Scores)
    reader: Scores = field(default_factory=Scores)
    read: int = 0
    revised: int = 0
    fixed: int = 0
    broken: int = 0
    reader_ms: list[float] = field(default_factory=list)
    entities: int = 0

    def join(self, other: Tally) -> None:
        for mine, theirs in ((self.rules, other.rules), (self.reader, other.reader)):
            for name in ("hints", "subset_hits", "exact_hits", "strength_total", "strength_hits"):
                setattr(mine, name, getattr(mine, name) + getattr(theirs, name))
            mine.confidences.extend(theirs.confidences)
        self.read, self.revised = self.read + other.read, self.revised + other.revised
        self.fixed, self.broken = self.fixed + other.fixed, self.broken + other.broken
        self.reader_ms.extend(other.reader_ms)
        self.entities += other.entities


def score(group: Sequence[tuple[str, Path, Path]], reading: ReadingParser) -> dict[str, Tally]:
    out: dict[str, Tally] = {}
    for name, hints, contexts in group:
        ctxs = load_contexts(contexts)
        tally = out.setdefault(name, Tally())
        for line in hints.read_text().splitlines():
            row = json.loads(line)
            ctx = ctxs[row["context"]]
            gold = _judged([Intent.model_validate(i) for i in row["intents"]])
            start = time.perf_counter()
            read = reading.cpu.read(row["hint"], ctx)
            revised = reading.reread(read)
            elapsed = (time.perf_counter() - start) * 1000
            plain = read.result
            was = tally.rules.add(gold, _judged(plain.intents))
            now = tally.reader.add(gold, _judged(revised.intents))
            if reading.wanted(read):
                tally.read += 1
                tally.entities += len(read.mentions)
                tally.reader_ms.append(elapsed)
            tally.revised += revised != plain
            tally.fixed += now and not was
            tally.broken += was and not now
    return out


def _row(name: str, t: Tally, latency: bool = True) -> str:
    r, w = t.rules, t.reader
    figures = (
        f"{r.hints} | {_pct(r.subset_accuracy)} → **{_pct(w.subset_accuracy)}** | "
        f"{_pct(r.strength_accuracy)} → {_pct(w.strength_accuracy)} | "
        f"{_pct(r.exact_accuracy)} → **{_pct(w.exact_accuracy)}** | {_pct(r.ece)} → {_pct(w.ece)} | "
        f"{t.read} | {t.revised} | {t.fixed} | {t.broken}"
    )
    timing = (
        f" | {percentile(t.reader_ms, 50):.1f} / {percentile(t.reader_ms, 99):.1f}"
        if latency and t.reader_ms
        else " | -"
    )
    return f"| {name} | {figures}{timing} |"


HEAD = [
    "| set | hints | subset | strength | exact | ECE | read | revised | fixed | broken | ms p50 / p99 |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
]


def pooled(tallies: dict[str, Tally], names: Sequence[str]) -> Tally:
    out = Tally()
    for name in names:
        out.join(tallies[name])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.reader", description=__doc__.splitlines()[0])
    ap.add_argument(
        "--reader", default="bundled", help="'bundled' (the shipped reader, D37) or a reader directory"
    )
    ap.add_argument("--threshold", type=float, default=0.95)
    ap.add_argument("--report", type=Path, default=None)
    ap.add_argument(
        "--blind", action="store_true", help="also count the blind sets, pooled (never while tuning)"
    )
    args = ap.parse_args(argv)
    try:
        directory = locate(args.reader)
        if directory is None:
            ap.error("--reader none: this evaluation compares the rules with a reader; name one")
        reader = RoleReader(directory)
    except ReaderError as exc:
        ap.error(str(exc))
    reading = ReadingParser(CpuParser(), reader, threshold=args.threshold)
    tallies = score(fresh_sets(), reading)
    names = list(tallies)
    later = [n for n in names if n not in CHOSEN_ON and int(n[5:]) < FIXED_BEFORE]
    after = [n for n in names if FIXED_BEFORE <= int(n[5:]) < SHIPPED_BEFORE]
    shipped = [n for n in names if int(n[5:]) >= SHIPPED_BEFORE]
    lines = [*HEAD, *(_row(n, t) for n, t in tallies.items())]
    lines.append(
        _row(f"{CHOSEN_ON[0]}-{CHOSEN_ON[-1][5:]} (threshold chosen here)", pooled(tallies, CHOSEN_ON))
    )
    if later:
        lines.append(
            _row(f"{later[0]}-{later[-1][5:]} (written after the threshold)", pooled(tallies, later))
        )
    if after:
        label = f"**{after[0]}-{after[-1][5:]}** (written after the whole reader was fixed)"
        lines.append(_row(label, pooled(tallies, after)))
    if shipped:
        label = f"**{shipped[0]}-{shipped[-1][5:]}** (written after the shipped reader was committed, D37)"
        lines.append(_row(label, pooled(tallies, shipped)))
        batches = [shipped[k : k + BATCH] for k in range(0, len(shipped), BATCH)]
        for batch in batches if len(batches) > 1 else []:  # one row per batch of writers, four briefs each
            lines.append(_row(f"{batch[0]}-{batch[-1][5:]} (one batch of writers)", pooled(tallies, batch)))
    every = pooled(tallies, names)
    lines.append(_row(f"**all {len(names)} fresh sets**", every))
    if args.blind:
        _, blind = sets()
        lines.append(
            _row(
                "blind sets, pooled (counts only)",
                pooled(score(blind, reading), [b[0] for b in blind]),
                False,
            )
        )
    print("\n".join(lines))
    per_hint = sum(every.reader_ms) / every.read if every.read else float("nan")
    cost = (
        f"Reader path: {every.read} hints read, {every.entities} entities; mean {per_hint:.1f} ms per hint."
    )
    print("\n" + cost)
    if args.report:
        meta = reader.meta
        entities, epochs = meta.get("entities", "?"), meta.get("epochs", "?")
        sets_trained = len(meta.get("trained_on", []))
        labels = (
            f" and a label model ({len(meta['labels'])} labels, {meta.get('hints', '?')} hints)"
            if meta.get("labels")
            else ""
        )
        which = (
            "the reader semsched ships (`bundled`, D37)"
            if reader.directory == bundled()
            else f"the reader at `{args.reader}`"
        )
        quantised = ", then quantised to int8" if meta.get("quantised") else ""
        body = [
            "# The learned reader beside the CPU parser (D36, D37)",
            "",
            "Produced by `uv run task eval:reader` (`python -m evals.reader --report ...`) with",
            f"{which}: a role model ({entities} entities){labels}, trained by `task train:reader`",
            f"on {sets_trained} study sets for {epochs} epochs{quantised}. Where a model is at least",
            f"{args.threshold} sure and the rules disagree, it revises their parse.",
            "Each cell reads: rules alone → rules with the reader.",
            "",
            "The fresh sets (study77 on) were written by new helpers and never studied: no rule and no",
            "reader weight was drawn from them. The threshold 0.95 was chosen on study77-80 for the role",
            "model (D35); study81-84 were written after that choice, study85 on after the whole reader",
            "(both models, the threshold, the label model's adoption) was fixed, and study89 on after the",
            "shipped reader (D37) was committed: the cleanest estimates. The",
            "label model's rule (0.95 either way) and its adoption rule were written down before it was",
            "measured. *read*: hints the reader read; *revised*: hints whose intents it changed;",
            "*fixed* / *broken*: hints whose subset match it turned right / wrong. Latency is the whole",
            "parse with the reader (one thread, tokenising included) per hint it read, on this 2-core",
            "machine; the CPU parser alone is in docs/eval-bench.md. The four blind sets, counted once with",
            "this reader, are in evals/data/BLIND.md.",
            "",
            *lines,
            "",
            cost,
            "",
        ]
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text("\n".join(body))
    return 0


if __name__ == "__main__":
    sys.exit(main())
