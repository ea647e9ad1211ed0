"""Phrase tables: the static lexicon merged with one cluster's names, built once per context hash."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

from semsched_intents.concepts import DOMAIN_WORDS, GPU_FAMILIES
from semsched_intents.hashing import context_hash
from semsched_intents.lexicon import COMMON_VALUES, POLARITY_WORDS, STRENGTH_WORDS
from semsched_intents.text import phrase_tokens
from semsched_proto.intents import ClusterContext

Phrase = tuple[str, ...]
_ZONE_PREFIXES: tuple[Phrase, ...] = (("zone",), ("az",), ("availability", "zone"), ("zones",), ("azs",))
_QTY_LIKE = re.compile(r"^\d+(?:\.\d+)?[a-z]{0,3}$")
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
    fuzzy_names: dict[str, dict[str, tuple[Tag, ...]]] = field(default_factory=dict)  # letter -> word -> tags
    # name families read off the context: (kind, stem, shape of the last part) -> example, so that an
    # unknown "dc-east" (zones dc-north, dc-south) or "bay4" (bay1..bay3) is still a zone
    families: dict[tuple[str, str, str], str] = field(default_factory=dict)
    zone_prefix: str = ""  # "zone-" where the context's zones are zone-a, zone-b...
    zone_codes: bool = False  # zones named by short codes ("fra", "ams"): "zone par" names one too

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
            by_word = self.fuzzy_names.setdefault(word[0], {})
            if tag not in by_word.get(word, ()):
                by_word[word] = (*by_word.get(word, ()), tag)


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
                if tag.role == "neg" and "verb" not in roles:
                    continue  # a typo guessed into a negation would flip the request: verbs only ("avoild")
                if (
                    tag.role in ("mod", "verb", "neg", "concept", "cue", "replicas", "ent", "zoneword")
                    and len(toks) == 1
                ):
                    table.add_fuzzy(toks[0], tag)
    for family, aliases in GPU_FAMILIES.items():
        for alias in aliases:
            for form in (alias, alias + "s"):
                table.add((form,), Tag("ent", family, kind="gpu"))
    return table


_STATIC = _build_static()


_SPELLING = re.compile(r"i([sz])(e|ed|es|ing|ation|ations|er)$")  # optimised / optimized


def _respell(tok: str) -> str:
    m = _SPELLING.search(tok)
    if m is None or len(tok) < 6:
        return tok
    return tok[: m.start(1)] + ("s" if m.group(1) == "z" else "z") + tok[m.end(1) :]


def _name_variants(name: str) -> list[Phrase]:
    """A name as written, glued into one word, and in the other -ise/-ize spelling."""
    toks = phrase_tokens(name)
    out = [toks]
    if len(toks) > 1:
        out.append(("".join(toks),))
    other = tuple(_respell(t) for t in toks)
    if other != toks:
        out.append(other)
    return out


# A zone's short id may stand alone ("1b is not ok", "the lhr site") when it cannot be an ordinary
# word: a digit-letter id ("1b", "2a") or an unknown alphabetic code of three or more letters.
_BARE_ZONE_ID = re.compile(r"^(?:\d{1,2}[a-z]|[a-z]\d{1,2}|[a-z]{3,})$")


_ZONE_WORD = re.compile(r"^([a-z]{2,12})(?:\d{1,3}[a-z]?)?$")


def _zone_words(zones: list[str]) -> set[str]:
    """What a cluster calls its zones, read off their names: the alphabetic first part that every
    zone shares ("bay" of bay1..bay3, "dc" of dc-north/dc-south), when there are two or more."""
    firsts: set[str] = set()
    for zone in zones:
        toks = phrase_tokens(zone)
        m = _ZONE_WORD.match(toks[0]) if toks else None
        if m is None or (len(toks) == 1 and m.group(1) == toks[0]):
            return set()  # "fra", "ams": codes, not a word plus an id
        firsts.add(m.group(1))
    return firsts if len(zones) >= 2 and len(firsts) == 1 else set()


_SHAPE = re.compile(r"^([a-z]*?)(\d+[a-z]?|[a-z]+)$")


def name_shape(tokens: Phrase) -> tuple[str, str] | None:
    """(stem, shape) of a name: "dc-north" -> ("dc -", "alpha"), "bay1" -> ("bay", "digits"),
    "prd-bm-0142" -> ("prd bm -", "digits4")."""
    if not tokens:
        return None
    last = tokens[-1]
    if len(tokens) > 1:
        stem = " ".join(tokens[:-1]) + " -"
        word = last
    else:
        m = _SHAPE.match(last)
        if m is None or not m.group(1) or not m.group(2)[0].isdigit():
            return None
        stem, word = m.group(1), m.group(2)
    if word.isdigit():
        return stem, f"digits{len(word)}"
    if word[0].isdigit():
        return stem, "digits-letter"
    return (stem, "alpha") if word.isalpha() and 2 <= len(word) <= 12 else None


def _add_family(table: PhraseTable, kind: str, names: list[str]) -> None:
    counts: dict[tuple[str, str, str], list[str]] = {}
    for name in names:
        shape = name_shape(phrase_tokens(name))
        if shape is not None:
            counts.setdefault((kind, *shape), []).append(name)
    for key, members in counts.items():
        if len(members) >= 2:  # a family needs two members to show its pattern
            table.families[key] = members[0]


def _add_zones(table: PhraseTable, zones: list[str]) -> None:
    lasts: dict[str, list[str]] = {}
    _add_family(table, "zone", zones)
    if zones and all(z.startswith("zone-") for z in zones):
        table.zone_prefix = "zone-"
    table.zone_codes = bool(zones) and all(z.isalpha() and 2 <= len(z) <= 5 for z in zones)
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
    for word in _zone_words(zones):  # "bay" of bay1..bay3: "same bay as", "across bays"
        if not table.entries.get((word,)) and word not in COMMON_VALUES:
            table.add((word,), Tag("zoneword"))
            table.add((word + "s",), Tag("zoneword"))
    for letter, owners in lasts.items():
        if len(owners) == 1 and letter not in table.zone_ids:
            table.zone_ids[letter] = owners[0]
    for short, zone in table.zone_ids.items():
        for prefix in _ZONE_PREFIXES:
            table.add((*prefix, short), Tag("ent", zone, kind="zone"))
        if _BARE_ZONE_ID.match(short) and (short,) not in table.entries and short not in COMMON_VALUES:
            table.add((short,), Tag("ent", zone, kind="zone"))


_NODE_ID = re.compile(r"^[a-z]{1,2}\d{1,3}$")  # "a2" in kube-node-a2
_NODE_WORDS: tuple[str, ...] = ("node", "nodes", "host", "hosts", "box", "server", "worker", "workers")


def _add_nodes(table: PhraseTable, nodes: list[str]) -> None:
    short: dict[str, list[str]] = {}
    _add_family(table, "node", nodes)
    for node in nodes:
        tag = Tag("ent", node, kind="node")
        for v in _name_variants(node):
            table.add(v, tag)
        toks = phrase_tokens(node)
        if len(toks) >= 2 and _NODE_ID.match(toks[-1]):
            short.setdefault(toks[-1], []).append(node)
        if len(toks) >= 2 and toks[-1].isdigit():
            prefix, num = toks[:-1], str(int(toks[-1]))
            table.node_ids.setdefault(" ".join(prefix), {})[num] = node
            table.add((*prefix, num), tag)
            table.add(("".join(prefix) + num,), tag)
            table.add((*prefix[:-1], prefix[-1] + "s", num), tag)  # "nodes 7 or 8", "workers 3 and 4"
    for ident, owners in short.items():  # "node a2", "nodes b1 and b2": a unique alphanumeric suffix
        if len(owners) == 1:
            table.node_ids.setdefault("", {})[ident] = owners[0]
            for word in _NODE_WORDS:
                table.add((word, ident), Tag("ent", owners[0], kind="node"))


def _label_ambiguous(table: PhraseTable, toks: Phrase, value: str) -> bool:
    taken = any(
        t.role in ("mod", "neg", "perm", "verb", "cue", "res", "replicas")
        for t in table.entries.get(toks, ())
    )
    short = len(value) <= 2 and (value.isalpha() or value.isdigit())  # "a", "ml", "1"; not "c3"
    return taken or value in COMMON_VALUES or short or bool(_QTY_LIKE.match(value))


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
    prefixes: dict[str, list[Tag]] = {}
    for kind, names in (("app", context.apps), ("dataset", context.datasets), ("gpu", context.gpu_models)):
        for name in names:
            value = name.lower() if kind == "gpu" else name
            tag = Tag("ent", value, kind=kind)
            for v in _name_variants(name):
                table.add(v, tag, override_words=kind != "gpu")
            table.add_fuzzy("".join(phrase_tokens(name)), tag)
            if kind != "gpu":
                for short in _short_forms(name):
                    prefixes.setdefault(short, []).append(Tag("ent", name, kind=kind, ambiguous=True))
            if kind == "gpu":
                table.add((phrase_tokens(name)[-1] + "s",), tag)
    _add_labels(table, context.node_labels)
    for short, tags in prefixes.items():  # "mongo" -> mongodb, "redis" -> redis-cache: one owner only
        if len(tags) == 1 and (short,) not in table.entries:
            table.add((short,), tags[0])
    return table


def _short_forms(name: str) -> list[str]:
    """Shortenings people write for an app or dataset: its first word ("laion" of laion-400m), or a
    prefix of five letters or more of a one-word name ("elastic" of elasticsearch)."""
    toks = phrase_tokens(name)
    if len(toks) > 1:
        return [toks[0]] if len(toks[0]) >= 4 and toks[0].isalpha() else []
    word = toks[0]
    return [word[:n] for n in range(5, len(word) - 1)] if word.isalpha() else []


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
