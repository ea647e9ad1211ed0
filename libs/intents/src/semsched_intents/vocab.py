"""Phrase tables: the static lexicon merged with one cluster's names, built once per context hash."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

from semsched_intents.concepts import DOMAIN_WORDS, GPU_FAMILIES, OTHER_GPUS
from semsched_intents.hashing import context_hash
from semsched_intents.lexicon import COMMON_VALUES, POLARITY_WORDS, STRENGTH_WORDS
from semsched_intents.places import city_codes, holds, place_of, place_words
from semsched_intents.quantities import CPU_UNITS, MEMORY_UNITS, UNITS_SPELLED
from semsched_intents.text import phrase_tokens
from semsched_proto.intents import ClusterContext

Phrase = tuple[str, ...]
_ZONE_PREFIXES: tuple[Phrase, ...] = (("zone",), ("az",), ("availability", "zone"), ("zones",), ("azs",))
_QTY_LIKE = re.compile(r"^\d+(?:\.\d+)?([a-z]{0,3})$")
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
    # name families read off the context: (kind, shape of each token, and a one-word name's letters before
    # its digits) -> the tokens every member shares,
    # so that an unknown "dc-east" (zones dc-north, dc-south), "zgz-c1" (mad-c1, bcn-c1) or "bay4"
    # (bay1..bay3) is still a zone
    families: dict[tuple[str, tuple[str, ...]], dict[int, str]] = field(default_factory=dict)
    # every zone and node by its joined tokens ("gkeprodpool18f3a2ct9wb"), for misspelt members of a family;
    # grouped by (length, first letter), the only ones a slip can be of
    members: dict[tuple[int, str], dict[str, tuple[str, str]]] = field(default_factory=dict)
    zone_prefix: str = ""  # "zone-" where the context's zones are zone-a, zone-b...
    zone_codes: bool = False  # zones named by short codes ("fra", "ams"): "zone par" names one too
    zone_code_len: int = 0  # the codes' one length (3 for iad, sea, fra), where they share one
    zone_code_shape: str = ""  # the one shape of codes with digits ("a2d1" for ld4, ny5, ty3)
    # the last word of an app's name, where one app alone ends in it ("trainer" of fsdp-trainer): read
    # as that app only where a placement cue names a workload ("on the same box as the trainer")
    app_words: dict[str, str] = field(default_factory=dict)
    # fuzzy_names by first letter, then by the number in the name, then by its letters (filled lazily)
    fuzzy_index: dict[str, dict[str, dict[str, tuple[Tag, ...]]]] = field(default_factory=dict)

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
        if fuzzy_word(word):
            self.fuzzy_index.pop(word[0], None)
            by_word = self.fuzzy_names.setdefault(word[0], {})
            if tag not in by_word.get(word, ()):
                by_word[word] = (*by_word.get(word, ()), tag)


def fuzzy_word(word: str) -> bool:
    """A word or glued name long enough to match misspelt: five letters or more, and digits only as
    written ("vibraton2024"); a typo is looked for in the letters."""
    return word.isalnum() and sum(c.isalpha() for c in word) >= 5


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
                    tag.role
                    in ("mod", "verb", "neg", "concept", "cue", "replicas", "ent", "zoneword", "load")
                    and len(toks) == 1
                ):
                    table.add_fuzzy(toks[0], tag)
    for family, aliases in GPU_FAMILIES.items():
        for alias in aliases:
            for form in (alias, alias + "s"):
                table.add((form,), Tag("ent", family, kind="gpu"))
    for name in OTHER_GPUS:
        for form in (name, name + "s"):
            if (form,) not in table.entries:  # "l40s" is the family, not two L40s
                table.add((form,), Tag("ent", name, kind="gpu"))
    return table


_STATIC = _build_static()


_SPELLING = re.compile(r"i([sz])(e|ed|es|ing|ation|ations|er)$")  # optimised / optimized


# British and American spellings of the same word ("drm-licence" for drm-license).
_SPELLINGS = (("licence", "license"), ("centre", "center"), ("colour", "color"), ("catalogue", "catalog"))


def _respell(tok: str) -> str:
    for one, other in _SPELLINGS:
        if one in tok or other in tok:
            return tok.replace(one, other) if one in tok else tok.replace(other, one)
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


# Abbreviations clusters use in zone names, as people write them out.
_SPELLED_OUT: dict[str, tuple[str, ...]] = {
    "bldg": ("building",),
    "dc": ("datacenter", "datacentre"),
    "rm": ("room",),
    "fl": ("floor",),
    "flr": ("floor",),
    "rk": ("rack",),
    "dh": ("hall", "data hall"),
    "pop": ("point of presence",),
}


def _zone_words(zones: list[str]) -> set[str]:
    """What a cluster calls its zones, read off their names: an alphabetic part that two or more
    zones share ("bay" of bay1..bay3, "dc" of dc-north/dc-south, "pop" of ams-pop/lhr-pop, "wing" of
    east-wing-2f/west-wing-1f, "dh" of yul-dh1/phx-dh1)."""
    counts: dict[str, int] = {}
    for zone in zones:
        toks = phrase_tokens(zone)
        seen: set[str] = set()
        for tok in toks:
            m = _ZONE_WORD.match(tok)
            if m is None or (len(toks) == 1 and m.group(1) == tok):
                continue  # "fra", "ams": codes, not a word plus an id
            seen.add(m.group(1))
        for word in seen:
            counts[word] = counts.get(word, 0) + 1
    return {word for word, n in counts.items() if n >= 2}


_RUNS = re.compile(r"[a-z]+|\d+")


def token_shape(token: str) -> str:
    """ "c1" -> "a1d1", "north" -> "a+", "0142" -> "d4": letter and digit runs, long words alike."""
    out = []
    for run in _RUNS.findall(token):
        kind = "a" if run[0].isalpha() else "d"
        out.append(f"{kind}+" if kind == "a" and len(run) > 3 else f"{kind}{len(run)}")
    return "".join(out) or "?"


def name_signature(tokens: Phrase) -> tuple[str, ...]:
    return tuple(token_shape(t) for t in tokens)


def _anchors(members: list[Phrase]) -> dict[int, str]:
    """Positions where every member has the same token; for one-token names, their shared letters
    before the digits ("bay" of bay1, bay2)."""
    if len(members[0]) == 1:
        heads = {re.match(r"[a-z]*", m[0]).group(0) for m in members}  # type: ignore[union-attr]
        return {0: heads.pop()} if len(heads) == 1 and "" not in heads else {}
    return {k: members[0][k] for k in range(len(members[0])) if len({m[k] for m in members}) == 1}


def _add_family(table: PhraseTable, kind: str, names: list[str]) -> None:
    groups: dict[tuple[str, ...], list[Phrase]] = {}
    for name in names:
        toks = phrase_tokens(name)
        if toks:
            joined = "".join(toks)
            table.members.setdefault((len(joined), joined[0]), {}).setdefault(joined, (kind, name))
            groups.setdefault(_family_key(toks), []).append(toks)
    for signature, members in groups.items():
        if len(members) < 2:
            continue  # a family needs two members to show its pattern
        anchors = _anchors(members)
        shape = signature[:-1] if len(members[0]) == 1 else signature
        if not any(any(c.isdigit() for c in part) for part in shape) and not anchors:
            continue  # words alone ("wet-lab", "dry-lab") need a shared word to be a pattern
        if len(shape) == 1 and not anchors:
            continue
        table.families[(kind, signature)] = anchors


def _family_key(tokens: Phrase) -> tuple[str, ...]:
    """The shape of a name's tokens; a one-word name adds its letters before the digits, so helix01..06
    and codon01..04 are two families of one shape."""
    signature = name_signature(tokens)
    if len(tokens) == 1:
        head = re.match(r"[a-z]*", tokens[0])
        return (*signature, "^" + (head.group(0) if head else ""))
    return signature


def _dropped_letter(joined: str, written: str) -> bool:
    """`written` is `joined` less one letter inside a word of four letters or more."""
    at = next((k for k in range(len(written)) if joined[k] != written[k]), len(written))
    if joined[:at] + joined[at + 1 :] != written or not joined[at].isalpha():
        return False
    start, end = at, at
    while start > 0 and joined[start - 1].isalpha():
        start -= 1
    while end < len(joined) and joined[end].isalpha():
        end += 1
    return end - start >= 4


def misspelt_member(table: PhraseTable, run: Phrase) -> tuple[str, str] | None:
    """The zone or node a long name is a slip of: two characters swapped inside a part of four or more
    ("...-t9bw" for "...-t9wb", "dc-nroth"), one letter wrong inside a word of four or more ("prood"
    for "prod"), or one letter left out of one ("hpc-rom2"). A different digit or letter of an id
    ("eu-west-2c", "rack-b1", "7q4n") is another place, never a typo. A hyphen left out or put in
    elsewhere is a slip too."""
    written = "".join(run)
    if len(written) < 6:
        return None
    for joined, member in table.members.get((len(written) + 1, written[0]), {}).items():
        if _dropped_letter(joined, written):
            return member  # "hpc-rom2" for "hpc-room2", "leeds-hal2" for "leeds-hall2"
    for joined, member in table.members.get((len(written) - 1, written[0]), {}).items():
        if _dropped_letter(written, joined):
            return member  # "dc-harbourview" for "dc-harborview": one letter put in
    owner = [k for k, tok in enumerate(run) for _ in tok]  # which token each character is in
    for joined, member in table.members.get((len(written), written[0]), {}).items():
        diff = [k for k in range(len(written)) if joined[k] != written[k]]
        if not diff:
            return member  # "yldcpu-09" for "yld-cpu-09": the same letters, a hyphen left out
        if len(diff) > 2 or any(len(run[owner[k]]) < 4 for k in diff):
            continue
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and joined[diff[0]] == written[diff[1]]
        swapped = swapped and joined[diff[1]] == written[diff[0]]
        letter = len(diff) == 1 and run[owner[diff[0]]].isalpha()  # a word, not an id like "7q4m"
        if swapped or letter:
            return member
    return None


# English prefixes and particles that make hyphenated words ("re-trains", "in-memory", "co-located"):
# such a word is no member of a name family, unless the family's own names start so.
_WORD_PREFIXES = frozenset(
    {"re", "in", "co", "de", "un", "pre", "non", "out", "up", "off", "on", "self", "sub"}
)


def family_of(table: PhraseTable, tokens: Phrase) -> str:
    """The kind ("zone", "node") whose family this name fits, or ""."""
    signature = _family_key(tokens)
    if len(tokens) > 1 and tokens[0] in _WORD_PREFIXES:
        anchored = any(0 in anchors and anchors[0] == tokens[0] for anchors in table.families.values())
        if not anchored:
            return ""
    for kind in ("zone", "node"):
        anchors = table.families.get((kind, signature))
        if anchors is None:
            continue
        if len(tokens) == 1:
            if tokens[0].startswith(anchors.get(0, "")):
                return kind
        elif all(tokens[k] == token for k, token in anchors.items()):
            return kind
    return ""


def _add_zones(table: PhraseTable, zones: list[str]) -> None:
    lasts: dict[str, list[str]] = {}
    _add_family(table, "zone", zones)
    if zones and all(z.startswith("zone-") for z in zones):
        table.zone_prefix = "zone-"
    table.zone_codes = bool(zones) and all(z.isalpha() and 2 <= len(z) <= 5 for z in zones)
    if table.zone_codes and len({len(z) for z in zones}) == 1 and len(zones) >= 2:
        table.zone_code_len = len(zones[0])
    shapes = {token_shape(z) for z in zones if z.isalnum() and len(z) <= 5}
    if len(zones) >= 2 and len(shapes) == 1 and all(z.isalnum() for z in zones) and "d" in next(iter(shapes)):
        table.zone_code_shape = shapes.pop()  # "put it in sg1" where the zones are ld4, ny5, ty3
    for zone in zones:
        tag = Tag("ent", zone, kind="zone")
        for v in _name_variants(zone):
            table.add(v, tag)
        table.add_fuzzy("".join(phrase_tokens(zone)), tag)  # "eu-lonn", "frankfrut-1"
        toks = phrase_tokens(zone)
        if len(toks) >= 2:
            table.zone_ids[toks[-1]] = zone
            letter = toks[-1][-1]
            if toks[-1][:-1].isdigit() and letter.isalpha():
                lasts.setdefault(letter, []).append(zone)
    words = _zone_words(zones)
    for word in words:  # "bay" of bay1..bay3: "same bay as", "across bays"
        if not table.entries.get((word,)) and word not in COMMON_VALUES:
            table.add((word,), Tag("zoneword"))
            table.add((word + "s",), Tag("zoneword"))
    _add_numbered(table, zones, words)
    for letter, owners in lasts.items():
        if len(owners) == 1 and letter not in table.zone_ids:
            table.zone_ids[letter] = owners[0]
    tails: dict[Phrase, list[str]] = {}
    for zone in zones:  # "west3-a" for europe-west3-a, when no other zone ends so
        toks = phrase_tokens(zone)
        if len(toks) >= 3:
            tails.setdefault(toks[1:], []).append(zone)
    for tail, owners in tails.items():
        if len(owners) == 1 and tail not in table.entries:
            table.add(tail, Tag("ent", owners[0], kind="zone"))
    firsts: dict[str, list[str]] = {}
    for zone in zones:  # "not bcn" for bcn-c1, when no other zone starts so
        toks = phrase_tokens(zone)
        if len(toks) >= 2 and toks[0].isalnum() and len(toks[0]) >= 3 and not toks[0].isdigit():
            firsts.setdefault(toks[0], []).append(zone)  # "ld4" for ld4-cage
    for zone in zones:  # "the york store" for store-york-0245: a word of the name no other zone has
        toks = phrase_tokens(zone)
        for word in toks[1:-1] if len(toks) >= 3 else ():
            if word.isalpha() and len(word) >= 3 and word not in words:
                firsts.setdefault(word, []).append(zone)
    for first, owners in firsts.items():
        if len(owners) == 1 and (first,) not in table.entries and first not in COMMON_VALUES:
            table.add((first,), Tag("ent", owners[0], kind="zone", ambiguous=True))
            table.add_fuzzy(first, Tag("ent", owners[0], kind="zone", ambiguous=True))  # "harier"
    spelled = tuple(phrase_tokens(w) for word in words for w in _SPELLED_OUT.get(word, ()))  # "building b"
    for phrase in spelled:  # "same point of presence as"
        if not table.entries.get(phrase):
            table.add(phrase, Tag("zoneword"))
            table.add((*phrase[:-1], phrase[-1] + "s"), Tag("zoneword"))
    own_words = tuple((word,) for word in sorted(words))  # "store 0245" where the zones are store-*-NNNN
    for short, zone in table.zone_ids.items():
        for prefix in (*_ZONE_PREFIXES, *spelled, *own_words):
            table.add((*prefix, short), Tag("ent", zone, kind="zone"))
        for noun in ("site", "zone", "dc", "hall", "region", "room", "cage"):  # "the dr site" for dublin-dr
            if short.isalpha() and (short, noun) not in table.entries:
                table.add((short, noun), Tag("ent", zone, kind="zone"))
        if _BARE_ZONE_ID.match(short) and (short,) not in table.entries and short not in COMMON_VALUES:
            table.add((short,), Tag("ent", zone, kind="zone"))


_NUMBERED = re.compile(r"^([a-z]{2,12})(\d{1,3})$")
_SAID = {int(v): w for w, v in UNITS_SPELLED.items()}


def _add_numbered(table: PhraseTable, zones: list[str], words: set[str]) -> None:
    """ "row 12", "rows 12 and 14", "cage three", "cage3" for b725-row12 or mwh-cage3: a zone whose
    name ends in one of the cluster's zone words glued to a number."""
    owners: dict[Phrase, list[str]] = {}
    numbers: dict[str, list[str]] = {}
    for zone in zones:
        last = phrase_tokens(zone)[-1]
        found = _NUMBERED.match(last)
        if found is None or found.group(1) not in words or last == zone:
            continue
        word, number = found.group(1), str(int(found.group(2)))
        said = {found.group(2), number, _SAID.get(int(number), "")} - {""}
        for phrase in [(last,), *((w, n) for w in (word, word + "s") for n in sorted(said))]:
            owners.setdefault(phrase, []).append(zone)
        numbers.setdefault(number, []).append(zone)
    for phrase, named in owners.items():
        if len(named) == 1 and not table.entries.get(phrase):
            table.add(phrase, Tag("ent", named[0], kind="zone"))
    for short, named in numbers.items():  # "rows 12 and 14": the second id after the first name
        if len(named) == 1 and short not in table.zone_ids:
            table.zone_ids[short] = named[0]


