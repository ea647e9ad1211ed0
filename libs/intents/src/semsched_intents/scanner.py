"""Scanning tokens into marks: longest phrase match, quantities, name patterns, fuzzy names.

Work is bounded: one pass over at most `token budget` tokens, lookahead bounded by the longest
phrase, and at most `fuzzy_budget` fuzzy look-ups per hint.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz.distance import OSA

from semsched_intents.concepts import GPU_FAMILIES, GPU_SUFFIXES
from semsched_intents.lexicon import ALONE_WORDS, COMMON_VALUES, HAVING, MACHINE_NOUNS
from semsched_intents.marks import Mark, fuzzy_mark, key_values
from semsched_intents.quantities import LINK_WORDS, parse_quantity, spoken_number
from semsched_intents.text import Token
from semsched_intents.vocab import PhraseTable, Tag, family_of, fuzzy_word, misspelt_member, token_shape

_ZONE_ID = re.compile(r"^(?:[a-z]|\d{1,2}[a-z]?|[a-z]\d)$")
_GPU_MEM = re.compile(r"^\d{1,3}(?:g|gb|gib)?$")
_CLOUD_ZONE = re.compile(r"^[a-z]{2,}-[a-z]+\d?-\d{1,2}[a-z]$")
# Nouns after a label value that make it an app's name instead; prepositions that place a pod "on" a value.
_APP_HEADS = frozenset(
    {
        "service",
        "services",
        "svc",
        "app",
        "apps",
        "application",
        "deployment",
        "job",
        "jobs",
        "pod",
        "pods",
        "team",
        "folks",
        "people",
        "squad",
        "project",
        "repo",
        "binary",
        "thing",  # "the search thing", "the dicom router thing"
        "things",
        "stuff",
        "tool",
        "program",
    }
)
_PLACING = frozenset({"on", "onto", "in", "into", "to"})
# Nouns for machines: an everyday-word label value right before one names the label ("GPU nodes",
# "prod boxes", "best-effort machines").
_NODE_HEADS = MACHINE_NOUNS | {"hardware", "capacity", "fleet", "runner", "runners", "agent", "agents"}
_WORD_ROLES = frozenset({"mod", "neg", "perm", "permverb", "verb", "cue", "res", "replicas", "concept", "bg"})


@dataclass(slots=True)
class _State:
    table: PhraseTable
    tokens: Sequence[Token]
    source: str
    fuzzy_left: int
    marks: list[Mark] = field(default_factory=list)
    cont: tuple[str, str] | None = None  # (entity kind, prefix as written) for "zone b or c"


def _short_form_of_longer(st: _State, i: int, tags: tuple[Tag, ...]) -> bool:
    """A shortened name glued to another word is a different name, unless the whole is a misspelling
    of the full one ("fraud-scorring")."""
    if not all(t.role == "ent" and t.ambiguous and t.kind in ("app", "dataset") for t in tags):
        return False
    if st.tokens[i].joined and i > 0 and st.tokens[i - 1].text.isalpha():
        return True  # "mid-voyage" is no voyage-db
    if not (i + 1 < len(st.tokens) and st.tokens[i + 1].joined):
        return False
    written = f"{st.tokens[i].text}-{st.tokens[i + 1].text}"
    return all(OSA.distance(written, t.value.lower()) > 2 for t in tags)


def _glued(st: _State, i: int) -> tuple[int, tuple[Tag, ...]] | None:
    """ "mongo db", "signal r hub", "bare metal": two words written apart that make one context name."""
    if i + 1 >= len(st.tokens) or st.tokens[i + 1].punct:
        return None
    if st.tokens[i + 1].text.isdigit() and len(st.tokens[i].text) == 1:
        return None  # "x 64" in "4 nodes x 64 ranks" is no x64 ("bay 1" is bay1)
    tags = st.table.entries.get((st.tokens[i].text + st.tokens[i + 1].text,))
    if tags and _place_only(tags):
        return None  # "give us a node" is no "usa": place words are written whole
    if tags and any(t.role == "ent" and not (t.kind == "label" and t.ambiguous) for t in tags):
        return i + 2, tuple(t for t in tags if t.role == "ent")
    return None


def _place_only(tags: tuple[Tag, ...]) -> bool:
    ents = [t for t in tags if t.role == "ent"]
    return bool(ents) and all(t.key in ("place", "demonym") for t in ents)


def _lookup(st: _State, i: int) -> tuple[int, tuple[Tag, ...]] | None:
    toks = st.tokens
    longest = st.table.maxlen.get(toks[i].text, 0)
    stop = i
    while stop < len(toks) and stop - i < longest and not toks[stop].punct:
        stop += 1
    for end in range(stop, i, -1):
        tags = st.table.entries.get(tuple(t.text for t in toks[i:end]))
        inside = end - i > 1 and end < len(toks) and toks[end].joined
        if tags and inside and not any(t.role == "ent" for t in tags):
            continue  # "stay on-prem": a phrase of words may not end inside a hyphenated word
        glued_on = end < len(toks) and toks[end].joined
        if tags and glued_on and _place_only(tags):
            continue  # "fra-1", "eu-central-1a": a place word inside a longer name is no place
        if tags:
            return end, tags
    return None


def _hyphen_run(st: _State, i: int, most: int) -> tuple[list[str], int]:
    """The words glued by hyphens from token i on ("boulder-west"), at most `most`, and the index after."""
    run, j = [st.tokens[i].text], i + 1
    while j < len(st.tokens) and st.tokens[j].joined and len(run) < most:
        run.append(st.tokens[j].text)
        j += 1
    return run, j


def _word(st: _State, j: int) -> str:
    return st.tokens[j].text if j < len(st.tokens) and not st.tokens[j].punct else ""


def _compound(st: _State, end: int) -> bool:
    nxt = st.tokens[end] if end < len(st.tokens) else None
    return nxt is not None and nxt.joined and nxt.text.endswith(("ing", "lived"))


def _label_heads(st: _State, j: int, key: str) -> int:
    """Tokens after j that name the label's key or a head noun ("gpu pool", "prod tier")."""
    found = _lookup(st, j) if _word(st, j) else None
    if found and any(t.role == "lhead" and t.value in ("", key) for t in found[1]):
        return found[0]
    return j


