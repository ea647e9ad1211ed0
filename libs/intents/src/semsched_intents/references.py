"""References across clauses: pronouns, ellipsis, corrections and indifference.

- A pronoun clause ("avoid it", "keep away from them") borrows the mentions of the nearest earlier
  clause that has some, looking back over descriptive clauses ("mongodb is our store, it is
  latency sensitive, so put this next to it"), at most a few clauses and two sentences back.
- A pronoun with a head noun borrows only mentions of that kind: "that node" a node, "that zone"
  a zone ("clickhouse had an outage on worker-9, so stay off that node").
- An object pronoun after a preposition borrows even when the clause has its own mentions
  ("keep away from it and from loki").
- Ellipsis: a clause with a colocation or same-zone cue and no mention of its own takes the apps
  of the clause before ("co-locate with redis; if not possible, at least same zone").
- The clause lent from then places nothing unless it was itself a request.
"""

from __future__ import annotations

from collections.abc import Sequence

from semsched_intents.clauses import REQUEST_ROLES, Segment, names_only
from semsched_intents.marks import Mark
from semsched_intents.vocab import Tag

_KIND_HEADS: dict[str, frozenset[str]] = {
    "node": frozenset(
        [
            "node",
            "nodes",
            "box",
            "boxes",
            "host",
            "hosts",
            "machine",
            "machines",
            "server",
            "servers",
            "worker",
            "workers",
            "vm",
            "vms",
        ]
    ),
    "zone": frozenset(
        ["zone", "zones", "az", "azs", "site", "sites", "region", "regions", "dc", "datacenter", "location"]
    ),
    "label": frozenset(
        ["pool", "pools", "tier", "tiers", "class", "label", "labels", "rack", "racks", "env", "environment"]
    ),
    "gpu": frozenset(["gpu", "gpus", "card", "cards", "model", "models"]),
    "dataset": frozenset(["dataset", "datasets", "corpus", "cache"]),
}
_PREPOSITIONS = frozenset({"from", "to", "with", "near", "by", "of", "beside", "than"})
_OBJECT_PRONOUNS = frozenset({"it", "them", "those", "that one", "the latter", "both", "both of them"})
_POSSESSIVE = frozenset({"its", "their"})
_LOOKBACK = 4  # clauses


def _imperative(seg: Segment) -> bool:
    """ "so run in that zone": a clause opening with "run in/on" gives an order, it describes nothing
    ("redis runs in zone-b" does)."""
    first = next((m for m in seg.marks if not (m.has("filler") or m.has("conj") or m.has("mod"))), None)
    return first is not None and first.has("bg") and first.text.startswith("run ")


def requests(seg: Segment) -> bool:
    """Whether a clause asks for something (a predicate, a modifier, a polarity or a placement cue)."""
    return any(seg.has(r) for r in REQUEST_ROLES) or _has_cue(seg) or _imperative(seg)


def _has_cue(seg: Segment) -> bool:
    """A placement cue with something to place by after it; "landed on r1 next to three alignments"
    tells where it was, and asks nothing."""
    marks, told = seg.marks, seg.has("bg")
    return any(
        (mark.has("cue", "colo") or mark.has("cue", "samezone"))
        and (not told or any(m.entity() is not None or m.has("pron") for m in marks[n : n + 5]))
        for n, mark in enumerate(marks)
    )


_PLACES = ("zone", "node")
_JUDGEMENTS = frozenset({"unreliable", "expensive", "busy"})  # "r14 is flaky, avoid it": not lent


def _pronoun_kind(seg: Segment) -> tuple[bool, tuple[str, ...], bool]:
    """(has a pronoun, the kinds its head noun names (none: any), whether it is an object after a
    preposition); "there" names a place."""
    found, kind, after_prep = False, "", False
    if any(m.text == "there" and m.has("pron") for m in seg.marks):
        kind = "place"
    for n, mark in enumerate(seg.marks):
        nxt = seg.marks[n + 1].text if n + 1 < len(seg.marks) else ""
        if not mark.has("pron"):
            continue
        if mark.text in _POSSESSIVE and not any(nxt in heads for heads in _KIND_HEADS.values()):
            continue  # "lose its planner" refers to nothing to place; "avoid its nodes" does
        found = True
        if mark.text not in _POSSESSIVE:
            kind = kind or next((k for k, heads in _KIND_HEADS.items() if nxt in heads), "")
        before = seg.marks[n - 1] if n > 0 else None
        if mark.text in _OBJECT_PRONOUNS and before is not None:
            after_prep = after_prep or before.text in _PREPOSITIONS or before.has("cue")
    kinds: tuple[str, ...] = _PLACES if kind == "place" else (kind,) if kind else ()
    return found, kinds, after_prep


