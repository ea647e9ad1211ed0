"""The hybrid view: tentative placements overlay pending pods until confirmed or contradicted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from semsched_proto import PlacementDecided, PodState
from semsched_state_cache.domain.view import ClusterView
from semsched_state_cache.ports import SourceEvent

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def pod_obj(name: str, node: str | None = None, hint: str | None = "keep together") -> dict[str, object]:
    metadata: dict[str, object] = {
        "name": name,
        "namespace": "ns",
        "uid": f"uid-{name}",
        "labels": {"app": "web"},
    }
    if hint is not None:
        metadata["annotations"] = {"semsched.io/hint": hint}
    spec: dict[str, object] = {"containers": [{"name": "c", "resources": {"requests": {"cpu": "100m"}}}]}
    if node:
        spec["nodeName"] = node
    return {"apiVersion": "v1", "kind": "Pod", "metadata": metadata, "spec": spec}


def node_obj(name: str) -> dict[str, object]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": {}},
        "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}},
    }


def decision(name: str, node: str, seq: int = 1, at: datetime = NOW) -> PlacementDecided:
    return PlacementDecided(
        pod=PodState(namespace="ns", name=name), node=node, extender_id="e", seq=seq, occurred_at=at
    )


def synced_view() -> ClusterView:
    view = ClusterView(tentative_ttl_s=60)
    view.apply(SourceEvent("ADDED", "node", node_obj("n1")))
    view.apply(SourceEvent("ADDED", "node", node_obj("n2")))
    view.apply(SourceEvent("ADDED", "pod", pod_obj("p1")))
    view.apply(SourceEvent("SYNCED", "none", {}))
    return view


def test_pending_hinted_pods_are_announced_once_after_sync() -> None:
    view = ClusterView(tentative_ttl_s=60)
    assert view.apply(SourceEvent("ADDED", "pod", pod_obj("p1"))).pending == []
    assert [p.name for p in view.apply(SourceEvent("SYNCED", "none", {})).pending] == ["p1"]
    assert view.apply(SourceEvent("MODIFIED", "pod", pod_obj("p1"))).pending == []
    assert [
        p.hint for p in view.apply(SourceEvent("MODIFIED", "pod", pod_obj("p1", hint="spread"))).pending
    ] == ["spread"]
    assert view.apply(SourceEvent("ADDED", "pod", pod_obj("quiet", hint=None))).pending == []


def test_tentative_overlays_then_confirmation_replaces_it() -> None:
    view = synced_view()
    changes = view.place(decision("p1", "n2"), NOW)
    overlay = changes.pods["ns.p1"]
    assert (
        overlay is not None and overlay.node == "n2" and overlay.tentative and overlay.placement is not None
    )
    assert overlay.hint == "keep together"  # the API's record, not the extender's thin copy
    confirmed = view.apply(SourceEvent("MODIFIED", "pod", pod_obj("p1", node="n2")))
    assert confirmed.confirmed == 1 and not confirmed.pods["ns.p1"].tentative  # type: ignore[union-attr]


def test_contradiction_and_deletion_drop_the_tentative() -> None:
    view = synced_view()
    view.place(decision("p1", "n2"), NOW)
    assert view.apply(SourceEvent("MODIFIED", "pod", pod_obj("p1", node="n1"))).contradicted == 1
    view.apply(SourceEvent("ADDED", "pod", pod_obj("p2")))
    view.place(decision("p2", "n1"), NOW)
    gone = view.apply(SourceEvent("DELETED", "pod", pod_obj("p2")))
    assert gone.pods == {"ns.p2": None} and gone.contradicted == 1


def test_ttl_expiry_and_stale_replays() -> None:
    view = synced_view()
    view.place(decision("p1", "n2"), NOW)
    assert view.expire(NOW + timedelta(seconds=30)).expired == 0
    expired = view.expire(NOW + timedelta(seconds=61))
    assert expired.expired == 1 and expired.pods["ns.p1"].node is None  # type: ignore[union-attr]
    assert view.place(decision("p1", "n2", at=NOW - timedelta(seconds=120)), NOW).pods == {}


def test_unknown_pods_are_held_tentatively_and_bound_pods_ignored() -> None:
    view = synced_view()
    assert view.place(decision("burst-1", "n1"), NOW).pods["ns.burst-1"].node == "n1"  # type: ignore[union-attr]
    view.apply(SourceEvent("MODIFIED", "pod", pod_obj("p1", node="n1")))
    assert view.place(decision("p1", "n2"), NOW).pods == {}


def test_a_tentative_pod_takes_the_api_record_when_it_arrives() -> None:
    view = synced_view()
    thin = PlacementDecided(pod=PodState(namespace="ns", name="early", workload="ReplicaSet/ns/early-abc"),
                            node="n2", extender_id="e", seq=3, occurred_at=NOW)  # fmt: skip
    view.place(thin, NOW)
    arrived = view.apply(SourceEvent("ADDED", "pod", pod_obj("early")))
    held = arrived.pods["ns.early"]
    assert held is not None and held.tentative and held.node == "n2" and held.placement is not None
    assert held.hint == "keep together" and held.workload != "ReplicaSet/ns/early-abc"
