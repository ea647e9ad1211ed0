"""Figures of an openb run, the Markdown report and the PNG figure."""

from __future__ import annotations

import argparse
import os
import platform as host
from dataclasses import dataclass, field
from pathlib import Path

from evals.openb.convert import SOURCE_NOTE, Converted, TraceNode, TracePod, node_manifest
from evals.openb.hints import HintCheck
from evals.openb.metrics import TaskMix, fragmentation, stranded_share, whole_free_nodes
from evals.openb.runner import ArmResult, gpu_spec_violations

OUTCOMES = ("view", "view_waited", "view_stale", "missing", "sync", "neutral", "no_hint")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


@dataclass
class ArmFigures:
    name: str
    pods: int
    placed: int
    gpu_alloc: float
    cpu_alloc: float
    mem_alloc: float
    frag: float
    stranded: float
    whole_free_nodes: int
    spec_violations: int
    wall_s: float
    p50_ms: float
    p99_ms: float
    ext_p50_ms: float = 0.0
    ext_p99_ms: float = 0.0
    ext_total_s: float = 0.0
    ready_s: float | None = None
    curve: list[tuple[int, float, float]] = field(default_factory=list)
    metrics: dict[str, dict[str, float]] = field(default_factory=dict)

    @property
    def pending(self) -> int:
        return self.pods - self.placed

    @property
    def pods_per_s(self) -> float:
        return self.pods / self.wall_s if self.wall_s > 0 else 0.0

    def outcomes(self) -> dict[str, int]:
        ext = self.metrics.get("extender", {})
        return {
            o: int(ext.get(f'semsched_extender_prioritize_total{{outcome="{o}"}}', 0))
            for o in OUTCOMES
            if ext.get(f'semsched_extender_prioritize_total{{outcome="{o}"}}', 0)
        }


@dataclass
class Figures:
    variant: str
    digest: str
    nodes: int
    gpus: int
    pods: int
    hints: HintCheck
    baseline: ArmFigures
    semsched: ArmFigures | None

    @property
    def semsched_pods_per_s(self) -> float | None:
        return self.semsched.pods_per_s if self.semsched is not None else None

    def headline(self) -> dict[str, object]:
        arms = [self.baseline, *([self.semsched] if self.semsched else [])]
        return {
            arm.name: {
                "placed": arm.placed,
                "pending": arm.pending,
                "gpu_alloc": round(arm.gpu_alloc, 4),
                "fragmentation": round(arm.frag, 4),
                "pods_per_s": round(arm.pods_per_s, 1),
                "p50_ms": round(arm.p50_ms, 2),
                "p99_ms": round(arm.p99_ms, 2),
                "outcomes": arm.outcomes(),
            }
            for arm in arms
        }


def arm_figures(result: ArmResult, nodes: list[TraceNode], pods: list[TracePod], mix: TaskMix) -> ArmFigures:
    state = result.state
    assert state is not None
    labels = {n.name: node_manifest(n)["metadata"]["labels"] for n in nodes}  # type: ignore[index]
    by_name = {f"openb/{p.name}": p for p in pods}
    gpu_pods = [p for p in pods if p.num_gpu > 0]
    cpu, mem, gpu = state.allocation()
    return ArmFigures(
        name=result.name,
        pods=len(result.placements),
        placed=sum(1 for p in result.placements if p.node is not None),
        gpu_alloc=gpu,
        cpu_alloc=cpu,
        mem_alloc=mem,
        frag=fragmentation(state, mix),
        stranded=stranded_share(
            state,
            min((p.cpu_milli for p in gpu_pods), default=0),
            min((p.memory_mib for p in gpu_pods), default=0),
        ),
        whole_free_nodes=whole_free_nodes(state),
        spec_violations=gpu_spec_violations(result.placements, by_name, lambda n: labels[n]),
        wall_s=result.wall_s,
        p50_ms=percentile(result.latencies, 50) * 1000,
        p99_ms=percentile(result.latencies, 99) * 1000,
        ext_p50_ms=percentile(result.extender_seconds, 50) * 1000,
        ext_p99_ms=percentile(result.extender_seconds, 99) * 1000,
        ext_total_s=sum(result.extender_seconds),
        ready_s=result.ready_s,
        curve=result.curve,
        metrics=result.metrics,
    )


