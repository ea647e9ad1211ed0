"""The packer on the scorer's view: units, who may move, where, and the published plan."""

from __future__ import annotations

from pydantic import BaseModel

from semsched_proto import (
    Intent,
    IntentsParsed,
    NodeState,
    PackingRecommended,
    PackRequest,
    ParseResult,
    PodState,
    Resources,
    Taint,
    subjects,
)
from semsched_scorer.domain.engine import ScoringEngine
from semsched_scorer.packing import PackHandler
from semsched_scorer.recommend import capacity_units, movable, problem, recommend, request_units


def node(name: str, cpu: float = 4, **kw: object) -> NodeState:
    return NodeState(name=name, allocatable=Resources(cpu=cpu, memory_gib=16, pods=110), **kw)


def pod(name: str, cpu: float, node_name: str | None = None, priority: int = 0, workload: str | None = "auto",
        phase: str = "Running") -> PodState:  # fmt: skip
    owner = f"Deployment/ns/{name}" if workload == "auto" else workload
    return PodState(namespace="ns", name=name, node=node_name, priority=priority, workload=owner, phase=phase,
                    requests=Resources(cpu=cpu, memory_gib=1, pods=1))  # fmt: skip


def cluster() -> tuple[dict[str, NodeState], dict[str, PodState]]:
    nodes = {n.name: n for n in (node("a"), node("b"))}
    pods = {
        p.key: p
        for p in (pod("small-a", 2, "a"), pod("small-b", 2, "b"), pod("big", 4, None, 10, phase="Pending"))
    }
    return nodes, pods


def test_units_round_requests_up_and_capacity_down() -> None:
    assert request_units(Resources(cpu=0.1, memory_gib=0.5, gpu=1, pods=1)) == {
        "cpu_milli": 100, "memory_mib": 512, "gpu": 1, "pods": 1,
    }  # fmt: skip
    assert request_units(Resources(cpu=0.1001, memory_gib=1 / 1024 + 1e-3)) == {
        "cpu_milli": 101, "memory_mib": 3, "gpu": 0, "pods": 1,
    }  # fmt: skip
    assert capacity_units(Resources(cpu=3.9999, memory_gib=1.0, gpu=2, pods=110))["cpu_milli"] == 3999


def test_only_controller_owned_pods_move() -> None:
    assert movable(pod("p", 1, workload="Deployment/ns/web")) and movable(pod("p", 1, workload="Job/ns/etl"))
    assert not movable(pod("p", 1, workload="app/ns/web"))  # a bare pod with an app label
    assert not movable(pod("p", 1, workload="DaemonSet/kube-system/agent"))
    assert not movable(pod("p", 1, workload=None))


def test_the_problem_honours_overrides_taints_and_the_request() -> None:
    nodes = {n.name: n for n in (node("a"), node("b"), node("gpu", taints=[Taint(key="nvidia.com/gpu")]))}
    pods = {p.key: p for p in (
        pod("sim-1", 1, None, phase="Pending"),  # placed by a simulation only
        pod("other", 1, None, phase="Pending"),  # pending, not asked about
        pod("done", 1, "a", phase="Succeeded"),
        pod("want", 1, None, 5, phase="Pending"),
        pod("picky", 1, None, 5, phase="Pending"),
    )}  # fmt: skip
    request = PackRequest(pending=["ns.want", "ns.picky"], placements={"ns.sim-1": "b"},
                          allowed_nodes={"ns.picky": ["gpu"]})  # fmt: skip
    _, pack_pods, pending = problem(nodes, pods, request)
    by_name = {p.name: p for p in pack_pods}
    assert set(by_name) == {"ns.sim-1", "ns.want", "ns.picky"} and pending == ["ns.picky", "ns.want"]
    assert by_name["ns.sim-1"].node == "b" and by_name["ns.want"].node is None
    assert by_name["ns.want"].allowed == frozenset({"a", "b"})  # the tainted node only when allowed
    assert by_name["ns.picky"].allowed == frozenset({"gpu"})


def test_recommend_moves_a_low_priority_replica_for_a_high_priority_pod() -> None:
    nodes, pods = cluster()
    plan = recommend(nodes, pods, PackRequest(pending=["ns.big"], time_limit_s=5))
    assert plan.status == "optimal" and plan.improves and not plan.certified_optimal
    assert len(plan.moves) == 1 and plan.evictions == []
    assert [(p.pod_key, p.node) for p in plan.placements] == [("ns.big", plan.moves[0].source)]
    assert [(t.priority, t.placed_before, t.placed_after) for t in plan.tiers] == [(10, 0, 1), (0, 2, 2)]


def test_bare_pods_are_never_moved() -> None:
    nodes, pods = cluster()
    pods = {k: (p.model_copy(update={"workload": None}) if p.node else p) for k, p in pods.items()}
    plan = recommend(nodes, pods, PackRequest(pending=["ns.big"], time_limit_s=5))
    assert plan.moves == [] and plan.placements == [] and plan.certified_optimal


class FakeBus:
    def __init__(self) -> None:
        self.published: list[tuple[str, BaseModel]] = []

    async def publish_event(self, subject: str, event: BaseModel) -> None:
        self.published.append((subject, event))


async def test_the_handler_replies_publishes_and_uses_the_intents() -> None:
    engine = ScoringEngine()
    for name in ("a", "b", "c"):
        engine.set_node(name, node(name))
    engine.set_pod("ns.web", pod("web", 1, None, phase="Pending"))
    wish = Intent(type="prefer_nodes", params={"nodes": ["c"]})
    engine.set_intents(
        "ns.web", IntentsParsed(pod_key="ns.web", hint_hash="h", result=ParseResult(intents=[wish]))
    )
    bus = FakeBus()
    handler = PackHandler(engine, bus, workers=1)  # type: ignore[arg-type]
    plan = await handler.pack(PackRequest(pending=["ns.web"], time_limit_s=5))
    assert [(p.pod_key, p.node) for p in plan.placements] == [("ns.web", "c")]  # the wished node
    assert bus.published == [(subjects.PACKING_RECOMMENDED, plan)]
    assert isinstance(bus.published[0][1], PackingRecommended)