def _refine(st: _State, i: int, end: int, tags: tuple[Tag, ...]) -> tuple[int, tuple[Tag, ...]]:
    """Resolve readings that depend on neighbours: label heads, GPU suffixes, app head nouns."""
    out: list[Tag] = []
    for tag in tags:
        if tag.role == "ent" and tag.kind == "label":
            if tag.ambiguous and st.tokens[i].joined and len(tag.value.split("-")) > end - i:
                continue  # "ceph-backed storage": a word of ups-backed, glued to another name
            head_end = _label_heads(st, end, tag.key)
            before = st.marks[-1] if st.marks else None
            if before is not None and before.punct == ":" and len(st.marks) >= 2:
                before = st.marks[-2]  # "tier: batch": the key, then its value
            head_before = before is not None and any(
                t.role == "lhead" and t.value in ("", tag.key) for t in before.tags
            )
            where = before
            if where is not None and where.text in ("a", "an", "the") and len(st.marks) >= 2:
                where = st.marks[-2]  # "not on a Jetson"
            placed = where is not None and where.text.rsplit(" ", 1)[-1] in _PLACING
            # "must have UPS", "a box with UPS": a bare value that ends its phrase, owned by the node
            owned = (
                before is not None
                and before.text.rsplit(" ", 1)[-1] in HAVING
                and _word(st, end) in ("", "and", "or", "please", "pls")
                and len(st.tokens[i].text) >= 3
            )
            # "the core ones": "ones" after "the" and a value are machines of that kind
            machine = _word(st, end) in _NODE_HEADS or (
                _word(st, end) == "ones" and before is not None and before.text == "the"
            )
            if head_end == end and _word(st, end) in _APP_HEADS:
                continue  # "the payments service" names an app, not the team=payments label
            # "not staging," / "no prod": a negated bare value that ends its phrase is an object
            negated = before is not None and before.has("neg") and _word(st, end) in ("", "and", "or", "nor")
            # "no spot, staging, or ap-sgp": a bare value between commas, in a list of other names
            in_list = (
                before is not None
                and before.punct == ","
                and _word(st, end) in ("", "and", "or", "nor")
                and any(t.role in ("ent", "concept") for m in st.marks[-3:] for t in m.tags)
            )
            listed = (
                in_list
                or any(  # "highcpu pool if it has room, else main": the same key just before
                    t.role == "ent" and t.kind == "label" and t.key == tag.key
                    for m in st.marks[-8:]
                    for t in m.tags
                )
            )
            # "sandbox", "sandbox please", "nvme pref": a bare value that is the whole hint names its label
            alone = i == 0 and all(t.punct or t.text in ALONE_WORDS for t in st.tokens[end:])
            if (
                tag.ambiguous
                and head_end == end
                and not (head_before or placed or owned or machine or negated or listed or alone)
            ):
                continue
            if _compound(st, end):
                continue  # "a long-running job": the value is half of an adjective, not the label
            if tag.ambiguous and (head_end > end or head_before or machine):
                # a head noun settles it: "best-effort nodes" is the label, not a hedge
                return head_end, (tag,)
            end = head_end
        out.append(tag)
    ent = next((t for t in out if t.role == "ent"), None)
    if ent is not None and ent.kind == "gpu":
        while _word(st, end) in GPU_SUFFIXES or _GPU_MEM.match(_word(st, end) or "-"):
            end += 1
            if _word(st, end) in ("gb", "g", "gib"):
                end += 1
    elif ent is not None and ent.kind == "app":
        glued = end
        while glued < len(st.tokens) and st.tokens[glued].joined and st.tokens[glued].text.isalpha():
            glued += 1
        if glued > end and not any(st.tokens[k].text in _NOT_NAME_PARTS for k in range(end, glued)):
            # "course-catalog-cache" beside course-catalog: a longer name the context does not have
            name = "-".join(t.text for t in st.tokens[i:glued])
            return glued, (Tag("ent", name, kind="app"),)
        found = _lookup(st, end) if _word(st, end) else None
        if found and any(t.role == "head" for t in found[1]):
            end = found[0]
    if ent is not None and ent.kind in ("zone", "node"):
        stem, sep, last = ent.value.rpartition("-")
        shaped = sep and (_ZONE_ID.match(last) if ent.kind == "zone" else last.isdigit())
        st.cont = (ent.kind, stem if shaped else "")
    return end, tuple(out)


