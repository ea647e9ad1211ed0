"""State-cache settings (env prefix `STATE_CACHE_`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class StateCacheSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="STATE_CACHE_", extra="ignore")

    source: Literal["kubernetes", "snapshot"] = "snapshot"
    snapshot_path: Path | None = None
    kubeconfig: str = Field(default="", description="kubeconfig path; empty means in-cluster config")
    cluster_name: str = ""
    tentative_ttl_s: float = Field(default=300.0, gt=0)
    expire_interval_s: float = Field(default=1.0, gt=0)
    context_debounce_s: float = Field(default=0.2, ge=0)
    metrics_port: int = Field(default=0, ge=0)
    batch_limit: int = Field(default=512, gt=0, description="source events merged into one write round")
    write_concurrency: int = Field(default=64, gt=0, description="KV writes in flight at once")

    @model_validator(mode="after")
    def _snapshot_needs_path(self) -> StateCacheSettings:
        if self.source == "snapshot" and self.snapshot_path is None:
            raise ValueError("STATE_CACHE_SNAPSHOT_PATH is required when STATE_CACHE_SOURCE=snapshot")
        return self
