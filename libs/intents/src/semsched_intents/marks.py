"""Marks: scanned spans of tokens with their readings; explicit key=value labels; fuzzy names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from semsched_intents.text import Token
from semsched_intents.vocab import PhraseTable, Tag, fuzzy_word

# A value ends on a letter or digit: "=sata." at the end of a sentence is "sata".
_KEY_VALUE = re.compile(r"(?<![\w./-])([A-Za-z0-9][\w./-]{0,80})=([A-Za-z0-9](?:[\w.-]{0,61}[A-Za-z0-9])?)")
# Keys that ask for free capacity ("min_free_mem=64Gi", "cpu=2"): a quantity, not a node label.
_RESOURCE_KEY = re.compile(r"^(?:min[-_]?)?(?:free[-_]?)?(?:mem|memory|ram|cpu|cpus|cores|gpu|gpus)$", re.I)
# Real words close to vocabulary entries: never "corrected".
_NO_FUZZ_WORDS = (
    "lives close place never every where there their these those other should would could about after "
    "again hours minutes seconds month weeks night build built image images binary models model nodes "
    "notes roles rules tests state stage start store table token total today while write wrote reads "
    "disks cards latency warmup cause cases possible packet packets closes closed closer inter intra "
    "crossing printing small patching patched patch speed speeds speedy newer newest study studies "
    "packaging package packages master masters "
    "loader loaders nearly plane member members positions flood floods stores residents loves faculty "
    "filing shipping sharp stale router routes lease leaves stats cares suites lunch spent compactor "
    "stacker parked picking whenever "
)
_NO_FUZZ = frozenset(_NO_FUZZ_WORDS.split())


@dataclass(slots=True)
class Mark:
    """A scanned span of tokens [start, end) with its readings; `conf` < 1 after a fuzzy match."""

    start: int
    end: int
    tags: tuple[Tag, ...] = ()
    punct: str = ""
    text: str = ""
    conf: float = 1.0
    known: bool = True

    def has(self, role: str, value: str | None = None) -> bool:
        for t in self.tags:  # noqa: SIM110 - called millions of times a run; any() over a generator costs twice as much
            if t.role == role and (value is None or t.value == value):
                return True
        return False

    def entity(self) -> Tag | None:
        for t in self.tags:
            if t.role in ("ent", "qty", "concept"):
                return t
        return None


def _digits(word: str) -> str:
    """The number in a name, without leading zeros ("nightngale-1" is nightingale-01)."""
    return "".join(c for c in word if c.isdigit()).lstrip("0")


def fuzzy_mark(table: PhraseTable, word: str, i: int) -> Mark | None:
    """A misspelt vocabulary word or context name ("elasticsarch"): OSA distance 1 (2 from 8 letters),
    same first letter; the confidence drops with the distance."""
    if not fuzzy_word(word) or word in _NO_FUZZ or word in table.app_words:
        return None  # "scheduler" ends an app's name (wax-scheduler): no misspelt "schedule"
    choices = table.fuzzy_names.get(word[0])
    if not choices:
        return None
    # "vibraton2024", "dorne1": the number is as written (leading zeros aside; "node13" is no misspelt
    # "node12"), and the slip is looked for in the letters
    by_letters = _by_letters(table, word[0]).get(_digits(word), {})
    written = _letters(word)
    limit = 1 if len(written) <= 7 else 2
    best = process.extractOne(written, list(by_letters), scorer=OSA.distance, score_cutoff=limit)
    if best is None:
        return None
    if best[1] >= 2 and best[0][:2] != written[:2]:
        return None  # two edits and a different start: another word ("streaming", not "spreading")
    if written in (best[0] + "ed", best[0] + "d"):
        return None  # "restarted", "migrated": what happened, not a misspelt "restart"
    agent = written in (best[0] + "r", best[0] + "rs")
    if agent and any(t.role == "ent" and t.kind == "label" for t in by_letters[best[0]]):
        return None  # "encoder" is a thing that encodes, not the "encode" role
    return Mark(i, i + 1, by_letters[best[0]], conf=1.0 - 0.12 * float(best[1]), text=word)


def _by_letters(table: PhraseTable, first: str) -> dict[str, dict[str, tuple[Tag, ...]]]:
    """The fuzzy names of one first letter by their number, then by their letters (built once a table)."""
    cached = table.fuzzy_index.get(first)
    if cached is None:
        cached = {}
        for name, tags in table.fuzzy_names.get(first, {}).items():
            cached.setdefault(_digits(name), {}).setdefault(_letters(name), tags)
        table.fuzzy_index[first] = cached
    return cached


def _letters(word: str) -> str:
    return "".join(c for c in word if not c.isdigit())


# Well-known topology keys name a zone or a node, not a label ("topology.kubernetes.io/zone=eu-1a").
_ZONE_KEYS = frozenset({"zone", "az", "availability-zone", "availability_zone"})
_NODE_KEYS = frozenset({"hostname", "node", "nodename", "node-name", "host"})


def _key_value_tag(key: str, value: str) -> Tag:
    last = key.rsplit("/", 1)[-1].lower()
    if last in _ZONE_KEYS:
        return Tag("ent", value.lower(), kind="zone")
    if last in _NODE_KEYS:
        return Tag("ent", value.lower(), kind="node")
    return Tag("ent", value, kind="label", key=key)


_OWNERS = frozenset({"its", "it's", "our", "my", "their"})


def key_values(source: str, tokens: Sequence[Token]) -> dict[int, Mark]:
    """Explicit `key=value` labels, kept exactly as written, keyed by their first token."""
    out: dict[int, Mark] = {}
    starts = {t.start: n for n, t in enumerate(tokens)}
    for m in _KEY_VALUE.finditer(source):
        first = starts.get(m.start())
        if first is None:
            continue
        last = first
        while last < len(tokens) and tokens[last].end <= m.end():
            last += 1
        if _RESOURCE_KEY.match(m.group(1)) and m.group(2)[0].isdigit():
            continue  # read by the quantity rules
        before = source[max(0, m.start() - 8) : m.start()].split()
        if m.group(2).isdigit() and before and before[-1].lower() in _OWNERS:
            continue  # "its tp=8": a setting of the job itself, no node label
        tag = _key_value_tag(m.group(1), m.group(2))
        out[first] = Mark(first, last, (tag,), text=m.group(0))
    return out
