"""Clause structure and strength scope (intents.md, Strength).

Sentences end at . ! ? ; and newlines; segments at , : dashes brackets, clause words ("but",
"so", "since") and at "and" when a new predicate follows. Scope rules:
- a segment's own modifiers set its strength; a modifier before the segment's first mention also
  carries over following verbless segments ("must run in zone-a, near redis");
- a segment with a modifier and no mention governs the segment before it ("zone b or c, definitely"),
  every earlier segment of its sentence when it says "all", or, as a lead-in ("Important:") or at
  the start of a sentence, the rest of the sentence;
- a new predicate (a verb, a subject) starts again at the sentence default (medium).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from semsched_intents.lexicon import MACHINE_NOUNS
from semsched_intents.marks import Mark

_SENTENCE_END = frozenset({".", "!", "?", ";", "\n"})
_SEGMENT_END = frozenset({",", ":", "\u2014", "(", ")", "[", "]"})
_AND_WORDS = frozenset({"and", "and also", "plus", "&", "then", "as well as"})
_NEW_PREDICATE = ("verb", "mod", "neg", "subj", "corr")
# The roles that make a clause ask for something: a predicate, a modifier, a polarity.
REQUEST_ROLES = ("verb", "mod", "neg", "negpost")
_RANK = {"medium": 0, "strong": 1, "critical": 2, "weak": 3}


def combine(strengths: Sequence[str]) -> str | None:
    """Modifiers sharing a scope: a hedge wins ("really would be nice" is weak), then the most intense."""
    if not strengths:
        return None
    return max(strengths, key=lambda s: _RANK[s])


@dataclass(slots=True)
class Segment:
    """A clause: its marks and what the strength pass decided for it."""

    marks: list[Mark]
    end_punct: str = ""
    starts_conj: bool = False
    strength: str = "medium"
    own: str | None = None
    prefix_mod: bool = False
    bare: bool = True
    inherited: bool = False
    contrast: bool = False  # opened by a clause word ("but", "otherwise"), so never a list continuation
    sentence_end: str = ""  # set on a sentence's last segment: ".", "\n", ...
    silenced: bool = False  # cancelled by a later "doesn't matter" or a correction
    preferred: bool = False  # "arm is fine, preferred even": a permission raised to a wish
    negated: bool = False  # "gs-iad-003, gs-iad-022: under no circumstances": a later "never" says no
    opener: str = ""  # the clause word that opened it mid-sentence ("so that"); the marks leave it out
    conj: str = ""  # the conjunction that opened it ("and", "or"); the marks leave it out too
    decided: bool = False  # under a "Decision:" heading, where a statement ("X is pinned to Y") decides
    borrowed: list[Mark] = field(default_factory=list)

    @property
    def items(self) -> list[Mark]:
        return [m for m in self.marks if m.entity() is not None]

    def has(self, role: str, value: str | None = None) -> bool:
        for m in self.marks:  # noqa: SIM110 - a plain loop: on the hot path, any() over a generator is slower
            if m.has(role, value):
                return True
        return False

    def mods(self) -> list[str]:
        return [t.value for m in self.marks for t in m.tags if t.role == "mod"]


_PLACING = frozenset({"on", "onto", "in", "into"})
_OFF = frozenset({"off", "away"})


def _and_splits(marks: Sequence[Mark], n: int, texts: Sequence[str], before: Sequence[Mark] = ()) -> bool:
    if texts[n] not in _AND_WORDS:
        return False
    k = n + 1
    while k < len(marks) and marks[k].has("filler") and not marks[k].has("mod"):
        k += 1
    if k < len(marks) and any(marks[k].has(r) for r in _NEW_PREDICATE):
        return True
    if k < len(marks) and marks[k].text == "that" and any(m.text == "that" for m in before):
        return True  # "it is important that X isn't on spot and that it stays away from Y"
    if k < len(marks) and marks[k].has("cue") and any(m.has("neg") for m in before):
        return True  # "away from X and in the same zone as Y": the refusal stops at "and"
    if (
        n + 1 < len(marks)
        and texts[n + 1] in _PLACING
        and any(m.has("neg") and m.text in _OFF for m in before)
    ):
        return True  # "keep it off X and on stable nodes": a place said after a place refused
    if not any(m.has("mod") for m in before):
        return False
    while k < len(marks) and not (marks[k].punct or marks[k].has("split")):  # "must ... and A100 preferred"
        hedge = marks[k].text.startswith("if ")  # "... and Y if you can help it": the hedge ends the list
        if marks[k].has("mod") and not hedge and any(m.entity() is not None for m in marks[n + 1 : k]):
            return True
        k += 1
    return False


def _refusing_heading(seg: Segment) -> bool:
    """ "Not allowed:", "Must not:", "Avoid:", "Not ok:": a short heading that says no."""
    marks = [m for m in seg.marks if not m.has("filler")]
    return (
        (seg.has("neg") or seg.has("negpost"))  # "Not ok:", "Unacceptable:"
        and 0 < len(marks) <= 3
        and all(m.has("neg") or m.has("negpost") or m.has("mod") or m.has("verb") for m in marks)
    )


def _lead_in(seg: Segment) -> bool:
    return bool(seg.marks) and all(m.has("verb") or m.has("filler") for m in seg.marks) and seg.has("neg")


def _replicas_heading(seg: Segment) -> bool:
    words = [m for m in seg.marks if not m.has("filler")]
    return len(words) == 1 and words[0].has("replicas")


_KEYED = frozenset({":", "="})


def _keyed_figure(current: Segment, marks: Sequence[Mark], n: int) -> bool:
    keyed = bool(current.marks) and current.marks[-1].has("res")
    return keyed and n + 1 < len(marks) and marks[n + 1].has("qty")


_REASONS = frozenset({"so", "because", "since", "so that", "cause", "cuz", "coz", "given that"})


def split_sentences(marks: Sequence[Mark], texts: Sequence[str]) -> list[list[Segment]]:
    """Group marks into sentences of segments; `texts` is each mark's own token text."""
    sentences: list[list[Segment]] = [[]]
    current = Segment([])

    def close(punct: str) -> None:
        nonlocal current
        if current.marks:
            current.end_punct = punct
            sentences[-1].append(current)
        current = Segment([])

    for n, mark in enumerate(marks):
        if mark.punct in _SENTENCE_END:
            close(mark.punct)
            if sentences[-1]:
                sentences[-1][-1].sentence_end = mark.punct
            sentences.append([])
        elif mark.punct == "/":
            continue  # "H100/H200 if available": one list
        elif mark.punct == ":" and _lead_in(current):
            continue  # "Avoid: worker-3, worker-4": the predicate governs the list after it
        elif mark.punct == ":" and _replicas_heading(current):
            continue  # "replicas: pack on one node": what the order is about
        elif mark.punct in _KEYED and _keyed_figure(current, marks, n):
            continue  # "min_free_cpu=2", "memory: 16Gi": the figure belongs to its key
        elif mark.punct:
            close(mark.punct)
            current.opener = "(" if mark.punct == "(" else ""  # a bracketed remark
        elif mark.has("split") or _and_splits(marks, n, texts, current.marks):
            if mark.has("split") and current.marks and mark.text not in _REASONS:
                current.contrast = (
                    True  # "n2 otherwise": a clause word closes it off; "so"/"because" give a reason
                )
            close("split")
            current.starts_conj = True
            current.contrast = mark.has("split")
            # mid-sentence only: a sentence opening "So, ..." is a discourse marker
            current.opener = mark.text if mark.has("split") and sentences[-1] else ""
        else:
            if not current.marks and mark.has("conj"):
                current.starts_conj = True
                current.conj = current.conj or mark.text
                continue
            current.marks.append(mark)
    close("")
    return [_merge_lists(s) for s in _or_continued([s for s in sentences if s])]


