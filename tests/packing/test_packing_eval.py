"""The packing evaluation on tiny made-up clusters: scenario drawing, the default scheduler
with emulated preemption, and one scenario through the packer (no trace files)."""

from __future__ import annotations

from pathlib import Path

from evals.openb.convert import TraceNode, TracePod
from evals.packing.baseline import placed_counts, run_baseline
from evals.packing.report import RunInfo, Suite, markdown, summarise
from evals.packing.run import solve_scenario
from evals.packing.scenarios import GeneratorConfig, Scenario, generate, priority_of
from semsched_scorer.domain.packer import MovePolicy


def tnode(name: str, gpus: int, cpu: int = 32_000, mem: int = 131_072, model: str = "T4") -> TraceNode:
    return TraceNode(name=name, cpu_milli=cpu, memory_mib=mem, gpus=gpus, model=model if gpus else "")


def tpod(name: str, gpus: int, qos: str, cpu: int = 4_000, mem: int = 8_192, t: int = 0) -> TracePod:
    return TracePod(name=name, cpu_milli=cpu, memory_mib=mem, num_gpu=gpus, gpu_milli=1000 if gpus else 0,
                    gpu_spec=(), qos=qos, creation_time=t)  # fmt: skip


def scenario(nodes: list[TraceNode], pods: list[TracePod]) -> Scenario:
    return Scenario(index=0, seed=0, nodes=tuple(nodes), pods=tuple(pods), load=1.0)


NODES = [tnode(f"n{i}", gpus) for i, gpus in enumerate([8, 4, 2, 2, 0, 8, 4, 1])]
PODS = [
    tpod(f"p{i:03d}", [1, 1, 2, 0, 1, 4, 8, 1][i % 8], ["LS", "BE", "Burstable"][i % 3], t=i)
    for i in range(120)
]


def test_scenarios_are_seeded_within_bounds_and_never_oversubscribed() -> None:
    config = GeneratorConfig(min_nodes=2, max_nodes=5, min_load=0.5, max_load=0.9)
    first = generate(3, 7, NODES, PODS, config)
    assert first == generate(3, 7, NODES, PODS, config)
    assert first != generate(4, 7, NODES, PODS, config)
    for index in range(20):
        s = generate(index, 7, NODES, PODS, config)
        assert 2 <= len(s.nodes) <= 5 and len({n.name for n in s.nodes}) == len(s.nodes)
        totals = {r: sum(s.capacity(n)[r] for n in s.nodes) for r in ("cpu_milli", "memory_mib", "gpu")}
        for resource, total in totals.items():
            assert sum(Scenario.requests(p)[resource] for p in s.pods) <= s.load * total
        for p in s.pods:  # each pod fits some node on its own
            assert any(all(Scenario.requests(p)[r] <= s.capacity(n)[r] for r in totals) for n in s.nodes)
        names = [p.name for p in s.pods]
        assert names == sorted(names, key=lambda n: (int(n[1:]) - int(names[0][1:])) % len(PODS))


def test_priorities_follow_qos() -> None:
    assert [priority_of(tpod("x", 1, q)) for q in ("LS", "Guaranteed", "Burstable", "BE", "")] == [
        100,
        100,
        50,
        0,
        0,
    ]


def test_preemption_evicts_only_what_it_must_and_victims_wait() -> None:
    # n0 has 4 GPUs: three low-priority pods (1, 1, 2 GPUs) fill it; a 2-GPU high pod arrives.
    s = scenario([tnode("n0", 4)], [tpod("be-1", 1, "BE", t=0), tpod("be-2", 1, "BE", t=1),
                                    tpod("be-big", 2, "BE", t=2), tpod("ls", 2, "LS", t=3)])  # fmt: skip
    plain = run_baseline(s, preemption=False)
    assert plain.pending == ["ls"] and plain.preemptions == 0
    preempting = run_baseline(s, preemption=True)
    # reprieve keeps the most important first (earlier arrival on ties): be-1 and be-2 stay
    assert preempting.placement == {"be-1": "n0", "be-2": "n0", "be-big": None, "ls": "n0"}
    assert preempting.preemptions == 1 and preempting.evictions == 1


def test_preemption_never_evicts_equal_or_higher_priority() -> None:
    s = scenario([tnode("n0", 2)], [tpod("ls-1", 2, "LS", t=0), tpod("ls-2", 2, "LS", t=1)])
    result = run_baseline(s, preemption=True)
    assert result.placement == {"ls-1": "n0", "ls-2": None} and result.preemptions == 0


def fragmented() -> Scenario:
    # Two 4-GPU nodes; LeastAllocated spreads the two 2-GPU LS pods, so the 4-GPU LS pod is stuck
    # (no lower-priority victim to preempt).
    return scenario([tnode("a", 4), tnode("b", 4)], [tpod("ls-1", 2, "LS", t=0), tpod("ls-2", 2, "LS", t=1),
                                                    tpod("ls-big", 4, "LS", t=2)])  # fmt: skip


def test_a_fragmented_scenario_through_both_policies() -> None:
    s = fragmented()
    baseline = run_baseline(s, preemption=True)
    assert baseline.pending == ["ls-big"]
    assert baseline.placement["ls-1"] != baseline.placement["ls-2"]
    result = solve_scenario(s, baseline, [1.0, 10.0], [MovePolicy.LOWER, MovePolicy.ANY], workers=1, seed=0)
    assert result.placed_before == placed_counts(s, baseline.placement) == {100: 2}
    lower, any_ = result.windows["lower", 1.0], result.windows["any", 1.0]
    assert lower.certified and not lower.improved and lower.moves == 0
    assert any_.improved and any_.moves == 1 and any_.placed_after == {100: 3}
    assert all(not w.problems for w in result.windows.values())
    assert result.windows["any", 10.0].reused  # proved optimal within 1 s: same plan


def test_report_shares_and_paper_figures(tmp_path: Path) -> None:
    s = fragmented()
    result = solve_scenario(s, run_baseline(s), [1.0], [MovePolicy.ANY], workers=1, seed=0)
    row = summarise([result], "any", 1.0)
    assert (row.scenarios, row.improved, row.certified, row.neither, row.invalid) == (1, 1, 0, 0, 0)
    suite = Suite("Tiny", "tiny", (2, 2), True, 1, [result])
    info = RunInfo("cmd", 0, "default", 1, (0.85, 1.0), 1.0)
    text = markdown(info, [suite], ["any"], [1.0], tmp_path / "f.png", tmp_path / "r.md")
    assert "| paper (its own scenarios) | — | >44% | >19% |" in text
    assert "| tiny, `any` | 1 | 100% | 0% |" in text
