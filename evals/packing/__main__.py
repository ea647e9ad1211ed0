"""`uv run python -m evals.packing [--scenarios N] [--seed S] [--report FILE] [--figure FILE]`.

Fragmentation scenarios drawn from the Alibaba openb GPU trace (../shared/research/data/
alibaba-gpu-v2023-openb, see SOURCE.txt), scheduled by the kube-scheduler emulation with
emulated preemption; where pods stay Pending, the CP-SAT packer runs in each time window and
move policy. Prints the headline table, writes the markdown report and the PNG. Progress on
stderr. Seeded: the same arguments draw the same scenarios.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from evals.openb.convert import TraceNode, TracePod
from evals.packing.report import RunInfo, Suite, headline_table, markdown, rows, write_figure
from evals.packing.run import ScenarioResult, failing_scenarios, progress, solve_scenario
from evals.packing.scenarios import GeneratorConfig, load_trace
from semsched_scorer.domain.packer import MovePolicy

ROOT = Path(__file__).resolve().parents[2]
Trace = tuple[list[TraceNode], list[TracePod]]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m evals.packing", description=__doc__)
    parser.add_argument(
        "--scenarios", type=int, default=150, help="failing scenarios per small-cluster suite (default 150)"
    )
    parser.add_argument(
        "--large-scenarios", type=int, default=20, help="failing scenarios on larger clusters (0: none)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--windows", type=float, nargs="+", default=[1.0, 10.0], help="time limits, seconds")
    parser.add_argument(
        "--policies", nargs="+", default=["lower", "any"], choices=[p.value for p in MovePolicy]
    )
    parser.add_argument("--workers", type=int, default=2, help="CP-SAT worker threads")
    parser.add_argument("--min-nodes", type=int, default=5)
    parser.add_argument("--max-nodes", type=int, default=30)
    parser.add_argument("--large-min-nodes", type=int, default=60)
    parser.add_argument("--large-max-nodes", type=int, default=150)
    parser.add_argument("--min-load", type=float, default=0.85)
    parser.add_argument("--max-load", type=float, default=1.0)
    parser.add_argument("--pods", default="default", help="pod list: openb_pod_list_<PODS>.csv")
    parser.add_argument(
        "--no-plain", action="store_true", help="skip the suite against the emulation without preemption"
    )
    parser.add_argument("--max-attempts", type=int, default=20_000, help="scenarios drawn at most, per suite")
    parser.add_argument("--report", type=Path, default=ROOT / "docs" / "eval-packing.md")
    parser.add_argument("--figure", type=Path, default=ROOT / "docs" / "figures" / "packing.png")
    parser.add_argument("--json", type=Path, default=None, help="also write per-scenario results here")
    return parser.parse_args(argv)


@dataclass(frozen=True)
class SuiteSpec:
    title: str
    short: str
    config: GeneratorConfig
    preemption: bool
    count: int
    label: str = ""


def run_suite(args: argparse.Namespace, spec: SuiteSpec, started: float, data: Trace) -> Suite:
    nodes, pods = data
    policies = [MovePolicy(p) for p in args.policies]
    results: list[ScenarioResult] = []
    drawn = 0
    print(f"{spec.title}: {spec.count} failing scenarios wanted", file=sys.stderr)
    found = failing_scenarios(
        nodes, pods, spec.count, args.seed, spec.config, spec.preemption, args.max_attempts
    )
    for scenario, baseline, attempts in found:
        drawn = attempts
        result = solve_scenario(scenario, baseline, args.windows, policies, args.workers, args.seed)
        results.append(result)
        progress(len(results), spec.count, result, started)
    nodes_range = (spec.config.min_nodes, spec.config.max_nodes)
    return Suite(spec.title, spec.short, nodes_range, spec.preemption, drawn, results, spec.label)


def suite_specs(args: argparse.Namespace) -> list[SuiteSpec]:
    small = GeneratorConfig(args.min_nodes, args.max_nodes, args.min_load, args.max_load)
    large = GeneratorConfig(args.large_min_nodes, args.large_max_nodes, args.min_load, args.max_load)
    sizes = f"{args.min_nodes}-{args.max_nodes} nodes"
    specs = [SuiteSpec(f"Small clusters ({sizes}), default scheduler with preemption", "small", small, True,
                       args.scenarios)]  # fmt: skip
    if not args.no_plain:
        specs.append(SuiteSpec(f"Small clusters ({sizes}), default scheduler without preemption",
                               "no preempt.", small, False, args.scenarios,
                               "small, no preemption"))  # fmt: skip
    if args.large_scenarios > 0:
        title = f"Larger clusters ({args.large_min_nodes}-{args.large_max_nodes} nodes), with preemption"
        specs.append(SuiteSpec(title, "large", large, True, args.large_scenarios))
    return specs


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    data = load_trace(args.pods)
    print(f"trace: {len(data[0])} nodes, {len(data[1])} pods ({args.pods})", file=sys.stderr)
    suites = [run_suite(args, spec, started, data) for spec in suite_specs(args) if spec.count > 0]
    if not any(suite.results for suite in suites):
        print("no failing scenario drawn: nothing to report", file=sys.stderr)
        return 1
    policies = list(args.policies)
    for suite in suites:
        print(f"\n{suite.title} ({len(suite.results)} failing scenarios)")
        print(headline_table(rows(suite.results, policies, args.windows)))
    write_figure(args.figure, suites, policies, args.windows)
    shown = argv if argv is not None else sys.argv[1:]
    info = RunInfo(
        command=" ".join(["uv run python -m evals.packing", *map(shlex.quote, shown)]),
        seed=args.seed,
        pods_variant=args.pods,
        workers=args.workers,
        load_range=(args.min_load, args.max_load),
        wall_s=time.monotonic() - started,
    )
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(markdown(info, suites, policies, args.windows, args.figure, args.report))
    if args.json is not None:
        payload = {
            suite.title: [
                {**asdict(r), "windows": [asdict(w) for w in r.windows.values()]} for r in suite.results
            ]
            for suite in suites
        }
        args.json.write_text(json.dumps(payload, indent=1))
    invalid = sum(row.invalid for suite in suites for row in rows(suite.results, policies, args.windows))
    print(f"wrote {args.report} and {args.figure}; {invalid} invalid plans", file=sys.stderr)
    print(f"done in {time.monotonic() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
