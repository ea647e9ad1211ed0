"""Which backend parses a hint: the CPU parser, the LLM, or the CPU parser first and the
LLM only for hints whose CPU parse is not confident enough (hybrid).

The LLM never decides alone on bad input: hints the CPU parser rejects (too long, empty)
are not sent, and any LLM failure falls back to the CPU result.

With a learned reader configured (D36), the CPU parse is revised by it before anything else: the
roles of the entities the hint names and, with a label model, the classes that name none. The
reader runs on its own thread, so the event loop never waits on it, and within a time limit: past
it, or on any failure, the rules' parse stands.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Literal

import structlog
from prometheus_client import Counter

from semsched_intent_parser.ports import LlmBackend
from semsched_intents import CpuParser
from semsched_intents.reader import ReadingParser
from semsched_proto import ClusterContext, ParseResult

Backend = Literal["cpu", "llm", "hybrid"]
log = structlog.get_logger()
READER = Counter("semsched_intent_parser_reader_total", "learned reader outcomes per hint read", ["outcome"])


class LlmError(Exception):
    """The LLM backend failed (transport, timeout, invalid output after retries)."""


def needs_llm(result: ParseResult, threshold: float) -> bool:
    if result.error is not None:
        return False
    if not result.intents:
        return bool(result.unparsed)
    return min(intent.confidence for intent in result.intents) < threshold


class ParserRouter:
    def __init__(
        self,
        cpu: CpuParser,
        backend: Backend,
        llm: LlmBackend | None,
        threshold: float,
        reading: ReadingParser | None = None,
        reader_timeout_s: float = 2.0,
    ) -> None:
        if backend != "cpu" and llm is None:
            raise ValueError(f"backend {backend!r} needs an LLM: set INTENT_PARSER_LLM_BASE_URL")
        self.cpu = cpu
        self.backend = backend
        self.llm = llm
        self.threshold = threshold
        self.reading = reading
        self.reader_timeout_s = reader_timeout_s
        self._reader_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="role-reader")

    async def _cpu_parse(self, hint: str, context: ClusterContext) -> ParseResult:
        if self.reading is None:
            return self.cpu.parse(hint, context)
        reading = self.cpu.read(hint, context)
        if not self.reading.wanted(reading):
            return reading.result
        job = asyncio.get_running_loop().run_in_executor(self._reader_thread, self.reading.infer, reading)
        try:
            inference = await asyncio.wait_for(job, self.reader_timeout_s)
        except TimeoutError:
            READER.labels("timeout").inc()
            log.warning("reader_timeout", entities=len(reading.mentions), limit_s=self.reader_timeout_s)
            return reading.result
        except Exception as exc:  # any failure of the model keeps the rules' reading
            READER.labels("failed").inc()
            log.warning("reader_failed", error=str(exc)[:300])
            return reading.result
        revised = self.reading.revised(reading, inference)
        READER.labels("revised" if revised is not reading.result else "kept").inc()
        return revised

    @property
    def cache_identity(self) -> str:
        """What, besides hint and context, decides a parse here: the reader's models and threshold
        (empty without a reader), so that cached parses of another configuration are not reused."""
        if self.reading is None:
            return ""
        meta = self.reading.reader.meta
        models = f"{meta.get('model_sha256', '')}:{meta.get('labels_sha256', '')}"
        return f"reader:{models}:{self.reading.threshold}:{self.reading.max_entities}"

    def close(self) -> None:
        self._reader_thread.shutdown(wait=False, cancel_futures=True)

    async def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        cpu_result = await self._cpu_parse(hint, context)
        if self.backend == "cpu" or self.llm is None or cpu_result.error is not None:
            return cpu_result
        if self.backend == "hybrid" and not needs_llm(cpu_result, self.threshold):
            return cpu_result
        try:
            return await self.llm.parse(hint, context)
        except LlmError as exc:
            log.warning("llm_fallback_to_cpu", error=str(exc)[:300])
            return cpu_result
