"""`uv run python -m evals.openb [--limit N] [--report docs/eval-openb.md]`: the Alibaba
openb GPU trace (1,523 nodes, 8,152 pods; ../shared/research/data/alibaba-gpu-v2023-openb,
see SOURCE.txt) scheduled through semsched's real extender path and by the kube-scheduler
emulation alone. Prints the figures, writes the report and a figure. Always exits 0.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import tempfile
import time
from pathlib import Path

from evals.openb.convert import DATA_DIR, Converted, TraceNode, TracePod, convert, read_nodes
from evals.openb.hints import HintCheck, check_hints
from evals.openb.metrics import TaskMix
from evals.openb.report import Figures, summarise, write_figure, write_report
from evals.openb.runner import ArmResult, run_baseline, run_semsched
from semsched_cli.simulate import K8sObject
from semsched_kube.attributes import context_from_cluster
from semsched_kube.objects import node_from_k8s
from semsched_kube.snapshot import load_objects

ROOT = Path(__file__).resolve().parents[2]
TARGET_PODS_PER_S = 100.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m evals.openb", description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="first N pods (creation order) only")
    parser.add_argument(
        "--pods",
        default="gpuspec33",
        help="pod list variant: openb_pod_list_<VARIANT>.csv (default gpuspec33: the 8,152 pods "
        "of `default` with GPU-type constraints on 33%% of the GPU pods)",
    )
    parser.add_argument("--report", type=Path, default=None, help="write the Markdown report here")
    parser.add_argument("--figure", type=Path, default=None, help="PNG (default docs/figures/openb.png)")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "semsched-openb")
    parser.add_argument("--workers", type=int, default=2, help="extender worker processes")
    parser.add_argument("--replot", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--skip-semsched", action="store_true", help="baseline only (development)")
    return parser.parse_args(argv)


def prepare(args: argparse.Namespace) -> tuple[Converted, list[TraceNode], list[TracePod]]:
    nodes_csv = DATA_DIR / "openb_node_list_all_node.csv"
    pods_csv = DATA_DIR / f"openb_pod_list_{args.pods}.csv"
    out = args.workdir / f"{args.pods}-{args.limit or 'all'}"
    converted, pods = convert(nodes_csv, pods_csv, out, args.limit)
    print(
        f"converted {pods_csv.name}: {len(pods)} pods -> {out} (digest {converted.digest})", file=sys.stderr
    )
    return converted, read_nodes(nodes_csv), pods


def hint_check(converted: Converted, pods: list[TracePod]) -> HintCheck:
    nodes = [node_from_k8s(obj) for obj in load_objects(converted.cluster) if obj.get("kind") == "Node"]
    check = check_hints(pods, context_from_cluster(nodes, [], name="openb"))
    print(
        f"hints: {check.hinted_pods} hinted pods, {check.distinct_hints} distinct; CPU parser reads "
        f"{check.ok_pods}/{check.hinted_pods} ({check.rate:.1%}) as the hint table means",
        file=sys.stderr,
    )
    for hint, count, expected, got in check.failures:
        print(f"  MISREAD x{count}: {hint!r}: expected {expected}; parsed {got}", file=sys.stderr)
    return check


def pods_of(path: Path) -> list[K8sObject]:
    return [obj for obj in load_objects(path) if obj.get("kind") == "Pod"]


def run(args: argparse.Namespace) -> Figures:
    converted, nodes, pods = prepare(args)
    check = hint_check(converted, pods)
    mix = TaskMix.of(pods)
    print("baseline: kube-scheduler emulation, no extender", file=sys.stderr)
    baseline = run_baseline(converted.cluster, pods_of(converted.baseline_pods), nodes, pods, mix)
    semsched: ArmResult | None = None
    if not args.skip_semsched:
        print(f"semsched: embedded platform, {args.workers} extender workers", file=sys.stderr)
        semsched = run_semsched(
            converted.cluster, pods_of(converted.semsched_pods), nodes, pods, mix, args.workers
        )
    return summarise(args, converted, nodes, pods, check, baseline, semsched)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    try:
        figures = pickle.loads(args.replot.read_bytes()) if args.replot else run(args)
    except Exception as exc:  # an evaluation reports; it never fails the caller
        print(f"evaluation failed: {exc!r}", file=sys.stderr)
        return 0
    (args.workdir / "figures.pickle").write_bytes(pickle.dumps(figures))
    print(json.dumps(figures.headline(), indent=2))
    figure = args.figure or ROOT / "docs" / "figures" / "openb.png"
    write_figure(figure, figures)
    if args.report is not None:
        write_report(args.report, figure, figures)
        print(f"report written to {args.report}", file=sys.stderr)
    rate = figures.semsched_pods_per_s
    if rate is not None:
        verdict = "MEETS" if rate >= TARGET_PODS_PER_S else "BELOW"
        print(
            f"throughput through the extender: {rate:.1f} pods/s "
            f"({verdict} the {TARGET_PODS_PER_S:.0f} pods/s target)"
        )
    print(f"done in {time.monotonic() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
