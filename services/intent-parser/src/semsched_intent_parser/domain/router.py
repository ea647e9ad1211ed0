"""Which backend parses a hint: the CPU parser, the LLM, or the CPU parser first and the
LLM only for hints whose CPU parse is not confident enough (hybrid).

The LLM never decides alone on bad input: hints the CPU parser rejects (too long, empty)
are not sent, and any LLM failure falls back to the CPU result.
"""

from __future__ import annotations

from typing import Literal

import structlog

from semsched_intent_parser.ports import LlmBackend
from semsched_intents import CpuParser
from semsched_proto import ClusterContext, ParseResult

Backend = Literal["cpu", "llm", "hybrid"]
log = structlog.get_logger()


class LlmError(Exception):
    """The LLM backend failed (transport, timeout, invalid output after retries)."""


def needs_llm(result: ParseResult, threshold: float) -> bool:
    if result.error is not None:
        return False
    if not result.intents:
        return bool(result.unparsed)
    return min(intent.confidence for intent in result.intents) < threshold


class ParserRouter:
    def __init__(self, cpu: CpuParser, backend: Backend, llm: LlmBackend | None, threshold: float) -> None:
        if backend != "cpu" and llm is None:
            raise ValueError(f"backend {backend!r} needs an LLM: set INTENT_PARSER_LLM_BASE_URL")
        self.cpu = cpu
        self.backend = backend
        self.llm = llm
        self.threshold = threshold

    async def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        cpu_result = self.cpu.parse(hint, context)
        if self.backend == "cpu" or self.llm is None or cpu_result.error is not None:
            return cpu_result
        if self.backend == "hybrid" and not needs_llm(cpu_result, self.threshold):
            return cpu_result
        try:
            return await self.llm.parse(hint, context)
        except LlmError as exc:
            log.warning("llm_fallback_to_cpu", error=str(exc)[:300])
            return cpu_result