def _or_continued(sentences: list[list[Segment]]) -> list[list[Segment]]:
    """ "want it on sig-s01. or sig-s02 if s01 is full": a sentence opened by "or" and a name goes on
    the list of the sentence before."""
    out: list[list[Segment]] = []
    for sentence in sentences:
        first = sentence[0]
        if out and first.conj == "or" and first.items and out[-1][-1].items and not first.contrast:
            out[-1][-1].end_punct = ","
            out[-1].extend(sentence)
            continue
        out.append(sentence)
    return out


COPULAS = frozenset({"is", "are", "was", "were"})
_LIST_ROLES = frozenset({"ent", "conj", "filler", "head", "lhead", "all"})


_ASPECT_WORDS = frozenset({"wise", "in", "terms", "of", "by", "for", "regarding", "re", "on"})


def _aspect(seg: Segment) -> bool:
    """ "memory wise", "in terms of cpu": which resource the clause before is about."""
    return (
        seg.has("res")
        and any(m.text in ("wise", "terms", "regarding") for m in seg.marks)
        and all(m.has("res") or m.has("filler") or m.text in _ASPECT_WORDS for m in seg.marks)
    )


def _hedge(mark: Mark) -> bool:
    """ "if you can", "ideally", "please": how much, not which way ("A is fine, B better" is a choice)."""
    return mark.entity() is None and (mark.has("mod", "weak") or mark.text in ("please", "pls", "plz"))


