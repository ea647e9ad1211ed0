"""The intent parser's composition root."""

from __future__ import annotations

import asyncio

import structlog
from faststream.nats import NatsBroker, NatsMessage

from semsched_core.bus import Bus, create_broker
from semsched_core.consume import consume, durable_subscriber
from semsched_core.kvmirror import KvMirror
from semsched_core.logs import configure_logging
from semsched_core.runtime import run_until_signalled, serve_metrics
from semsched_core.settings import CommonSettings
from semsched_core.telemetry import configure_tracing
from semsched_intent_parser.domain.router import ParserRouter
from semsched_intent_parser.handlers import ParserHandlers
from semsched_intent_parser.ports import LlmBackend
from semsched_intent_parser.settings import IntentParserSettings
from semsched_intents import COMPILED, CpuParser, ParserLimits
from semsched_intents.reader import ReaderError, load_reading
from semsched_proto import ClusterContext, ParseReply, ParseRequest, PodPending, subjects

SERVICE = "intent-parser"
log = structlog.get_logger()


def create_router(settings: IntentParserSettings) -> ParserRouter:
    llm: LlmBackend | None = None
    if settings.llm_base_url:
        from semsched_intent_parser.adapters.llm import OpenAIChatBackend

        llm = OpenAIChatBackend(
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=settings.llm_api_key,
            timeout_s=settings.llm_timeout_s,
            retries=settings.llm_retries,
            schema_style=settings.llm_response_format,
            max_tokens=settings.llm_max_tokens,
        )
    cpu = CpuParser(ParserLimits(max_hint_chars=settings.max_hint_chars))
    reading = load_reading(
        settings.reader_dir,
        cpu,
        threshold=settings.reader_threshold,
        max_entities=settings.reader_max_entities,
    )
    return ParserRouter(
        cpu, settings.backend, llm, settings.hybrid_threshold, reading, settings.reader_timeout_s
    )


def register(broker: NatsBroker, handlers: ParserHandlers) -> None:
    """Subscribe the handlers: pending pods from the events stream, and request/reply parses."""

    @durable_subscriber(broker, subjects.POD_PENDING, f"{SERVICE}-pending")
    async def pending(msg: NatsMessage) -> None:
        await consume(msg, PodPending, handlers.on_pending)

    @broker.subscriber(subjects.RPC_PARSE, queue=SERVICE)
    async def parse(request: ParseRequest) -> ParseReply:
        return await handlers.on_request(request)


async def run(stop: asyncio.Event, common: CommonSettings, settings: IntentParserSettings) -> None:
    try:
        router = create_router(settings)
    except ReaderError as exc:  # a reader was asked for and cannot be had: say so, do not start without it
        raise SystemExit(f"{SERVICE}: {exc}") from exc
    broker = create_broker(common, SERVICE)
    bus = Bus(broker, common, SERVICE)
    contexts = KvMirror(
        subjects.KV_CONTEXT, bus.kv, ClusterContext.model_validate_json, reconnects=bus.reconnects
    )
    handlers = ParserHandlers(router, bus, contexts, settings.memory_cache_size, settings.namespace_policies)
    register(broker, handlers)
    await broker.connect()
    await bus.ensure_streams()
    contexts.start()
    await broker.start()
    try:
        caught_up: int | None = await handlers.catch_up()
    except Exception as exc:  # a missed pod is worse than a late one, but neither may stop the service
        caught_up = None
        log.warning("catch_up_failed", error=str(exc)[:300])
    log.info(
        "intent_parser_started",
        caught_up=caught_up,
        backend=settings.backend,
        parser_compiled=COMPILED,
        reader=str(router.reading.reader.directory) if router.reading else None,
    )
    await stop.wait()
    await contexts.stop()
    await broker.stop()
    router.close()


def main() -> None:
    common, settings = CommonSettings(), IntentParserSettings()
    configure_logging(SERVICE, common.log_format, common.log_level)
    configure_tracing(SERVICE, common.otel_exporter_otlp_endpoint)
    serve_metrics(settings.metrics_port)
    run_until_signalled(lambda stop: run(stop, common, settings))
