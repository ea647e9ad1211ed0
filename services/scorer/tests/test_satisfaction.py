"""Satisfaction per class against hand-computed values on a small made-up cluster."""

from __future__ import annotations

import numpy as np
import pytest

from semsched_proto import Intent, NodeState, PodState, Resources
from semsched_scorer.domain.satisfaction import SATISFIERS, UNKNOWN, Wish
from semsched_scorer.domain.table import NodeTable
from semsched_scorer.domain.utility import score_pod

ZONE = "topology.kubernetes.io/zone"
COST = "semsched.io/hourly-cost"


def node(
    name: str,
    zone: str | None,
    cpu: float = 8,
    mem: float = 32,
    gpu: float = 0,
    labels: dict[str, str] | None = None,
    annotations: dict[str, str] | None = None,
) -> NodeState:
    labels = dict(labels or {})
    if zone:
        labels[ZONE] = zone
    return NodeState(
        name=name,
        labels=labels,
        annotations=annotations or {},
        allocatable=Resources(cpu=cpu, memory_gib=mem, gpu=gpu),
    )


def pod(
    name: str,
    node_name: str | None = None,
    app: str | None = None,
    cpu: float = 1,
    mem: float = 2,
    workload: str | None = None,
) -> PodState:
    return PodState(
        namespace="ns",
        name=name,
        node=node_name,
        labels={"app": app} if app else {},
        requests=Resources(cpu=cpu, memory_gib=mem),
        workload=workload,
    )


@pytest.fixture
def table() -> NodeTable:
    nodes = [
        node("n1", "east", labels={"disktype": "ssd"}, annotations={COST: "1.0"}),
        node("n2", "east", labels={"disktype": "hdd"}, annotations={COST: "3.0"}),
        node("n3", "west", gpu=4, annotations={COST: "2.0"}),
        node("n4", None),
    ]
    t = NodeTable.build(nodes)
    for p in [
        pod("db-0", "n1", app="db", cpu=4, mem=16),
        pod("web-0", "n3", app="web", workload="w"),
        pod("web-1", "n3", app="web", workload="w"),
        pod("web-2", "n2", app="web", workload="w"),
    ]:
        t.place(p)
    return t


def satisfy(
    table: NodeTable, type_: str, params: dict[str, object] | None = None, subject: PodState | None = None
) -> list[float]:
    intent = Intent.model_validate({"type": type_, "params": params or {}})
    values = SATISFIERS[type_](table, intent, Wish(subject or pod("new"), (intent,)))
    return [round(float(v), 4) for v in values]


CASES = [
    ("prefer_node_label", {"key": "disktype", "value": "ssd"}, [1, 0, 0, 0]),
    ("avoid_node_label", {"key": "disktype", "value": "ssd"}, [0, 1, 1, 1]),
    ("prefer_nodes", {"nodes": ["n2", "n4"]}, [0, 1, 0, 1]),
    ("avoid_nodes", {"nodes": ["n2"]}, [1, 0, 1, 1]),
    ("prefer_zones", {"zones": ["west"]}, [0, 0, 1, UNKNOWN]),
    ("avoid_zones", {"zones": ["west"]}, [1, 1, 0, UNKNOWN]),
    ("colocate_with", {"app": "db"}, [1, 0.5, 0, 0]),
    ("avoid_colocation_with", {"app": "db"}, [0, 0.5, 1, 1]),
    ("same_zone_as", {"app": "db"}, [1, 1, 0, UNKNOWN]),
    ("min_free_cpu", {"cores": 6}, [4 / 6, 1, 1, 1]),
    ("min_free_memory", {"gib": 20}, [0.8, 1, 1, 1]),
    ("min_free_gpus", {"count": 2}, [0, 0, 1, 0]),
    ("prefer_least_loaded", {"resource": "cpu"}, [0.5, 0.875, 0.75, 1]),
    ("prefer_low_cost", {}, [1, 0, 0.5, UNKNOWN]),
    ("avoid_spot", {}, [1, 1, 1, 1]),
    ("prefer_reliable_nodes", {}, [UNKNOWN] * 4),
]


