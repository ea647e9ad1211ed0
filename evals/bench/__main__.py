"""`uv run python -m evals.bench`: extender /prioritize latency on a 1,000-node cluster and
CPU parser latency/throughput. Prints figures (medians and p99 of one run) and writes
docs/eval-bench.md. Nothing here asserts wall-clock times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import orjson

from evals.bench.cluster import STATIC_HINTS, generate
from semsched_cli.platform import Platform
from semsched_core.embedded_nats import free_port
from semsched_intents import CpuParser
from semsched_proto import ClusterContext

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "evals"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def load_hints() -> list[tuple[str, ClusterContext]]:
    contexts = {
        "cluster-dev": ClusterContext.model_validate(
            {k: v for k, v in json.loads((SHARED / "cluster-dev.json").read_text()).items() if k != "name"}
        )
    }
    for path in sorted((ROOT / "evals" / "data" / "contexts").glob("*.json")):
        raw = json.loads(path.read_text())
        contexts[raw.get("name", path.stem)] = ClusterContext.model_validate(
            {k: v for k, v in raw.items() if k in ClusterContext.model_fields}
        )
    hints: list[tuple[str, ClusterContext]] = []
    for path in [SHARED / "hints-dev.jsonl", *sorted((ROOT / "evals" / "data").glob("hints-*.jsonl"))]:
        for line in path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                hints.append(
                    (record["hint"], contexts.get(record.get("context", ""), contexts["cluster-dev"]))
                )
    return hints


def bench_parser(rounds: int) -> dict[str, float]:
    hints = load_hints()
    parser = CpuParser()
    for hint, context in hints:  # per-context tables are built once, as in the service
        parser.parse(hint, context)
    latencies: list[float] = []
    started = time.perf_counter()
    for _ in range(rounds):
        for hint, context in hints:
            t0 = time.perf_counter()
            parser.parse(hint, context)
            latencies.append((time.perf_counter() - t0) * 1000)
    elapsed = time.perf_counter() - started
    return {
        "hints": len(hints),
        "parses": len(latencies),
        "p50_ms": percentile(latencies, 50),
        "p99_ms": percentile(latencies, 99),
        "hints_per_s": len(latencies) / elapsed,
    }


async def _fire(url: str, bodies: list[bytes], total: int, concurrency: int) -> list[float]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=10.0) as client:

        async def worker(offset: int) -> None:
            for i in range(offset, total, concurrency):
                t0 = time.perf_counter()
                reply = await client.post("/prioritize", content=bodies[i % len(bodies)])
                latencies.append((time.perf_counter() - t0) * 1000)
                reply.raise_for_status()

        await asyncio.gather(*(worker(k) for k in range(concurrency)))
    return latencies


def bench_prioritize(nodes: int, requests: int, concurrency: int) -> dict[str, float]:
    cluster = generate(nodes=nodes)
    names = [item["metadata"]["name"] for item in cluster["items"] if item["kind"] == "Node"]
    static = [
        item
        for item in cluster["items"]
        if item["kind"] == "Pod"
        and item["metadata"].get("annotations", {}).get("semsched.io/hint") in STATIC_HINTS
    ]
    bodies = [orjson.dumps({"Pod": pod, "NodeNames": names}) for pod in static]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cluster.json"
        path.write_bytes(orjson.dumps(cluster))
        with Platform(path, port=free_port(), data_dir=Path(tmp) / "data") as platform:
            t0 = time.perf_counter()
            platform.wait_ready(timeout_s=300)
            warm_s = time.perf_counter() - t0
            asyncio.run(_fire(platform.extender_url, bodies, 200, concurrency))  # warm-up
            latencies = asyncio.run(_fire(platform.extender_url, bodies, requests, concurrency))
    return {
        "nodes": nodes,
        "requests": len(latencies),
        "concurrency": concurrency,
        "ready_s": warm_s,
        "p50_ms": statistics.median(latencies),
        "p99_ms": percentile(latencies, 99),
        "max_ms": max(latencies),
    }


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--nodes", type=int, default=1000)
    args.add_argument("--requests", type=int, default=3000)
    args.add_argument("--concurrency", type=int, default=8)
    args.add_argument("--parse-rounds", type=int, default=5)
    args.add_argument("--report", type=Path, default=ROOT / "docs" / "eval-bench.md")
    ns = args.parse_args()
    parse = bench_parser(ns.parse_rounds)
    print(
        f"cpu parse: {parse['hints']:.0f} distinct hints x {ns.parse_rounds}: p50 {parse['p50_ms']:.3f} ms, "
        f"p99 {parse['p99_ms']:.3f} ms, {parse['hints_per_s']:.0f} hints/s on one core"
    )
    prio = bench_prioritize(ns.nodes, ns.requests, ns.concurrency)
    print(
        f"/prioritize, view ready, {prio['nodes']:.0f} nodes, {prio['requests']:.0f} requests at concurrency "
        f"{prio['concurrency']:.0f} over loopback: p50 {prio['p50_ms']:.2f} ms, p99 {prio['p99_ms']:.2f} ms "
        f"(platform ready in {prio['ready_s']:.1f}s)"
    )
    ns.report.parent.mkdir(parents=True, exist_ok=True)
    ns.report.write_text(
        "# Benchmarks\n\nProduced by `uv run python -m evals.bench` (one run on a 2-core machine; "
        "medians and "
        "p99 of that run).\n\n| figure | value |\n|---|---|\n"
        f"| CPU parse p50 / p99 per hint | {parse['p50_ms']:.3f} ms / {parse['p99_ms']:.3f} ms |\n"
        f"| CPU parse throughput, one core, distinct hints | {parse['hints_per_s']:.0f} hints/s |\n"
        f"| /prioritize p50 / p99, view ready, {prio['nodes']:.0f} nodes, "
        f"concurrency {prio['concurrency']:.0f} "
        f"| {prio['p50_ms']:.2f} ms / {prio['p99_ms']:.2f} ms |\n"
        f"| platform ready (snapshot loaded, views warm) | {prio['ready_s']:.1f} s |\n"
    )
    print(f"report written to {ns.report}")


if __name__ == "__main__":
    main()