def summarise(
    args: argparse.Namespace,
    converted: Converted,
    nodes: list[TraceNode],
    pods: list[TracePod],
    check: HintCheck,
    baseline: ArmResult,
    semsched: ArmResult | None,
) -> Figures:
    mix = TaskMix.of(pods)
    return Figures(
        variant=args.pods,
        digest=converted.digest,
        nodes=len(nodes),
        gpus=sum(n.gpus for n in nodes),
        pods=len(pods),
        hints=check,
        baseline=arm_figures(baseline, nodes, pods, mix),
        semsched=arm_figures(semsched, nodes, pods, mix) if semsched is not None else None,
    )


def write_figure(path: Path, figures: Figures) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    for arm in (figures.baseline, figures.semsched):
        if arm is None or not arm.curve:
            continue
        done = [c[0] for c in arm.curve]
        left.plot(done, [100 * c[1] for c in arm.curve], label=arm.name)
        right.plot(done, [100 * c[2] for c in arm.curve], label=arm.name)
    left.set(xlabel="pods scheduled (creation order)", ylabel="GPUs allocated (%)", title="GPU allocation")
    right.set(
        xlabel="pods scheduled (creation order)", ylabel="fragmented free GPUs (%)", title="Fragmentation"
    )
    for ax in (left, right):
        ax.grid(alpha=0.3)
        ax.legend()
    fig.suptitle(
        f"Alibaba openb trace ({figures.variant}): {figures.nodes} nodes, {figures.pods} pods", fontsize=10
    )
    fig.text(0.01, 0.01, "Data: alibaba/clusterdata cluster-trace-gpu-v2023 (SOURCE.txt)", fontsize=7)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _row(label: str, base: str, sem: str | None) -> str:
    return f"| {label} | {base} | {sem if sem is not None else '—'} |"


def _table(figures: Figures) -> list[str]:
    b, s = figures.baseline, figures.semsched

    def both(fmt: str, attr: str) -> tuple[str, str | None]:
        return fmt.format(getattr(b, attr)), (fmt.format(getattr(s, attr)) if s is not None else None)

    rows = [
        ("pods placed", "{}", "placed"),
        ("pods pending (fit nowhere)", "{}", "pending"),
        ("GPU allocation (allocated / total GPUs)", "{:.1%}", "gpu_alloc"),
        ("fragmentation (FGD-style, whole GPUs)", "{:.1%}", "frag"),
        ("free GPUs stranded (no CPU/memory left for any GPU task)", "{:.1%}", "stranded"),
        ("GPU nodes with every GPU free", "{}", "whole_free_nodes"),
        ("CPU allocation", "{:.1%}", "cpu_alloc"),
        ("memory allocation", "{:.1%}", "mem_alloc"),
        ("gpu_spec violations", "{}", "spec_violations"),
        ("scheduling wall time (s)", "{:.1f}", "wall_s"),
        ("throughput (pods/s)", "{:.1f}", "pods_per_s"),
        ("per-pod latency p50 (ms)", "{:.2f}", "p50_ms"),
        ("per-pod latency p99 (ms)", "{:.2f}", "p99_ms"),
    ]
    lines = [
        "| figure | baseline (kube-scheduler emulation) | semsched (extender, weight 10) |",
        "|---|---|---|",
    ]
    lines += [_row(label, *both(fmt, attr)) for label, fmt, attr in rows]
    return lines