@pytest.mark.parametrize(("type_", "params", "expected"), CASES)
def test_satisfaction(table: NodeTable, type_: str, params: dict[str, object], expected: list[float]) -> None:
    assert satisfy(table, type_, params) == pytest.approx(expected, abs=1e-4)


def test_replica_classes_count_the_workload(table: NodeTable) -> None:
    newcomer = pod("web-3", app="web", workload="w")
    assert satisfy(table, "colocate_replicas", subject=newcomer) == [0, 0.5, 1, 0]
    assert satisfy(table, "spread_replicas_nodes", subject=newcomer) == [1, 0.5, 0, 1]
    # east has 1 replica (n2), west 2 (n3): west is the fullest zone
    assert satisfy(table, "spread_replicas_zones", subject=newcomer) == [0.5, 0.5, 0, UNKNOWN]


def test_a_pod_does_not_count_against_itself(table: NodeTable) -> None:
    itself = pod("web-0", "n3", app="web", workload="w")
    assert satisfy(table, "colocate_replicas", subject=itself) == [0, 1, 1, 0]
    assert satisfy(table, "min_free_cpu", {"cores": 7}, subject=itself)[2] == pytest.approx(1.0)


def test_bin_packing_prefers_fuller_nodes_that_fit(table: NodeTable) -> None:
    big = pod("big", cpu=5, mem=2)
    values = satisfy(table, "prefer_bin_packing", subject=big)
    assert values[0] == 0.0  # 4 + 5 > 8 cores: does not fit
    assert values[2] > values[3] > 0  # n3 already holds requests, n4 is empty


def test_failures_are_known_once_any_node_reports_them() -> None:
    t = NodeTable.build([node("a", "z", annotations={"semsched.io/recent-failures": "3"}), node("b", "z")])
    assert satisfy(t, "prefer_reliable_nodes") == [0.25, 1.0]


def test_utility_scales_by_strength_and_keeps_weak_wishes_small(table: NodeTable) -> None:
    weak = Intent(type="prefer_nodes", params={"nodes": ["n2"]}, strength="weak", confidence=1.0)
    critical = weak.model_copy(update={"strength": "critical"})
    assert max(score_pod(table, pod("p"), [weak]).scores) == pytest.approx(25.0)
    assert max(score_pod(table, pod("p"), [critical]).scores) == pytest.approx(100.0)
    both = score_pod(
        table,
        pod("p"),
        [critical, Intent(type="prefer_zones", params={"zones": ["west"]}, strength="critical")],
    )
    assert both.scores == pytest.approx([0.0, 50.0, 50.0, 25.0])  # n4: not named, zone unknown
    assert both.dynamic is False


def test_bad_params_are_reported_not_raised(table: NodeTable) -> None:
    odd = Intent(type="min_free_cpu", params={"cores": "lots"})
    view = score_pod(table, pod("p"), [odd])
    assert view.warnings and "min_free_cpu" in view.warnings[0]
    assert np.allclose(view.scores, 0.0)


def test_a_zone_spread_leaves_out_the_zones_the_hint_avoids(table: NodeTable) -> None:
    newcomer = pod("web-3", app="web", workload="w")
    spread = Intent(type="spread_replicas_zones")
    avoid_east = Intent(type="avoid_zones", params={"zones": ["east"]})
    alone = SATISFIERS["spread_replicas_zones"](table, spread, Wish(newcomer, (spread,)))
    with_avoid = SATISFIERS["spread_replicas_zones"](table, spread, Wish(newcomer, (spread, avoid_east)))
    # east holds 1 replica, west 2: alone, the spread pulls towards east; once east is avoided it
    # must not (west is the only zone left, so spreading has no preference there)
    assert [round(float(v), 4) for v in alone] == [0.5, 0.5, 0.0, UNKNOWN]
    assert [round(float(v), 4) for v in with_avoid] == [0.0, 0.0, 0.0, UNKNOWN]
