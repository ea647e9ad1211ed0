"""`uv run python -m evals.scenarios [--only A] [--report FILE] [--figure FILE]`.

For each scenario: semsched (an embedded platform on the scenario's cluster, the hinted pods
scheduled by the emulated kube-scheduler plus the extender) against the baseline (the native
manifests, emulated kube-scheduler alone). Prints the table and whether the issue's targets
are met, writes the markdown report and the PNG figure. Exits 0: figures are reported, not
asserted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from evals.scenarios.metrics import evaluate
from evals.scenarios.report import Outcome, figure, markdown, table, targets
from evals.scenarios.run import run_baseline, run_semsched
from evals.scenarios.scenario import Cluster, Scenario, Workload, parse_intents, scenarios

ROOT = Path(__file__).resolve().parents[2]


def run_one(scenario: Scenario, seed: int) -> Outcome:
    cluster = Cluster.load(scenario.cluster)
    intents = parse_intents(cluster, Workload.load(scenario.pods))
    print(f"scenario {scenario.key} ({scenario.title}): semsched...", file=sys.stderr)
    ours = run_semsched(scenario, seed)
    print(f"scenario {scenario.key}: baseline...", file=sys.stderr)
    theirs = run_baseline(scenario, seed)
    if len(theirs.placements) != len(ours.placements):
        raise SystemExit(f"scenario {scenario.key}: the baseline does not have the same pods")
    return Outcome(scenario, evaluate(cluster, ours, intents), evaluate(cluster, theirs, intents))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.scenarios", description=__doc__)
    parser.add_argument("--only", action="append", help="scenario letter (repeatable), e.g. --only E")
    parser.add_argument("--report", type=Path, default=ROOT / "docs" / "eval-scenarios.md")
    parser.add_argument("--figure", type=Path, default=ROOT / "docs" / "figures" / "scenarios.png")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    outcomes = [run_one(s, args.seed) for s in scenarios(args.only)]
    print(table(outcomes))
    missed = targets(outcomes)
    print("\nTARGETS MET" if not missed else "\nTARGETS MISSED:\n  " + "\n  ".join(missed))
    figure(outcomes, args.figure)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(markdown(outcomes, args.figure, args.report))
    print(f"\nwrote {args.report} and {args.figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
