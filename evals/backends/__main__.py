"""`uv run python -m evals.backends`: the cpu, llm and hybrid backends on one sample of
labelled hints: subset / strength / exact accuracy, p50 / p99 latency per hint, and for hybrid
the share of hints sent to the LLM. The backends are the intent-parser service's own
(`ParserRouter`), with the reader it loads by default (`--reader bundled`), so "cpu" is the
rules with the shipped reader and "hybrid" sends what they are unsure of to the LLM.

`--data dev` (default) samples the dev set and our tune split; `--data fresh` the unstudied
fresh study sets (study77 on, each with its own contexts; `--sample 0` takes all 4,200). With
`--blind` the four blind sets are counted too, pooled and in counts only: do that once, for a
model worth counting (D38).

With no `--llm-url` it serves SmolLM2-135M locally with llama.cpp (installed by
scripts/install-llm-test-server.sh). That model is tiny: its accuracy says nothing about
a production model, the latency and the routing do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from evals.backends.server import local_llama_server
from evals.intents.__main__ import load_contexts
from evals.intents.metrics import Judged, Scores
from evals.propose.dump import fresh_sets, sets
from semsched_intent_parser.adapters.llm import OpenAIChatBackend
from semsched_intent_parser.domain.router import ParserRouter
from semsched_intents import CpuParser
from semsched_intents.reader import ReaderError, ReadingParser, load_reading
from semsched_proto import ClusterContext

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "evals"
Backend = Literal["cpu", "llm", "hybrid"]


Record = tuple[dict[str, Any], ClusterContext]


def dev_records() -> list[Record]:
    known = load_contexts(ROOT / "evals" / "data" / "contexts")
    records = []
    for path in (SHARED / "hints-dev.jsonl", ROOT / "evals" / "data" / "hints-extra.jsonl"):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record.get("split", "tune") == "tune":
                records.append((record, known[record["context"]]))
    return records


def set_records(group: Sequence[tuple[str, Path, Path]]) -> list[Record]:
    """Every hint of a group of labelled sets, each read against its own set's contexts."""
    records = []
    for _, hints, folder in group:
        known = load_contexts(folder)
        for line in hints.read_text().splitlines():
            record = json.loads(line)
            records.append((record, known[record["context"]]))
    return records


def sample(records: list[Record], size: int, seed: int) -> list[Record]:
    """`size` records drawn with `seed`; all of them, in order, for 0."""
    return records if size <= 0 else random.Random(seed).sample(records, min(size, len(records)))


def chosen(data: str, size: int, seed: int) -> list[Record]:
    """The records `--data`, `--sample` and `--seed` ask for: the dev set and our tune split, or
    the fresh study sets."""
    return sample(dev_records() if data == "dev" else set_records(fresh_sets()), size, seed)


class Backends:
    """The service's router for each backend, over one CPU parser and one loaded reader."""

    def __init__(self, threshold: float, cpu: CpuParser, reading: ReadingParser | None) -> None:
        self.threshold, self.cpu, self.reading = threshold, cpu, reading

    async def run(
        self, backend: Backend, llm: OpenAIChatBackend, records: list[Record]
    ) -> tuple[Scores, int]:
        router = ParserRouter(self.cpu, backend, llm, self.threshold, self.reading)
        scores, to_llm = Scores(), 0
        try:
            for record, context in records:
                started = time.perf_counter()
                result = await router.parse(str(record["hint"]), context)
                elapsed = (time.perf_counter() - started) * 1000
                to_llm += result.backend == "llm"
                gold = [Judged(g["type"], g["params"], g["strength"]) for g in record["intents"]]
                predicted = [Judged(i.type, i.params, i.strength, i.confidence) for i in result.intents]
                scores.add(gold, predicted, elapsed)
        finally:
            router.close()
        return scores, to_llm


ROW = "| {} | {} | {:.3f} | {:.3f} | {:.3f} | {:.2f} | {:.2f} | {} |"


async def evaluate(
    base_url: str, model: str, style: str, args: argparse.Namespace, backends: Backends
) -> list[str]:
    llm = OpenAIChatBackend(
        base_url, model, timeout_s=args.timeout, retries=0, schema_style=style, max_tokens=200
    )  # type: ignore[arg-type]
    records = chosen(args.data, args.sample, args.seed)
    rows = [
        "| backend | hints | subset | strength | exact | p50 ms | p99 ms | sent to LLM |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for backend in ("cpu", "llm", "hybrid"):
        scores, to_llm = await backends.run(backend, llm, records)  # type: ignore[arg-type]
        rows.append(
            ROW.format(
                backend, scores.hints, scores.subset_accuracy, scores.strength_accuracy,
                scores.exact_accuracy, scores.latency(50), scores.latency(99), to_llm,
            )
        )  # fmt: skip
        print(rows[-1], flush=True)
    if args.blind:
        blind = set_records(sets()[1])
        for backend in ("cpu", "hybrid"):
            scores, to_llm = await backends.run(backend, llm, blind)  # type: ignore[arg-type]
            rows.append(
                f"| {backend}, four blind sets pooled | {scores.hints} | {scores.subset_hits} hints "
                f"| - | {scores.exact_hits} hints | - | - | {to_llm} |"
            )
            print(rows[-1], flush=True)
    await llm.aclose()
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--llm-url", default="", help="an OpenAI-compatible base URL (default: local llama.cpp)"
    )
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--style", default="", help="json_schema or json_object (default: by server)")
    parser.add_argument(
        "--data", choices=("dev", "fresh"), default="dev", help="dev + tune split, or the fresh sets"
    )
    parser.add_argument("--sample", type=int, default=60, help="hints drawn; 0 takes all")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--threshold", type=float, default=0.7, help="hybrid: below this CPU confidence, ask the LLM"
    )
    parser.add_argument("--reader", default="bundled", help="the reader setting, as the service's")
    parser.add_argument("--blind", action="store_true", help="also count the blind sets (once per model)")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--report", type=Path, default=ROOT / "docs" / "eval-backends.md")
    args = parser.parse_args(argv)
    cpu = CpuParser()
    try:
        backends = Backends(args.threshold, cpu, load_reading(args.reader, cpu))
    except ReaderError as exc:
        parser.error(str(exc))
    if args.llm_url:
        rows = asyncio.run(evaluate(args.llm_url, args.model, args.style or "json_schema", args, backends))
        server = args.llm_url
    else:
        with tempfile.TemporaryDirectory() as tmp, local_llama_server(Path(tmp) / "llama.log") as url:
            rows = asyncio.run(evaluate(url, "smollm2", args.style or "json_object", args, backends))
        server = "llama.cpp serving SmolLM2-135M-Instruct (Q4_1), CPU"
    drawn = "all" if args.sample <= 0 else f"{args.sample} hints sampled (seed {args.seed}) from"
    data = "the dev set and our tune split" if args.data == "dev" else "the fresh study sets (study77 on)"
    args.report.write_text(
        "# Parser backends: cpu, llm, hybrid\n\nProduced by `uv run python -m evals.backends` on this 2-core "
        f"machine: {drawn} {data}; reader: {args.reader}; LLM: {server}; hybrid threshold "
        f"{args.threshold}. The LLM here is a 135M-parameter model unless named otherwise: its accuracy "
        "is not a production figure; the latency and routing are.\n\n" + "\n".join(rows) + "\n"
    )
    print(f"report written to {args.report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
