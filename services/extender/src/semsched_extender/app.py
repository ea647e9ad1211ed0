"""The extender's composition root: NATS views in memory, HTTP on EXTENDER_HOST:PORT."""

from __future__ import annotations

import asyncio
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
from semsched_proto import SCORES_ENTRY, ClusterContext, SourceStatus, subjects

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
    await broker.connect()
    await bus.ensure_streams()
    await broker.start()
    for mirror in mirrors:
        mirror.start()
    config = uvicorn.Config(
        http, host=settings.host, port=settings.port, log_level="warning", access_log=False
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    log.info("extender_started", host=settings.host, port=settings.port, extender_id=prioritizer.extender_id)
    await stop.wait()
    server.should_exit = True
    await serving
    for mirror in mirrors:
        await mirror.stop()
    await broker.stop()


def main() -> None:
    common, settings = CommonSettings(), ExtenderSettings()
    configure_logging(SERVICE, common.log_format, common.log_level)
    configure_tracing(SERVICE, common.otel_exporter_otlp_endpoint)
    run_until_signalled(lambda stop: run(stop, common, settings))
