"""The HTTP surface: verbs, 400/413 with a reason, never 500, health, readiness, metrics."""

from __future__ import annotations

import httpx
import orjson

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


def client(ready: bool = True, max_body: int = 1 << 20) -> httpx.AsyncClient:
    prioritizer = Prioritizer(ViewStore(), ExplodingGateway(), NullPublisher(), 0.1, "e1")  # type: ignore[arg-type]
    app = create_http_app(prioritizer, lambda: (ready, {"why": "test"}), max_body)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://extender")


POD = {"metadata": {"name": "p", "annotations": {"semsched.io/hint": "near db"}}}


async def test_internal_failure_degrades_to_neutral_scores() -> None:
    async with client() as c:
        reply = await c.post("/prioritize", content=orjson.dumps({"Pod": POD, "NodeNames": ["a", "b"]}))
    assert reply.status_code == 200
    assert reply.json() == []  # no opinion: nothing added to any node


async def test_malformed_and_oversized_requests() -> None:
    async with client(max_body=64) as c:
        bad = await c.post("/prioritize", content=b"{")
        assert bad.status_code == 400 and "not JSON" in bad.json()["Error"]
        assert (await c.post("/filter", content=b"[]")).status_code == 400
        assert (await c.post("/prioritize", content=b" " * 100)).status_code == 413
        assert (await c.get("/prioritize")).status_code == 404


async def test_filter_passes_every_node() -> None:
    async with client() as c:
        reply = await c.post("/filter", content=orjson.dumps({"Pod": POD, "NodeNames": ["a", "b"]}))
    assert reply.json()["NodeNames"] == ["a", "b"] and reply.json()["FailedNodes"] == {}


async def test_health_readiness_metrics() -> None:
    async with client() as c:
        assert (await c.get("/healthz")).json()["status"] == "ok"
        await c.post("/prioritize", content=orjson.dumps({"Pod": POD, "NodeNames": ["a"]}))
        assert "semsched_extender_request_seconds_bucket" in (await c.get("/metrics")).text
        assert (await c.get("/readyz")).status_code == 200
    async with client(ready=False) as c:
        reply = await c.get("/readyz")
        assert reply.status_code == 503 and reply.json()["why"] == "test"
