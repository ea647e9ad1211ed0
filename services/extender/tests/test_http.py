"""The HTTP surface: verbs, 400 with a reason, never 500, health and metrics."""

from __future__ import annotations

import orjson
from starlette.testclient import TestClient

from semsched_extender.adapters.http import create_http_app
from semsched_extender.domain.views import ViewStore
from semsched_extender.handlers import Prioritizer
from semsched_proto import PlacementDecided


class ExplodingGateway:
    async def parse(self, *args: object) -> object:
        raise RuntimeError("boom")

    async def score(self, *args: object) -> object:
        raise RuntimeError("boom")


class NullPublisher:
    async def publish(self, decision: PlacementDecided) -> None:
        return None


def client(ready: bool = True, max_body: int = 1 << 20) -> TestClient:
    prioritizer = Prioritizer(ViewStore(), ExplodingGateway(), NullPublisher(), 0.1, "e1")  # type: ignore[arg-type]
    return TestClient(create_http_app(prioritizer, lambda: (ready, {"why": "test"}), max_body))


POD = {"metadata": {"name": "p", "annotations": {"semsched.io/hint": "near db"}}}


def test_internal_failure_degrades_to_neutral_scores() -> None:
    reply = client().post("/prioritize", content=orjson.dumps({"Pod": POD, "NodeNames": ["a", "b"]}))
    assert reply.status_code == 200
    assert reply.json() == [{"Host": "a", "Score": 0}, {"Host": "b", "Score": 0}]


def test_malformed_and_oversized_requests() -> None:
    c = client(max_body=64)
    bad = c.post("/prioritize", content=b"{")
    assert bad.status_code == 400 and "not JSON" in bad.json()["Error"]
    assert c.post("/filter", content=b"[]").status_code == 400
    big = c.post("/prioritize", content=b" " * 100)
    assert big.status_code == 413


def test_filter_passes_every_node() -> None:
    reply = client().post("/filter", content=orjson.dumps({"Pod": POD, "NodeNames": ["a", "b"]}))
    assert reply.json()["NodeNames"] == ["a", "b"] and reply.json()["FailedNodes"] == {}


def test_health_readiness_metrics() -> None:
    assert client().get("/healthz").json()["status"] == "ok"
    assert client(ready=False).get("/readyz").status_code == 503
    assert client(ready=True).get("/readyz").status_code == 200
    c = client()
    c.post("/prioritize", content=orjson.dumps({"Pod": POD, "NodeNames": ["a"]}))
    assert "semsched_extender_request_seconds_bucket" in c.get("/metrics").text
