"""`uv run python -m evals.bench`: extender /prioritize latency on a 1,000-node cluster and
CPU parser latency/throughput, both as the editable install runs it (pure Python) and as the production
images run it (compiled by mypyc: scripts/build-compiled-parser.sh). Prints figures (medians and p99 of
one run) and writes docs/eval-bench.md. Nothing here asserts wall-clock times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson

from evals.bench.cluster import STATIC_HINTS, generate
from evals.bench.compiled import compiled_site
from evals.intents.__main__ import load_contexts
from semsched_cli.platform import Platform
from semsched_core.embedded_nats import free_port
from semsched_intents import COMPILED, CpuParser
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
    # every labelled hint file but the blind held-out set, which only its one scoring run may read
    tuned = [
        p for p in sorted((ROOT / "evals" / "data").glob("hints-*.jsonl")) if p.name != "hints-blind.jsonl"
    ]
    for path in [SHARED / "hints-dev.jsonl", *tuned]:
        for line in path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                hints.append(
                    (record["hint"], contexts.get(record.get("context", ""), contexts["cluster-dev"]))
                )
    return hints


# Sets written by "people who explain" (two to four sentences of background, D31): the longest hints
# the parser has been measured on, for the tail latency of long text.
LONG_SETS = ("study71", "study75")


def load_long_hints() -> list[tuple[str, ClusterContext]]:
    hints: list[tuple[str, ClusterContext]] = []
    for name in LONG_SETS:
        folder = ROOT / "evals" / "data" / name
        contexts = load_contexts(folder / "contexts")
        for line in (folder / f"hints-{name}.jsonl").read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                hints.append((record["hint"], contexts[record["context"]]))
    return hints


def bench_parser(rounds: int, hints: list[tuple[str, ClusterContext]] | None = None) -> dict[str, float]:
    hints = load_hints() if hints is None else hints
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
        "chars": statistics.mean(len(hint) for hint, _ in hints),
        "parses": len(latencies),
        "p50_ms": percentile(latencies, 50),
        "p99_ms": percentile(latencies, 99),
        "hints_per_s": len(latencies) / elapsed,
    }


def parser_figures(rounds: int) -> dict[str, object]:
    """Both parser figures (dev and tune hints, long hints) with the parser this interpreter imports."""
    return {
        "compiled": COMPILED,
        "dev": bench_parser(rounds),
        "long": bench_parser(rounds, load_long_hints()),
    }


def bench_compiled_parser(rounds: int) -> dict[str, object] | str:
    """The parser figures with the compiled wheel, in a subprocess; a reason string if it cannot be built."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            site = compiled_site(Path(tmp))
        except subprocess.CalledProcessError as exc:
            return f"not measured: the compiled wheel did not build ({exc.stderr.strip().splitlines()[-1:]})"
        env = {**os.environ, "PYTHONPATH": str(site)}
        command = [sys.executable, "-m", "evals.bench", "--parser-json", "--parse-rounds", str(rounds)]
        out = subprocess.run(command, check=True, capture_output=True, text=True, env=env, cwd=ROOT).stdout
    figures: dict[str, object] = json.loads(out)
    if not figures["compiled"]:
        return "not measured: the subprocess imported the pure-Python parser"
    return figures


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


WRK_SCRIPT = """
local bodies = {}
local i = 0
init = function(args)
  for _, path in ipairs(args) do
    local f = io.open(path, "rb"); bodies[#bodies + 1] = f:read("*a"); f:close()
  end
end
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", "/prioritize", {["Content-Type"] = "application/json"}, bodies[i])
end
"""


UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    """wrk's '812.00us' / '1.23ms' / '1.02s' in milliseconds."""
    match = re.fullmatch(r"([\d.]+)(us|ms|s)", text)
    if match is None:
        raise ValueError(f"unexpected wrk latency {text!r}")
    return float(match.group(1)) * UNITS_MS[match.group(2)]


def wrk_latency(url: str, bodies: list[bytes], seconds: int, concurrency: int, tmp: Path) -> dict[str, float]:
    """wrk (C, epoll) as the load generator: the client does not compete as a Python loop would."""
    files = []
    for i, body in enumerate(bodies):
        files.append(tmp / f"body-{i}.json")
        files[-1].write_bytes(body)
    script = tmp / "prioritize.lua"
    script.write_text(WRK_SCRIPT)
    command = ["wrk", "-t1", f"-c{concurrency}", f"-d{seconds}s", "--latency", "-s", str(script), url, "--",
               *map(str, files)]  # fmt: skip
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.MULTILINE))
    total = re.search(r"(\d+) requests in", out)
    return {
        "p50_ms": _ms(found["50"]),
        "p99_ms": _ms(found["99"]),
        "requests": float(total.group(1) if total else 0),
    }


