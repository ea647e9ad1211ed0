"""Which views the engine recomputes, and the basis it reports."""

from __future__ import annotations

from semsched_proto import Intent, IntentsParsed, NodeState, ParseResult, PlacementRef, PodState, Resources
from semsched_scorer.domain.engine import ScoringEngine


def parsed(key: str, *intents: Intent) -> IntentsParsed:
    return IntentsParsed(pod_key=key, hint_hash="h", result=ParseResult(intents=list(intents)))


def pending(name: str, app: str = "web", hint: str = "x") -> PodState:
    return PodState(
        namespace="ns",
        name=name,
        labels={"app": app},
        hint=hint,
        workload=f"Deployment/ns/{app}",
        requests=Resources(cpu=0.1, memory_gib=0.1),
    )


def engine_with_nodes() -> ScoringEngine:
    engine = ScoringEngine()
    for name in ("a", "b"):
        engine.set_node(name, NodeState(name=name, allocatable=Resources(cpu=4, memory_gib=8)))
    engine.recompute()
    return engine


def test_views_only_for_pending_pods_with_intents_and_deleted_when_bound() -> None:
    engine = engine_with_nodes()
    engine.set_pod("ns.p", pending("p"))
    assert engine.recompute().views == []
    assert engine.pending_without_view() == 1
    engine.set_intents("ns.p", parsed("ns.p", Intent(type="prefer_nodes", params={"nodes": ["b"]})))
    views = engine.recompute().views
    assert [v.pod_key for v in views] == ["ns.p"] and views[0].scores == [0.0, 50.0]
    assert engine.pending_without_view() == 0
    engine.set_pod("ns.p", pending("p").model_copy(update={"node": "b"}))
    assert engine.recompute().deleted == ["ns.p"]


def test_a_replica_placement_recomputes_only_its_workload() -> None:
    engine = engine_with_nodes()
    together = Intent(type="colocate_replicas")
    label = Intent(type="prefer_nodes", params={"nodes": ["a"]})
    for name, app, intent in (("w-1", "web", together), ("w-2", "web", together), ("o-1", "other", label)):
        engine.set_pod(f"ns.{name}", pending(name, app))
        engine.set_intents(f"ns.{name}", parsed(f"ns.{name}", intent))
    engine.recompute()
    tentative = pending("w-1").model_copy(
        update={"node": "b", "tentative": True, "placement": PlacementRef(extender_id="e1", seq=7)}
    )
    engine.set_pod("ns.w-1", tentative)
    out = engine.recompute()
    assert sorted(v.pod_key for v in out.views) == ["ns.w-1", "ns.w-2"]
    w2 = next(v for v in out.views if v.pod_key == "ns.w-2")
    assert w2.scores == [0.0, 50.0] and w2.dynamic
    assert engine.basis == {"e1": 7}


def test_node_changes_recompute_everything() -> None:
    engine = engine_with_nodes()
    engine.set_pod("ns.p", pending("p"))
    engine.set_intents("ns.p", parsed("ns.p", Intent(type="prefer_nodes", params={"nodes": ["c"]})))
    engine.recompute()
    engine.set_node("c", NodeState(name="c"))
    (view,) = engine.recompute().views
    assert view.nodes == ["a", "b", "c"] and view.scores == [0.0, 0.0, 50.0]