def _mentions(seg: Segment) -> list[Mark]:
    return seg.items or seg.borrowed


def _of_kind(items: Sequence[Mark], kinds: Sequence[str]) -> list[Mark]:
    return [m for m in items if any(t.role == "ent" and t.kind in kinds for t in m.tags)]


def _antecedent(history: Sequence[Segment], kinds: Sequence[str]) -> tuple[Segment, list[Mark]] | None:
    for seg in reversed(history[-_LOOKBACK:]):
        items = [m for m in _mentions(seg) if not any(t.value in _JUDGEMENTS for t in m.tags)]
        if kinds:
            items = _of_kind(items, kinds)
        elif _of_kind(items, _PLACES) and _of_kind(items, ("dataset",)):
            items = [
                m for m in items if m not in _of_kind(items, ("dataset",))
            ]  # "copy lives on w-2; prefer those"
        if items:
            return seg, items
    return None


def _capacity_before(history: Sequence[Segment]) -> tuple[Segment, list[Mark]] | None:
    """ "the backfill can go on spot instances, put it there": "there" is the kind of capacity just
    named."""
    last = history[-1]
    items = [m for m in last.items if m.has("concept", "spot") or m.has("concept", "ondemand")]
    return (last, items) if items else None


def _topic_before(seg: Segment, history: Sequence[Segment]) -> bool:
    """A bare predicate ("Avoid.", "do not co-locate") after its topic ("jaeger:") or a sentence."""
    bare = all(
        m.has("verb") or m.has("neg") or m.has("mod") or m.has("filler") or m.has("cue") for m in seg.marks
    )
    topic = bool(history) and history[-1].end_punct == ":" and not requests(history[-1])
    return bare and (topic or (seg.has("neg") and seg.has("verb")))


def _lend(seg: Segment, source: Segment, items: list[Mark]) -> None:
    seg.borrowed = items
    if seg.own is not None:
        seg.strength = seg.own
    elif source.strength == "weak" and requests(source):
        seg.strength = "weak"  # "if there's room on bay2, use it": the condition hedges the order
    if items and not requests(source) and source.items:
        source.silenced = True


def _placeless(seg: Segment) -> bool:
    """No mention but "same node"/"apart" words, which ask nothing without replicas or an app."""
    return all(m.has("concept", "together") or m.has("concept", "apart") for m in seg.items)


_DATA_WORDS = frozenset({"data", "dataset", "datasets", "corpus", "shards"})


def _asks_for_the_data(seg: Segment, own: Sequence[Mark]) -> bool:
    """ "schedule where the dataset is", "run close to the data": a request for the locality of data
    the clause does not name."""
    if own or not (seg.has("verb") or seg.has("mod")) or seg.has("neg"):
        return False
    cue = next((n for n, m in enumerate(seg.marks) if m.has("cue", "locality") or m.has("cue", "colo")), None)
    # "run where they're cached": the pronoun inside the cue is the data
    words = _DATA_WORDS | {"they're", "they", "it's", "it", "that's"}
    return cue is not None and any(set(m.text.split(" ")) & words for m in seg.marks[max(0, cue - 2) :])


def _refused_there(seg: Segment) -> bool:
    """ "please not on those": a refusal of the place a pronoun names ("on it" is where the job is)."""
    marks = seg.marks
    return seg.has("neg") and any(
        m.has("pron") and m.text in _PLACED_PRONOUNS and k > 0 and marks[k - 1].text in ("on", "in", "onto")
        for k, m in enumerate(marks)
    )


_PLACED_PRONOUNS = frozenset({"those", "these", "them", "that one", "the latter", "those ones"})


def _partners(source: Segment, items: list[Mark]) -> list[Mark]:
    """ "surge-pricer is chatty with h3-cache, put it on the same node": the app before the relation is
    the pod itself, the one after it the partner to be near."""
    told = next((m.start for m in source.marks if m.has("bg") or m.has("cue")), None)
    if told is None or not any(m.start < told for m in items):
        return items
    return [m for m in items if m.start > told] or items


