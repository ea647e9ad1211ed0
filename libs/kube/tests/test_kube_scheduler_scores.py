from typing import Any

import pytest
from kube_fixtures import make_node, make_pod, preferred_affinity

from semsched_kube import PLUGIN_WEIGHTS, SchedulerEmulator

ZONES = {"n1": "zone-a", "n2": "zone-a", "n3": "zone-b"}


def _nodes() -> list[dict[str, Any]]:
    return [make_node(name, zone=zone) for name, zone in ZONES.items()]


def _plugin(sched: SchedulerEmulator, pod: dict[str, object], plugin: str) -> dict[str, int]:
    scores = sched.score(pod, sched.filter(pod).feasible)
    return {node: b.by_plugin()[plugin] for node, b in scores.items()}


@pytest.mark.parametrize(
    ("cpu", "memory", "expected"),
    [
        # n1 holds 1 cpu / 1Gi of 4 cpu / 8Gi. cpu (4000-2000)*100/4000=50, mem (8-2)/8 -> 75; (50+75)//2
        ("1", "1Gi", {"n1": 62, "n2": 81, "n3": 81}),
        # no requests: counted as 100m / 200Mi. n2: cpu 3900*100//4000=97, mem 7992Mi*100//8192Mi=97
        # n1: cpu 2900*100//4000=72, mem 6968Mi*100//8192Mi=85 -> (72+85)//2=78
        (None, None, {"n1": 78, "n2": 97, "n3": 97}),
    ],
)
def test_least_allocated(cpu: str | None, memory: str | None, expected: dict[str, int]) -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("busy", node="n1", cpu="1", memory="1Gi")])
    assert _plugin(sched, make_pod("p", cpu=cpu, memory=memory), "NodeResourcesFit") == expected


def test_balanced_allocation() -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("busy", node="n1", cpu="1", memory="1Gi")])
    # n1: f_cpu 2/4, f_mem 2/8 -> (1 - 0.125)*100; n2: 1/4 vs 1/8 -> 93.75
    assert _plugin(sched, make_pod("p"), "NodeResourcesBalancedAllocation") == {"n1": 87, "n2": 93, "n3": 93}
    assert set(
        _plugin(sched, make_pod("be", cpu=None, memory=None), "NodeResourcesBalancedAllocation").values()
    ) == {0}


def _soft(key: str) -> dict[str, str]:
    return {"key": key, "value": "", "effect": "PreferNoSchedule"}


@pytest.mark.parametrize(
    ("tolerations", "expected"),
    [
        ([], {"n1": 100, "n2": 50, "n3": 0}),
        ([{"key": "b", "operator": "Exists"}], {"n1": 100, "n2": 100, "n3": 0}),
        ([{"key": "a", "operator": "Exists", "effect": "NoSchedule"}], {"n1": 100, "n2": 50, "n3": 0}),
        ([{"operator": "Exists"}], {"n1": 100, "n2": 100, "n3": 100}),
    ],
)
def test_taint_toleration_prefer_no_schedule(
    tolerations: list[dict[str, str]], expected: dict[str, int]
) -> None:
    nodes = _nodes()
    nodes[1]["spec"]["taints"] = [_soft("b")]
    nodes[2]["spec"]["taints"] = [_soft("a"), _soft("c")]
    assert (
        _plugin(SchedulerEmulator(nodes), make_pod("p", tolerations=tolerations), "TaintToleration")
        == expected
    )


def test_preferred_node_affinity_ordering() -> None:
    nodes = [
        make_node("n1", labels={"disktype": "ssd"}),
        make_node("n2", zone="zone-b"),
        make_node("n3", zone="zone-b", labels={"disktype": "ssd"}),
    ]
    preferred = [
        {
            "weight": 10,
            "preference": {"matchExpressions": [{"key": "disktype", "operator": "In", "values": ["ssd"]}]},
        },
        {
            "weight": 5,
            "preference": {
                "matchExpressions": [
                    {"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["zone-b"]}
                ]
            },
        },
    ]
    pod = make_pod(
        "p", affinity={"nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": preferred}}
    )
    assert _plugin(SchedulerEmulator(nodes), pod, "NodeAffinity") == {"n1": 66, "n2": 33, "n3": 100}


@pytest.mark.parametrize(
    ("kind", "key", "expected"),
    [
        ("podAffinity", "kubernetes.io/hostname", {"n1": 100, "n2": 0, "n3": 0}),
        ("podAntiAffinity", "kubernetes.io/hostname", {"n1": 0, "n2": 100, "n3": 100}),
        ("podAffinity", "topology.kubernetes.io/zone", {"n1": 100, "n2": 100, "n3": 0}),
    ],
)
def test_preferred_pod_affinity(kind: str, key: str, expected: dict[str, int]) -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("redis", node="n1", labels={"app": "redis"})])
    pod = make_pod("p", affinity=preferred_affinity(kind, {"app": "redis"}, 100, key))
    assert _plugin(sched, pod, "InterPodAffinity") == expected


