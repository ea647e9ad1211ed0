"""Scorer settings (env prefix `SCORER_`)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class ScorerSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SCORER_", extra="ignore")

    metrics_port: int = Field(default=0, ge=0, description="Prometheus port; 0 disables")
    coalesce_ms: float = Field(
        default=2.0, ge=0, description="batch changes for this long before recomputing"
    )
    pack_workers: int = Field(
        default=1, ge=1, description="CP-SAT threads for a packing request (one request at a time)"
    )
