"""semsched's hint -> intent parser, CPU backend (shared/spec/intents.md).

Public API: `CpuParser(settings).parse(hint, context) -> ParseResult`, `ParserLimits`,
`hint_hash`, `context_hash`, and `CLASS_TABLE` / `intent_json_schema()` describing the
25 classes for other backends. `COMPILED` says whether this install's parser is the mypyc build
(scripts/build-compiled-parser.sh, as the intent-parser image installs it) or pure Python.
"""

from semsched_intents import parser as _parser
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

COMPILED = not str(_parser.__file__).endswith(".py")

__all__ = [
    "CLASS_BY_TYPE",
    "CLASS_TABLE",
    "COMPILED",
    "ClassSpec",
    "CpuParser",
    "Example",
    "ParamSpec",
    "ParserLimits",
    "context_hash",
    "hint_hash",
    "intent_json_schema",
]
