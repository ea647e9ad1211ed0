from typing import Any

import numpy as np
import pytest
from kube_fixtures import anti_affinity, make_node, make_pod

from semsched_kube import SchedulerEmulator
from semsched_kube.scheduler_sampling import NodeSampler, nodes_to_find

ZONES = {"n1": "zone-a", "n2": "zone-a", "n3": "zone-b"}


def _nodes(**kwargs: Any) -> list[dict[str, Any]]:
    return [make_node(name, zone=zone, **kwargs) for name, zone in ZONES.items()]


@pytest.mark.parametrize(
    ("pod_kwargs", "feasible", "reason"),
    [
        ({"cpu": "3500m"}, ["n2", "n3"], "Insufficient cpu"),
        ({"memory": "7.5Gi"}, ["n2", "n3"], "Insufficient memory"),
        ({"cpu": "3500m", "memory": "7.5Gi"}, ["n2", "n3"], "Insufficient cpu, Insufficient memory"),
        ({"extra": {"nvidia.com/gpu": "1"}}, ["n3"], "Insufficient nvidia.com/gpu"),
        ({"cpu": "5"}, [], "Insufficient cpu"),
        ({"cpu": None, "memory": None}, ["n1", "n2", "n3"], None),
    ],
)
def test_node_resources_fit(pod_kwargs: dict[str, object], feasible: list[str], reason: str | None) -> None:
    nodes = _nodes()
    nodes[2]["status"]["allocatable"]["nvidia.com/gpu"] = "2"
    sched = SchedulerEmulator(nodes, [make_pod("busy", node="n1", cpu="1", memory="1Gi")])
    result = sched.filter(make_pod("p", **pod_kwargs))  # type: ignore[arg-type]
    assert result.feasible == feasible
    if reason is not None:
        assert result.reasons["n1"] == reason


def test_too_many_pods() -> None:
    sched = SchedulerEmulator([make_node("n1", pods="1")], [make_pod("a", node="n1", cpu=None, memory=None)])
    assert sched.filter(make_pod("b", cpu=None, memory=None)).reasons == {"n1": "Too many pods"}


def _taint(key: str, effect: str, value: str = "") -> dict[str, str]:
    return {"key": key, "value": value, "effect": effect}


@pytest.mark.parametrize(
    ("tolerations", "feasible"),
    [
        ([], ["n3"]),
        ([{"key": "gpu", "operator": "Equal", "value": "true", "effect": "NoSchedule"}], ["n1", "n3"]),
        ([{"key": "gpu", "value": "false"}], ["n3"]),
        ([{"key": "gpu", "operator": "Exists"}], ["n1", "n3"]),
        ([{"operator": "Exists"}], ["n1", "n2", "n3"]),
        ([{"key": "gpu", "operator": "Exists", "effect": "NoExecute"}], ["n3"]),
        (
            [
                {"key": "gpu", "operator": "Exists"},
                {"key": "evict", "operator": "Exists", "effect": "NoExecute"},
            ],
            ["n1", "n2", "n3"],
        ),
    ],
)
def test_taint_toleration_filter(tolerations: list[dict[str, str]], feasible: list[str]) -> None:
    nodes = _nodes()
    nodes[0]["spec"]["taints"] = [_taint("gpu", "NoSchedule", "true")]
    nodes[1]["spec"]["taints"] = [_taint("evict", "NoExecute")]
    nodes[2]["spec"]["taints"] = [_taint("soft", "PreferNoSchedule")]
    result = SchedulerEmulator(nodes).filter(make_pod("p", tolerations=tolerations))
    assert result.feasible == feasible
    if "n1" not in feasible:
        assert result.reasons["n1"] == "node(s) had untolerated taint {gpu: true}"


def test_unschedulable_node_and_its_toleration() -> None:
    nodes = [make_node("n1", unschedulable=True), make_node("n2")]
    sched = SchedulerEmulator(nodes)
    assert sched.filter(make_pod("p")).reasons == {"n1": "node(s) were unschedulable"}
    tolerant = make_pod("q", tolerations=[{"key": "node.kubernetes.io/unschedulable", "operator": "Exists"}])
    assert sched.filter(tolerant).feasible == ["n1", "n2"]


def test_node_name_filter() -> None:
    result = SchedulerEmulator(_nodes()).filter(make_pod("p", nodeName="n2"))
    assert result.feasible == ["n2"]
    assert result.reasons["n1"] == "node(s) didn't match the requested node name"


def _required(*terms: dict[str, object]) -> dict[str, object]:
    return {
        "nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": list(terms)}}
    }


def _expr(key: str, op: str, *values: str) -> dict[str, object]:
    return {
        "matchExpressions": [
            {"key": key, "operator": op, "values": list(values)} if values else {"key": key, "operator": op}
        ]
    }


