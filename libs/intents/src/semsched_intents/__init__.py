"""semsched's hint -> intent parser, CPU backend (shared/spec/intents.md).

Public API: `CpuParser(settings).parse(hint, context) -> ParseResult`, `ParserLimits`,
`hint_hash`, `context_hash`, and `CLASS_TABLE` / `intent_json_schema()` describing the
25 classes for other backends.
"""

from semsched_intents.classes import (
    CLASS_BY_TYPE,
    CLASS_TABLE,
    ClassSpec,
    Example,
    ParamSpec,
    intent_json_schema,
)
from semsched_intents.hashing import context_hash, hint_hash
from semsched_intents.limits import ParserLimits
from semsched_intents.parser import CpuParser

__all__ = [
    "CLASS_BY_TYPE",
    "CLASS_TABLE",
    "ClassSpec",
    "CpuParser",
    "Example",
    "ParamSpec",
    "ParserLimits",
    "context_hash",
    "hint_hash",
    "intent_json_schema",
]