def _borrow(seg: Segment, history: Sequence[Segment], own: Sequence[Mark]) -> None:
    has_pron, kinds, after_prep = _pronoun_kind(seg)
    if seg.has("perm") or not history:
        return
    typed = bool(kinds) and kinds != _PLACES  # "avoid that node, and worker-5 too"
    if kinds == _PLACES:  # "put the ct-segmenter there": the app named is what goes, "there" is where
        own = [m for m in own if not _of_kind([m], ("app",))]
    if (
        has_pron
        and (seg.has("verb") or seg.has("cue") or _imperative(seg) or _refused_there(seg))
        and (not own or after_prep or typed)
    ):
        if _has_cue(seg) and not kinds:
            kinds = ("app", "dataset")
        found = _antecedent(history, kinds)
        if found is None and kinds == _PLACES:  # "shards are on a few nodes; landing there"
            found = (
                _antecedent(history, ("dataset",))
                or _antecedent(history, ("label",))
                or _antecedent(history, ("gpu",))
                or _capacity_before(history)
            )
        if found is not None and _has_cue(seg):
            found = found[0], _partners(*found)
        if found is not None:
            _lend(seg, *found)
    elif _asks_for_the_data(seg, own):  # "the chest-xray set lives on w-2. schedule close to the data"
        found = _antecedent(history, ("dataset",))
        if found is not None:
            _lend(seg, *found)
    elif _placeless(seg) and _has_cue(seg) and not (has_pron or seg.has("replicas")):
        found = _antecedent(history[-1:], ("app",))  # ellipsis: "if not, at least the same zone"
        if found is not None:
            source, items = found
            items = _partners(source, items)  # "X tolerates no co-tenancy with Y": Y
            strength = seg.strength
            _lend(seg, source, items)
            if seg.has("neg"):
                seg.strength = strength  # "Not the same node though": a refusal of its own
    elif _placeless(seg) and (seg.has("verb") or _has_cue(seg)) and _topic_before(seg, history):
        found = _antecedent(history[-1:], ())  # "Kafka-connect is a noisy neighbour. Avoid."
        if found is not None:
            _lend(seg, *found)


_KIND_WORDS = frozenset({"model", "models", "gpu model", "gpu type", "card type", "brand", "vendor"})


def _cancels(
    perm: set[str],
    prev: Segment,
    indifference: frozenset[str],
    choice: frozenset[str],
    seg_marks: Sequence[Mark] = (),
) -> bool:
    if perm & indifference:
        # "least busy host, doesn't matter which resource": indifferent to a detail, not the request
        if any(m.text in ("which", "what", "whichever", "whatever", "between") for m in seg_marks):
            return False
        if any(m.text in ("if", "whether", "when", "about") for m in seg_marks):
            return False  # "we don't care if it restarts": indifferent to what happens, not to the request
        # "1 GPU free and 24 cores, RAM doesn't matter": indifferent to what it names only
        if any(m.text in _KIND_WORDS for m in seg_marks):  # "1 free GPU, model doesn't matter"
            return any(t.role == "ent" and t.kind == "gpu" for m in prev.items for t in m.tags)
        topics = {t.value for m in seg_marks for t in m.tags if t.role == "res"}
        topics |= {"zone"} if any(m.has("zoneword") for m in seg_marks) else set()
        if topics:
            return bool(topics & {t.kind for m in prev.items for t in m.tags if t.role in ("qty", "ent")})
        return True
    values = {t.value for m in prev.items for t in m.tags}
    return bool(perm & choice) and ({"amd64", "arm64"} <= values or {"spot", "ondemand"} <= values)


def _correct(seg: Segment, wrong: Segment) -> None:
    """ "near solr - sorry, I meant etcd": the correction replaces the mentions of the clause it
    corrects and keeps that clause's cues, polarity and strength."""
    kinds = _kinds(seg.items)
    kept = [m for m in wrong.items if not (_kinds([m]) & kinds)]
    if kinds and kept:  # "80 gigs of RAM and an H100 - no, sorry, an A100": the RAM stands
        wrong.marks = [
            m if m in kept or m.entity() is None else Mark(m.start, m.end, text=m.text) for m in wrong.marks
        ]
    else:
        wrong.silenced = True
    if seg.items:
        _take_predicate(seg, wrong)


def _take_predicate(seg: Segment, source: Segment) -> None:
    """The clause takes `source`'s cues, polarity and strength for its own mentions."""
    own_neg = seg.has("neg")  # "not in X - no wait, I meant not in Y": one "not", not two
    seg.marks = [
        m for m in source.marks if m.entity() is None and not m.has("corr") and not (own_neg and m.has("neg"))
    ] + seg.marks
    if seg.own is None:
        seg.strength = source.strength


