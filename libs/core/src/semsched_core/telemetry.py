"""OpenTelemetry set up once per process; trace context travels in NATS headers.

FastStream's telemetry middleware injects/extracts W3C `traceparent` headers on every
publish/consume, so a span started in the extender continues in the parser and scorer.
An OTLP exporter is attached only when an endpoint is configured and the exporter
package is installed; otherwise spans are created (for context propagation) but dropped.
"""

from __future__ import annotations

import importlib

import structlog
from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor

_provider: TracerProvider | None = None


def configure_tracing(service: str, otlp_endpoint: str = "") -> TracerProvider:
    """Install a TracerProvider named after the service slug; idempotent per process."""
    global _provider
    if _provider is not None:
        return _provider
    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    if otlp_endpoint:
        _attach_otlp(provider, otlp_endpoint)
    trace.set_tracer_provider(provider)
    _provider = provider
    return provider


def _attach_otlp(provider: TracerProvider, endpoint: str) -> None:
    try:
        module = importlib.import_module("opentelemetry.exporter.otlp.proto.http.trace_exporter")
    except ImportError:
        structlog.get_logger().warning(
            "otlp_exporter_missing", endpoint=endpoint, hint="pip install opentelemetry-exporter-otlp"
        )
        return
    provider.add_span_processor(BatchSpanProcessor(module.OTLPSpanExporter(endpoint=endpoint)))