def bench_prioritize(nodes: int, requests: int, levels: list[int], workers: int) -> dict[str, object]:
    cluster = generate(nodes=nodes)
    names = [item["metadata"]["name"] for item in cluster["items"] if item["kind"] == "Node"]
    static = [
        item
        for item in cluster["items"]
        if item["kind"] == "Pod"
        and item["metadata"].get("annotations", {}).get("semsched.io/hint") in STATIC_HINTS
    ]
    bodies = [orjson.dumps({"Pod": pod, "NodeNames": names}) for pod in static]
    by_level: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cluster.json"
        path.write_bytes(orjson.dumps(cluster))
        with Platform(
            path, port=free_port(), data_dir=Path(tmp) / "data", extender_workers=workers
        ) as platform:
            t0 = time.perf_counter()
            platform.wait_ready(timeout_s=300)
            warm_s = time.perf_counter() - t0
            asyncio.run(_fire(platform.extender_url, bodies, 200, 4))  # warm-up
            for level in levels:
                if shutil.which("wrk"):
                    trials = [
                        wrk_latency(platform.extender_url, bodies, 5, level, Path(tmp)) for _ in range(3)
                    ]
                    by_level[level] = {
                        "p50_ms": statistics.median(t["p50_ms"] for t in trials),
                        "p99_ms": statistics.median(t["p99_ms"] for t in trials),
                        "p99_spread": max(t["p99_ms"] for t in trials) - min(t["p99_ms"] for t in trials),
                        "requests": sum(t["requests"] for t in trials),
                    }
                else:
                    latencies = asyncio.run(_fire(platform.extender_url, bodies, requests, level))
                    by_level[level] = {
                        "p50_ms": statistics.median(latencies),
                        "p99_ms": percentile(latencies, 99),
                        "p99_spread": 0.0,
                        "requests": float(len(latencies)),
                    }
    client = (
        "wrk"
        if shutil.which("wrk")
        else "httpx in Python (apt-get install wrk: it does not compete for the CPU)"
    )
    return {"nodes": nodes, "workers": workers, "ready_s": warm_s, "client": client, "levels": by_level}


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--nodes", type=int, default=1000)
    args.add_argument("--requests", type=int, default=3000)
    args.add_argument("--concurrency", type=int, nargs="+", default=[1, 8])
    args.add_argument("--workers", type=int, default=2, help="extender worker processes")
    args.add_argument("--parse-rounds", type=int, default=5)
    args.add_argument("--report", type=Path, default=ROOT / "docs" / "eval-bench.md")
    args.add_argument("--no-compiled", action="store_true", help="skip building the compiled parser")
    args.add_argument("--parser-json", action="store_true", help=argparse.SUPPRESS)  # the subprocess's mode
    ns = args.parse_args()
    if ns.parser_json:
        print(json.dumps(parser_figures(ns.parse_rounds)))
        return
    pure = parser_figures(ns.parse_rounds)
    parse, long = pure["dev"], pure["long"]
    assert isinstance(parse, dict) and isinstance(long, dict)
    long_label = (
        f"{long['hints']:.0f} long hints ({', '.join(LONG_SETS)}, {long['chars']:.0f} characters on average)"
    )
    compiled = "not measured: --no-compiled" if ns.no_compiled else bench_compiled_parser(ns.parse_rounds)
    parser_rows = []
    for name, figures in (("pure Python (editable install)", pure), ("compiled by mypyc (images)", compiled)):
        if isinstance(figures, str):
            print(f"cpu parse, {name}: {figures}")
            parser_rows.append(f"| CPU parse, {name} | {figures} |\n")
            continue
        for label, got in (
            (f"{parse['hints']:.0f} distinct hints", figures["dev"]),
            (long_label, figures["long"]),
        ):
            assert isinstance(got, dict)
            line = f"p50 {got['p50_ms']:.3f} ms, p99 {got['p99_ms']:.3f} ms, {got['hints_per_s']:.0f} hints/s"
            print(f"cpu parse, {name}, {label} x {ns.parse_rounds}: {line}")
            parser_rows.append(
                f"| CPU parse, {name}, {label}: p50 / p99 per hint; distinct hints per second on one core "
                f"| {got['p50_ms']:.3f} ms / {got['p99_ms']:.3f} ms; {got['hints_per_s']:.0f} hints/s |\n"
            )
    prio = bench_prioritize(ns.nodes, ns.requests, ns.concurrency, ns.workers)
    levels: dict[int, dict[str, float]] = prio["levels"]  # type: ignore[assignment]
    rows = []
    # trials (and so a spread) only with wrk; the Python client runs once
    trials = "median of 3 trials" if prio["client"] == "wrk" else "one trial"
    for level, figures in levels.items():
        spread = f", p99 spread {figures['p99_spread']:.2f} ms" if prio["client"] == "wrk" else ""
        print(
            f"/prioritize, view ready, {ns.nodes} nodes, {ns.workers} extender worker(s), "
            f"concurrency {level}: p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms "
            f"({trials}{spread}) "
            f"({figures['requests']:.0f} requests, client {prio['client']})"
        )
        rows.append(
            f"| /prioritize p50 / p99, view ready, {ns.nodes} nodes, concurrency {level} "
            f"| {figures['p50_ms']:.2f} ms / {figures['p99_ms']:.2f} ms ({trials}{spread}) |\n"
        )
    ns.report.parent.mkdir(parents=True, exist_ok=True)
    ns.report.write_text(
        "# Benchmarks\n\nProduced by `uv run python -m evals.bench` (one run on a 2-core machine; "
        "the load generator shares the 2 cores with the whole platform).\n\n"
        "| figure | value |\n|---|---|\n"
        + "".join(parser_rows)
        + "".join(rows)
        + f"| platform ready (snapshot loaded, views warm), {ns.nodes} nodes | {prio['ready_s']:.1f} s |\n"
        f"\nExtender: {ns.workers} worker process(es) on one port (SO_REUSEPORT). Load generator: "
        f"{prio['client']}, closed loop, one connection per concurrent client.\n"
        "\nThe compiled parser is the wheel scripts/build-compiled-parser.sh builds, as the service images "
        "install it; it reads every hint exactly as the pure-Python parser does "
        "(tests/test_compiled_parser.py).\n"
    )
    print(f"report written to {ns.report}")


if __name__ == "__main__":
    main()
