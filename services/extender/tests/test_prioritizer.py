"""The scheduling path with fakes of our own ports: view, wait, sync, neutral."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import orjson
import pytest

from semsched_core.errors import BusError
from semsched_extender.domain.views import ViewStore
from semsched_extender.domain.wire import parse_args
from semsched_extender.handlers import Prioritizer, decisive
from semsched_proto import (
    Intent,
    IntentExplanation,
    ParseReply,
    ParseResult,
    PlacementDecided,
    PodScores,
    PodState,
)

NODES = ["a", "b", "c"]


INTENT = Intent(type="prefer_nodes", params={"nodes": ["c"]})


def view(key: str, scores: list[float], dynamic: bool = False) -> PodScores:
    explained = [IntentExplanation(intent=INTENT, weight=0.5, satisfaction=[s / 50 for s in scores])]
    return PodScores(
        pod_key=key,
        nodes=NODES,
        scores=scores,
        dynamic=dynamic,
        computed_at=datetime.now(UTC),
        intents=explained,
    )


def request(name: str = "p", hint: str | None = "near db", nodes: list[str] = NODES):  # type: ignore[no-untyped-def]
    annotations = {"semsched.io/hint": hint} if hint else {}
    pod = {
        "metadata": {"name": name, "namespace": "ns", "annotations": annotations},
        "spec": {"containers": []},
    }
    return parse_args(orjson.dumps({"Pod": pod, "NodeNames": nodes}))


class FakeGateway:
    """Our own SyncGateway port, scripted: a parse, a score, and a refresh (which favours b)."""

    def __init__(self, delay_s: float = 0.0, fail: bool = False) -> None:
        self.delay_s, self.fail, self.calls = delay_s, fail, 0
        self.refreshed: list[tuple[str, dict[str, int]]] = []
        self.min_basis: dict[str, int] = {}

    async def parse(self, hint: str, namespace: str, timeout_s: float) -> ParseReply:
        self.calls += 1
        if self.fail:
            raise BusError("parser unreachable")
        await asyncio.wait_for(asyncio.sleep(self.delay_s), timeout_s)
        return ParseReply(result=ParseResult(intents=[INTENT]), hint_hash="h")

    async def score(
        self,
        pod: PodState,
        intents: list[Intent],
        hint_hash: str,
        min_basis: dict[str, int],
        timeout_s: float,
    ) -> PodScores:
        self.min_basis = min_basis
        return view(pod.key, [0.0, 0.0, 50.0])

    async def refresh(
        self, pod_key: str, pod_uid: str, min_basis: dict[str, int], timeout_s: float
    ) -> PodScores:
        """The scorer, having applied the placements, now favours b."""
        self.refreshed.append((pod_key, dict(min_basis)))
        if self.fail:
            raise TimeoutError("scorer did not apply the placements in time")
        return view(pod_key, [0.0, 50.0, 0.0], dynamic=True)


class FakePublisher:
    def __init__(self) -> None:
        self.decisions: list[PlacementDecided] = []

    async def publish(self, decision: PlacementDecided) -> None:
        self.decisions.append(decision)


def prioritizer(
    store: ViewStore, gateway: FakeGateway, deadline_s: float = 0.2
) -> tuple[Prioritizer, FakePublisher]:
    publisher = FakePublisher()
    return Prioritizer(store, gateway, publisher, deadline_s, extender_id="e1"), publisher


async def test_materialised_view_answers_without_the_sync_path() -> None:
    store = ViewStore()
    store.on_change("ns.p", view("ns.p", [10.0, 96.0, 30.0]))
    gateway = FakeGateway()
    p, publisher = prioritizer(store, gateway)
    assert await p.prioritize(request(nodes=["a", "b"])) == {"a": 1, "b": 10}
    await asyncio.sleep(0)
    assert gateway.calls == 0 and [(d.node, d.seq) for d in publisher.decisions] == [("b", 1)]


async def test_unknown_pod_uses_the_bounded_sync_path() -> None:
    p, _ = prioritizer(ViewStore(), FakeGateway())
    assert await p.prioritize(request()) == {"c": 5}


async def test_past_the_deadline_scores_are_neutral() -> None:
    p, _ = prioritizer(ViewStore(), FakeGateway(delay_s=1.0), deadline_s=0.05)
    assert await p.prioritize(request()) == {}
    p, _ = prioritizer(ViewStore(), FakeGateway(fail=True))
    assert await p.prioritize(request()) == {}


async def test_no_hint_means_no_opinion() -> None:
    gateway = FakeGateway()
    p, publisher = prioritizer(ViewStore(), gateway)
    assert await p.prioritize(request(hint=None)) == {}
    assert gateway.calls == 0 and publisher.decisions == []


async def test_a_dynamic_view_behind_our_last_decision_is_refreshed() -> None:
    store = ViewStore()
    store.on_change("ns.first", view("ns.first", [0.0, 50.0, 0.0]))
    store.on_change("ns.second", view("ns.second", [0.0, 0.0, 50.0], dynamic=True))
    gateway = FakeGateway()
    p, _ = prioritizer(store, gateway, deadline_s=1.0)
    await p.prioritize(request("first"))
    assert await p.prioritize(request("second")) == {"b": 5}  # the refreshed view, not the held one
    assert gateway.refreshed == [("ns.second", {"e1": 1})]


async def test_a_view_not_behind_is_served_as_held() -> None:
    store = ViewStore()
    store.on_change("ns.second", view("ns.second", [0.0, 0.0, 50.0], dynamic=True))
    gateway = FakeGateway()
    p, _ = prioritizer(store, gateway)
    assert await p.prioritize(request("second")) == {"c": 5}
    assert gateway.refreshed == []


async def test_a_failed_refresh_serves_the_held_view() -> None:
    store = ViewStore()
    store.on_change("ns.first", view("ns.first", [0.0, 50.0, 0.0]))
    store.on_change("ns.second", view("ns.second", [0.0, 0.0, 50.0], dynamic=True))
    p, _ = prioritizer(store, FakeGateway(fail=True), deadline_s=0.02)
    await p.prioritize(request("first"))
    assert await p.prioritize(request("second")) == {"c": 5}


@pytest.mark.parametrize("uid", ["other-uid"])
async def test_a_view_for_another_pod_incarnation_is_not_used(uid: str) -> None:
    store = ViewStore()
    store.on_change("ns.p", view("ns.p", [90.0, 0.0, 0.0]).model_copy(update={"pod_uid": uid}))
    req = request()
    req = type(req)(**{**req.__dict__, "uid": "fresh-uid"})
    p, _ = prioritizer(store, FakeGateway())
    assert await p.prioritize(req) == {"c": 5}


async def test_a_view_without_intents_gives_no_opinion_and_no_record() -> None:
    store = ViewStore()
    store.on_change("ns.p", view("ns.p", [0.0, 0.0, 0.0]).model_copy(update={"intents": []}))
    p, publisher = prioritizer(store, FakeGateway())
    assert await p.prioritize(request()) == {}
    await asyncio.sleep(0)
    assert publisher.decisions == []


@pytest.mark.parametrize(
    ("wire", "best", "candidates", "expected"),
    [
        ({"a": 5, "b": 5, "c": 1}, "a", 3, {"a": 6, "b": 5, "c": 1}),
        ({"a": 10, "b": 10, "c": 1}, "b", 3, {"a": 9, "b": 10, "c": 1}),
        ({"a": 3, "b": 7}, "b", 2, {"a": 3, "b": 7}),
        ({}, "a", 3, {"a": 1}),
        ({}, "a", 1, {}),
    ],
)
def test_the_recorded_node_is_the_unique_top(
    wire: dict[str, int], best: str, candidates: int, expected: dict[str, int]
) -> None:
    assert decisive(dict(wire), best, candidates) == expected


async def test_a_repeated_decision_is_not_republished() -> None:
    store = ViewStore()
    store.on_change("ns.p", view("ns.p", [10.0, 96.0, 30.0]))
    p, publisher = prioritizer(store, FakeGateway())
    for _ in range(3):
        await p.prioritize(request())
    await asyncio.sleep(0)
    assert len(publisher.decisions) == 1 and p.seq == 1


async def test_a_peers_decision_is_required_like_our_own() -> None:
    store = ViewStore()
    store.on_change("ns.second", view("ns.second", [0.0, 0.0, 50.0], dynamic=True))
    store.note_decision("peer", 4)  # another worker placed a replica a moment ago
    gateway = FakeGateway()
    p, _ = prioritizer(store, gateway, deadline_s=1.0)
    assert await p.prioritize(request("second")) == {"b": 5}
    assert gateway.refreshed == [("ns.second", {"peer": 4})]


async def test_a_decision_never_applied_is_waived_after_one_failed_refresh() -> None:
    store = ViewStore()
    store.on_change("ns.a", view("ns.a", [0.0, 0.0, 50.0], dynamic=True))
    store.note_decision("lost", 9)
    gateway = FakeGateway(fail=True)
    p, _ = prioritizer(store, gateway, deadline_s=0.05)
    await p.prioritize(request("a"))
    assert "lost" not in store.required()  # waived: later requests do not ask for it again