_NODE_ID = re.compile(r"^[a-z]{1,2}\d{1,3}$")  # "a2" in kube-node-a2
_NODE_WORDS: tuple[str, ...] = ("node", "nodes", "host", "hosts", "box", "server", "worker", "workers")


def _add_nodes(table: PhraseTable, nodes: list[str]) -> None:
    short: dict[str, list[str]] = {}
    _add_family(table, "node", nodes)
    hosts: dict[str, list[str]] = {}
    for node in nodes:
        tag = Tag("ent", node, kind="node")
        for v in _name_variants(node):
            table.add(v, tag)
        table.add_fuzzy("".join(phrase_tokens(node)), tag)  # "frankiln", "mcclintok"
        if "." in node:  # "ip-10-0-44-7" for ip-10-0-44-7.ec2.internal
            hosts.setdefault(node.split(".", 1)[0], []).append(node)
        toks = phrase_tokens(node)
        glued = re.match(r"^([a-z]{3,})(\d+)$", node) if len(toks) == 1 else None
        if glued is not None:  # "helix nodes 01" for helix01
            for noun in ("node", "nodes"):
                table.add((glued.group(1), noun, glued.group(2)), tag)
                table.add((glued.group(1), noun, str(int(glued.group(2)))), tag)
        padded = re.match(r"^([a-z]+)(0+)(\d+)$", toks[-1])
        if len(toks) >= 2 and padded is not None:  # "lon-mx2" for lon-mx02
            table.add((*toks[:-1], padded.group(1) + padded.group(3)), tag)
        if len(toks) >= 2 and _NODE_ID.match(toks[-1]):
            short.setdefault(toks[-1], []).append(node)
        if len(toks) >= 2 and toks[-1].isdigit():
            prefix, num = toks[:-1], str(int(toks[-1]))
            table.node_ids.setdefault(" ".join(prefix), {})[num] = node
            table.add((*prefix, num), tag)
            for width in range(len(num) + 1, len(toks[-1])):  # "gs-sgp-06" for gs-sgp-006
                table.add((*prefix, num.zfill(width)), tag)
            table.add(("".join(prefix) + num,), tag)
            table.add((*prefix[:-1], prefix[-1] + "s", num), tag)  # "nodes 7 or 8", "workers 3 and 4"
            for noun in ("node", "nodes"):  # "helix nodes 01 and 02"
                table.add((*prefix, noun, toks[-1]), tag)
                table.add((*prefix, noun, num), tag)
    for host, owners in hosts.items():
        if len(owners) == 1 and not table.entries.get(phrase_tokens(host)):
            table.add(phrase_tokens(host), Tag("ent", owners[0], kind="node"))
    firsts: dict[str, list[str]] = {}
    for node in nodes:  # "the login node" for login01, where one node alone starts so
        first = _RUNS.match(node)
        if first is not None and first.group(0).isalpha() and len(first.group(0)) >= 4:
            firsts.setdefault(first.group(0), []).append(node)
    for word, owners in firsts.items():
        if len(owners) == 1 and owners[0] != word:
            for noun in ("node", "box", "host", "server", "machine"):
                table.add((word, noun), Tag("ent", owners[0], kind="node"))
    lasts: dict[str, list[str]] = {}
    for node in nodes:  # "kestrel or osprey" for vc-kestrel, vc-osprey: a distinct last word
        toks = phrase_tokens(node)
        if len(toks) >= 2 and toks[-1].isalpha() and len(toks[-1]) >= 4:
            lasts.setdefault(toks[-1], []).append(node)
    for word, owners in lasts.items():
        if len(owners) == 1 and (word,) not in table.entries and word not in COMMON_VALUES:
            table.add((word,), Tag("ent", owners[0], kind="node", ambiguous=True))
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
    figure = _QTY_LIKE.match(value)  # "100g" reads as memory; "25gbe" is no unit, so a plain name
    quantity = figure is not None and (
        figure.group(1) in MEMORY_UNITS or figure.group(1) in CPU_UNITS or not figure.group(1)
    )
    return taken or value in COMMON_VALUES or short or quantity