def _continuation(st: _State, i: int) -> Mark | None:
    """ "zone b or c", "nodes 7 or 8": a bare id right after a zone/node mention and a conjunction."""
    if st.cont is None or not st.marks:
        return None
    prev = st.marks[-1]
    if not (prev.has("conj") or prev.has("neg") or prev.punct in (",", "/")):
        return None
    word = st.tokens[i].text
    kind, written = st.cont
    if word in ("i", "a") and _word(st, i + 1) not in ("", "or", "and", "nor", "too", "please", "pls"):
        return None  # "mbg-bau-14, I would like ...": a pronoun or an article, no id
    if kind == "zone" and word in st.table.zone_ids:
        return Mark(i, i + 1, (Tag("ent", st.table.zone_ids[word], kind="zone"),))
    if kind == "node" and word.isdigit():
        own = st.table.node_ids.get(written.replace("-", " ")) if written else None
        families = [own] if own and str(int(word)) in own else list(st.table.node_ids.values())
        for family in families:  # "chiller-01/02/03": the siblings of the node just named first
            if str(int(word)) in family:
                return Mark(i, i + 1, (Tag("ent", family[str(int(word))], kind="node"),))
    if kind == "node" and word in st.table.node_ids.get("", {}):
        return Mark(i, i + 1, (Tag("ent", st.table.node_ids[""][word], kind="node"),))
    if written and (_ZONE_ID.match(word) if kind == "zone" else word.isdigit()):
        return Mark(i, i + 1, (Tag("ent", f"{written}-{word}", kind=kind),), known=False)
    return None


def _zone_shorthand(st: _State, i: int) -> Mark | None:
    """ "make that -a", "a or b too", "0522 instead": a zone's own id, once the hint has named a zone of
    that shape, written with a leading hyphen, paired with another id by "or"/"and", or a number of
    three digits or more."""
    word = st.tokens[i].text
    zone = st.table.zone_ids.get(word)
    if zone is None or not any(t.kind == "zone" for m in st.marks for t in m.tags if t.role == "ent"):
        return None
    prev = st.tokens[i - 1] if i > 0 else None
    dashed = prev is not None and prev.punct and prev.text == "\u2014" and prev.end == st.tokens[i].start
    nxt, after = _word(st, i + 1), _word(st, i + 2)
    paired = nxt in ("or", "and") and after in st.table.zone_ids
    numbered = word.isdigit() and len(word) >= 3  # "avoid store 0417 - wait no, avoid 0522"
    if not (dashed or paired or numbered):
        return None
    st.cont = ("zone", "")
    start = i
    if dashed and st.marks and st.marks[-1].punct == "\u2014":
        start = st.marks.pop().start  # the hyphen is the name's, not a dash between two thoughts
    return Mark(start, i + 1, (Tag("ent", zone, kind="zone"),))


