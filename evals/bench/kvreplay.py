"""`uv run python -m evals.bench.kvreplay [--keys N] [--rounds R]`: how often reading a whole bucket
comes back short, on an embedded nats-server on loopback. Each round reads the same pods bucket
three ways: nats-py's `KeyValue.keys()`, which ends at nats-py's end-of-replay marker, and
`Bus.keys` and `Bus.values`, which end at the bucket's last sequence (D39). Prints the count of
short reads of each; nats-py's is a property of the client and the machine's timing, so it varies
from run to run.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

import nats.js.errors

from evals.bench.buckets import bus_with_pods
from semsched_proto import PodState, subjects


async def measure(keys: int, rounds: int, folder: Path) -> dict[str, int]:
    short = {"nats-py KeyValue.keys()": 0, "Bus.keys": 0, "Bus.values": 0}
    async with bus_with_pods(folder, keys) as bus:
        kv = await bus.kv(subjects.KV_PODS)
        for _ in range(rounds):
            try:
                listed = len(await kv.keys())
            except nats.js.errors.NoKeysError:
                listed = 0
            short["nats-py KeyValue.keys()"] += listed != keys
            short["Bus.keys"] += len(await bus.keys(subjects.KV_PODS)) != keys
            short["Bus.values"] += len(await bus.values(subjects.KV_PODS, PodState)) != keys
    return short


def main(argv: list[str] | None = None) -> dict[str, int]:
    ap = argparse.ArgumentParser(prog="python -m evals.bench.kvreplay", description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=1500)
    ap.add_argument("--rounds", type=int, default=100)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        short = asyncio.run(measure(args.keys, args.rounds, Path(tmp)))
    counts = "; ".join(f"{way} {n}" for way, n in short.items())
    print(f"{args.keys} keys, {args.rounds} reads each way, short reads: {counts}")
    return short


if __name__ == "__main__":
    main()
