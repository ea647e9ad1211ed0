"""The CPU intent parser: pure, synchronous, deterministic; never raises on any hint."""

from __future__ import annotations

import re

from semsched_intents.classify import Candidate, classify
from semsched_intents.clauses import Segment, assign_strengths, split_sentences
from semsched_intents.limits import ParserLimits
from semsched_intents.merge import merge
from semsched_intents.postscan import refine_marks
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

    def __init__(self, settings: ParserLimits | None = None) -> None:
        self._limits = settings or ParserLimits()

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
        _resolve_references(sentences)
        candidates: list[Candidate] = []
        unparsed: list[str] = []
        for sentence in sentences:
            for seg in sentence:
                found = [] if _silenced(seg) else classify(seg)
                candidates.extend(found)
                if not found and _is_request(seg) and not seg.has("perm"):
                    unparsed.append(_span_text(text, tokens, seg))
        intents = [Intent.model_validate(i) for i in merge(candidates)]
        return ParseResult(intents=intents, unparsed=unparsed[:10])


def _is_request(seg: Segment) -> bool:
    return any(m.has(r) for m in seg.marks for r in _REQUEST_ROLES) and any(
        not m.tags and len(m.text) > 2 for m in seg.marks
    )


def _span_text(text: str, tokens: list[Token], seg: Segment) -> str:
    return text[tokens[seg.marks[0].start].start : tokens[seg.marks[-1].end - 1].end][:200]


def _requests(seg: Segment) -> bool:
    return any(seg.has(r) for r in _REQUEST_ROLES) or seg.has("cue", "colo") or seg.has("cue", "samezone")


def _silenced(seg: Segment) -> bool:
    """Permission ("spot is fine") and background ("zone-b had an outage") place nothing."""
    if seg.silenced or seg.has("permverb") or (seg.has("perm") and not seg.has("verb")):
        return True
    return seg.has("bg") and not _requests(seg)


def _perm_text(seg: Segment) -> set[str]:
    return {m.text for m in seg.marks if m.has("perm")}


def _cancels(perm: set[str], prev: Segment) -> bool:
    if perm & _INDIFFERENCE:
        return True
    values = {t.value for m in prev.items for t in m.tags}
    return bool(perm & _CHOICE) and ({"amd64", "arm64"} <= values or {"spot", "ondemand"} <= values)


def _borrow(seg: Segment, prev: Segment) -> None:
    """A pronoun clause ("avoid it", "keep away from them") takes the previous clause's mentions;
    a previous clause that only described them ("ams1 is the backup site") then places nothing."""
    items = prev.items
    if seg.has("cue", "colo") or seg.has("cue", "samezone"):
        items = [m for m in items if any(t.kind in ("app", "dataset") for t in m.tags)]
    seg.borrowed = items
    if seg.own is not None:
        seg.strength = seg.own
    if items and not _requests(prev):
        prev.silenced = True


def _correct(seg: Segment, wrong: Segment) -> None:
    """ "near solr - sorry, I meant etcd": the correction replaces the mentions of the clause it
    corrects and keeps that clause's cues, polarity and strength."""
    wrong.silenced = True
    if seg.items:
        seg.marks = [m for m in wrong.marks if m.entity() is None and not m.has("corr")] + seg.marks
        if seg.own is None:
            seg.strength = wrong.strength


def _resolve_references(sentences: list[list[Segment]]) -> None:
    """Pronouns borrow the previous clause's mentions; indifference and corrections cancel them."""
    previous: Segment | None = None
    last: Segment | None = None
    for sentence in sentences:
        for k, seg in enumerate(sentence):
            prev = sentence[k - 1] if k > 0 else last
            own = [m for m in seg.items if not m.has("cue")]  # "separate them": a cue, no object
            if not own and prev is not None and prev.items:
                if seg.has("pron") and (seg.has("verb") or seg.has("cue")) and not seg.has("perm"):
                    _borrow(seg, prev)
                elif not seg.items and k > 0 and seg.has("perm") and _cancels(_perm_text(seg), prev):
                    prev.silenced = True
            if seg.has("corr") and previous is not None and previous is not seg:
                _correct(seg, previous)
            if seg.items:
                previous = seg
            last = seg
