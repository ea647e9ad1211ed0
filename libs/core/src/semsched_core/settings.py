"""Settings shared by every semsched process (env prefix `SEMSCHED_`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class CommonSettings(BaseSettings):
    """What every process needs: where NATS is and how to log and trace."""

    model_config = SettingsConfigDict(env_prefix="SEMSCHED_", extra="ignore")

    nats_url: str = "nats://127.0.0.1:4222"
    nats_connect_timeout_s: float = Field(default=2.0, gt=0)
    log_format: Literal["auto", "json", "console"] = "auto"
    log_level: str = "info"
    otel_exporter_otlp_endpoint: str = ""
    kv_max_value_bytes: int = Field(default=8 * 1024 * 1024, gt=0)
