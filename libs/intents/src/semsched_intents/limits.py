"""Typed, validated limits of the CPU parser."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ParserLimits(BaseModel):
    """Input and work bounds. `max_parse_ms` is enforced by bounding work, not by a clock:
    it sets how many tokens are read and how many fuzzy look-ups are tried (about 20 tokens and
    one fuzzy look-up per millisecond, several times faster than this parser runs in practice)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_hint_chars: int = Field(default=2000, ge=1)
    max_parse_ms: float = Field(default=50.0, gt=0)

    @property
    def token_budget(self) -> int:
        return max(32, int(self.max_parse_ms * 20))

    @property
    def fuzzy_budget(self) -> int:
        return max(4, int(self.max_parse_ms))