_INSISTING = ("circumstances", "exceptions", "at all", "whatsoever", "absolutely", "definitely", "seriously")


def _same_predicate(before: Segment, seg: Segment) -> bool:
    """`seg` is another object of the predicate of `before`, joined by a conjunction with no contrast and
    no stop between ("stay off spot and off pier-south")."""
    return seg.starts_conj and not seg.contrast and before.end_punct in ("", "split")


def _first_object(segs: Sequence[Segment], k: int, joins: Callable[[Segment, Segment], bool]) -> int:
    """Where the run of objects of one predicate that ends at `segs[k]` starts: walk back while each
    segment continues the one before it and `joins(before, segment)` holds."""
    while k > 0 and _same_predicate(segs[k - 1], segs[k]) and joins(segs[k - 1], segs[k]):
        k -= 1
    return k


def _hedge_reaches(before: Segment, seg: Segment) -> bool:
    """A hedge on a later object reaches an earlier object with no modifier of its own, across a
    later object with no verb or leading modifier of its own."""
    return not seg.prefix_mod and not seg.has("verb") and bool(before.items) and before.own is None


def _takes_place(seg: Segment) -> bool:
    return not seg.items and seg.has("pron") and seg.has("verb") and not seg.own


def _insists(mark: Mark) -> bool:
    """ "under any circumstances", "definitely": insistence only ("l40s preferred" and "fibre only"
    choose something of their own)."""
    strong = mark.has("mod", "critical") or mark.has("mod", "strong")
    return (
        strong and mark.entity() is None and not mark.has("verb") and any(w in mark.text for w in _INSISTING)
    )


