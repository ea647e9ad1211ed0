"""What the `llm` tier knows about the server under test."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LlmServer:
    base_url: str
    model: str
    style: str  # the server's constrained-output dialect: "json_object" (llama.cpp) or "json_schema"
    kind: str  # "llama.cpp", "vllm" or "external"