def test_preferred_pod_affinity_weights_order_nodes() -> None:
    placed = [
        make_pod("r", node="n1", labels={"app": "redis"}),
        make_pod("k", node="n2", labels={"app": "kafka"}),
    ]
    affinity = preferred_affinity("podAffinity", {"app": "redis"}, 80)
    affinity.update(preferred_affinity("podAntiAffinity", {"app": "kafka"}, 20))
    scores = _plugin(
        SchedulerEmulator(_nodes(), placed), make_pod("p", affinity=affinity), "InterPodAffinity"
    )
    # raw: n1 +80, n2 -20, n3 0 -> min-max: (s+20)*100/100
    assert scores == {"n1": 100, "n2": 0, "n3": 20}


def test_existing_pods_terms_score_symmetrically() -> None:
    fan = make_pod(
        "fan",
        node="n1",
        labels={"app": "fan"},
        affinity=preferred_affinity("podAffinity", {"app": "web"}, 50),
    )
    hard = {
        "podAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": [
                {"labelSelector": {"matchLabels": {"app": "web"}}, "topologyKey": "kubernetes.io/hostname"}
            ]
        }
    }
    needy = make_pod("needy", node="n2", labels={"app": "needy"}, affinity=hard)
    scores = _plugin(
        SchedulerEmulator(_nodes(), [fan, needy]), make_pod("w", labels={"app": "web"}), "InterPodAffinity"
    )
    # fan's preferred term weighs 50 on n1, needy's required term hardPodAffinityWeight=1 on n2
    assert scores == {"n1": 100, "n2": 2, "n3": 0}


def test_system_default_spread_prefers_empty_nodes() -> None:
    owner = ("ReplicaSet", "web-abc")
    placed = [
        make_pod(f"w{i}", node=n, labels={"app": "web"}, owner=owner)
        for i, n in enumerate(["n1", "n1", "n2"])
    ]
    sched = SchedulerEmulator(_nodes(), placed)
    # hostname: cnt*ln(5)+2 -> 5.22, 3.61, 2; zone (a=3, b=0): cnt*ln(4)+4 -> 8.16, 8.16, 4
    # rounded 13, 12, 6 -> 100*(13+6-s)/13
    scores = _plugin(sched, make_pod("w-new", labels={"app": "web"}, owner=owner), "PodTopologySpread")
    assert scores == {"n1": 46, "n2": 53, "n3": 100}


def test_no_default_spread_without_a_replicated_owner() -> None:
    placed = [make_pod("w0", node="n1", labels={"app": "web"})]
    scores = _plugin(
        SchedulerEmulator(_nodes(), placed), make_pod("w", labels={"app": "web"}), "PodTopologySpread"
    )
    assert set(scores.values()) == {0}


def test_schedule_anyway_constraint() -> None:
    placed = [make_pod(f"w{i}", node=n, labels={"app": "web"}) for i, n in enumerate(["n1", "n1", "n2"])]
    constraint = {
        "maxSkew": 1,
        "topologyKey": "kubernetes.io/hostname",
        "whenUnsatisfiable": "ScheduleAnyway",
        "labelSelector": {"matchLabels": {"app": "web"}},
    }
    pod = make_pod("w", labels={"app": "web"}, topologySpreadConstraints=[constraint])
    # cnt*ln(5): 3.22, 1.61, 0 -> 3, 2, 0 -> 100*(3+0-s)/3
    assert _plugin(SchedulerEmulator(_nodes(), placed), pod, "PodTopologySpread") == {
        "n1": 0,
        "n2": 33,
        "n3": 100,
    }


def test_image_locality() -> None:
    nodes = _nodes()
    mb = 1024 * 1024
    nodes[0]["status"]["images"] = [{"names": ["app:1"], "sizeBytes": 600 * mb}]
    nodes[1]["status"]["images"] = [{"names": ["app:1"], "sizeBytes": 600 * mb}]
    # 600MB * 2/3 nodes = 400MB -> 100 * (400 - 23) / (1000 - 23)
    assert _plugin(SchedulerEmulator(nodes), make_pod("p"), "ImageLocality") == {"n1": 38, "n2": 38, "n3": 0}
    assert set(_plugin(SchedulerEmulator(_nodes()), make_pod("p"), "ImageLocality").values()) == {0}


def test_total_is_the_weighted_sum() -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("busy", node="n1")])
    for breakdown in sched.score(make_pod("p"), ["n1", "n2", "n3"]).values():
        plugins = breakdown.by_plugin()
        assert breakdown.total == sum(PLUGIN_WEIGHTS[name] * value for name, value in plugins.items())
        assert all(0 <= v <= 100 for v in plugins.values())