def _family_member(st: _State, i: int, single: bool = False) -> Mark | None:
    """A name of the shape of a context family that the context does not have ("dc-east" beside
    dc-north and dc-south, "bay4" beside bay1..bay3, "prd-bm-0999"), kept as written. Hyphenated
    names are tried before the lexicon; one-word names only where nothing else matched."""
    if not st.table.families:
        return None
    run, j = _hyphen_run(st, i, 6)
    if (len(run) == 1) != single or st.table.entries.get(tuple(run)):
        return None
    slip = misspelt_member(st.table, tuple(run))
    if slip is not None:
        return Mark(i, j, (Tag("ent", slip[1], kind=slip[0]),), conf=0.88)
    kind = family_of(st.table, tuple(run))
    if not kind or run[-1] in _NOT_NAME_PARTS or run[0] in _NOT_NAME_PARTS:
        return None  # "cpu-wise", "memory-wise", "gpu-heavy": words, not a new zone or node
    if (
        len(run) == 2
        and run[-1].endswith("ed")
        and any(t.kind == "label" for t in st.table.entries.get((run[0],), ()))
    ):
        return None  # "the lte-linked boxes": a label value and a participle, not a new name
    if kind == "zone":
        st.cont = ("zone", "")
    return Mark(i, j, (Tag("ent", "-".join(run), kind=kind),), known=False)


_NOT_NAME_PARTS = frozenset(
    {"wise", "heavy", "bound", "intensive", "hungry", "only", "based", "backed", "friendly", "aware"}
    | {"like", "style", "side", "free", "less", "owned", "specific", "related", "facing", "sized"}
    | {"cpu", "gpu", "memory", "mem", "ram", "disk", "io", "network"}
)


def _known(st: _State, i: int) -> bool:
    return bool(st.table.entries.get((st.tokens[i].text,))) or st.tokens[i].text in COMMON_VALUES


def _placed_in(st: _State, the: bool = False) -> bool:
    """Right after "<placement verb> ... in/to" (and "the", with `the`): the next word names where."""
    marks = st.marks[:-1] if the and st.marks and st.marks[-1].text == "the" else st.marks
    if not marks or marks[-1].text not in ("in", "to", "into"):
        return False
    return any(m.has("verb") or m.has("neg") for m in marks[-4:-1])


_NOT_ZONE_NAMES = frozenset(
    {"same", "other", "right", "wrong", "correct", "new", "old", "next", "last", "first", "current"}
    | {"usual", "default", "nearest", "closest", "cheapest", "local", "home", "main", "whole", "entire"}
    | {"own", "different", "single", "that", "this", "any", "every", "each", "another", "best", "quiet"}
)


def _named_zone(st: _State, i: int) -> Mark | None:
    """ "put it in the taproom zone", "prefer the Tent City zone": a word the context does not know,
    named a zone where the hint places the pod, or a capitalised name before "zone", is a zone kept
    as written."""
    word, nxt = st.tokens[i].text, _word(st, i + 1)
    run, j = _hyphen_run(st, i, 4)
    named = len(run) >= 2 and all(w.isalpha() for w in run) and run[-1] not in _NOT_NAME_PARTS
    if named and _word(st, j) == "zone" and st.marks and st.marks[-1].text in ("the", "new"):
        return Mark(
            i, j + 1, (Tag("ent", "-".join(run), kind="zone"),), known=False
        )  # "the new orion-wing zone"
    if nxt == "zone" and i > 0 and word.isalpha() and _capitalised(st, i) and _capitalised(st, i - 1):
        before = st.tokens[i - 1].text
        if st.marks and st.marks[-1].start == i - 1 and not st.marks[-1].tags and not _known(st, i - 1):
            st.marks.pop()  # "the Tent City zone": two capitalised words, one name
            return Mark(i - 1, i + 2, (Tag("ent", f"{before}-{word}", kind="zone"),), known=False)
    if nxt not in ("zone", "az") or not word.isalpha() or word in _NOT_ZONE_NAMES:
        return None
    if not (_placed_in(st, the=True) or (i > 0 and _capitalised(st, i))) or _known(st, i):
        return None
    return Mark(i, i + 2, (Tag("ent", word, kind="zone"),), known=False)


