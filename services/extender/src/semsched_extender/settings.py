"""Extender settings (env prefix `EXTENDER_`)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class ExtenderSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="EXTENDER_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8888, ge=1, le=65535)
    sync_deadline_ms: float = Field(
        default=200.0, gt=0, description="budget for a pod whose view is not ready"
    )
    max_body_bytes: int = Field(default=16 * 1024 * 1024, gt=0)
    extender_id: str = Field(default="", description="unique per process; generated when empty")
    workers: int = Field(default=1, ge=1, le=64, description="processes serving the port (SO_REUSEPORT)")
    reuse_port: bool = Field(default=False, description="set for worker processes; implied when workers > 1")
    parent_pid: int = Field(
        default=0, ge=0, description="set for worker processes: stop when this process is gone"
    )