@pytest.mark.parametrize(
    ("spec", "feasible"),
    [
        ({"nodeSelector": {"disktype": "ssd"}}, ["n1", "n3"]),
        ({"nodeSelector": {"disktype": "ssd", "topology.kubernetes.io/zone": "zone-b"}}, ["n3"]),
        ({"affinity": _required(_expr("disktype", "In", "hdd", "nvme"))}, ["n2"]),
        ({"affinity": _required(_expr("disktype", "NotIn", "ssd"))}, ["n2"]),
        ({"affinity": _required(_expr("gpu", "Exists"))}, ["n3"]),
        ({"affinity": _required(_expr("gpu", "DoesNotExist"))}, ["n1", "n2"]),
        ({"affinity": _required(_expr("cores", "Gt", "8"))}, ["n2", "n3"]),
        ({"affinity": _required(_expr("cores", "Lt", "16"))}, ["n1"]),
        ({"affinity": _required(_expr("disktype", "In", "hdd"), _expr("gpu", "Exists"))}, ["n2", "n3"]),
        (
            {
                "affinity": _required(
                    {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n1"]}]}
                )
            },
            ["n1"],
        ),
        ({"affinity": _required({})}, []),
        ({"affinity": _required(_expr("disktype", "In", "ssd")), "nodeSelector": {"gpu": "a100"}}, ["n3"]),
    ],
)
def test_required_node_affinity(spec: dict[str, object], feasible: list[str]) -> None:
    nodes = [
        make_node("n1", labels={"disktype": "ssd", "cores": "8"}),
        make_node("n2", labels={"disktype": "hdd", "cores": "32"}),
        make_node("n3", zone="zone-b", labels={"disktype": "ssd", "cores": "16", "gpu": "a100"}),
    ]
    result = SchedulerEmulator(nodes).filter(make_pod("p", **spec))  # type: ignore[arg-type]
    assert result.feasible == feasible
    for name in {"n1", "n2", "n3"} - set(feasible):
        assert result.reasons[name] == "node(s) didn't match Pod's node affinity/selector"


def test_required_anti_affinity_leaves_pod_unschedulable() -> None:
    placed = [make_pod(f"web-{n}", node=n, labels={"app": "web"}) for n in ZONES]
    sched = SchedulerEmulator(_nodes(), placed)
    result = sched.filter(make_pod("web-new", labels={"app": "web"}, affinity=anti_affinity({"app": "web"})))
    assert result.feasible == []
    assert set(result.reasons.values()) == {"node(s) didn't match pod anti-affinity rules"}


def test_anti_affinity_by_zone_and_namespace() -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("db", node="n1", labels={"app": "db"})])
    by_zone = make_pod("x", affinity=anti_affinity({"app": "db"}, "topology.kubernetes.io/zone"))
    assert sched.filter(by_zone).feasible == ["n3"]
    other_ns = make_pod("y", namespace="other", affinity=anti_affinity({"app": "db"}))
    assert sched.filter(other_ns).feasible == ["n1", "n2", "n3"]


def test_existing_pods_anti_affinity_is_symmetric() -> None:
    guard = make_pod("guard", node="n1", labels={"app": "guard"}, affinity=anti_affinity({"app": "web"}))
    sched = SchedulerEmulator(_nodes(), [guard])
    result = sched.filter(make_pod("web", labels={"app": "web"}))
    assert result.feasible == ["n2", "n3"]
    assert result.reasons["n1"] == "node(s) didn't satisfy existing pods anti-affinity rules"


def _affinity(selector: dict[str, str], key: str = "kubernetes.io/hostname") -> dict[str, object]:
    term = {"labelSelector": {"matchLabels": selector}, "topologyKey": key}
    return {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [term]}}


@pytest.mark.parametrize(
    ("placed", "labels", "key", "feasible"),
    [
        ({}, {"app": "web"}, "kubernetes.io/hostname", ["n1", "n2", "n3"]),  # first of a self-affine group
        ({}, {"app": "other"}, "kubernetes.io/hostname", []),
        ({"n2": "web"}, {"app": "other"}, "kubernetes.io/hostname", ["n2"]),
        ({"n2": "web"}, {"app": "web"}, "topology.kubernetes.io/zone", ["n1", "n2"]),
    ],
)
def test_required_pod_affinity(
    placed: dict[str, str], labels: dict[str, str], key: str, feasible: list[str]
) -> None:
    pods = [make_pod(f"p-{n}", node=n, labels={"app": app}) for n, app in placed.items()]
    result = SchedulerEmulator(_nodes(), pods).filter(
        make_pod("new", labels=labels, affinity=_affinity({"app": "web"}, key))
    )
    assert result.feasible == feasible
    assert all(r == "node(s) didn't match pod affinity rules" for r in result.reasons.values())


