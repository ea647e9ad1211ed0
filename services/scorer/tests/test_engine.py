"""Which views the engine recomputes, and the basis it reports."""

from __future__ import annotations

from semsched_proto import (
    Intent,
    IntentsParsed,
    NodeState,
    ParseResult,
    PlacementDecided,
    PlacementRef,
    PodState,
    Resources,
)
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


def engine_with_replicas() -> ScoringEngine:
    """Nodes a and b, and two pending replicas of web that want to be together."""
    engine = engine_with_nodes()
    together = Intent(type="colocate_replicas")
    for name in ("w-1", "w-2"):
        engine.set_pod(f"ns.{name}", pending(name))
        engine.set_intents(f"ns.{name}", parsed(f"ns.{name}", together))
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
    observed = pending("w-1").model_copy(update={"node": "b"})  # bound, as the API reports it
    engine.set_pod("ns.w-1", observed)
    out = engine.recompute()
    assert [v.pod_key for v in out.views] == ["ns.w-2"] and out.deleted == ["ns.w-1"]
    assert out.views[0].scores == [0.0, 50.0] and out.views[0].dynamic


def test_a_decided_placement_recomputes_its_workload_but_not_resource_dependents() -> None:
    engine = engine_with_replicas()
    decided = pending("w-1").model_copy(
        update={"node": "b", "tentative": True, "placement": PlacementRef(extender_id="e1", seq=7)}
    )
    engine.set_pod("ns.o-1", pending("o-1", app="other"))  # a resource-minded pod elsewhere
    engine.set_intents("ns.o-1", parsed("ns.o-1", Intent(type="min_free_cpu", params={"cores": 1})))
    engine.recompute()
    engine.set_pod("ns.w-1", decided)
    assert sorted(v.pod_key for v in engine.recompute().views) == [
        "ns.w-1",
        "ns.w-2",
    ]  # o-1 is refreshed on demand
    assert engine.basis == {"e1": 7}
    fresh = engine.refresh("ns.w-2")
    assert fresh is not None and fresh.scores == [0.0, 50.0] and fresh.basis == {"e1": 7}


def test_node_changes_recompute_everything() -> None:
    engine = engine_with_nodes()
    engine.set_pod("ns.p", pending("p"))
    engine.set_intents("ns.p", parsed("ns.p", Intent(type="prefer_nodes", params={"nodes": ["c"]})))
    engine.recompute()
    engine.set_node("c", NodeState(name="c"))
    (view,) = engine.recompute().views
    assert view.nodes == ["a", "b", "c"] and view.scores == [0.0, 0.0, 50.0]


def test_covers_and_refresh_one_pod_on_demand() -> None:
    engine = engine_with_replicas()
    assert not engine.covers({"e1": 3})
    engine.set_pod(
        "ns.w-1",
        pending("w-1").model_copy(
            update={"node": "a", "tentative": True, "placement": PlacementRef(extender_id="e1", seq=3)}
        ),
    )
    assert engine.covers({"e1": 3}) and engine.covers({})
    fresh = engine.refresh("ns.w-2")
    assert fresh is not None and fresh.scores == [50.0, 0.0]  # follows w-1 to node a
    assert "ns.w-2" not in engine.take_dirty()  # refreshed: no need to recompute it again
    assert engine.refresh("ns.nobody") is None


def test_a_decision_heard_directly_is_applied_like_the_state_cache_applies_it() -> None:
    engine = engine_with_replicas()
    decision = PlacementDecided(pod=pending("w-1"), node="a", extender_id="e1", seq=4)
    assert engine.decide(decision)
    assert engine.covers({"e1": 4}) and engine.pods["ns.w-1"].tentative
    fresh = engine.refresh("ns.w-2")
    assert fresh is not None and fresh.scores == [50.0, 0.0]
    # the same decision again, or an older one, changes nothing
    assert not engine.decide(decision)
    assert not engine.decide(decision.model_copy(update={"seq": 2, "node": "b"}))
    # a pod the API reports bound is never turned back into a tentative placement
    engine.set_pod("ns.w-2", pending("w-2").model_copy(update={"node": "b"}))
    late = PlacementDecided(pod=pending("w-2"), node="a", extender_id="e2", seq=1)
    assert not engine.decide(late) and engine.pods["ns.w-2"].node == "b"


def test_pending_without_view_follows_every_change() -> None:
    engine = engine_with_nodes()

    def brute() -> int:  # the count as it was computed before it was kept: over every pod
        viewed = engine._viewed
        return sum(
            1
            for key, pod in engine.pods.items()
            if pod.hint and (pod.node is None or pod.tentative) and key not in viewed
        )

    steps = [
        lambda: engine.set_pod("ns.a", pending("a")),
        lambda: engine.set_pod("ns.b", pending("b", hint="")),
        lambda: engine.set_intents(
            "ns.a", parsed("ns.a", Intent(type="prefer_nodes", params={"nodes": ["a"]}))
        ),
        engine.recompute,
        lambda: engine.set_pod("ns.c", pending("c")),
        lambda: engine.decide(PlacementDecided(pod=pending("c"), node="a", extender_id="e", seq=1)),
        lambda: engine.set_pod("ns.a", pending("a").model_copy(update={"node": "b"})),
        engine.recompute,
        lambda: engine.set_pod("ns.c", None),
    ]
    for step in steps:
        step()
        assert engine.pending_without_view() == brute()


def test_a_decision_heard_before_the_pod_was_known_survives_its_creation_record() -> None:
    now = [0.0]
    engine = ScoringEngine(heard_ttl_s=30.0, clock=lambda: now[0])
    for name in ("a", "b"):
        engine.set_node(name, NodeState(name=name, allocatable=Resources(cpu=4, memory_gib=8)))
    assert engine.decide(PlacementDecided(pod=pending("w-1"), node="b", extender_id="e1", seq=1))
    engine.set_pod("ns.w-1", pending("w-1"))  # the cache's record of the creation, arriving late
    assert engine.pods["ns.w-1"].node == "b" and engine.pods["ns.w-1"].tentative
    # once the cache reports the pod placed, its record wins
    engine.set_pod("ns.w-1", pending("w-1").model_copy(update={"node": "a"}))
    assert engine.pods["ns.w-1"].node == "a" and not engine.pods["ns.w-1"].tentative
    # a decision the cache never confirms is dropped after the TTL
    assert engine.decide(PlacementDecided(pod=pending("w-2"), node="b", extender_id="e1", seq=2))
    now[0] = 31.0
    engine.set_pod("ns.w-2", pending("w-2"))
    assert engine.pods["ns.w-2"].node is None