def _merge_lists(sentence: list[Segment]) -> list[Segment]:
    """ "avoid node-1, node-2 or node-3": a segment of bare names of the previous segment's last kind
    continues that segment's list (its polarity, cue and strength)."""
    out: list[Segment] = []
    ahead: list[Mark] = []
    for seg in sentence:
        if not out and not ahead and _aspect(seg):
            ahead = seg.marks  # "Memory-wise, take the emptiest node"
            continue
        if ahead:
            seg.marks[:0], ahead = ahead, []
        lone_res = len(seg.marks) == 1 and seg.marks[0].has("res") and seg.end_punct in ("", ".", "!")
        if out and (_aspect(seg) or (lone_res and out[-1].has("concept"))):
            out[-1].marks.extend(seg.marks)  # "least loaded host pls, memory wise", "idle node please, cpu"
            out[-1].end_punct = seg.end_punct
            continue
        prev_items = out[-1].items if out else []
        kinds = {t.kind for m in seg.items for t in m.tags if t.role == "ent"}
        body = list(seg.marks)
        # "zone-a is down, zone-b please" states; "X strongly preferred, Y would be nice" has its own say
        stated = bool(out) and any(  # "not T4, not L4, A100 please": a refusal before is no list for it
            m.text in COPULAS
            or m.has("bg")
            or m.text in ("not", "no")  # "not T4, not L4, A100 please": each item says its own no
            or (m.has("mod") and not m.has("verb"))
            for m in out[-1].marks
        )
        # "avoid kh-a, kh-b if you can", "not on anvil, billet or ingot under any circumstances": a
        # modifier after the list governs all of it
        refused = bool(out) and out[-1].has("neg")
        while body and not stated and (_hedge(body[-1]) or (refused and _insists(body[-1]))):
            body.pop()
        bare_list = (
            bool(seg.items)
            and all(  # "bulk is too slow" is a clause of its own, not a list item
                ((not m.tags and m.text) or all(t.role in _LIST_ROLES for t in m.tags))
                and m.text not in COPULAS
                for m in body
            )
            and sum(1 for m in seg.marks if not m.tags and m.text.isalpha()) < 2  # "radio loses frames"
        )
        last = prev_items[-1].entity() if prev_items else None
        after_comma = bool(out) and out[-1].end_punct in (",", "/", "&", "+", "|") and not seg.contrast
        pointed = bool(out) and not prev_items and out[-1].has("pron") and out[-1].has("verb")
        # "avoid core-1 and core-3, definitely core-3": names said again, with a modifier, stress them
        said_again = (
            bool(out)
            and bool(seg.items)
            and not seg.has("neg")
            and not seg.contrast
            and {m.entity() for m in seg.items} <= {m.entity() for m in prev_items}
            and all(
                m.entity() is not None or (m.has("mod") and not m.has("verb")) or m.has("filler")
                for m in seg.marks
            )
            # "in lighthouse or harbourside, ideally lighthouse": a hedge ranks the options, not stress
            and not any(t.role == "mod" and t.value in ("weak", "medium") for m in seg.marks for t in m.tags)
        )
        if said_again or (
            bare_list
            and after_comma
            and (pointed or (last is not None and last.role == "ent" and kinds == {last.kind}))
        ):
            out[-1].marks.extend(seg.marks)
            out[-1].end_punct = seg.end_punct
            continue
        if out and _leads_list(out[-1], seg):
            seg.marks[:0] = out.pop().marks  # "bid-landscape + floor-history local if poss"
        out.append(seg)
    if ahead:
        out.append(Segment(ahead))
    return out


def _named(mark: Mark) -> bool:
    tag = mark.entity()
    return tag is not None and tag.role in ("ent", "qty")


def _item_kind(mark: Mark) -> str:
    tag = mark.entity()
    return "" if tag is None else (tag.role if tag.role == "qty" else tag.kind)


_HAVE = frozenset({"has", "have", "had", "got", "'s"})
_PLURAL_VERBS = frozenset({"have", "are", "were", "'re"})


def _leads_list(before: Segment, seg: Segment) -> bool:
    """Names alone ("X + Y ...", "4 cores, 8 gigs spare would be nice") before a clause that opens with
    one more of their kind: they are the first items of that clause's list."""
    if before.end_punct not in (",", "+", "&", "|") or seg.contrast or not before.items or not seg.items:
        return False
    if not all(_named(m) or m.has("conj") or m.has("filler") for m in before.marks):
        return False
    first = seg.items[0]
    if any(m.start < first.start and not (m.has("filler") or m.has("conj")) for m in seg.marks):
        return False  # "zone-a, avoid zone-b": the clause's own predicate comes first
    # "zone-a, zone-b is flaky", "west-wing-1f, east is full", "08, 07's got a bad fan" say it of the
    # last alone; "kgn023, kgn024 have flaky NVLink" says it of both
    plural = any(m.text.split(" ")[0] in _PLURAL_VERBS for m in seg.marks)
    if not plural and (seg.has("bg") or any(m.text.split(" ")[0] in COPULAS | _HAVE for m in seg.marks)):
        return False
    if _resource_of(first) and _resource_of(first) in {_resource_of(m) for m in before.items}:
        return False  # "16G spare at least, 32 ideally": a floor, then the figure hoped for
    return {_item_kind(m) for m in before.items} == {_item_kind(first)}