def _capitalised(st: _State, i: int) -> bool:
    """A word written with a capital, not at the start of a sentence."""
    tok = st.tokens[i]
    after_stop = st.tokens[i - 1].punct and st.tokens[i - 1].text in (".", "!", "?", "\n") if i else True
    if after_stop or not st.source[tok.start : tok.start + 1].isupper():
        return False
    return not st.source[tok.start : tok.end].isupper()  # "NOT", "GPU": shouting or an acronym


_NOT_PLACE_NAMES = _NOT_ZONE_NAMES | frozenset(
    {"pool", "pools", "group", "groups", "type", "types", "class", "affinity", "selector", "label"}
    | {"labels", "outage", "failure", "level", "wise", "count", "size", "local", "which", "with", "where"}
    | {"is", "was", "has", "please", "only", "spread", "name", "names"}
)


def _kind_then_name(st: _State, i: int) -> Mark | None:
    """ "prefer zone boulder-west (new hall ...)", "prefer node lupin (racked yesterday)": a name the
    context does not have, right after the word for its kind and closing the phrase, kept as written."""
    kind = {"zone": "zone", "az": "zone", "node": "node"}.get(st.tokens[i].text)
    if kind is None or i + 1 >= len(st.tokens) or st.tokens[i + 1].punct:
        return None
    run, j = _hyphen_run(st, i + 1, 4)
    # marked as a name: an aside in brackets after it, or hyphenated parts closing the phrase
    aside = j < len(st.tokens) and st.tokens[j].punct and st.tokens[j].text == "("
    ends = j >= len(st.tokens) or (st.tokens[j].punct and st.tokens[j].text in (",", ".", ";", "\u2014", "!"))
    closes = aside or (ends and len(run) >= 2 and run[-1] not in _NOT_NAME_PARTS)
    if (
        not closes
        or run[0] in _NOT_PLACE_NAMES
        or not run[0][:1].isalpha()
        or st.table.entries.get(tuple(run))
    ):
        return None
    if len(run) == 1 and (_known(st, i + 1) or not run[0].isalnum()):
        return None
    return Mark(i, j, (Tag("ent", "-".join(run), kind=kind),), known=False)


def _unknown_name(st: _State, i: int) -> Mark | None:
    """Zone/node-shaped mentions absent from the context, kept as written ("zone-d", "node 12")."""
    word, nxt = st.tokens[i].text, _word(st, i + 1)
    codes = st.table.zone_codes and nxt.isalpha() and 2 <= len(nxt) <= 5
    if word in ("zone", "az") and codes and (nxt,) not in st.table.entries:
        st.cont = ("zone", "")  # "avoid zone par" where the zones are fra, ams, lon
        return Mark(i, i + 2, (Tag("ent", nxt, kind="zone"),), known=False)
    if len(word) == st.table.zone_code_len and word.isalpha() and _placed_in(st) and not _known(st, i):
        st.cont = ("zone", "")  # "put it in lax" where the zones are iad, sea, fra
        return Mark(i, i + 1, (Tag("ent", word, kind="zone"),), known=False)
    shaped = st.table.zone_code_shape and token_shape(word) == st.table.zone_code_shape
    if shaped and word[0].isalpha() and _placed_in(st) and not _known(st, i):
        st.cont = ("zone", "")
        return Mark(i, i + 1, (Tag("ent", word, kind="zone"),), known=False)
    if word in ("zone", "az", "zones", "azs") and nxt and _ZONE_ID.match(nxt):
        prefix = word.rstrip("s")
        st.cont = ("zone", prefix)
        return Mark(i, i + 2, (Tag("ent", f"{prefix}-{nxt}", kind="zone"),), known=False)
    if word in ("node", "nodes") and nxt.isdigit():
        st.cont = ("node", "node")
        owners = [f[str(int(nxt))] for f in st.table.node_ids.values() if str(int(nxt)) in f]
        if len(owners) == 1:  # "node 3" where the nodes are host-1..host-9
            return Mark(i, i + 2, (Tag("ent", owners[0], kind="node"),), conf=0.85)
        return Mark(i, i + 2, (Tag("ent", f"node-{nxt}", kind="node"),), known=False)
    run, j = _hyphen_run(st, i, 4)
    if _CLOUD_ZONE.match("-".join(run)):
        st.cont = ("zone", "")
        return Mark(i, j, (Tag("ent", "-".join(run), kind="zone"),), known=False)
    return None


