"""The scorer's composition root."""

from __future__ import annotations

import asyncio
from typing import Any

import structlog

from semsched_core.bus import Bus, create_broker
from semsched_core.kvmirror import KvMirror
from semsched_core.logs import configure_logging
from semsched_core.runtime import run_until_signalled, serve_metrics, stop_task
from semsched_core.settings import CommonSettings
from semsched_core.telemetry import configure_tracing
from semsched_proto import (
    IntentsParsed,
    NodeState,
    PackingRecommended,
    PackRequest,
    PlacementDecided,
    PodState,
    RefreshRequest,
    ScoreReply,
    ScoreRequest,
    subjects,
)
from semsched_scorer.domain.engine import ScoringEngine
from semsched_scorer.handlers import ScorerHandlers
from semsched_scorer.packing import PackHandler
from semsched_scorer.settings import ScorerSettings

SERVICE = "scorer"
log = structlog.get_logger()


async def run(stop: asyncio.Event, common: CommonSettings, settings: ScorerSettings) -> None:
    broker = create_broker(common, SERVICE)
    bus = Bus(broker, common, SERVICE)
    handlers = ScorerHandlers(ScoringEngine(), bus, settings.coalesce_ms / 1000.0)

    @broker.subscriber(subjects.RPC_SCORE, queue=SERVICE)
    async def score(request: ScoreRequest) -> ScoreReply:
        return await handlers.score(request)

    @broker.subscriber(subjects.RPC_REFRESH, queue=SERVICE)
    async def refresh(request: RefreshRequest) -> ScoreReply:
        return await handlers.refresh(request)

    packer = PackHandler(handlers.engine, bus, workers=settings.pack_workers)

    @broker.subscriber(subjects.RPC_PACK, queue=SERVICE)  # off the scheduling path: a thread, time-boxed
    async def pack(request: PackRequest) -> PackingRecommended:
        return await packer.pack(request)

    @broker.subscriber(subjects.PLACEMENT_DECIDED)  # every replica hears every decision, as it is made
    async def decided(decision: PlacementDecided) -> None:
        handlers.on_decision(decision)

    await broker.connect()
    await bus.ensure_streams()
    await broker.start()
    mirrors: list[KvMirror[Any]] = [
        KvMirror(
            subjects.KV_NODES,
            bus.kv,
            NodeState.model_validate_json,
            handlers.on_node,
            reconnects=bus.reconnects,
        ),
        KvMirror(
            subjects.KV_PODS, bus.kv, PodState.model_validate_json, handlers.on_pod, reconnects=bus.reconnects
        ),
        KvMirror(
            subjects.KV_POD_INTENTS,
            bus.kv,
            IntentsParsed.model_validate_json,
            handlers.on_intents,
            reconnects=bus.reconnects,
        ),
    ]
    for mirror in mirrors:
        mirror.start()
    await asyncio.gather(*(mirror.ready.wait() for mirror in mirrors))
    handlers.synced = True
    handlers.wake.set()
    log.info("scorer_started", nodes=len(handlers.engine.nodes), pods=len(handlers.engine.pods))
    flusher = asyncio.create_task(handlers.flush_forever())
    await stop.wait()
    await stop_task(flusher)
    for mirror in mirrors:
        await mirror.stop()
    await broker.stop()


def main() -> None:
    common, settings = CommonSettings(), ScorerSettings()
    configure_logging(SERVICE, common.log_format, common.log_level)
    configure_tracing(SERVICE, common.otel_exporter_otlp_endpoint)
    serve_metrics(settings.metrics_port)
    run_until_signalled(lambda stop: run(stop, common, settings))