# A clause of these words alone, between two mentions, takes back the first ("zone-a - sorry, no, zone-b").
_CORRECTING = frozenset(
    {"sorry", "no", "nope", "actually", "oops", "my", "bad", "err", "erm", "or", "rather"}
)
_ADDING = frozenset({"too", "also", "as well", "either"})
_TAKING_BACK = frozenset({"actually", "rather", "sorry", "oops", "err", "erm"})


def _correcting_words(seg: Segment) -> bool:
    words = [m for m in seg.marks if not m.has("filler")]
    return bool(words) and all(m.text in _CORRECTING for m in words)


def _kinds(marks: Sequence[Mark]) -> set[str]:
    """What the marks name: an entity's kind, or a figure's resource ("1 free GPU - sorry, 2")."""
    return {
        t.kind if t.role == "ent" else f"qty:{t.kind}"
        for m in marks
        for t in m.tags
        if t.role in ("ent", "qty")
    }


def _same_kind(seg: Segment, previous: Segment) -> bool:
    return bool(_kinds(seg.items) & _kinds(previous.items))


def _corrects(seg: Segment, previous: Segment, pending: bool) -> bool:
    """ "zone-a - sorry, no, zone-b", "imgsrv-02, or actually imgsrv-03", "no actually just zone-b": a
    bare mention after correcting words replaces the mention of the same kind before it ("..., actually
    zone-b too" adds)."""
    if not _same_kind(seg, previous):
        return False
    if any(m.text in _ADDING or m.has("neg") or m.has("verb") for m in seg.marks):
        return False
    lead: list[str] = []  # the correcting words the clause opens with
    for m in seg.marks:
        if m.has("filler"):
            continue
        if m.text not in _CORRECTING:
            break
        lead.append(m.text)
    return pending or bool(_TAKING_BACK & set(lead))


# Words that take a named item back out of what was just listed ("scratch kv-02", "drop zone-c").
_STRIKING = frozenset({"scratch", "scrap", "strike", "drop", "remove", "minus", "forget", "cross", "except"})


def _same_name(a: Tag | None, b: Tag) -> bool:
    return a is not None and a.role == b.role and a.kind == b.kind and a.value == b.value and a.key == b.key


def _strike(seg: Segment, history: Sequence[Segment]) -> bool:
    """ "a-01, a-02 - no, scratch a-02": a striking word right before names listed in an earlier clause
    takes them out of that clause and of this one. Whether any was struck."""
    struck = False
    for k, mark in enumerate(seg.marks[:-1]):
        if mark.text not in _STRIKING or mark.tags:
            continue
        j = k + 1
        while j < len(seg.marks) and (seg.marks[j].has("filler") and seg.marks[j].entity() is None):
            j += 1  # "scratch the l4"
        while j < len(seg.marks) and seg.marks[j].entity() is not None:
            target = seg.marks[j]
            value = target.entity()
            assert value is not None
            for earlier in reversed(history):
                # by kind and name: "scratch holborn" takes back holborn-dc, however it was written
                hits = [m for m in earlier.items if _same_name(m.entity(), value)]
                if hits:
                    earlier.marks = [
                        Mark(m.start, m.end, text=m.text) if m in hits else m for m in earlier.marks
                    ]
                    earlier.silenced = earlier.silenced or not earlier.items
                    seg.marks[j] = Mark(target.start, target.end, text=target.text)
                    struck = True
                    break
            j += 1
            while j < len(seg.marks) and seg.marks[j].has("conj"):
                j += 1  # "drop a-02 and a-03"
    return struck


def _adds_to(seg: Segment, previous: Segment, same_sentence: bool = False) -> bool:
    """ "avoid zone-a. zone-c too", "stay away from it; also tarragon": bare names and "too" add to the
    mention of their kind before them (or to what its pronoun stood for); "avoid falcon; also the
    b200 nodes if you can": a clause opened by "also" adds to a refusal whatever it names, hedged."""
    first = next((m.text for m in seg.marks if not m.has("filler")), "")
    also = "also" in (seg.conj, seg.opener, first) or "and also" in (seg.conj, seg.opener, first)
    asks = any(seg.has(r) for r in ("verb", "neg", "cue", "perm", "pron"))
    if also and same_sentence and previous.has("neg") and seg.items and not asks:
        return True
    if not (_same_kind(seg, previous) or _kinds(seg.items) & _kinds(previous.borrowed)):
        return False
    if any(seg.has(r) for r in ("verb", "mod", "neg", "cue", "perm", "bg", "pron")):
        return False
    return _adding(seg)


