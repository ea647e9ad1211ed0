"""The CPU intent parser: pure, synchronous, deterministic; never raises on any hint."""

from __future__ import annotations

import re

from semsched_intents.calibration import calibrate
from semsched_intents.classify import Candidate, classify
from semsched_intents.clauses import Segment, assign_strengths, split_sentences
from semsched_intents.limits import ParserLimits
from semsched_intents.merge import merge
from semsched_intents.postscan import refine_marks
from semsched_intents.references import requests, resolve_references
from semsched_intents.scanner import scan
from semsched_intents.text import Token, lower_same_length, sanitise, tokenize
from semsched_intents.vocab import table_for
from semsched_proto.intents import INTENT_TYPES, ClusterContext, Intent, ParseResult

_INDIFFERENCE = frozenset(
    {
        "doesn't matter",
        "does not matter",
        "don't matter",
        "don't care",
        "do not care",
        "dont care",
        "no preference",
        "either way",
        "whatever",
        "don't mind",
        "not fussed",
        "irrelevant",
        "no strong feelings",
        "indifferent",
        "agnostic",
        "happy either way",
        "don't really care",
        "couldn't care less",
        "do not mind",
        "dont mind",
    }
)
# "both fine" after a list: no preference among those alternatives, a real cancel only when they are
# every option there is (both architectures, spot and on-demand).
_CHOICE = frozenset(
    {
        "both fine",
        "both are fine",
        "either is fine",
        "any is fine",
        "all fine",
        "all are fine",
        "both ok",
        "either works",
        "both work",
        "any works",
    }
)
_REQUEST_ROLES = ("verb", "mod", "neg", "negpost")
# Our own class names and JSON punctuation are never a placement request (pasted output, injection).
_SCHEMA_WORDS = re.compile(r"\b(?:" + "|".join(INTENT_TYPES) + r")\b|[{}\[\]\"]")


class CpuParser:
    """Rule and lexicon parser of allocation hints against a cluster's vocabulary."""

    def __init__(self, settings: ParserLimits | None = None, *, calibrate: bool = True) -> None:
        self._limits = settings or ParserLimits()
        self._calibrate = calibrate  # off only to fit the calibration (evals/intents/calibrate.py)

    def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        if len(hint) > self._limits.max_hint_chars:
            return ParseResult(
                error=f"hint too long: {len(hint)} chars > limit {self._limits.max_hint_chars}"
            )
        text = _SCHEMA_WORDS.sub(" ", sanitise(hint))
        if not text.strip():
            return ParseResult()
        tokens = tokenize(lower_same_length(text), self._limits.token_budget)
        marks = refine_marks(scan(tokens, text, table_for(context), self._limits.fuzzy_budget), tokens)
        sentences = split_sentences(marks, [m.text for m in marks])
        assign_strengths(sentences)
        resolve_references(sentences, _INDIFFERENCE, _CHOICE)
        candidates: list[Candidate] = []
        unparsed: list[str] = []
        for sentence in sentences:
            for seg in sentence:
                found = [] if _silenced(seg) else classify(seg)
                candidates.extend(found)
                if not found and _is_request(seg) and not seg.has("perm"):
                    unparsed.append(_span_text(text, tokens, seg))
        merged = merge(candidates)
        if self._calibrate:
            for item in merged:
                score = item["confidence"]
                assert isinstance(score, float)
                item["confidence"] = calibrate(score)
        intents = [Intent.model_validate(i) for i in merged]
        return ParseResult(intents=intents, unparsed=unparsed[:10])


def _is_request(seg: Segment) -> bool:
    return any(m.has(r) for m in seg.marks for r in _REQUEST_ROLES) and any(
        not m.tags and len(m.text) > 2 for m in seg.marks
    )


def _span_text(text: str, tokens: list[Token], seg: Segment) -> str:
    return text[tokens[seg.marks[0].start].start : tokens[seg.marks[-1].end - 1].end][:200]


# "anywhere except fra1 is fine": the permission covers the rest, the exclusion still holds.
_EXCLUSIONS = frozenset(
    {"except", "anywhere but", "anywhere except", "everywhere except", "anything but", "anything except"}
    | {"other than", "apart from", "except for", "excluding", "but"}
)
_COPULA = frozenset({"is", "are", "was", "were"})
# "T4 is enough", "spot is perfect": an evaluation after the copula is a preference, not a description.
_APPROVING = frozenset(
    {"perfect", "enough", "great", "best", "good", "ideal", "sufficient", "right", "excellent", "the way"}
)


def _excludes(seg: Segment) -> bool:
    first = next((m.start for m in seg.items), None)
    return first is not None and any(m.text in _EXCLUSIONS and m.start < first for m in seg.marks)


def _described(seg: Segment) -> bool:
    """ "lte is too flaky": a mention as the subject of a copula and a judgement (a concept such as
    flaky or pricey, or "too ..."), with nothing asked, describes it."""
    items = seg.items
    if not items:
        return False
    rest = [m for m in seg.marks if m.start >= items[0].end and (m.text in _COPULA or not m.has("filler"))]
    if not rest or rest[0].text not in _COPULA:
        return False
    if len(rest) > 1 and rest[1].text == "too":
        return True  # "eu-central-1a is too far from our users"
    if requests(seg):
        return False
    if any(m.text in _APPROVING for m in rest[1:]):
        return False
    return any(m.has("concept") or m.text == "too" for m in rest[1:])  # "is too flaky", "is pricey"


def _silenced(seg: Segment) -> bool:
    """Permission ("spot is fine"), background ("zone-b had an outage") and descriptions place nothing."""
    if seg.silenced or seg.has("permverb"):
        return True
    if seg.has("perm") and not seg.has("verb"):
        return not _excludes(seg)
    return (seg.has("bg") and not requests(seg)) or _described(seg)
