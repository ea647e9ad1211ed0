"""`uv run python -m evals.bench.catchup [--pods N]`: how long the intent parser's start-up catch-up
takes to read the pods bucket, the way it did before D38 (every key, then a get per pod) and the
way it does now (`Bus.values`, one watch), on an embedded nats-server on loopback. Prints the
figures of one run; nothing asserts wall-clock times.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from evals.bench.buckets import bus_with_pods
from semsched_proto import PodState, subjects


async def measure(pods: int, folder: Path) -> tuple[float, float]:
    async with bus_with_pods(folder, pods) as bus:
        began = time.perf_counter()
        one_by_one = [
            await bus.get(subjects.KV_PODS, key, PodState) for key in await bus.keys(subjects.KV_PODS)
        ]
        per_key = time.perf_counter() - began
        began = time.perf_counter()
        streamed = await bus.values(subjects.KV_PODS, PodState)
        watched = time.perf_counter() - began
        if len(one_by_one) != pods or len(streamed) != pods:
            raise SystemExit(f"read {len(one_by_one)} and {len(streamed)} of {pods} pods")
        return per_key, watched


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m evals.bench.catchup", description=__doc__.splitlines()[0])
    ap.add_argument("--pods", type=int, default=20_000)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        per_key, watched = asyncio.run(measure(args.pods, Path(tmp)))
    print(
        f"{args.pods} pods: keys then a get per pod {per_key:.2f} s; one watch (Bus.values) {watched:.2f} s; "
        f"{per_key / watched:.1f}x"
    )


if __name__ == "__main__":
    main()
