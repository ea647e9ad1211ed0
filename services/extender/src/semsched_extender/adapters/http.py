"""The HTTP face of the extender: kube-scheduler's verbs, health, readiness and metrics.

Nothing on the scheduling path answers 500: a request that cannot be understood gets
400 with the reason, and any internal failure degrades to neutral scores with a warning.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import structlog
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Histogram, generate_latest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from semsched_extender.domain.wire import WireError, filter_result, host_priority_list, parse_args
from semsched_extender.handlers import Prioritizer, neutral

log = structlog.get_logger()
LATENCY = Histogram(
    "semsched_extender_request_seconds",
    "extender request latency",
    ["verb"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
REJECTED = Counter("semsched_extender_rejected_total", "requests answered 4xx", ["verb", "status"])
JSON = "application/json"
Readiness = Callable[[], tuple[bool, dict[str, object]]]


def create_http_app(prioritizer: Prioritizer, readiness: Readiness, max_body_bytes: int) -> Starlette:
    async def read_args(request: Request, verb: str) -> bytes | Response:
        body = await request.body()
        if len(body) > max_body_bytes:
            REJECTED.labels(verb, "413").inc()
            return JSONResponse({"Error": f"body of {len(body)} bytes exceeds {max_body_bytes}"}, 413)
        return body

    async def prioritize(request: Request) -> Response:
        started = time.perf_counter()
        body = await read_args(request, "prioritize")
        if isinstance(body, Response):
            return body
        try:
            args = parse_args(body)
        except WireError as exc:
            REJECTED.labels("prioritize", "400").inc()
            return JSONResponse({"Error": str(exc)}, 400)
        try:
            scores = await prioritizer.prioritize(args)
        except Exception as exc:  # the scheduling path's last line: degrade, never 500
            log.warning("prioritize_failed_neutral", pod=args.pod_key, error=repr(exc))
            scores = dict(neutral(args.node_names))
        LATENCY.labels("prioritize").observe(time.perf_counter() - started)
        return Response(host_priority_list(args.node_names, scores), media_type=JSON)

    async def filter_nodes(request: Request) -> Response:
        started = time.perf_counter()
        body = await read_args(request, "filter")
        if isinstance(body, Response):
            return body
        try:
            args = parse_args(body)
        except WireError as exc:
            REJECTED.labels("filter", "400").inc()
            return JSONResponse({"Error": str(exc)}, 400)
        LATENCY.labels("filter").observe(time.perf_counter() - started)
        return Response(filter_result(args), media_type=JSON)

    async def healthz(_: Request) -> Response:
        return JSONResponse({"status": "ok", "extender_id": prioritizer.extender_id})

    async def readyz(_: Request) -> Response:
        ready, detail = readiness()
        return JSONResponse({"ready": ready, **detail}, 200 if ready else 503)

    async def metrics(_: Request) -> Response:
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    return Starlette(
        routes=[
            Route("/prioritize", prioritize, methods=["POST"]),
            Route("/filter", filter_nodes, methods=["POST"]),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            Route("/metrics", metrics, methods=["GET"]),
        ]
    )
