"""The state cache's composition root."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import structlog
from faststream.nats import NatsMessage

from semsched_core.bus import Bus, create_broker
from semsched_core.consume import consume, durable_subscriber
from semsched_core.logs import configure_logging
from semsched_core.runtime import run_until_signalled, serve_metrics, stop_task
from semsched_core.settings import CommonSettings
from semsched_core.telemetry import configure_tracing
from semsched_proto import BindPods, PlacementDecided, SubmitPods, subjects
from semsched_state_cache.adapters.kubernetes import KubernetesSource, OfficialKubeApi
from semsched_state_cache.adapters.snapshot import SnapshotSource
from semsched_state_cache.batching import batches
from semsched_state_cache.domain.view import ClusterView
from semsched_state_cache.handlers import StateCacheHandlers
from semsched_state_cache.ports import ClusterSource
from semsched_state_cache.settings import StateCacheSettings

SERVICE = "state-cache"
log = structlog.get_logger()


def create_source(settings: StateCacheSettings) -> ClusterSource:
    if settings.source == "kubernetes":
        return KubernetesSource(OfficialKubeApi(settings.kubeconfig))
    assert settings.snapshot_path is not None  # checked by the settings validator
    return SnapshotSource(settings.snapshot_path)


async def run(stop: asyncio.Event, common: CommonSettings, settings: StateCacheSettings) -> None:
    source = create_source(settings)
    broker = create_broker(common, SERVICE)
    bus = Bus(broker, common, SERVICE)
    view = ClusterView(settings.tentative_ttl_s)
    handlers = StateCacheHandlers(
        view, bus, settings.cluster_name, settings.source, settings.write_concurrency
    )

    @durable_subscriber(broker, subjects.PLACEMENT_DECIDED, f"{SERVICE}-placements")
    async def placement(msg: NatsMessage) -> None:
        await consume(msg, PlacementDecided, handlers.on_placement)

    @durable_subscriber(broker, subjects.SUBMIT_PODS, f"{SERVICE}-submit")
    async def submit(msg: NatsMessage) -> None:
        await consume(msg, SubmitPods, lambda cmd: _submit(source, cmd))

    @durable_subscriber(broker, subjects.BIND_PODS, f"{SERVICE}-bind")
    async def bind(msg: NatsMessage) -> None:
        await consume(msg, BindPods, lambda cmd: _bind(source, cmd))

    await broker.connect()
    await bus.ensure_streams()
    await broker.start()
    tasks = [
        asyncio.create_task(_follow(source, handlers, settings.batch_limit), name="follow-source"),
        asyncio.create_task(_every(settings.expire_interval_s, handlers.expire), name="expire"),
        asyncio.create_task(_context_loop(handlers, settings.context_debounce_s), name="context"),
    ]
    log.info("state_cache_started", source=settings.source)
    await stop.wait()
    for task in tasks:
        await stop_task(task)
    await broker.stop()


async def _submit(source: ClusterSource, command: SubmitPods) -> None:
    if not isinstance(source, SnapshotSource):
        log.warning("submit_ignored", reason="only a snapshot source accepts pods")
        return
    await source.submit([dict(obj) for obj in command.objects])


async def _bind(source: ClusterSource, command: BindPods) -> None:
    if not isinstance(source, SnapshotSource):
        log.warning("bind_ignored", reason="only a snapshot source accepts bindings")
        return
    await source.bind(command.bindings)


async def _follow(source: ClusterSource, handlers: StateCacheHandlers, batch_limit: int) -> None:
    async for batch in batches(source.events(), batch_limit):
        await handlers.on_source_batch(batch)


async def _every(interval_s: float, action: Callable[[], Awaitable[None]]) -> None:
    while True:
        await asyncio.sleep(interval_s)
        await action()


async def _context_loop(handlers: StateCacheHandlers, debounce_s: float) -> None:
    while True:
        await handlers.context_dirty.wait()
        await asyncio.sleep(debounce_s)
        handlers.context_dirty.clear()
        await handlers.publish_context()
        await handlers.publish_source_status()


def main() -> None:
    common, settings = CommonSettings(), StateCacheSettings()
    configure_logging(SERVICE, common.log_format, common.log_level)
    configure_tracing(SERVICE, common.otel_exporter_otlp_endpoint)
    serve_metrics(settings.metrics_port)
    run_until_signalled(lambda stop: run(stop, common, settings))