_CODE = re.compile(r"^[a-z]{2,}\d{2,}$")
_KEY_SUFFIX = re.compile(r"(?:rate|type|class|level|size|name)$")


_SIZED = re.compile(r"^(\d{1,4})(ki|mi|gi|ti)$")
_SIZE_SPELLINGS = {
    "ki": ("k", "kb", "kib"), "mi": ("m", "mb", "mib"), "gi": ("g", "gb", "gib"), "ti": ("t", "tb", "tib"),
}  # fmt: skip


def _add_keyed_value(table: PhraseTable, key_words: list[str], toks: Phrase, tag: Tag) -> None:
    for part in key_words:
        table.add((*toks, part), tag)  # "lobby tier"
        table.add((part, *toks), tag)  # "tier lobby"


# First words of label values that are prefixes of another word, never a short form ("non-validated").
_PREFIX_WORDS = frozenset(
    {"non", "not", "pre", "sub", "semi", "multi", "anti", "low", "high", "self", "post"}
)


def _add_labels(table: PhraseTable, labels: dict[str, list[str]]) -> None:
    firsts: dict[str, list[tuple[str, str]]] = {}  # "copper" of copper-1g, "pci" of pci-dss
    _add_label_values(table, labels, firsts)
    for first, owners in firsts.items():
        if len(owners) == 1 and (first,) not in table.entries and first not in COMMON_VALUES:
            key, value = owners[0]
            table.add((first,), Tag("ent", value, kind="label", key=key, ambiguous=True))
    codes: dict[str, list[tuple[str, str]]] = {}  # "NDR400" for ib-ndr400: letters then a number
    for key, values in labels.items():
        for value in values:
            toks = phrase_tokens(value)
            if len(toks) >= 2 and _CODE.match(toks[-1]):
                codes.setdefault(toks[-1], []).append((key, value))
    for code, owners in codes.items():
        if len(owners) == 1 and (code,) not in table.entries:
            key, value = owners[0]
            table.add((code,), Tag("ent", value, kind="label", key=key))
    _add_siblings(table, labels)


