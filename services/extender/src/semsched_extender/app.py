"""The extender's composition root: NATS views in memory, HTTP on EXTENDER_HOST:PORT."""

from __future__ import annotations

import asyncio
import gc
import os
import socket
import subprocess
import sys
from typing import Any

import structlog
import uvicorn

from semsched_core.bus import Bus, create_broker
from semsched_core.kvmirror import KvMirror
from semsched_core.logs import configure_logging
from semsched_core.runtime import run_until_signalled
from semsched_core.settings import CommonSettings
from semsched_core.telemetry import configure_tracing
from semsched_extender.adapters.http import create_http_app
from semsched_extender.adapters.nats import NatsGateway, NatsPlacementPublisher
from semsched_extender.domain.views import ViewStore
from semsched_extender.handlers import Prioritizer
from semsched_extender.settings import ExtenderSettings
from semsched_proto import SCORES_ENTRY, ClusterContext, PlacementDecided, SourceStatus, subjects

SERVICE = "extender"
log = structlog.get_logger()


class Readiness:
    """Ready once the source is loaded and every pending hinted pod it holds has a view."""

    def __init__(self, store: ViewStore, source: KvMirror[SourceStatus], contexts: KvMirror[ClusterContext]):
        self.store, self.source, self.contexts = store, source, contexts

    def __call__(self) -> tuple[bool, dict[str, object]]:
        source = self.source.items.get(subjects.SOURCE_STATUS_KEY)
        status = self.store.status
        checks: dict[str, object] = {
            "source_synced": bool(source and source.synced),
            "context": subjects.CONTEXT_KEY in self.contexts.items,
            "scorer_synced": bool(status and status.synced),
            "scorer_caught_up": bool(
                source and status and status.nodes >= source.nodes and status.pods >= source.pods
            ),
            "pending_without_view": None if status is None else status.pending_without_view,
        }
        ready = (
            all(v for k, v in checks.items() if k != "pending_without_view")
            and checks["pending_without_view"] == 0
        )
        return ready, checks


async def run(stop: asyncio.Event, common: CommonSettings, settings: ExtenderSettings) -> None:
    broker = create_broker(common, SERVICE)
    bus = Bus(broker, common, SERVICE)
    store = ViewStore()
    scores = KvMirror(
        subjects.KV_SCORES, bus.kv, SCORES_ENTRY.validate_json, store.on_change, reconnects=bus.reconnects
    )
    source = KvMirror(
        subjects.KV_SOURCE_STATUS, bus.kv, SourceStatus.model_validate_json, reconnects=bus.reconnects
    )
    contexts = KvMirror(
        subjects.KV_CONTEXT, bus.kv, ClusterContext.model_validate_json, reconnects=bus.reconnects
    )
    mirrors: list[KvMirror[Any]] = [scores, source, contexts]
    prioritizer = Prioritizer(
        store,
        NatsGateway(bus),
        NatsPlacementPublisher(bus),
        settings.sync_deadline_ms / 1000.0,
        settings.extender_id or None,
    )
    http = create_http_app(prioritizer, Readiness(store, source, contexts), settings.max_body_bytes)

    @broker.subscriber(subjects.PLACEMENT_DECIDED)  # every worker and replica hears every decision
    async def peer_decision(decision: PlacementDecided) -> None:
        store.note_decision(decision.extender_id, decision.seq)

    await broker.connect()
    await bus.ensure_streams()
    await broker.start()
    for mirror in mirrors:
        mirror.start()
    config = uvicorn.Config(http, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    listener = bind(settings.host, settings.port, settings.reuse_port or settings.workers > 1)
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    await scores.ready.wait()
    gc.collect()
    gc.freeze()  # what start-up loaded stays out of every later collection
    log.info("extender_started", host=settings.host, port=settings.port, extender_id=prioritizer.extender_id)
    orphan_watch = (
        asyncio.create_task(_stop_when_orphaned(stop, settings.parent_pid)) if settings.parent_pid else None
    )
    await stop.wait()
    if orphan_watch is not None:
        orphan_watch.cancel()
    server.should_exit = True
    await serving
    for mirror in mirrors:
        await mirror.stop()
    await broker.stop()


async def _stop_when_orphaned(stop: asyncio.Event, parent: int) -> None:
    """A worker process outlives nothing: when the process that started it is gone, stop."""
    while os.getppid() == parent:
        await asyncio.sleep(1.0)
    log.warning("extender_worker_orphaned", parent=parent)
    stop.set()


def bind(host: str, port: int, reuse_port: bool) -> socket.socket:
    """The listening socket; with SO_REUSEPORT the kernel spreads connections over workers."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.setblocking(False)
    return sock


def start_workers(count: int) -> list[subprocess.Popen[bytes]]:
    """`count` more extender processes on the same port; each keeps its own views and id."""
    env = {
        **os.environ,
        "EXTENDER_WORKERS": "1",
        "EXTENDER_REUSE_PORT": "true",
        "EXTENDER_EXTENDER_ID": "",
        "EXTENDER_PARENT_PID": str(os.getpid()),
    }
    return [subprocess.Popen([sys.executable, "-m", "semsched_extender"], env=env) for _ in range(count)]


def stop_workers(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()


def main() -> None:
    common, settings = CommonSettings(), ExtenderSettings()
    configure_logging(SERVICE, common.log_format, common.log_level)
    configure_tracing(SERVICE, common.otel_exporter_otlp_endpoint)
    workers = start_workers(settings.workers - 1)
    try:
        run_until_signalled(lambda stop: run(stop, common, settings))
    finally:
        stop_workers(workers)