def _resource_of(mark: Mark) -> str:
    tag = mark.entity()
    return tag.kind if tag is not None and tag.role == "qty" else ""


def _analyse(seg: Segment) -> None:
    items = seg.items
    if items and _own_name_first(seg):
        items = items[1:]  # "modbus-poller must run on edge nodes, ...": the workload names itself
    first_item = min((m.start for m in items), default=10**9)
    mods = seg.mods()
    seg.own = combine(mods)
    seg.prefix_mod = any(m.has("mod") and m.start < first_item for m in seg.marks)
    # "spot would be fine and honestly preferable": the permission raised to a wish
    perm_at = next((m.start for m in seg.marks if m.has("perm")), None)
    wish = ("preferable", "preferred", "even preferable", "even preferred")
    if perm_at is not None and any(m.start > perm_at and m.text in wish for m in seg.marks):
        seg.preferred = True
    # a verb opening the first item is a new predicate too ("…, and spread the replicas")
    seg.bare = seg.own is None and not any(
        (m.has("verb") and m.start <= first_item) or (m.has("subj") and m.start < first_item)
        for m in seg.marks
    )


def _own_name_first(seg: Segment) -> bool:
    """The segment opens with an app and then a modifier or verb: the app is its subject."""
    marks = [m for m in seg.marks if not m.has("filler")]
    if len(marks) < 2 or not any(t.role == "ent" and t.kind == "app" for t in marks[0].tags):
        return False
    return marks[1].has("mod") or marks[1].has("verb")


# The roles of words that ask for something (a verb, a modifier, a refusal, a placement cue, a
# permission); with "bg", a clause that has any of them is no bare list of names.
ASKING_ROLES = ("verb", "mod", "neg", "negpost", "cue", "perm")
_ASKS = (*ASKING_ROLES, "bg")


def _backward(targets: Sequence[Segment], mods: Sequence[str], everything: bool, neg: bool = False) -> None:
    # "stay off spot and off pier-south, under no circumstances": one predicate, two objects joined
    # by "and" ("..., 16Gi free, and x86 — that last one is mandatory" is a list of requests)
    k = 0 if everything else _first_object(targets, len(targets) - 1, lambda _, s: s.bare)
    for target in targets[k:]:
        target.strength = combine([*target.mods(), *mods]) or "medium"
        target.inherited = True
        # a bare list of names, then "never": the names are what is refused
        target.negated = neg and not any(target.has(role) for role in _ASKS)


def _leading_mod(seg: Segment) -> bool:
    """ "Ideally, ...", "Really important: ...": the modifier opens the segment."""
    first = next((m for m in seg.marks if not (m.has("filler") or m.has("conj") or m.has("subj"))), None)
    return first is not None and first.has("mod")


_MATTERS_WHEN = frozenset(
    {"for", "during", "at", "in", "on", "over", "around", "before", "while", "through", "by"}
)