def _recued(seg: Segment, previous: Segment) -> bool:
    """ "same node as packager - sorry no, same AZ": the correction keeps the app, with another cue."""
    return not seg.items and _has_cue(seg) and bool(_of_kind(previous.items, ("app",)))


def _indifferent(seg: Segment, indifference: frozenset[str]) -> bool:
    return any(m.has("perm") and m.text in indifference for m in seg.marks)


def _rather_not(seg: Segment, before: Segment) -> bool:
    """ "spot is ok but I'd rather not": a wish not to, with no object, after a permission is a refusal
    of what was permitted."""
    if seg.items or seg.borrowed or not before.items or not before.has("perm"):
        return False
    return seg.has("neg") and seg.has("mod") and not any(m.has("pron") or m.has("cue") for m in seg.marks)


def _adding(seg: Segment) -> bool:
    return any(m.text in _ADDING for m in seg.marks) or seg.conj in _ADDING or seg.opener in _ADDING


def _lender(history: Sequence[Segment], previous: Segment) -> Segment:
    """The clause a bare addition joins: the last one that asked with its own names or a pronoun's."""
    for seg in reversed(history):
        if seg is previous:
            break
        if seg.borrowed and not seg.silenced:
            return seg  # "stay away from it; also tarragon"
    return previous


def resolve_references(
    sentences: list[list[Segment]], indifference: frozenset[str], choice: frozenset[str]
) -> None:
    """Pronouns and ellipsis borrow earlier mentions; indifference and corrections cancel them."""
    previous: Segment | None = None
    history: list[Segment] = []  # clauses of this sentence and the one before
    pending = False  # a clause of correcting words alone came after the last mention
    struck: list[Segment] = []  # clauses a striking word took a name out of: what corrects them adds
    retaken: Segment | None = None  # taken back by a correction with no names of its own ("... wait,")
    for sentence in sentences:
        history = [s for s in history if s in sentence] + list(history[-_LOOKBACK:])
        history = history[-_LOOKBACK:]
        for k, seg in enumerate(sentence):
            if _strike(seg, history):
                struck += [h for h in history if h.items or h.silenced]
                pending = pending and not seg.items
                if not seg.items:
                    seg.silenced = True
                    history.append(seg)
                    continue
            if not seg.items and _correcting_words(seg) and previous is not None:
                pending, seg.silenced = True, True
                history.append(seg)
                continue
            if retaken is not None and names_only(seg) and _same_kind(seg, retaken):
                _take_predicate(seg, retaken)  # "i'd rather not run on a-01... wait, a-02": a-02 is refused
                retaken = None
            corrected = previous is not None and _corrects(seg, previous, pending)
            if previous is not None and previous in struck and (corrected or seg.has("corr")):
                _take_predicate(seg, previous)  # "scratch a-02, make that a-04": a-04 takes its place
                corrected = True
            elif previous is not None and corrected:
                _correct(seg, previous)
            elif previous is not None and _adds_to(
                seg, _lender(history, previous), previous in sentence or previous.sentence_end == ";"
            ):
                _take_predicate(seg, _lender(history, previous))
            elif previous is not None and pending and seg.items and seg.has("verb") and not _adding(seg):
                # "... as ab-gateway - no, actually, just put it in jade": a new order replaces it
                previous.silenced = True
            elif previous is not None and pending and _recued(seg, previous):
                seg.borrowed, previous.silenced = _of_kind(previous.items, ("app",)), True
            pending = pending and not seg.items
            own = [m for m in seg.items if not m.has("cue")]  # "separate them": a cue, no object
            # "don't care about cost, just get it done": what nobody cares about is no antecedent
            _borrow(seg, [h for h in history if not _indifferent(h, indifference)], own)
            before = sentence[k - 1] if k > 0 else None
            if before is not None and _rather_not(seg, before):
                seg.borrowed = list(before.items)  # "spot is ok but I'd rather not"
            prev = history[-1] if history else None
            if not seg.items and k > 0 and prev is not None and prev.items and seg.has("perm"):
                perm = {m.text for m in seg.marks if m.has("perm")}
                if _cancels(perm, prev, indifference, choice, seg.marks):
                    prev.silenced = True
            if seg.has("corr") and previous is not None and previous is not seg and not corrected:
                _correct(seg, previous)
                retaken = None if seg.items else previous
            if seg.items:
                previous = seg
            history.append(seg)
