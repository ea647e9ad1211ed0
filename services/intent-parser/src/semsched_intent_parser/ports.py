"""What the parser service needs from outside: an LLM backend and a result cache."""

from __future__ import annotations

from typing import Protocol

from semsched_proto import ClusterContext, ParseResult


class LlmBackend(Protocol):
    """Parses a hint with an LLM; raises `LlmError` when it cannot give a valid result."""

    async def parse(self, hint: str, context: ClusterContext) -> ParseResult: ...


class ParseCache(Protocol):
    async def get(self, key: str) -> ParseResult | None: ...

    async def put(self, key: str, result: ParseResult) -> None: ...