def _modifier_only(seg: Segment) -> bool:
    """ "zone b or c, definitely" governs what it follows; "the robot can't lose its planner" is a
    clause of its own (two or more words the lexicon does not know)."""
    if seg.marks and seg.marks[0].text in ("they", "he", "she") and seg.has("verb"):
        return False  # "..., they need it for the launch": someone else's clause
    marks = seg.marks
    # "really important for MSA speed", "really important during opening weekend": a modifier, then
    # what or when it matters
    at = next(
        (k for k, m in enumerate(marks) if m.text in _MATTERS_WHEN and k > 0 and marks[k - 1].has("mod")),
        None,
    )
    placed = (
        at is not None
        and marks[at].text == "on"
        and any(m.text in MACHINE_NOUNS for m in marks[at + 1 : at + 4])
    )
    if at is not None and not placed and not any(m.tags and not m.has("filler") for m in marks[at + 1 :]):
        marks = marks[:at]
    remark = seg.opener == "\u2014" or (bool(marks) and marks[0].text in ("we", "i"))
    # "— we need fp64 —": a remark with its own object is its own clause
    if remark and any(
        not m.tags and m.text.isalnum() and m.text not in ("it", "this", "that") for m in marks[1:]
    ):
        return False
    if any(_place_phrase(marks, k) for k in range(len(marks))):
        return False  # "..., on the fpga boxes ideally": a place of its own the context does not know
    return sum(1 for m in marks if not m.tags and not m.punct and m.text.isalpha()) < 2


def _place_phrase(marks: Sequence[Mark], k: int) -> bool:
    """A preposition, then a machine noun a few unknown words on ("on the fpga boxes")."""
    if marks[k].text not in _PREPOSITIONS:
        return False
    for m in marks[k + 1 : k + 5]:
        if m.has("head"):
            return True
        if m.tags and not m.has("filler"):
            return False
    return False


def names_only(seg: Segment) -> bool:
    """Names alone, with conjunctions and fillers between them ("a-01, a-02")."""
    return bool(seg.items) and all(
        m.entity() is not None or m.has("conj") or m.has("filler") for m in seg.marks
    )


def _own_predicate(seg: Segment, before: Segment) -> bool:
    """ "must be in the same zone as X, ideally next to it": a cue with a pronoun is a predicate of its
    own, and leaves the modifier of the one before alone."""
    return before.own is not None and seg.has("cue") and seg.has("pron")


_PREFERRING = frozenset({"preferred", "preferable", "ideal", "better", "best", "even better"})


def _refuses(seg: Segment) -> bool:
    """A predicate that says no before its first mention ("do not schedule on ...", "never in ...")."""
    first = min((m.start for m in seg.items), default=-1)
    return any(m.has("neg") and m.start < first for m in seg.marks) and seg.end_punct in (",", "(")


_PREPOSITIONS = frozenset({"on", "in", "onto", "into", "at", "near", "to", "with", "beside", "alongside"})


def _continues_refusal(seg: Segment) -> bool:
    """ ", on L4 nodes", ", or next to doc-ocr": another place of the same refused predicate, opened by a
    preposition, a placement cue or "or", with no subject, figure or predicate of its own."""
    words = [m for m in seg.marks if not m.has("filler")]
    also = any(m.text in ("too", "as well", "also") for m in words) and seg.has("ent")
    if words and also and not seg.contrast:
        # "avoid picklist-worker nodes, and ideally clickhouse ones too": the same refusal, hedged
        return all(m.has("mod") or m.has("ent") or m.has("head") or m.has("conj") for m in words)
    if not seg.bare or seg.contrast or any(seg.has(r) for r in ("neg", "pron", "subj", "qty", "concept")):
        return False
    first = seg.marks[0]
    if (seg.has("cue", "samezone") or seg.has("cue", "colo")) and seg.conj not in ("or", "nor"):
        return False  # "without spot, same az as bidder", "not in eu-lon, and near player-api"
    return seg.starts_conj or first.text in _PREPOSITIONS or first.has("cue")