# How people shorten a technology word that label values spell out ("HDR IB" for infiniband-hdr).
_SHORTENED: dict[str, tuple[str, ...]] = {"infiniband": ("ib",), "ethernet": ("eth", "enet")}


def _add_siblings(table: PhraseTable, labels: dict[str, list[str]]) -> None:
    """Values of one key that share their first word and differ in the second (infiniband-hdr,
    infiniband-edr): the second word names its value alone ("EDR or HDR IB"), before the first
    ("HDR InfiniBand") or before the first's short form."""
    for key, values in labels.items():
        stems: dict[str, list[Phrase]] = {}
        for value in values:
            toks = phrase_tokens(value)
            if len(toks) == 2 and toks[0].isalpha():
                stems.setdefault(toks[0], []).append(toks)
        for stem, siblings in stems.items():
            if len(siblings) < 2:
                continue
            for first, last in siblings:
                tag = Tag("ent", "-".join((first, last)), kind="label", key=key)
                phrases: list[Phrase] = [(last, first)]
                phrases += [p for short in _SHORTENED.get(stem, ()) for p in ((last, short), (short, last))]
                for phrase in phrases:
                    if not table.entries.get(phrase):
                        table.add(phrase, tag)
                if (
                    last.isalpha()
                    and len(last) >= 3
                    and last not in COMMON_VALUES
                    and not table.entries.get((last,))
                ):
                    # a code ("hdr", "edr") alone; a word ("direct") only with a head noun or a placement
                    table.add(
                        (last,), Tag("ent", tag.value, kind="label", key=key, ambiguous=not _code(last))
                    )


