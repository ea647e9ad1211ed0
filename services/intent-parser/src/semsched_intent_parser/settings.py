"""Intent-parser settings (env prefix `INTENT_PARSER_`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from semsched_intent_parser.domain.policy import NamespacePolicy


class IntentParserSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="INTENT_PARSER_", extra="ignore")

    backend: Literal["cpu", "llm", "hybrid"] = "cpu"
    llm_base_url: str = Field(default="", description="OpenAI-compatible base URL, e.g. http://vllm:8000/v1")
    llm_model: str = ""
    llm_api_key: str = ""
    llm_timeout_s: float = Field(default=5.0, gt=0)
    llm_retries: int = Field(default=1, ge=0, le=5)
    llm_max_tokens: int = Field(default=512, gt=0, le=4096)
    llm_response_format: Literal["json_schema", "json_object"] = Field(
        default="json_schema",
        description="json_schema: vLLM/OpenAI; json_object (+schema): llama.cpp's server",
    )
    hybrid_threshold: float = Field(default=0.7, ge=0, le=1)
    reader_dir: str = Field(
        default="bundled",
        description="the learned reader (D36, D37): 'bundled' (the shipped one), 'none', or a directory",
    )
    reader_threshold: float = Field(default=0.95, gt=0, le=1)
    reader_max_entities: int = Field(default=16, ge=1, le=64)
    reader_timeout_s: float = Field(default=2.0, gt=0, description="then the rules' roles stand")
    max_hint_chars: int = Field(default=2000, gt=0)
    memory_cache_size: int = Field(default=10_000, ge=0)
    metrics_port: int = Field(default=0, ge=0)
    namespace_policies: dict[str, NamespacePolicy] = Field(
        default_factory=dict,
        description='JSON: {"team-a": {"max_strength": "medium"}, "*": {"denied_classes": ["prefer_nodes"]}}',
    )
