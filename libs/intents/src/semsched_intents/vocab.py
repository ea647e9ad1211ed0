"""Phrase tables: the static lexicon merged with one cluster's names, built once per context hash."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

from semsched_intents.concepts import DOMAIN_WORDS, GPU_FAMILIES
from semsched_intents.hashing import context_hash
from semsched_intents.lexicon import POLARITY_WORDS, STRENGTH_WORDS
from semsched_intents.text import phrase_tokens
from semsched_proto.intents import ClusterContext

Phrase = tuple[str, ...]
_ZONE_PREFIXES: tuple[Phrase, ...] = (("zone",), ("az",), ("availability", "zone"), ("zones",), ("azs",))
_QTY_LIKE = re.compile(r"^\d+(?:\.\d+)?[a-z]{0,3}$")
# Label values that are everyday words need their key or a head noun next to them ("gpu pool").
_COMMON_VALUES = frozenset(
    {
        "general",
        "default",
        "standard",
        "dev",
        "prod",
        "test",
        "staging",
        "main",
        "primary",
        "large",
        "small",
        "medium",
        "fast",
        "slow",
        "high",
        "low",
        "new",
        "old",
        "yes",
        "no",
        "true",
        "false",
        "on",
        "off",
        "gpu",
        "cpu",
        "memory",
        "compute",
        "storage",
        "shared",
        "public",
        "private",
        "internal",
        "external",
        "batch",
        "system",
        "infra",
        "web",
        "data",
        "best",
        "basic",
        "premium",
        "free",
        "spot",
        "enabled",
        "disabled",
        "none",
        "any",
        "all",
        "hot",
        "cold",
        "warm",
        "edge",
        "core",
        "common",
        "critical",
        "production",
        "development",
        "qa",
        "ci",
        "sandbox",
        "experimental",
        "beta",
        "alpha",
        "stable",
    }
)
_GENERIC_KEY_PARTS = frozenset({"node", "nodes", "kubernetes", "io", "k8s", "com", "sh", "x", "label", "the"})


@dataclass(frozen=True, slots=True)
class Tag:
    """One reading of a phrase: a role (mod, neg, ent, concept, ...) and its value."""

    role: str
    value: str = ""
    kind: str = ""  # entity kind: zone node app label gpu arch dataset
    key: str = ""  # label key for label entities
    ambiguous: bool = False


@dataclass(slots=True)
class PhraseTable:
    """Longest-match lookup: phrase tuple -> tags; `maxlen` bounds the lookahead per first token."""

    entries: dict[Phrase, tuple[Tag, ...]] = field(default_factory=dict)
    maxlen: dict[str, int] = field(default_factory=dict)
    zone_ids: dict[str, str] = field(default_factory=dict)  # short id ("b", "1a") -> zone name
    node_ids: dict[str, dict[str, str]] = field(default_factory=dict)  # prefix -> number -> node
    fuzzy_names: dict[str, dict[str, Tag]] = field(default_factory=dict)  # first letter -> word -> tag

    def add(self, phrase: Phrase, tag: Tag, *, override_words: bool = False) -> None:
        if not phrase:
            return
        old = self.entries.get(phrase, ())
        if override_words:
            old = tuple(t for t in old if t.role in ("ent", "concept"))
        if tag not in old:
            self.entries[phrase] = (*old, tag)
        self.maxlen[phrase[0]] = max(self.maxlen.get(phrase[0], 0), len(phrase))

    def copy(self) -> PhraseTable:
        return PhraseTable(
            dict(self.entries), dict(self.maxlen), {}, {}, {k: dict(v) for k, v in self.fuzzy_names.items()}
        )

    def add_fuzzy(self, word: str, tag: Tag) -> None:
        if len(word) >= 5 and word.isalpha():
            self.fuzzy_names.setdefault(word[0], {})[word] = tag


def _parse_role(spec: str) -> Tag:
    role, _, value = spec.partition(":")
    if role == "arch":
        return Tag("ent", value, kind="arch")
    return Tag(role, value)


def _build_static() -> PhraseTable:
    table = PhraseTable()
    for roles, phrases in (*STRENGTH_WORDS, *POLARITY_WORDS, *DOMAIN_WORDS):
        tags = [_parse_role(r) for r in roles.split()]
        for phrase in phrases.split("|"):
            toks = phrase_tokens(phrase)
            for tag in tags:
                table.add(toks, tag)
                if (
                    tag.role in ("mod", "verb", "concept", "cue", "replicas", "ent", "zoneword")
                    and len(toks) == 1
                ):
                    table.add_fuzzy(toks[0], tag)
    for family, aliases in GPU_FAMILIES.items():
        for alias in aliases:
            for form in (alias, alias + "s"):
                table.add((form,), Tag("ent", family, kind="gpu"))
    return table


_STATIC = _build_static()


def _name_variants(name: str) -> list[Phrase]:
    toks = phrase_tokens(name)
    out = [toks]
    if len(toks) > 1:
        out.append(("".join(toks),))
    return out


def _add_zones(table: PhraseTable, zones: list[str]) -> None:
    lasts: dict[str, list[str]] = {}
    for zone in zones:
        tag = Tag("ent", zone, kind="zone")
        for v in _name_variants(zone):
            table.add(v, tag)
        toks = phrase_tokens(zone)
        if len(toks) >= 2:
            table.zone_ids[toks[-1]] = zone
            letter = toks[-1][-1]
            if toks[-1][:-1].isdigit() and letter.isalpha():
                lasts.setdefault(letter, []).append(zone)
    for letter, owners in lasts.items():
        if len(owners) == 1 and letter not in table.zone_ids:
            table.zone_ids[letter] = owners[0]
    for short, zone in table.zone_ids.items():
        for prefix in _ZONE_PREFIXES:
            table.add((*prefix, short), Tag("ent", zone, kind="zone"))


def _add_nodes(table: PhraseTable, nodes: list[str]) -> None:
    for node in nodes:
        tag = Tag("ent", node, kind="node")
        for v in _name_variants(node):
            table.add(v, tag)
        toks = phrase_tokens(node)
        if len(toks) >= 2 and toks[-1].isdigit():
            prefix, num = toks[:-1], str(int(toks[-1]))
            table.node_ids.setdefault(" ".join(prefix), {})[num] = node
            table.add((*prefix, num), tag)
            table.add(("".join(prefix) + num,), tag)
            table.add((*prefix[:-1], prefix[-1] + "s", num), tag)  # "nodes 7 or 8", "workers 3 and 4"


def _label_ambiguous(table: PhraseTable, toks: Phrase, value: str) -> bool:
    taken = any(
        t.role in ("mod", "neg", "perm", "verb", "cue", "res", "replicas")
        for t in table.entries.get(toks, ())
    )
    short = len(value) <= 2 and (value.isalpha() or value.isdigit())  # "a", "ml", "1"; not "c3"
    return taken or value in _COMMON_VALUES or short or bool(_QTY_LIKE.match(value))


def _add_labels(table: PhraseTable, labels: dict[str, list[str]]) -> None:
    for key, values in labels.items():
        key_toks = phrase_tokens(key)
        for part in key_toks:
            if part not in _GENERIC_KEY_PARTS:
                table.add((part,), Tag("lhead", key))
        if len(key_toks) > 1:
            table.add(key_toks, Tag("lhead", key))
        for value in values:
            toks = phrase_tokens(value)
            if any(t.role in ("ent", "concept") for t in table.entries.get(toks, ())):
                continue  # zones, GPU names, arch and spot words keep their own meaning
            tag = Tag("ent", value, kind="label", key=key, ambiguous=_label_ambiguous(table, toks, value))
            for v in _name_variants(value):
                table.add(v, tag)
            if toks[-1].isalpha() and len(toks[-1]) >= 3:
                table.add((*toks[:-1], toks[-1] + "s"), tag)  # "SSDs"
            if not tag.ambiguous:
                table.add_fuzzy("".join(toks), tag)


def _build_context(context: ClusterContext) -> PhraseTable:
    table = _STATIC.copy()
    _add_zones(table, context.zones)
    _add_nodes(table, context.nodes)
    for kind, names in (("app", context.apps), ("dataset", context.datasets), ("gpu", context.gpu_models)):
        for name in names:
            value = name.lower() if kind == "gpu" else name
            tag = Tag("ent", value, kind=kind)
            for v in _name_variants(name):
                table.add(v, tag, override_words=kind != "gpu")
            table.add_fuzzy("".join(phrase_tokens(name)), tag)
            if kind == "gpu":
                table.add((phrase_tokens(name)[-1] + "s",), tag)
    _add_labels(table, context.node_labels)
    return table


_CACHE: OrderedDict[str, PhraseTable] = OrderedDict()
_CACHE_SIZE = 64


def table_for(context: ClusterContext) -> PhraseTable:
    """The phrase table of a context, cached by its hash (bounded LRU)."""
    key = context_hash(context)
    table = _CACHE.get(key)
    if table is None:
        table = _build_context(context)
        _CACHE[key] = table
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return table