def _code(word: str) -> bool:
    """ "hdr", "edr", "ssd": letters no word of ours is spelled with (no vowel past the first)."""
    return not any(c in "aeiouy" for c in word[1:])


def _add_label_values(
    table: PhraseTable, labels: dict[str, list[str]], firsts: dict[str, list[tuple[str, str]]]
) -> None:
    for key, values in labels.items():
        key_toks = phrase_tokens(key)
        key_words = [part for part in key_toks if part not in _GENERIC_KEY_PARTS]
        for part in key_words:
            table.add((part,), Tag("lhead", key))
            if part.isalpha() and len(part) >= 3 and not part.endswith("s"):
                table.add((part + "s",), Tag("lhead", key))  # "the copper uplinks"
            stem = _KEY_SUFFIX.sub("", part)  # "tick" of tickrate, "instance" of instance-type
            if stem != part and len(stem) >= 3:
                table.add((stem,), Tag("lhead", key))
        if len(key_toks) > 1:
            table.add(key_toks, Tag("lhead", key))
        for value in values:
            toks = phrase_tokens(value)
            if len(toks) >= 2 and toks[0].isalpha() and len(toks[0]) >= 3 and toks[0] not in _PREFIX_WORDS:
                firsts.setdefault(toks[0], []).append((key, value))
            if len(toks) >= 2 and toks[-1].isalpha() and len(toks[-1]) >= 5:
                firsts.setdefault(toks[-1], []).append((key, value))  # "the sensitive ones"
            existing = table.entries.get(toks, ())
            arch_key = key.rsplit("/", 1)[-1] == "arch"  # kubernetes.io/arch=arm64 is prefer_arch
            if existing and not arch_key and all(t.role == "ent" and t.kind == "arch" for t in existing):
                table.entries[toks] = ()  # "epyc" is cpu=epyc where the cluster labels it so, not just x86
            elif any(t.role in ("ent", "concept") for t in existing):
                # zones, GPU names and spot words keep their own meaning; a value that is also an app
                # is the label when its key is written with it ("lobby tier" beside the lobby app)
                # so is a value that is also a word of ours ("steady pool" where pool=steady), but not
                # the spot words, which always mean spot
                spotty = any(t.role == "concept" and t.value in ("spot", "ondemand") for t in existing)
                if any(t.kind == "app" for t in existing) or all(t.role == "concept" for t in existing):
                    # "ondemand billing" where billing=ondemand: with its key written, the label
                    _add_keyed_value(table, key_words, toks, Tag("ent", value, kind="label", key=key))
                if spotty:
                    continue
                continue
            tag = Tag("ent", value, kind="label", key=key, ambiguous=_label_ambiguous(table, toks, value))
            for v in _name_variants(value):
                table.add(v, tag)
            sized = _SIZED.match(value)
            if sized is not None:  # "1G hugepages" for hugepages=1gi: a size only beside its key
                keyed = Tag("ent", value, kind="label", key=key)
                for unit in _SIZE_SPELLINGS[sized.group(2)]:
                    _add_keyed_value(table, key_words, (sized.group(1) + unit,), keyed)
            if (toks[-1].isalpha() or toks[-1][-1].isdigit()) and len(toks[-1]) >= 3:
                table.add((*toks[:-1], toks[-1] + "s"), tag)  # "SSDs", "the esv5s"
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
                if kind == "gpu":  # the context's own "a10" is no alias of the family "a10g"
                    table.entries[v] = tuple(t for t in table.entries.get(v, ()) if t.kind != "gpu")
                table.add(v, tag, override_words=kind != "gpu")
            table.add_fuzzy("".join(phrase_tokens(name)), tag)
            if kind != "gpu":
                for short in _short_forms(name, last_word=kind == "dataset"):
                    prefixes.setdefault(short, []).append(Tag("ent", name, kind=kind, ambiguous=True))
            toks = phrase_tokens(name)
            if (
                kind == "dataset"
                and len(toks) >= 3
                and toks[-1].isdigit()
                and not table.entries.get(toks[:-1])
            ):
                table.add(toks[:-1], tag)  # "the meter history dataset" for meter-history-2019
            if kind == "gpu":
                plural = (phrase_tokens(name)[-1] + "s",)
                table.entries[plural] = tuple(t for t in table.entries.get(plural, ()) if t.kind != "gpu")
                table.add(plural, tag)
            elif kind == "app" and phrase_tokens(name)[-1].isalpha():  # "the audio encoders"
                toks = phrase_tokens(name)
                if not table.entries.get((*toks[:-1], toks[-1] + "s")):
                    table.add((*toks[:-1], toks[-1] + "s"), tag)
    _add_labels(table, context.node_labels)
    _add_app_words(table, context.apps)
    for short, tags in prefixes.items():  # "mongo" -> mongodb, "redis" -> redis-cache: one owner only
        if len(tags) == 1 and (short,) not in table.entries:
            table.add((short,), tags[0])
    _own_names_first(table, [*context.zones, *context.nodes, *context.apps])
    _add_places(table, context.zones)
    return table