def _spread(
    max_skew: int = 1, key: str = "topology.kubernetes.io/zone", **extra: object
) -> list[dict[str, object]]:
    constraint = {
        "maxSkew": max_skew,
        "topologyKey": key,
        "whenUnsatisfiable": "DoNotSchedule",
        "labelSelector": {"matchLabels": {"app": "web"}},
        **extra,
    }
    return [constraint]


@pytest.mark.parametrize(
    ("placed", "constraints", "feasible"),
    [
        (["n1", "n2"], _spread(), ["n3"]),
        (["n1", "n2"], _spread(max_skew=3), ["n1", "n2", "n3"]),
        (["n1", "n3"], _spread(), ["n1", "n2", "n3"]),
        (["n1", "n3"], _spread(minDomains=3), []),
        (["n1"], _spread(key="kubernetes.io/hostname"), ["n2", "n3"]),
    ],
)
def test_do_not_schedule_spread(
    placed: list[str], constraints: list[dict[str, object]], feasible: list[str]
) -> None:
    pods = [make_pod(f"w-{n}", node=n, labels={"app": "web"}) for n in placed]
    result = SchedulerEmulator(_nodes(), pods).filter(
        make_pod("w", labels={"app": "web"}, topologySpreadConstraints=constraints)
    )
    assert result.feasible == feasible
    assert all(r == "node(s) didn't match pod topology spread constraints" for r in result.reasons.values())


def test_spread_node_without_the_key_fails_as_missing_label() -> None:
    nodes = [*_nodes(), make_node("n4", zone=None)]
    result = SchedulerEmulator(nodes).filter(
        make_pod("w", labels={"app": "web"}, topologySpreadConstraints=_spread())
    )
    assert result.reasons == {
        "n4": "node(s) didn't match pod topology spread constraints (missing required label)"
    }


def test_spread_counts_only_nodes_passing_node_affinity() -> None:
    nodes = [
        make_node("n1", zone="a", labels={"pool": "x"}),
        make_node("n2", zone="b", labels={"pool": "x"}),
        make_node("n3", zone="c"),
    ]
    pods = [
        make_pod("w1", node="n1", labels={"app": "web"}),
        make_pod("w2", node="n2", labels={"app": "web"}),
    ]
    pod = make_pod(
        "w", labels={"app": "web"}, nodeSelector={"pool": "x"}, topologySpreadConstraints=_spread()
    )
    # zone c (no pool=x node) is not a domain, so the minimum is 1 and both x zones accept the pod
    assert SchedulerEmulator(nodes, pods).filter(pod).feasible == ["n1", "n2"]


def test_host_ports_conflict() -> None:
    def with_port(
        name: str, node: str | None = None, port: int = 8080, ip: str | None = None
    ) -> dict[str, Any]:
        pod = make_pod(name, node=node)
        entry: dict[str, object] = {"containerPort": 80, "hostPort": port}
        if ip:
            entry["hostIP"] = ip
        pod["spec"]["containers"][0]["ports"] = [entry]
        return pod

    sched = SchedulerEmulator(_nodes(), [with_port("a", "n1"), with_port("b", "n2", ip="10.0.0.1")])
    result = sched.filter(with_port("c"))
    assert result.feasible == ["n3"]
    assert result.reasons["n1"] == "node(s) didn't have free ports for the requested pod ports"
    assert sched.filter(with_port("d", ip="10.0.0.2")).feasible == ["n2", "n3"]
    assert sched.filter(with_port("e", port=9090)).feasible == ["n1", "n2", "n3"]


def test_terminal_and_unbound_pods_are_ignored() -> None:
    pods = [
        make_pod("done", node="n1", cpu="4", phase="Succeeded"),
        make_pod("pending", cpu="4"),
        make_pod("lost", node="gone"),
    ]
    sched = SchedulerEmulator([make_node("n1")], pods)
    assert sched.ignored_pods == 3
    assert sched.filter(make_pod("p", cpu="4")).feasible == ["n1"]


@pytest.mark.parametrize(
    ("nodes", "percentage", "wanted"),
    [
        (50, 0, 50),
        (1000, 0, 420),
        (1523, 0, 578),
        (5000, 0, 500),
        (20000, 0, 1000),
        (200, 10, 100),
        (400, 50, 200),
        (400, 100, 400),
    ],
)
def test_nodes_to_find(nodes: int, percentage: int, wanted: int) -> None:
    assert nodes_to_find(nodes, percentage) == wanted


def test_sampler_rotates_start() -> None:
    sampler = NodeSampler(200, 50)
    feasible = np.ones(200, dtype=bool)
    first, second = sampler.processed(feasible), sampler.processed(feasible)
    assert (first[0], len(first), second[0], len(second)) == (0, 100, 100, 100)