def _fuzzy(st: _State, i: int) -> Mark | None:
    """A misspelt name or word; a hyphenated name is tried whole first ("searh-indexer")."""
    if st.fuzzy_left <= 0:
        return None
    st.fuzzy_left -= 1
    j = i + 1
    while j < len(st.tokens) and st.tokens[j].joined and j - i < 4:
        j += 1
    if j > i + 1:
        glued = "".join(t.text for t in st.tokens[i:j])
        whole = fuzzy_mark(st.table, glued, i)
        # a name, or a word written with a hyphen ("co-locates")
        if whole is not None and any(t.role in ("ent", "cue", "verb") for t in whole.tags):
            whole.end = j
            return whole
    if j == i + 1 and _word(st, i + 1).isalpha():  # "artefact cache" for artifact-cache
        pair = fuzzy_mark(st.table, st.tokens[i].text + st.tokens[i + 1].text, i)
        if pair is not None and any(t.role == "ent" and t.kind in ("app", "dataset") for t in pair.tags):
            pair.end = i + 2
            pair.text = ""
            return pair
    found = fuzzy_mark(st.table, st.tokens[i].text, i)
    if found is not None and st.tokens[i].joined and not any(t.role == "ent" for t in found.tags):
        return None  # "payout-scheduler": the second half of a name is no misspelt "schedule"
    return found


_GPU_LETTERS = frozenset("ahvltb")
_SPOKEN_TAILS = ("s", "g", "gs")


def _spoken_gpu(st: _State, i: int) -> Mark | None:
    """ "A one hundred", "l forty s", "a ten g", "h one hundreds": a GPU's name as dictation writes it.
    A lower-case "a" is an article unless a letter follows the number ("a ten g")."""
    letter = st.tokens[i].text
    if letter not in _GPU_LETTERS or i + 1 >= len(st.tokens):
        return None
    said = spoken_number(st.tokens, i + 1)
    if said is None or not said[0]:
        return None
    number, end = f"{said[0]:g}", said[1]
    tail = _word(st, end)
    for suffix in (tail, ""):
        if suffix and suffix not in _SPOKEN_TAILS:
            continue
        name = (
            f"{letter}{number}{suffix}".removesuffix("s") if suffix != "s" or letter != "l" else f"l{number}s"
        )
        tags = st.table.entries.get((name,))
        gpu = next((t for t in tags or () if t.role == "ent" and t.kind == "gpu"), None)
        if gpu is None and name in GPU_FAMILIES:
            gpu = Tag("ent", name, kind="gpu")  # a GPU the cluster lacks, kept as written
        upper = st.source[st.tokens[i].start : st.tokens[i].end].isupper()
        if gpu is not None and (letter != "a" or upper or suffix):
            return Mark(i, end + (1 if suffix else 0), (gpu,), text=name)
    return None


def _misspelt_whole(st: _State, i: int, matched_to: int) -> Mark | None:
    """A hyphenated run whose first part matched something but whose whole is a misspelt name."""
    j = i + 1
    while j < len(st.tokens) and st.tokens[j].joined and j - i < 4:
        j += 1
    if matched_to >= j or st.fuzzy_left <= 0:
        return None
    glued = "".join(t.text for t in st.tokens[i:j])
    if not fuzzy_word(glued):
        return None
    st.fuzzy_left -= 1
    whole = fuzzy_mark(st.table, glued, i)
    if whole is None or not any(t.role == "ent" for t in whole.tags):
        return None
    whole.end = j
    return whole


def _bracketed_after_gpu(st: _State) -> bool:
    """ "an A100 (80GB)", "a B200 (the 192GB one)": the card's own memory."""
    k = len(st.marks) - 1
    while k >= 0 and st.marks[k].text in ("the", "a", "an", "with"):
        k -= 1
    if k < 1 or st.marks[k].punct != "(":
        return False
    ent = st.marks[k - 1].entity()
    return ent is not None and ent.kind == "gpu"