def _breakdown(s: ArmFigures) -> list[str]:
    scorer = s.metrics.get("scorer", {})
    recompute_n = scorer.get("semsched_scorer_recompute_seconds_count", 0.0)
    recompute_s = scorer.get("semsched_scorer_recompute_seconds_sum", 0.0)
    emulator_s = s.wall_s - s.ext_total_s
    outcomes = ", ".join(f"{k} {v}" for k, v in s.outcomes().items()) or "not scraped"
    return [
        f"- wall time {s.wall_s:.1f} s = /prioritize calls {s.ext_total_s:.1f} s "
        f"({s.ext_total_s / max(s.wall_s, 1e-9):.0%}) + emulator and bookkeeping {emulator_s:.1f} s",
        f"- /prioritize round trip (client side) p50 {s.ext_p50_ms:.2f} ms, p99 {s.ext_p99_ms:.2f} ms",
        f"- extender answers by source (`semsched_extender_prioritize_total`, "
        f"{int(s.metrics.get('extender', {}).get('workers_seen', 0))} workers summed): {outcomes}",
        f"- scorer: {int(recompute_n)} recompute batches, {recompute_s:.1f} s in total; "
        f"{int(scorer.get('semsched_scorer_views_written_total', 0))} views written",
        f"- views ready after submitting the pods: {_seconds(s.ready_s)}",
        "- refresh of a stale view, mean: "
        + _mean_ms(s.metrics.get("extender", {}), "semsched_extender_refresh_seconds", "round trip")
        + "; in the scorer "
        + _mean_ms(scorer, "semsched_scorer_refresh_wait_seconds", "waiting for the decision")
        + ", "
        + _mean_ms(scorer, "semsched_scorer_refresh_compute_seconds", "rescoring"),
    ]


def _mean_ms(samples: dict[str, float], name: str, what: str) -> str:
    count = samples.get(f"{name}_count", 0.0)
    if not count:
        return f"{what} not scraped"
    return f"{what} {1000 * samples.get(f'{name}_sum', 0.0) / count:.2f} ms (n={int(count)})"


def _seconds(value: float | None) -> str:
    return f"{value:.1f} s" if value is not None else "not within the bounded wait"


def _hint_section(check: HintCheck) -> list[str]:
    lines = [
        f"{check.hinted_pods} pods carry a hint ({check.distinct_hints} distinct texts). The CPU parser "
        f"(`semsched_intents.CpuParser`, against the context the state cache builds from this snapshot) "
        f"reads {check.ok_pods} of them ({check.rate:.1%}; {check.ok_distinct}/{check.distinct_hints} "
        "distinct texts) exactly as the hint table means them (type, params and strength).",
        "",
        "| hint | pods |",
        "|---|---|",
    ]
    lines += [f"| {hint} | {count} |" for hint, count in check.table[:12]]
    if check.failures:
        lines += ["", "Misread:", ""]
        lines += [f"- `{h}` x{n}: expected {e}; parsed {g}" for h, n, e, g in check.failures]
    return lines


def write_report(path: Path, figure: Path, figures: Figures) -> None:
    rel = os.path.relpath(figure, path.parent)
    s = figures.semsched
    lines = [
        "# semsched on the Alibaba openb GPU trace",
        "",
        f"Generated by `uv run python -m evals.openb --report {path.name}` (`uv run task eval:openb`). "
        f"{SOURCE_NOTE}",
        "",
        f"Trace: `openb_node_list_all_node.csv` ({figures.nodes} nodes, {figures.gpus} GPUs) and "
        f"`openb_pod_list_{figures.variant}.csv` ({figures.pods} pods); converted files digest "
        f"`{figures.digest}`. Machine: {os.cpu_count()} cores, {host.machine()}, Python "
        f"{host.python_version()}; one run.",
        "",
        *_table(figures),
        "",
        f"![GPU allocation and fragmentation]({rel})",
        "",
    ]
    if s is not None:
        lines += ["## Where the time goes (semsched arm)", "", *_breakdown(s), ""]
    lines += ["## Hints derived from the trace", "", *_hint_section(figures.hints), ""]
    lines += [(Path(__file__).parent / "METHOD.md").read_text()]
    path.write_text("\n".join(lines))
