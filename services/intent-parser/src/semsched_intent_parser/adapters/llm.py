"""An OpenAI-compatible `/v1/chat/completions` backend (vLLM in production).

JSON-schema constrained output (`response_format`), temperature 0, bounded time and
retries. The reply is validated against the class table: items with an unknown type or
the wrong params are dropped; a reply that is not JSON at all is retried, then reported
as `LlmError` so the router falls back to the CPU parse.
"""

from __future__ import annotations

import json

import httpx
import structlog
from pydantic import ValidationError

from semsched_intent_parser.adapters.prompt import SchemaStyle, build_messages, response_format
from semsched_intent_parser.domain.merge import merge_intents
from semsched_intent_parser.domain.router import LlmError
from semsched_intents import CLASS_BY_TYPE
from semsched_proto import ClusterContext, Intent, ParseResult

log = structlog.get_logger()
RETRYABLE = {429, 500, 502, 503, 504}
LLM_CONFIDENCE = 0.8  # the model gives no probability; a fixed prior below the CPU parser's sure cases


def intents_from_reply(content: str) -> tuple[list[Intent], list[str]]:
    """Valid intents and the reasons others were dropped; raises LlmError if not JSON at all."""
    try:
        payload = json.loads(content)
    except json.JSONDecodeError as exc:
        raise LlmError(f"reply is not JSON: {exc.msg} at {exc.pos}") from exc
    items = payload.get("intents") if isinstance(payload, dict) else None
    if not isinstance(items, list):
        raise LlmError("reply has no 'intents' list")
    intents: list[Intent] = []
    dropped: list[str] = []
    for item in items:
        if not isinstance(item, dict) or item.get("type") not in CLASS_BY_TYPE:
            dropped.append(f"unknown intent {str(item)[:80]}")
            continue
        expected = {p.name for p in CLASS_BY_TYPE[item["type"]].params}
        params = item.get("params") or {}
        if not isinstance(params, dict) or set(params) != expected:
            dropped.append(f"{item['type']}: params {sorted(params) if isinstance(params, dict) else params}")
            continue
        try:
            intents.append(Intent.model_validate({**item, "params": params, "confidence": LLM_CONFIDENCE}))
        except ValidationError as exc:
            dropped.append(f"{item['type']}: {exc.errors()[0]['msg']}")
    return merge_intents(intents), dropped


class OpenAIChatBackend:
    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "",
        timeout_s: float = 5.0,
        retries: int = 1,
        transport: httpx.AsyncBaseTransport | None = None,
        schema_style: SchemaStyle = "json_schema",
        max_tokens: int = 512,
    ) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"), timeout=timeout_s, headers=headers, transport=transport
        )
        self.model = model
        self.retries = retries
        self.schema_style: SchemaStyle = schema_style
        self.max_tokens = max_tokens

    async def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        body = {
            "model": self.model,
            "messages": build_messages(hint, context),
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "response_format": response_format(self.schema_style),
        }
        last = "no attempt"
        for attempt in range(self.retries + 1):
            try:
                content = await self._complete(body)
                intents, dropped = intents_from_reply(content)
            except (httpx.HTTPError, LlmError) as exc:
                last = repr(exc)
                log.warning("llm_attempt_failed", attempt=attempt, error=last[:300])
                continue
            return ParseResult(intents=intents, unparsed=dropped, backend="llm")
        raise LlmError(f"LLM failed after {self.retries + 1} attempt(s): {last}")

    async def _complete(self, body: dict[str, object]) -> str:
        reply = await self._client.post("/chat/completions", json=body)
        if reply.status_code in RETRYABLE:
            raise LlmError(f"HTTP {reply.status_code}")
        if reply.status_code != 200:
            raise LlmError(f"HTTP {reply.status_code}: {reply.text[:200]}")
        try:
            content = reply.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LlmError(f"not a chat completion: {reply.text[:200]}") from exc
        if not isinstance(content, str):
            raise LlmError("completion has no text content")
        return content

    async def aclose(self) -> None:
        await self._client.aclose()
