"""A hint as the learned reader reads it, and the entities it names.

The reader (`semsched_intents.reader`, D36) sees the hint as the parser's marks: every name replaced by
its kind and every quantity by "amount". For an entity's role, the entity in question is in brackets,
so "keep it off eu-west-1b, near redis" asks about the zone as `keep it off [ zone ] , near app`. It
never sees a name, so it cannot learn one cluster's names, and what it reads is bounded by the
parser's own token budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from semsched_intents.clauses import Segment
from semsched_intents.marks import Mark
from semsched_proto.intents import ParseResult

# The kinds of entity whose role (the intent class it belongs to, or none) the reader judges.
KINDS = frozenset({"zone", "node", "app", "label", "gpu", "dataset"})


@dataclass(frozen=True, slots=True)
class Mention:
    """One distinct entity of a hint: what it is, the text the reader reads for it, and the strength
    the parser gave the clause it stands in (first mention)."""

    kind: str
    value: str
    key: str  # the label key, for a label; "" otherwise
    text: str
    strength: str


@dataclass(frozen=True, slots=True)
class Reading:
    """`CpuParser.read`: the parse, the entities the hint names, and the hint as the reader reads it."""

    result: ParseResult
    mentions: list[Mention]
    text: str = ""


def _word(mark: Mark) -> str:
    if mark.punct:
        return mark.punct
    tag = mark.entity()
    if tag is not None and tag.role == "ent":
        return tag.kind
    if tag is not None and tag.role == "qty":
        return "amount"
    return mark.text


def reader_text(marks: Sequence[Mark]) -> str:
    """The whole hint as the reader reads it: names replaced by their kinds, quantities by "amount"."""
    return " ".join(_word(m) for m in marks)


def mentions(marks: Sequence[Mark], sentences: Sequence[Sequence[Segment]]) -> list[Mention]:
    """Each distinct (kind, value, key) entity among `marks`, in order of first mention."""
    strength = {id(m): seg.strength for sentence in sentences for seg in sentence for m in seg.marks}
    words = [_word(m) for m in marks]
    seen: set[tuple[str, str, str]] = set()
    out: list[Mention] = []
    for k, mark in enumerate(marks):
        tag = mark.entity()
        if tag is None or tag.role != "ent" or tag.kind not in KINDS:
            continue
        identity = (tag.kind, tag.value, tag.key)
        if identity in seen:
            continue
        seen.add(identity)
        text = " ".join([*words[:k], f"[ {tag.kind} ]", *words[k + 1 :]])
        out.append(Mention(tag.kind, tag.value, tag.key, text, strength.get(id(mark), "medium")))
    return out
