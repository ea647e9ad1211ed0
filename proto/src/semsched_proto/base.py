"""Base models shared by every message: frozen, strict about unknown keys."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field


class Model(BaseModel):
    """A frozen contract model; unknown keys are rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _new_id() -> str:
    return uuid.uuid4().hex


def _now() -> datetime:
    return datetime.now(UTC)


class Envelope(Model):
    """Fields every event and command carries; payload fields are added by subclasses.

    `event_id` doubles as the JetStream `Nats-Msg-Id`, so a re-publish is deduplicated
    and consumers can be idempotent. Trace context travels in headers, never here.
    """

    event_id: str = Field(default_factory=_new_id)
    occurred_at: datetime = Field(default_factory=_now)
    source: str = ""
    correlation_id: str | None = None
