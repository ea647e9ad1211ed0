"""`uv run python -m evals.backends`: the cpu, llm and hybrid backends on one sample of
labelled hints (dev + our tune split; never the blind set): subset / strength / exact
accuracy, p50 / p99 latency per hint, and for hybrid the share of hints sent to the LLM.

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
from pathlib import Path
from typing import Literal

from evals.backends.server import local_llama_server
from evals.intents.metrics import Judged, Scores
from semsched_intent_parser.adapters.llm import OpenAIChatBackend
from semsched_intent_parser.domain.router import ParserRouter
from semsched_intents import CpuParser
from semsched_proto import ClusterContext

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "evals"
Backend = Literal["cpu", "llm", "hybrid"]


def contexts() -> dict[str, ClusterContext]:
    found = {}
    for path in [SHARED / "cluster-dev.json", *sorted((ROOT / "evals" / "data" / "contexts").glob("*.json"))]:
        context = ClusterContext.model_validate(json.loads(path.read_text()))
        found[context.name or path.stem] = context
    return found


def sample(size: int, seed: int) -> list[dict[str, object]]:
    records = []
    for path in (SHARED / "hints-dev.jsonl", ROOT / "evals" / "data" / "hints-extra.jsonl"):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record.get("split", "tune") == "tune":
                records.append(record)
    return random.Random(seed).sample(records, min(size, len(records)))


async def run(
    backend: Backend,
    llm: OpenAIChatBackend,
    records: list[dict[str, object]],
    known: dict[str, ClusterContext],
    threshold: float,
) -> tuple[Scores, int]:
    router = ParserRouter(CpuParser(), backend, llm, threshold)
    scores, to_llm = Scores(), 0
    for record in records:
        context = known[str(record["context"])]
        started = time.perf_counter()
        result = await router.parse(str(record["hint"]), context)
        elapsed = (time.perf_counter() - started) * 1000
        to_llm += result.backend == "llm"
        gold = [Judged(g["type"], g["params"], g["strength"]) for g in record["intents"]]  # type: ignore[attr-defined]
        scores.add(
            gold, [Judged(i.type, i.params, i.strength, i.confidence) for i in result.intents], elapsed
        )
    return scores, to_llm


async def evaluate(base_url: str, model: str, style: str, args: argparse.Namespace) -> list[str]:
    llm = OpenAIChatBackend(
        base_url, model, timeout_s=args.timeout, retries=0, schema_style=style, max_tokens=200
    )  # type: ignore[arg-type]
    records, known = sample(args.sample, args.seed), contexts()
    rows = [
        "| backend | hints | subset | strength | exact | p50 ms | p99 ms | sent to LLM |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for backend in ("cpu", "llm", "hybrid"):
        scores, to_llm = await run(backend, llm, records, known, args.threshold)  # type: ignore[arg-type]
        rows.append(
            f"| {backend} | {scores.hints} | {scores.subset_accuracy:.3f} | {scores.strength_accuracy:.3f} | "
            f"{scores.exact_accuracy:.3f} | {scores.latency(50):.2f} | {scores.latency(99):.2f} | {to_llm} |"
        )
        print(rows[-1], flush=True)
    await llm.aclose()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--llm-url", default="", help="an OpenAI-compatible base URL (default: local llama.cpp)"
    )
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--style", default="", help="json_schema or json_object (default: by server)")
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--threshold", type=float, default=0.7, help="hybrid: below this CPU confidence, ask the LLM"
    )
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--report", type=Path, default=ROOT / "docs" / "eval-backends.md")
    args = parser.parse_args()
    if args.llm_url:
        rows = asyncio.run(evaluate(args.llm_url, args.model, args.style or "json_schema", args))
        server = args.llm_url
    else:
        with tempfile.TemporaryDirectory() as tmp, local_llama_server(Path(tmp) / "llama.log") as url:
            rows = asyncio.run(evaluate(url, "smollm2", args.style or "json_object", args))
        server = "llama.cpp serving SmolLM2-135M-Instruct (Q4_1), CPU"
    args.report.write_text(
        "# Parser backends: cpu, llm, hybrid\n\nProduced by `uv run python -m evals.backends` on this 2-core "
        f"machine: {args.sample} hints sampled (seed {args.seed}) from the dev set and our tune split; LLM: "
        f"{server}; hybrid threshold {args.threshold}. The LLM here is a 135M-parameter model: its accuracy "
        "is not a production figure; the latency and routing are.\n\n" + "\n".join(rows) + "\n"
    )
    print(f"report written to {args.report}")


if __name__ == "__main__":
    main()