# City codes that are also English words ("mad", "sea", "par"): never read alone as a place.
_WORDLIKE_CODES = frozenset(
    [
        "man",
        "sea",
        "mad",
        "par",
        "sin",
        "del",
        "ham",
        "gen",
        "lin",
        "rom",
        "ash",
        "tor",
        "dal",
        "chi",
        "dub",
        "mil",
        "bah",
        "hel",
        "vie",
        "ber",
        "sto",
        "sao",
        "osa",
        "mel",
        "spo",
        "ord",
        "ory",
        "arn",
        "bru",
        "lis",
        "jfk",
        "lax",
        "mrs",
        "sel",
    ]
)


def _add_places(table: PhraseTable, zones: list[str]) -> None:
    """City, country and region words ("Frankfurt", "Swiss", "the EU", "APAC") for the zones whose
    names place them; each names every zone of the context in that place (see places.py). The
    cluster's own names come first: a place word that already names something is left alone."""
    placed = [(zone, place_of(zone, phrase_tokens(zone))) for zone in zones]
    located = [(zone, place) for zone, place in placed if place is not None]
    if not located:
        return
    prefixed = any(phrase_tokens(zone)[:1] == ("eu",) for zone in zones)
    for words, level, name in place_words():
        inside = [zone for zone, place in located if holds(place, level, name, prefixed)]
        toks = phrase_tokens(words)
        if not inside or not toks or any(t.role == "ent" for t in table.entries.get(toks, ())):
            continue
        said_of = "demonym" if level in ("demonym", "rdemonym") else "place"  # "Swiss", "our Japanese users"
        tag = Tag("ent", " ".join(inside), kind="zone", key=said_of)
        table.add(toks, tag)
        if len(toks) > 1:
            table.add(("".join(toks),), tag)  # "saopaulo", "hongkong"
        if level in ("city", "country") and len(toks) == 1:
            table.add_fuzzy(toks[0], tag)  # "Frnakfurt", "Oregeon"
    codes = city_codes()
    for zone, place in located:
        for word in phrase_tokens(zone):
            code = word.rstrip("0123456789")
            if len(code) < 3 or code in _WORDLIKE_CODES or codes.get(code) != place.city:
                continue
            if any(t.role == "ent" for t in table.entries.get((code,), ())):
                continue
            inside = [z for z, p in located if p.city == place.city]
            table.add((code,), Tag("ent", " ".join(inside), kind="zone", key="place"))  # "LDN is ok-ish"