def _step(st: _State, i: int, kv: dict[int, Mark]) -> Mark:
    tok = st.tokens[i]
    if tok.joined and tok.text == "only":
        return Mark(i, i + 1, (Tag("filler"),))  # "EBS-only boxes": part of a compound, not "only X"
    if tok.punct:
        if tok.text not in (",", "/"):
            st.cont = None
        return Mark(i, i + 1, punct=tok.text)
    if i in kv:
        return kv[i]
    spoken = _spoken_gpu(st, i)
    if spoken is not None:
        return spoken
    qty = parse_quantity(st.tokens, i)
    if qty is not None and qty.resource == "memory" and qty.end == i + 1:
        found = _lookup(st, i)  # "nvme and 100g": a bare figure that is a label value names the label
        labels = tuple(t for t in found[1] if t.role == "ent" and t.kind == "label") if found else ()
        if labels:
            return Mark(i, i + 1, labels[:1])
    if qty is not None and qty.resource == "memory" and _bracketed_after_gpu(st):
        return Mark(i, qty.end, (Tag("filler"),))  # "an A100 (80GB)": the card's own memory
    if qty is not None and qty.resource:
        return Mark(i, qty.end, (Tag("qty", f"{qty.amount:.10g}", kind=qty.resource),))
    cont = _continuation(st, i) or _zone_shorthand(st, i)
    if cont is not None:
        return cont
    member = _family_member(st, i)
    if member is not None:
        return member
    found = _lookup(st, i)
    if found is not None and found[0] == i + 1 and _short_form_of_longer(st, i, found[1]):
        found = None  # "lidar-driver" is not the lidar-calib that "lidar" stands for
    glued = _glued(st, i)
    if glued is not None and (found is None or not any(t.role == "ent" for t in found[1])):
        found = glued
    whole = _misspelt_whole(st, i, found[0]) if found is not None else None
    if whole is not None:
        return whole  # "pulsar-serach" is pulsar-search misspelt, not the node pulsar and a word
    if found is not None:
        end, tags = _refine(st, i, *found)
        if any(t.role == "ent" for t in tags):
            return Mark(i, end, tags)
        named = _unknown_name(st, i) or _kind_then_name(st, i)  # "zone-d": a name beats the word "zone"
        if named is not None or tags:
            return named or Mark(i, end, tags)
    if qty is not None:
        speed = _link_speed(st, i, qty.end)
        if speed is not None:
            return speed
        return Mark(i, qty.end, (Tag("filler"),))  # a GPU's own memory, a link speed, a disk size
    return (
        _unknown_name(st, i)
        or _kind_then_name(st, i)
        or _named_zone(st, i)
        or _family_member(st, i, single=True)
        or _fuzzy(st, i)
        or Mark(i, i + 1, text=tok.text)
    )


_SPEED_SUFFIXES = ("gbe", "g", "gb", "gbit", "gbps", "ge", "gig")


def _link_speed(st: _State, i: int, end: int) -> Mark | None:
    """ "the 25 gig network", "25G nic": a link speed that a context label value spells its own way
    ("25gbe")."""
    if _word(st, end) not in LINK_WORDS:
        return None
    figure = re.match(r"\d+", st.tokens[i].text)
    if figure is None:
        return None
    for suffix in _SPEED_SUFFIXES:
        tags = st.table.entries.get((figure.group(0) + suffix,), ())
        labels = tuple(t for t in tags if t.role == "ent" and t.kind == "label")
        if labels:
            return Mark(i, end, labels[:1])
    return None


def scan(tokens: Sequence[Token], source: str, table: PhraseTable, fuzzy_budget: int) -> list[Mark]:
    """Marks covering every token once, in order; untagged word marks are unexplained text."""
    st = _State(table, tokens, source, fuzzy_budget)
    kv = key_values(source, tokens)
    i = 0
    while i < len(tokens):
        mark = _step(st, i, kv)
        if not mark.text:
            mark.text = mark.punct or " ".join(t.text for t in tokens[mark.start : mark.end])
        listy = mark.punct or mark.has("conj") or mark.has("neg") or mark.entity() is not None
        if not listy and not any(t.role in ("filler", "lhead", "head") for t in mark.tags):
            st.cont = None if mark.tags else st.cont
        st.marks.append(mark)
        i = max(mark.end, i + 1)
    return st.marks
