"""The `semsched` command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from semsched_cli.options import parser_env, parser_options, reader_options
from semsched_core.errors import SemschedError


def _parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="semsched", description="semantic soft affinity for kube-scheduler")
    sub = root.add_subparsers(dest="command", required=True)

    up = sub.add_parser("up", help="run the whole platform on this machine (embedded NATS)")
    up.add_argument("--cluster", type=Path, required=True, help="kubectl get nodes,pods -o json|yaml output")
    up.add_argument("--port", type=int, default=8888, help="extender port on 127.0.0.1")
    up.add_argument("--data-dir", type=Path, default=None, help="JetStream data and service logs")
    up.add_argument("--extender-workers", type=int, default=2, help="extender processes on the port")
    parser_options(up)

    parse = sub.add_parser("parse", help="parse hints (JSON lines) into intents (JSON lines)")
    parse.add_argument("--context", type=Path, required=True)
    parse.add_argument("--input", type=Path, required=True)
    parse.add_argument("--output", type=Path, required=True)
    parse.add_argument("--max-hint-chars", type=int, default=2000)
    reader_options(parse)

    sim = sub.add_parser("simulate", help="schedule pods as kube-scheduler would, with semsched's extender")
    sim.add_argument("--cluster", type=Path, required=True)
    sim.add_argument("--pods", type=Path, required=True, help="Pods / Deployments / Jobs (List or YAML docs)")
    sim.add_argument("--output", type=Path, default=None)
    sim.add_argument("--baseline", action="store_true", help="kube-scheduler's defaults only, no extender")
    sim.add_argument("--extender-weight", type=int, default=10, help="the extender's weight (default 10)")
    sim.add_argument("--port", type=int, default=0, help="embedded extender port (default: a free one)")
    sim.add_argument("--seed", type=int, default=0, help="tie-break seed")
    sim.add_argument("--quiet", action="store_true", help="no per-pod lines")
    sim.add_argument(
        "--pack",
        action="store_true",
        help="after the greedy pass, apply the CP-SAT packer's recommendation for pods left pending "
        "(to the simulation only)",
    )
    sim.add_argument("--pack-window", type=float, default=1.0, help="packer time limit, seconds (default 1)")
    sim.add_argument(
        "--pack-policy",
        choices=["lower", "any"],
        default="lower",
        help="lower: only lower-priority pods move or are evicted (default); any: any pod may move",
    )
    sim.add_argument("--pack-max-moves", type=int, default=None, help="cap on moves + evictions")
    parser_options(sim)

    exp = sub.add_parser("explain", help="the per-intent breakdown of one pod's scores")
    exp.add_argument("pod", help="NAME or NAMESPACE/NAME")
    exp.add_argument("--nats-url", default=None, help="default: the platform `semsched up` started")
    exp.add_argument("--top", type=int, default=5)
    return root


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "up":
            from semsched_cli.commands import cmd_up

            return cmd_up(args.cluster, args.port, args.data_dir, args.extender_workers, parser_env(args))
        if args.command == "parse":
            from semsched_cli.parse_cmd import run_parse

            return run_parse(
                args.context, args.input, args.output, args.max_hint_chars, args.reader, args.reader_threshold
            )
        if args.command == "simulate":
            from semsched_cli.commands import cmd_simulate

            return cmd_simulate(args)
        from semsched_cli.commands import cmd_explain

        return cmd_explain(args.pod, args.nats_url, args.top)
    except SemschedError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # bad input files: manifests, snapshots
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