def _own_names_first(table: PhraseTable, names: list[str]) -> None:
    """A node called "cobalt" is that node, not Azure's Arm CPU: the cluster's own names beat the
    built-in architecture words."""
    for name in names:
        for v in _name_variants(name):
            tags = table.entries.get(v, ())
            if any(t.role == "ent" and t.kind == "arch" for t in tags):
                table.entries[v] = tuple(t for t in tags if not (t.role == "ent" and t.kind == "arch"))


def _add_app_words(table: PhraseTable, apps: list[str]) -> None:
    owners: dict[str, list[str]] = {}
    for app in apps:
        toks = phrase_tokens(app)
        if len(toks) > 1 and len(toks[-1]) >= 4 and toks[-1].isalpha():
            owners.setdefault(toks[-1], []).append(app)
    table.app_words = {word: names[0] for word, names in owners.items() if len(names) == 1}


# "the pool is half empty" names no half-hourly-reads: words that count or rank are no short name
_QUANTIFIERS = frozenset({"half", "whole", "full", "most", "more", "less", "some", "each", "many", "much"})
_QUANTIFIERS |= {"very", "over", "only", "last", "next", "every", "both"}


def _short_forms(name: str, last_word: bool = False) -> list[str]:
    """Shortenings people write for an app or dataset: its first word ("laion" of laion-400m), for a
    dataset also a long last word ("the embeddings cache" of product-embeddings; an app's last word
    is too often a common noun: ingress, ledger), a prefix of five letters or more of a one-word
    name ("elastic" of elasticsearch), or the letters before its digits ("brats" of brats2021)."""
    toks = phrase_tokens(name)
    if len(toks) > 1:
        first = [toks[0]] if len(toks[0]) >= 4 and toks[0].isalpha() and toks[0] not in _QUANTIFIERS else []
        last = [toks[-1]] if last_word and len(toks[-1]) >= 6 and toks[-1].isalpha() else []
        return first + last
    word = toks[0]
    letters = re.match(r"[a-z]{4,}(?=\d)", word)  # "brats" of brats2021
    if letters is not None:
        return [letters.group(0)]
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