def assign_strengths(sentences: list[list[Segment]]) -> None:
    """Resolve every segment's strength in place, sentence by sentence."""
    last_content: Segment | None = None
    list_default: str | None = None  # "Requirements:" then one item per line
    list_neg = False  # "Not allowed:" / "Avoid:" then one item per line: each is refused
    for sentence in sentences:
        default, carry, pending = list_default or "medium", None, None
        headed = list_default is not None
        refusing = False  # "Do not schedule on spot, on L4 nodes, or next to doc-ocr": the "not" goes on
        sentence_has_items = any(s.items for s in sentence)
        for k, seg in enumerate(sentence):
            _analyse(seg)
            heading = seg.end_punct == ":" or (_lead_in(seg) and seg.sentence_end == "\n")
            if not seg.items and heading:
                list_neg = _refusing_heading(seg)  # a heading opens its own list ("Preferred:" ends "Avoid:")
                if list_neg and seg.own is None:
                    default = "medium"
            elif seg.items and list_neg and not seg.has("neg"):
                seg.negated = True
            if not seg.items:
                if seg.has("neg") and seg.end_punct == "(":
                    refusing = True  # "keep it off the GPU nodes (mcr-g01, brs-g01)"
                if seg.own is None:
                    if headed and seg.has("verb") and seg.has("pron"):
                        seg.strength = default  # "Important: X has the new PDUs, so run there"
                    continue
                earlier = [s for s in sentence[:k] if s.items]
                if seg.opener == "(" and earlier and _modifier_only(seg):
                    _backward(earlier, seg.mods(), False)  # "onto gc1-gpu-5a90 (required: ...)"
                elif seg.end_punct == ":" or (not earlier and _leading_mod(seg) and sentence_has_items):
                    default, carry = seg.own, None
                    headed = seg.end_punct == ":"
                    if seg.end_punct == ":" and seg is sentence[-1] and seg.sentence_end == "\n":
                        list_default = seg.own
                elif not sentence_has_items and last_content is not None and _modifier_only(seg):
                    # "No spot. No exceptions."; "Keep this away from it, absolutely." governs its own clause
                    target = sentence[k - 1] if k and _takes_place(sentence[k - 1]) else last_content
                    _backward([target], seg.mods(), False)
                elif seg.starts_conj and not seg.contrast:
                    pending = seg.own
                    if earlier and earlier[-1].has("perm") and any(m.text in _PREFERRING for m in seg.marks):
                        earlier[-1].preferred = True  # "preemptible nodes are fine and preferred"
                elif (
                    (earlier or _takes_place(sentence[k - 1]))
                    and _modifier_only(seg)
                    and not (earlier and _own_predicate(seg, earlier[-1]))
                ):
                    # "X is the only one with Xcode — pin there, mandatory", "Keep this away from it,
                    # absolutely": the clause before takes its place from a pronoun later
                    last = sentence[k - 1]
                    if last not in earlier and _takes_place(last):
                        earlier = [*earlier, last]
                    _backward(earlier, seg.mods(), seg.has("all"), seg.has("neg"))
                    earlier[-1].preferred = any(m.text in _PREFERRING for m in seg.marks)
                continue
            last_content = seg
            # "never T4s (too slow for OCR)" is a remark; "(mcr-g01, brs-g01)" names what is refused
            opened = k > 0 and sentence[k - 1].end_punct == "("
            bracketed = opened and not names_only(seg)
            if refusing and ((opened and not bracketed) or (not bracketed and _continues_refusal(seg))):
                seg.negated = True
            refusing = seg.negated or _refuses(seg)
            if seg.own is not None:
                # "If possible: prefer X": the lead-in governs a plain "prefer"
                seg.strength = default if headed and seg.own == "medium" else seg.own
                carry = seg.own if seg.prefix_mod else None
                if seg.own == "weak":
                    # "keep it out of X and off Y if you can help it": the hedge governs every object
                    for before in sentence[_first_object(sentence, k, _hedge_reaches) : k]:
                        before.strength = seg.own
            elif pending is not None:
                seg.strength, seg.inherited = pending, True
                carry = pending
            elif seg.bare and carry is not None and not seg.contrast:
                seg.strength, seg.inherited = carry, True
            else:
                # "Important: X has the new PDUs, so run there": the lead-in governs its whole sentence
                seg.strength, carry = ("medium" if seg.contrast and not headed else default), None
            pending = None
        if (
            sentence
            and sentence[-1].sentence_end != "\n"
            and not (sentence[-1].end_punct == ":" and not sentence[-1].items)
        ):
            list_default = None
            list_neg = False
