"""The HTTP face of the extender, as a plain ASGI app: kube-scheduler's verbs, health,
readiness and metrics. No framework sits on the scheduling path: routing is a dict
lookup and the body is read once, bounded.

Nothing on the scheduling path answers 500: a request that cannot be understood gets
400 with the reason, an oversized one 413, and any internal failure degrades to neutral
scores with a warning.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson
import structlog
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Histogram, generate_latest

from semsched_extender.domain.wire import WireError, filter_result, host_priority_list, parse_args
from semsched_extender.handlers import Prioritizer, neutral

log = structlog.get_logger()
LATENCY = Histogram(
    "semsched_extender_request_seconds",
    "extender request latency (server side)",
    ["verb"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
REJECTED = Counter("semsched_extender_rejected_total", "requests answered 4xx", ["verb", "status"])
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Readiness = Callable[[], tuple[bool, dict[str, object]]]
JSON = b"application/json"


class TooLarge(Exception):
    pass


async def read_body(receive: Receive, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise TooLarge(f"body exceeds {limit} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def respond(send: Send, status: int, body: bytes, content_type: bytes = JSON) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def error(reason: str) -> bytes:
    return orjson.dumps({"Error": reason})


class ExtenderApp:
    """ASGI app; `prioritizer` answers the scheduling path, `readiness` says whether views are warm."""

    def __init__(self, prioritizer: Prioritizer, readiness: Readiness, max_body_bytes: int) -> None:
        self.prioritizer = prioritizer
        self.readiness = readiness
        self.max_body_bytes = max_body_bytes
        self.routes: dict[tuple[str, str], Callable[[Receive, Send], Awaitable[None]]] = {
            ("POST", "/prioritize"): self.prioritize,
            ("POST", "/filter"): self.filter_nodes,
            ("GET", "/healthz"): self.healthz,
            ("GET", "/readyz"): self.readyz,
            ("GET", "/metrics"): self.metrics,
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        handler = self.routes.get((scope["method"], scope["path"].rstrip("/") or "/"))
        if handler is None:
            await respond(send, 404, error(f"no route for {scope['method']} {scope['path']}"))
            return
        await handler(receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _args(self, receive: Receive, send: Send, verb: str) -> bytes | None:
        try:
            return await read_body(receive, self.max_body_bytes)
        except TooLarge as exc:
            REJECTED.labels(verb, "413").inc()
            await respond(send, 413, error(str(exc)))
            return None

    async def prioritize(self, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        body = await self._args(receive, send, "prioritize")
        if body is None:
            return
        try:
            args = parse_args(body)
        except WireError as exc:
            REJECTED.labels("prioritize", "400").inc()
            await respond(send, 400, error(str(exc)))
            return
        try:
            scores = await self.prioritizer.prioritize(args)
        except Exception as exc:  # the scheduling path's last line: degrade, never 500
            log.warning("prioritize_failed_neutral", pod=args.pod_key, error=repr(exc))
            scores = neutral()
        await respond(send, 200, host_priority_list(args.node_names, scores))
        LATENCY.labels("prioritize").observe(time.perf_counter() - started)

    async def filter_nodes(self, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        body = await self._args(receive, send, "filter")
        if body is None:
            return
        try:
            args = parse_args(body)
        except WireError as exc:
            REJECTED.labels("filter", "400").inc()
            await respond(send, 400, error(str(exc)))
            return
        await respond(send, 200, filter_result(args))
        LATENCY.labels("filter").observe(time.perf_counter() - started)

    async def healthz(self, receive: Receive, send: Send) -> None:
        await respond(send, 200, orjson.dumps({"status": "ok", "extender_id": self.prioritizer.extender_id}))

    async def readyz(self, receive: Receive, send: Send) -> None:
        ready, detail = self.readiness()
        await respond(send, 200 if ready else 503, orjson.dumps({"ready": ready, **detail}))

    async def metrics(self, receive: Receive, send: Send) -> None:
        await respond(send, 200, generate_latest(), CONTENT_TYPE_LATEST.encode())


def create_http_app(prioritizer: Prioritizer, readiness: Readiness, max_body_bytes: int) -> ExtenderApp:
    return ExtenderApp(prioritizer, readiness, max_body_bytes)
