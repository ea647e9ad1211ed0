"""The CPU intent parser: pure, synchronous, deterministic; never raises on any hint."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from semsched_intents.calibration import calibrate
from semsched_intents.classify import Candidate, classify
from semsched_intents.clauses import (
    ASKING_ROLES,
    COPULAS,
    REQUEST_ROLES,
    Segment,
    assign_strengths,
    split_sentences,
)
from semsched_intents.lexicon import MACHINE_NOUNS
from semsched_intents.limits import ParserLimits
from semsched_intents.marks import Mark
from semsched_intents.mentions import Mention, Reading, mentions, reader_text
from semsched_intents.merge import merge
from semsched_intents.postscan import ENOUGH_WORDS, PLURAL_NOUNS, WORSE_WORDS, refine_marks
from semsched_intents.references import requests, resolve_references
from semsched_intents.scanner import scan
from semsched_intents.text import Token, lower_same_length, sanitise, tokenize
from semsched_intents.vocab import Tag, table_for
from semsched_proto.intents import INTENT_TYPES, ClusterContext, Intent, ParseResult

_INDIFFERENCE = frozenset(
    {
        "doesn't matter",
        "does not matter",
        "don't matter",
        "don't care",
        "do not care",
        "dont care",
        "doesn't care",
        "does not care",
        "doesnt care",
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
# Our own class names and JSON punctuation are never a placement request (pasted output, injection).
# A figure given to one ("min_free_cpu=2", "min_free_memory: 64Gi") is a config line, and is kept.
_SCHEMA_WORDS = re.compile(r"\b(?:" + "|".join(INTENT_TYPES) + r")\b(?!\s?[=:]\s?\d)|[{}\[\]\"]")


# An unticked checklist item ("- [ ] 10g uplink is enough") is not asked for (yet); a ticked one is.
_UNCHECKED = re.compile(r"(?m)^[ \t]*(?:[-*+][ \t]*)?\[ \][^\n]*")


class CpuParser:
    """Rule and lexicon parser of allocation hints against a cluster's vocabulary."""

    def __init__(self, settings: ParserLimits | None = None, *, calibrate: bool = True) -> None:
        self._limits = settings or ParserLimits()
        self._calibrate = calibrate  # off only to fit the calibration (evals/intents/calibrate.py)

    def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        return self._read(hint, context)

    def read(self, hint: str, context: ClusterContext) -> Reading:
        """The parse, each distinct entity the hint names, and the hint, as the learned reader reads
        them (`semsched_intents.reader`): one pass over the hint serves all three."""
        named: list[Mention] = []
        words: list[str] = []
        result = self._read(hint, context, named, words)
        return Reading(result, named, words[0] if words else "")

    def _read(
        self,
        hint: str,
        context: ClusterContext,
        named: list[Mention] | None = None,
        words: list[str] | None = None,
    ) -> ParseResult:
        if len(hint) > self._limits.max_hint_chars:
            return ParseResult(
                error=f"hint too long: {len(hint)} chars > limit {self._limits.max_hint_chars}"
            )
        text = _SCHEMA_WORDS.sub(" ", _UNCHECKED.sub(" ", sanitise(hint)))
        if not text.strip():
            return ParseResult()
        tokens = tokenize(lower_same_length(text), self._limits.token_budget)
        table = table_for(context)
        marks = refine_marks(scan(tokens, text, table, self._limits.fuzzy_budget), tokens, table.app_words)
        sentences = split_sentences(marks, [m.text for m in marks])
        assign_strengths(sentences)
        resolve_references(sentences, _INDIFFERENCE, _CHOICE)
        _not_the_same_box(sentences)
        per_sentence: list[list[Candidate]] = []
        unparsed: list[str] = []
        _background_sentences(sentences)
        _machines_described(sentences)
        if _IRONY.search(text.lower()):
            _ironic_proposals(sentences)
        asking = [
            seg for sentence in sentences for seg in sentence if (seg.items or seg.borrowed) and requests(seg)
        ]
        # "reads pdb-mirror but it's small, locality doesn't matter": no locality is asked anywhere
        no_locality = any(
            seg.has("cue", "locality") and any(m.text in _INDIFFERENCE for m in seg.marks)
            for sentence in sentences
            for seg in sentence
        )
        # "cheap to run anyway, no cost preference": nobody asks for low cost
        no_cost = any(
            seg.has("perm")
            and any(m.text in _COST_TOPICS for m in seg.marks)
            and not any(m.has("neg") and not m.has("perm") for m in seg.marks)  # "not that I don't care"
            for sentence in sentences
            for seg in sentence
        )
        for sentence in sentences:
            per_sentence.append([])
            for k, seg in enumerate(sentence):
                elsewhere = any(other is not seg for other in asking)
                quiet = _silenced(seg, elsewhere, any(s.items for s in sentence[:k]))
                found = [] if quiet else classify(seg)
                if no_locality and not seg.has("cue", "locality"):
                    found = [c for c in found if c.type != "prefer_data_locality"]
                if no_cost:
                    found = [c for c in found if c.type != "prefer_low_cost"]
                per_sentence[-1].extend(found)
                if not found and not quiet and _is_request(seg) and not seg.has("perm"):
                    unparsed.append(_span_text(text, tokens, seg))
        _answered(sentences, per_sentence)
        candidates = [c for found in per_sentence for c in found]
        merged = merge(_without_roomy(candidates))
        if self._calibrate:
            for item in merged:
                score = item["confidence"]
                assert isinstance(score, float)
                item["confidence"] = calibrate(score)
        merged = _without_every_zone(merged, context)
        intents = [Intent.model_validate(i) for i in merged]
        if named is not None:
            named.extend(mentions(marks, sentences))
        if words is not None:
            words.append(reader_text(marks))
        return ParseResult(intents=intents, unparsed=unparsed[:10])


_COST_TOPICS = frozenset({"cost", "costs", "price", "pricing", "money", "spend"})
_FAMILIES = {
    "spread_replicas_nodes": "spread",
    "spread_replicas_zones": "spread",
    "colocate_replicas": "spread",
    "colocate_with": "near",
    "avoid_colocation_with": "near",
    "same_zone_as": "near",
    "prefer_least_loaded": "load",
    "prefer_bin_packing": "load",
}
_ANSWERS = frozenset({"yes", "yeah", "yep", "yup", "no", "nah", "nope", "sure", "definitely", "ok", "okay"})
_NO = frozenset({"no", "nah", "nope"})


def _without_every_zone(merged: list[dict[str, object]], context: ClusterContext) -> list[dict[str, object]]:
    """ "replicas across rooms (dc-west / annex / basement)": a spread over every zone the cluster has
    names where it spreads; preferring all of them asks nothing more."""
    if not any(i["type"] == "spread_replicas_zones" for i in merged) or len(context.zones) < 2:
        return merged
    every = set(context.zones)

    def all_zones(i: dict[str, object]) -> bool:
        params = i["params"]
        return (
            i["type"] == "prefer_zones" and isinstance(params, dict) and set(params.get("zones", ())) == every
        )

    return [i for i in merged if not all_zones(i)]


def _machines_described(sentences: list[list[Segment]]) -> None:
    """ "prefer turn01/turn02 (L40S)": a bracket of what named machines have describes them."""
    for sentence in sentences:
        for before, seg in pairwise(sentence):
            if seg.opener != "(" or not seg.items or not before.items:
                continue
            kinds = {t.kind for m in seg.items for t in m.tags if t.role == "ent"}
            machines = all(t.kind == "node" for m in before.items for t in m.tags if t.role == "ent")
            plain = all(m.entity() is not None or m.has("filler") or m.has("conj") for m in seg.marks)
            if machines and plain and kinds and kinds <= {"gpu", "label"}:
                seg.silenced = True


def _family(c: Candidate) -> str:
    family = _FAMILIES.get(c.type) or c.type.removeprefix("prefer_").removeprefix("avoid_")
    return family + str(c.params.get("key", ""))  # a label's key: "storage" asks apart from "pool"


def _restates(answer: Candidate, asked: Sequence[Candidate]) -> bool:
    """The answer picks from what the question offered: the same class, its values among the offered."""
    for c in asked:
        if c.type == answer.type:
            if c.params == answer.params:
                return True
            for key, value in answer.params.items():
                offered = c.params.get(key)
                if isinstance(value, list) and isinstance(offered, list) and set(value) <= set(offered):
                    return True
    return False


_IRONY = re.compile(
    r"(?:^|\s)/s\b|what could (?:possibly )?go wrong|what'?s the worst that could happen|"
    r"brilliant plan|great plan|great idea|genius (?:move|idea|plan)|said no one ever|love that for us|"
    r"so much fun|\bgenius\b|i'?m sure (?:the )?\w+ (?:will|would) love|went so well|worked so well"
)


def _ironic_proposals(sentences: list[list[Segment]]) -> None:
    """ "Oh sure, let's run the hot wallet on spot, what could possibly go wrong": with an ironic
    marker, a proposal ("let's ...", or a sentence opened by "oh") asks for the opposite."""
    for sentence in sentences:
        opening = sentence[0].marks[0].text if sentence[0].marks else ""
        # "oh yes, do stick it on spot", "Oh brilliant, another pod on X"
        oh = opening == "oh" or opening.startswith("oh ")
        if oh or any(m.text in ("let's", "lets", "let us") for seg in sentence for m in seg.marks):
            for seg in sentence:
                seg.negated = not seg.negated


_NO_FUSS = frozenset({"rush", "hurry", "pressure", "worries", "stress", "biggie", "problem", "probs"})


def _answered(sentences: list[list[Segment]], found: list[list[Candidate]]) -> None:
    """ "T4 or L4? L4 I think", "should it spread? yes, across zones", "pin near X? nah, same zone is
    enough": a question answered in the next sentence asks what the answer says, not what it offered."""
    for k in range(len(sentences) - 1):
        if sentences[k][-1].sentence_end != "?" or not found[k]:
            continue
        answer = [m for seg in sentences[k + 1] for m in seg.marks]
        if not answer:
            continue
        while len(answer) > 1 and answer[0].text in ("lol", "haha", "um", "well", "oh", "hmm", "ok", "so"):
            answer = answer[1:]  # "arm? lol no."
        said = answer[0].text if not answer[0].has("mod") else ""  # "No big deal if not." is no "no"
        if len(answer) > 1 and answer[1].text in _NO_FUSS:
            continue  # "onto dockside-03? No rush.": how soon, not an answer
        replies = found[k + 1]
        if len(answer) == 2 and answer[0].text == "sure" and answer[1].text == "why not":
            answer = answer[1:]  # "spot? sure, why not": allowed, no choice
        allowing = answer[0].has("perm") or answer[0].text == "why not"
        shrug = allowing and len(answer) <= 4 and sentences[k + 1][-1].sentence_end != "?"
        if not replies and shrug and not any(m.has("neg") for m in answer):
            j = k  # "x86? arm? don't care.": nothing was chosen
            while j >= 0 and sentences[j][-1].sentence_end == "?":
                found[j] = []
                j -= 1
            continue
        picks = not replies and (answer[0].has("zoneword") or said in MACHINE_NOUNS)
        if not (said in _ANSWERS or picks or any(_restates(c, found[k]) for c in replies)):
            continue
        if said in _NO and not replies:
            found[k] = []  # "spot? nah"
            continue
        if not replies and said in MACHINE_NOUNS:
            found[k] = [c for c in found[k] if c.type != "spread_replicas_zones"]  # "nodes or zones? nodes"
            continue
        if not replies and answer[0].has("zoneword"):
            found[k] = [c for c in found[k] if c.type != "spread_replicas_nodes"]
            continue
        families = {_family(c) for c in replies}
        found[k] = [c for c in found[k] if _family(c) not in families]


_MIN_FREE = {"cpu": "min_free_cpu", "memory": "min_free_memory", "gpu": "min_free_gpus"}


def _without_roomy(candidates: list[Candidate]) -> list[Candidate]:
    """ "lots of free RAM — 128 gigs at least": the figure says how much; no least-loaded on top."""
    asked = {c.type for c in candidates}

    def roomy(c: Candidate) -> bool:
        resource = str(c.params.get("resource", "any"))
        # "some headroom: 4 cores + 12G free": with no resource named, any figure says how much
        figured = _MIN_FREE.get(resource, "") in asked or (
            resource == "any" and bool(asked & set(_MIN_FREE.values()))
        )
        return (
            c.type == "prefer_least_loaded"
            and figured
            and any(w in c.phrase for w in ("free", "headroom", "spare", "room"))
        )

    return [c for c in candidates if not roomy(c)]


def _is_request(seg: Segment) -> bool:
    return any(m.has(r) for m in seg.marks for r in REQUEST_ROLES) and any(
        not m.tags and len(m.text) > 2 for m in seg.marks
    )


def _span_text(text: str, tokens: list[Token], seg: Segment) -> str:
    return text[tokens[seg.marks[0].start].start : tokens[seg.marks[-1].end - 1].end][:200]


# "anywhere except fra1 is fine": the permission covers the rest, the exclusion still holds.
_EXCLUSIONS = frozenset(
    {"except", "anywhere but", "anywhere except", "everywhere except", "anything but", "anything except"}
    | {"other than", "apart from", "except for", "excluding", "but"}
)
# "T4 is enough", "spot is perfect": an evaluation after the copula is a preference, not a description.
_APPROVING = frozenset(
    {"perfect", "enough", "great", "best", "good", "ideal", "sufficient", "right", "excellent", "the way"}
)


def _excludes(seg: Segment) -> bool:
    first = next((m.start for m in seg.items), None)
    return first is not None and any(m.text in _EXCLUSIONS and m.start < first for m in seg.marks)


def _described(seg: Segment, elsewhere: bool) -> bool:
    """ "lte is too flaky": a mention as the subject of a copula and a judgement (a concept such as
    flaky or pricey, or "too ..."), with nothing asked, describes it."""
    items = seg.items
    if not items:
        return False
    subject = items[0]  # "sin1 and syd1 are both over quota": the listed subject as a whole
    for item in items[1:]:
        between = [m for m in seg.marks if subject.end <= m.start < item.start]
        if [m.text for m in between] not in (["and"], ["or"]) or not (item.has("ent") and subject.has("ent")):
            break
        subject = item
    rest = [
        m
        for m in seg.marks
        if m.start >= subject.end
        and (m.text in COPULAS or not (m.has("filler") or m.has("head") or m.has("lhead")))
    ]
    if not rest or rest[0].text not in COPULAS:
        return _subject_described(seg, elsewhere)
    if len(rest) > 1 and rest[1].text == "too":
        return True  # "eu-central-1a is too far from our users"
    if any(m.text in WORSE_WORDS for m in rest[1:3]) and not requests(seg):
        return True  # "the new arm nodes are a bit slower": a judgement told
    words = [m.text for m in rest[1:5]]
    if any(w in ("new", "old", "newest", "oldest") for w in words) and any(w in MACHINE_NOUNS for w in words):
        return not requests(seg)  # "galloway is the new box": what the node is
    if len(rest) > 2 and rest[1].text in _FREQUENCY and not rest[2].tags and rest[2].text.endswith("ed"):
        return True  # "the H100s are always booked by cardiology": how things are, no modifier
    if requests(seg):
        return False
    if any(m.text in _APPROVING for m in rest[1:]):
        return False
    if any(m.has("concept") or m.text == "too" for m in rest[1:]):
        return True  # "is too flaky", "is pricey"
    # "bay1 is the noisy bay. rather bay2.", "the renderer is linux-only": a description, when the hint
    # asks for something elsewhere; where data is kept is what a locality request is about
    return (
        elsewhere
        and not (subject.has("qty") and any(m.text in ENOUGH_WORDS for m in rest[1:]))  # "2 cores is plenty"
        and not any(m.entity() is not None or _evaluative(m.text) for m in rest[1:])
        and not any(t.kind == "dataset" for m in items for t in m.tags)
    )


def _kind_behaves(seg: Segment, elsewhere: bool) -> bool:
    """ "the air-cooled ones throttle in summer", "the unheated shed hits -15 in January": a kind of
    machine as the subject of words the lexicon does not know, beside a request elsewhere, is how
    that kind behaves, the reason for the request."""
    if not elsewhere or seg.end_punct == "?" or any(seg.has(r) for r in ASKING_ROLES):
        return False
    marks = seg.marks
    if len(marks) < 4 or marks[0].text != "the":
        return False
    ent = marks[1].entity()
    if ent is None or ent.kind not in ("label", "gpu") or len(seg.items) != 1:
        return False
    told = [m for m in marks[2:] if not m.tags and not m.punct and m.text.isalpha()]
    return len(told) >= 2


def _without_only(seg: Segment) -> Segment:
    """The clause without a trailing "only" ("the client lib is x86 only" describes the lib)."""
    return Segment([m for m in seg.marks if m.text not in ("only", "exclusively")])


def _subject_described(seg: Segment, elsewhere: bool) -> bool:
    """ "the renderer is linux-only": the workload described, the mention after the copula, when the
    hint asks for something elsewhere."""
    if not elsewhere or requests(_without_only(seg)):
        return False
    first = seg.items[0]
    before = [m for m in seg.marks if m.end <= first.start and (m.text in COPULAS or not m.has("filler"))]
    return len(before) >= 2 and before[-1].text in COPULAS and not before[0].has("pron")


_HEDGES = frozenset({"think", "believe", "guess", "suppose", "reckon", "assume"})
_FREQUENCY = frozenset({"always", "usually", "often", "normally", "mostly", "constantly"})
_COMPARATIVES = frozenset({"where", "better", "faster", "closer", "newer"})


def _evaluative(word: str) -> bool:
    """ "zone-a is closest to our users", "the newest": a superlative ranks, it does not describe."""
    return (word.endswith("est") and len(word) > 5) or word in _COMPARATIVES


_LEAD_INS = frozenset(
    {"context", "background", "fyi", "for context", "bg", "history", "backstory", "story", "status"}
)
_NO_ANSWERS = frozenset({"no", "nope", "nah", "no thanks", "not really", "no need"})


def _words(seg: Segment) -> str:
    return " ".join(m.text for m in seg.marks if not m.punct)


def _only_permits(seg: Segment) -> bool:
    """ "(acceptable)" after a name: allowed, not asked for ("(either is fine)" picks among a list)."""
    words = _words(seg)
    if any(choice in words for choice in _CHOICE) or "either" in words or "both" in words:
        return False
    return seg.has("perm") and not seg.items and not any(seg.has(r) for r in ("verb", "mod", "neg"))


def _opens_with_order(seg: Segment) -> bool:
    """An order: the clause opens with its verb ("fyi, pin it to r3"); "X and Y both run near here" tells."""
    first = next((m for m in seg.marks if not (m.has("filler") or m.has("conj"))), None)
    return first is not None and (first.has("verb") or first.has("neg"))


# A question opening with these asks for information ("is rndr-14 back from RMA yet?", "who owns fc-v01?"),
# unless it asks whether something is possible ("is possible to run on nvme?", "why not put it on r3?").
_INFO_OPENERS = frozenset(
    {"is", "are", "does", "do", "did", "has", "have", "who", "what", "what's", "whats", "which", "when"}
    | {"why", "how", "where's", "was", "were", "anyone", "any", "will", "where"}
)
_GREETINGS = frozenset(
    {"hi", "hey", "hello", "sorry", "quick", "question", "q", "so", "um", "oh", "hmm", "hm", "uh", "erm"}
    | {"btw"}
)
_ASKS_LEAVE = (
    *("possible", "why not", "how about", "what about", "ok", "okay", "fine", "alright", "allowed"),
    *("any chance", "is there any chance", "is there a chance", "is there a way", "is there any way"),
    *("what if we", "what if i", "would it hurt"),
    *("any reason not to", "is there any reason not to", "any reason we shouldn't", "any objection"),
    *("anything against",),
)


_WE_ARE = frozenset({"we're", "we are", "i'm", "i am", "we're a", "we're an", "we're on"})


def _ranking_only(seg: Segment, mark: Mark) -> bool:
    """ "the only node with ...": "only" after an article ranks; it asks nothing."""
    at = seg.marks.index(mark)
    return mark.text == "only" and at > 0 and seg.marks[at - 1].text == "the"


def _intensifier(seg: Segment, mark: Mark) -> bool:
    """ "gets really noisy at 6pm": "really" before a word we do not know weighs that word only."""
    at = seg.marks.index(mark)
    nxt = seg.marks[at + 1] if at + 1 < len(seg.marks) else None
    return mark.text in ("really", "very", "so", "pretty", "quite") and nxt is not None and not nxt.tags


def _asked_part(sentence: list[Segment]) -> list[Segment]:
    """The clauses of a question that ask to be told: up to a second question, after a dash, that asks
    for a placement ("how does it pick the AZ anyway — could it just follow X's AZ?")."""
    for k in range(1, len(sentence)):
        first = sentence[k].marks[0].text if sentence[k].marks else ""
        if sentence[k - 1].end_punct == "split" and first in _ASKING_OPENERS and sentence[k].items:
            return sentence[:k]
    return sentence


_ASKING_OPENERS = frozenset({"could", "can", "would", "will", "please", "pls"})


def _info_question(sentence: list[Segment]) -> bool:
    counting = [m.text for m in sentence[0].marks[:2]] == ["how", "many"]
    if sentence[-1].end_punct != "?" and sentence[-1].sentence_end != "?" and not counting:
        return False  # "how many l40s do we even have" asks a count, with or without its "?"
    marks = [m for seg in sentence for m in seg.marks]
    at = next((k for k, m in enumerate(marks) if m.text not in _GREETINGS and not m.has("conj")), None)
    if at is None:
        return False
    here = next((k for k in range(at + 1, min(at + 3, len(marks) - 1)) if marks[k].text == "here"), None)
    if here is not None and sentence[0].marks[-1] is marks[here]:
        at = here + 1  # "Intern here — how do I check ...": who writes, then the question
    opening = " ".join(m.text for m in marks[at : at + 3])
    # "Nothing urgent: when you get a chance, could you confirm ...?"
    told = any(
        " ".join(m.text for m in marks[k : k + 3]).startswith(_ASKS_TO_TELL) for k in range(len(marks))
    )
    if not (marks[at].text.split(" ")[0] in _INFO_OPENERS or opening.startswith(_ASKS_TO_TELL) or told):
        return False
    # "is there a way to see why it went to X?" asks to be told, not to be placed
    seeing = _WAY_TO_TELL.search(" ".join(m.text for m in marks)) is not None
    # whole words only: "okafor lab" does not start with "ok"
    return seeing or not any(m.text.startswith(_ASKS_LEAVE) and _whole_words(m.text) for m in marks)


def _whole_words(text: str) -> bool:
    return any(text == w or text.startswith(w + " ") for w in _ASKS_LEAVE)


# ... or asks about the future of the cluster ("Is possible in future to have H100 in this cluster?")
_WAY_TO_TELL = re.compile(r"\bway to (?:see|check|tell|find out|know|understand)\b|\bin (?:the )?future\b")
# "can you tell me which nodes are validated?", "could you check why it is pending in sa-east-1a?"
_ASKS_TO_TELL = (
    *("can you tell", "could you tell", "can you check", "could you check", "can you confirm"),
    *("could you confirm", "do you know", "tell me", "any idea", "can you explain", "could you explain"),
    *("does anyone know", "does anybody know", "does someone know", "anyone know", "anybody know"),
    *("should we worry", "should i worry", "should we be worried"),
    *("can someone check", "could someone check", "can somebody check", "can someone look"),
    *("could someone look", "can anyone check", "can someone confirm", "could someone confirm"),
    *("see why", "find out why", "know why", "understand why", "figure out why", "see which", "see where"),
    *("way to see", "way to check", "way to tell", "way to find out", "way to know", "difference between"),
)


_WHY_WOULD = ("why would", "why'd", "why should", "why on earth would", "why ever would", "who would")


_NEGATIVE_ASKS = frozenset(
    {"shouldn't", "should not", "wouldn't", "couldn't", "can't", "cannot", "could not"}
)


def _suggested(sentence: list[Segment]) -> bool:
    """ "shouldn't this be on ng-batch?": asked that way, it should."""
    first = sentence[0].marks[:2]
    if sentence[-1].sentence_end != "?" or len(first) < 2 or first[0].text not in _NEGATIVE_ASKS:
        return False
    return first[1].text in ("this", "it", "that", "we", "they", "you") and first[0].has("neg")


def _rhetorical(sentence: list[Segment]) -> bool:
    """ "why would the uploader ever sit in cloud-jnb?": asked of a placement, it refuses that placement."""
    if sentence[-1].sentence_end != "?" or not any(seg.items for seg in sentence):
        return False
    opening = " ".join(m.text for m in sentence[0].marks[:4])
    return opening.startswith(_WHY_WOULD) and not any(seg.has("neg") for seg in sentence)


def _needed_after(sentence: list[Segment], nxt: list[Segment] | None) -> bool:
    """A figure asked about, then a sentence that only says how much it is needed."""
    figure = any(m.has("qty") for seg in sentence for m in seg.items)
    return figure and nxt is not None and not any(s.items for s in nxt) and any(s.has("mod") for s in nxt)


def _offered(sentence: list[Segment]) -> bool:
    """ "marula or acacia?": names and nothing else, asked."""
    return sentence[-1].sentence_end == "?" and all(
        all(t.role in ("ent", "conj", "filler") for t in m.tags) and m.tags
        for seg in sentence
        for m in seg.marks
    )


_THANKS = re.compile(
    r"\b(?:thanks|thank you|thx|ty|cheers|kudos)(?: @?[a-z][\w.-]*){0,3} for\b|"
    r"\b(?:thanks|thank you|kudos|cheers|shout ?out) to (?:whoever|everyone|all|the team)\b|"
    r"\b(?:just wanted to say|great work|nice work|good job|well done)\b"
)
_ASK_LEADS = re.compile(
    r"^(?:(?:one|my|our|the|platform|infra|a) )?(?:asks?|requests?|action items?)(?: .{0,40})?$|"
    r"^(?:infra|ops note|placement|for platform)$"
)
_REPORT_LEADS = (
    *("summary", "recap", "stand up", "standup", "changelog", "release notes", "highlights"),
    *("update", "updates", "postmortem", "post mortem", "retro", "weekly email", "status email"),
)
_NO_ASKS = (
    *("no asks", "no ask from", "nothing needed from", "no requests from", "nothing to ask"),
    *("nothing special needed", "no special needs", "no special requirements"),
)


def _ask_after_report(sentences: list[list[Segment]]) -> None:
    """A status post with an explicit ask ("... Ask: the replicas should sit next to X", "Request:",
    "Action item for platform:", "Infra:"): only the ask and what follows it ask; what comes before
    reports. An update that says it asks nothing ("no asks from us", "nothing needed from infra")
    asks nothing anywhere."""
    flat = [seg for sentence in sentences for seg in sentence]
    words = " ".join(_words(seg) for seg in flat)
    if any(phrase in words for phrase in _NO_ASKS):
        for seg in flat:
            seg.silenced = True
        return
    lead = next(
        (k for k, seg in enumerate(flat) if seg.end_punct == ":" and k and _ASK_LEADS.match(_words(seg))),
        None,
    )
    for seg in flat[: lead or 0]:
        seg.silenced = True
    head = _words(flat[0]) if flat else ""
    if (
        lead is None
        and flat
        and not flat[0].items
        and flat[0].end_punct in (":", "(")
        and head.endswith(_REPORT_LEADS)
    ):
        for seg in flat:  # "#inc-4471 summary: ... failed over to lsb-gpu-01 ...": a report, orders aside
            seg.silenced = seg.silenced or not (seg.has("mod") or _opens_with_order(seg))


_TOLD = frozenset(
    {
        "questions",
        "question",
        "context",
        "rationale",
        "consequences",
        "consequence",
        "alternatives",
        "alternatives considered",
    }
    | {"alternative", "risk", "risks", "open question", "open questions", "status", "previously"}
    | {"background", "notes", "trade offs", "tradeoffs"}
)
_DECIDED = frozenset({"decision", "decisions", "decided", "outcome", "resolution", "mitigation decided"})


def _sections(sentences: list[list[Segment]]) -> None:
    """A design record pasted as a hint: under "Context:", "Rationale:", "Consequences:",
    "Alternatives considered:", "Risk:", "Open questions:" or "Status:" nothing is asked, up to the
    next heading; in the sentence a "Decision:" opens, what is stated is decided, so it is asked."""
    heads = {
        id(seg): _words(seg)
        for sentence in sentences
        for seg in sentence
        if seg.end_punct == ":" and not seg.items and _words(seg) in _TOLD | _DECIDED
    }
    alone = ("context", "background", "notes", "status")
    if not any(words in _DECIDED or words not in alone for words in heads.values()):
        return  # "Context:" alone tells its own sentence only (see _LEAD_INS)
    section = ""
    for sentence in sentences:
        for seg in sentence:
            if id(seg) in heads:
                section = "decided" if heads[id(seg)] in _DECIDED else "told"
                continue
            if section == "told":
                seg.silenced = True
            elif section == "decided":
                seg.decided = True
                for m in seg.marks:  # "Decision: X is co-located with Y": decided, so asked
                    if m.has("bg") and any(w in m.text for w in ("located with", "next to")):
                        m.tags = (Tag("cue", "colo"),)
        if section == "decided":
            section = ""  # the decision is the sentence its heading opens


_EXCEPTING = frozenset({"except", "except for", "apart from", "save for", "excluding"})


_NOTHING_ASKED = frozenset(
    {"nothing to do for the scheduler", "nothing for the scheduler", "not a scheduling issue"}
    | {"not a scheduler issue"}
)


def _not_the_same_box(sentences: list[list[Segment]]) -> None:
    """ "Same zone as drm-license, but not the same box", "... but a different node": a refused
    same-machine cue naming no app is about the app just named."""
    for sentence in sentences:
        for prev, seg in pairwise(sentence):
            named = any(t.role in ("ent", "qty") for m in seg.items for t in m.tags)
            if named or seg.borrowed or not seg.has("cue", "colo"):
                continue
            if not (seg.has("neg") or seg.has("concept", "apart")):
                continue
            apps = [m for m in prev.items if any(t.kind == "app" for t in m.tags if t.role == "ent")]
            if len(apps) == 1 and prev.has("cue", "samezone"):
                seg.borrowed = apps


def _any_will_do(sentences: list[list[Segment]]) -> None:
    """ "any shed, any board, don't care": names each after "any", and indifference said, choose
    nothing."""
    for sentence in sentences:
        shrug = any(m.text in _INDIFFERENCE for seg in sentence for m in seg.marks)
        if not shrug:
            continue
        for seg in sentence:
            words = [m for m in seg.marks if not m.has("filler")]
            if (len(words) == 1 and words[0].text.startswith("any ")) or (
                len(words) == 2 and words[0].text == "any" and words[1].entity() is not None
            ):
                seg.silenced = True


def _exempting_buts(sentences: list[list[Segment]]) -> None:
    """ "Avoid enc-03 and enc-04, but not enc-01": after a refusal, "but not" and bare names exempt
    them from it; they are allowed, not refused."""
    for sentence in sentences:
        for prev, seg in pairwise(sentence):
            words = [m for m in seg.marks if not (m.has("filler") or m.has("conj"))]
            if len(words) < 2 or not (
                (seg.opener == "but" and words[0].text == "not") or words[0].text in _EXCEPTING
            ):
                continue
            refused = prev.items and any(m.has("neg") and m.start < prev.items[0].start for m in prev.marks)
            names = [m for m in words[1:] if not m.has("perm") and m.text not in ("which", "that", "who")]
            if refused and names and all(m.has("ent") for m in names):
                seg.silenced = True  # "keep it off the rugged boxes, except ipc-103 which is fine"


_TAGS = frozenset(
    {"right", "correct", "yes", "yeah", "no", "isn't it", "doesn't it", "aren't they", "don't they"}
)


def _tag_question(sentence: list[Segment]) -> bool:
    """ "queue-cam lives on jet-01, right?": a statement the writer asks to have confirmed."""
    if len(sentence) < 2 or sentence[-1].end_punct != "?" or _words(sentence[-1]) not in _TAGS:
        return False
    return not any(
        m.has(r) for seg in sentence[:-1] for m in seg.marks for r in ("verb", "mod", "neg", "negpost")
    )


def _background_sentences(sentences: list[list[Segment]]) -> None:
    """ "Context: we're recording in bay3 ..." tells a story, as does a sentence marked "fyi" or "heads
    up" (unless it also gives an order); "Does it need arm? No." answers itself; "ignore that"
    takes back what came before."""
    _ask_after_report(sentences)
    _sections(sentences)
    _exempting_buts(sentences)
    _any_will_do(sentences)
    for (
        sentence
    ) in sentences:  # "it's a flaky test suite, not flaky hardware — nothing to do for the scheduler"
        if any(m.text in _NOTHING_ASKED for seg in sentence for m in seg.marks):
            for seg in sentence:
                seg.silenced = True
    for sentence in sentences:
        if _tag_question(sentence):
            for seg in sentence:
                seg.silenced = True
    for sentence in sentences:  # "shouldn't this be on X?", "can't we put it on X?": it should
        if _suggested(sentence):
            first = sentence[0]
            first.marks[0].tags = (Tag("filler"),)
            if not any(m.has("mod") for m in first.marks):
                first.strength = "medium"
    for n, sentence in enumerate(sentences):
        if _rhetorical(sentence):
            for seg in sentence:  # "why would anyone put a ranker on spot?": it should not be there
                seg.negated = not seg.negated
                for m in seg.marks:  # "why would it ever sit in X?": where it sits is what is asked
                    if m.has("bg") and m.entity() is None:
                        m.tags = (Tag("verb"),)
            continue
        nxt = sentences[n + 1] if n + 1 < len(sentences) else None
        if _info_question(sentence) and _needed_after(sentence, nxt):
            for seg in sentence:  # "is there a spare GPU anywhere? it needs 1": the need asks for it
                for m in seg.marks:
                    if m.text == "anywhere" and m.has("perm"):
                        m.tags = (Tag("filler"),)
        elif _info_question(sentence) or (n and _info_question(sentences[n - 1]) and _offered(sentence)):
            for seg in _asked_part(sentence):  # "Which node has the A100 again? marula or acacia?"
                seg.silenced = True
        for seg in sentence:  # "just a thank you for getting it running on gpu-3 last week!"
            if _THANKS.search(_words(seg)):
                seg.silenced = True
        first = sentence[0]
        if first.end_punct == ":" and not first.items and _words(first) in _LEAD_INS:
            for seg in sentence:
                seg.silenced = True
        told = list(sentence)
        if n > 0 and all(m.has("notice") or m.has("filler") for seg in sentence for m in seg.marks):
            told += sentences[n - 1]  # "Pier-south is under construction till March. FYI."
        if any(seg.has("notice") for seg in sentence):
            for seg in told:  # "FYI, den-gp01 is the only node with the new driver": no order
                ordered = any(
                    m.has("mod") and not _ranking_only(seg, m) and not _intensifier(seg, m) for m in seg.marks
                )
                seg.silenced = seg.silenced or not (ordered or _opens_with_order(seg))
        at = next((k for k, seg in enumerate(sentence) if seg.has("retract")), None)
        if at is not None:  # what came before is taken back; what follows stands
            for seg in [s for earlier in sentences[:n] for s in earlier] + sentence[:at]:
                seg.silenced = True
            own = not sentence[at].items or sentence[at].has("withdraw")  # "ignore the earlier pin to r3"
            sentence[at].silenced = sentence[at].silenced or own
        for before, seg in pairwise(sentence):  # "wh-ord-02 (preferred) or wh-dfw-01 (acceptable)"
            if before.end_punct == "(" and before.items and _only_permits(seg):
                before.silenced = True
        if sentence[-1].end_punct == "?" and nxt is not None and _words(nxt[0]) in _NO_ANSWERS:
            for seg in sentence:
                seg.silenced = True


_NEIGHBOURS = frozenset({"neighbour", "neighbours", "neighbor", "neighbors"})


_OBJECT_PREPOSITIONS = frozenset({"for", "to", "of", "with", "from", "at", "by", "on", "in"})


def _narrated(seg: Segment) -> bool:
    """ "they saturate the SAN at night", "wifi drops packets", "it OOMs when neighbours spike": a
    subject and a verb the lexicon does not know, and nothing asked, tell what happens."""
    if _has_trouble([m for m in seg.marks if not (m.has("conj") or m.punct)]):
        return True
    if _names_have(seg):
        return True
    asking = [m for m in seg.marks if any(m.has(r) for r in ASKING_ROLES) and m.text not in _NEIGHBOURS]
    # "it" is a filler word elsewhere; here it is a subject ("else it pulls 40GB over the wan")
    marks = [
        m
        for m in seg.marks
        if not ((m.has("filler") and not m.has("pron")) or m.has("conj") or m.has("head"))
    ]
    verb_at = marks[1].start if len(marks) > 1 else 0
    if any(not (m.has("neg") and m.start > verb_at) for m in asking):  # "drops sync without a lock"
        return False
    if seg.has("tells"):
        return True  # "a preempted spooler loses the print queue"
    if _progressive(seg):
        return True
    if len(marks) >= 2 and marks[0].has("all") and marks[1].text == "one":
        marks = [Mark(marks[0].start, marks[1].end, (Tag("subj"),)), *marks[2:]]  # "each one pulls ..."
    if len(marks) < 3:
        return False
    if len(marks) >= 3 and marks[1].text in PLURAL_NOUNS:
        marks = [marks[0], *marks[2:]]  # "cold ones add 6 minutes": the noun is the subject's
    subject, verb = marks[0], marks[1]
    told_from = subject.end  # where the words between subject and verb start
    where = [m.text for m in seg.marks if subject.end <= m.start < verb.start]
    placed = where in (["on"], ["in"], ["at"]) and verb.entity() is not None
    if subject.has("ent") and placed and len(marks) >= 3:
        # "radar-ingest on rx-ingest02 dropped 3 volumes": what it did there
        told_from, verb = verb.end, marks[2]
    if subject.has("ent") and not verb.tags and verb.text.endswith("ing") and len(verb.text) >= 6:
        return True  # a status line: "train-describer pods restarting in dc-north, investigating"
    # a verb the lexicon does not know, or knows only by a guess ("saturate" is no "saturated")
    plain_verb = (not verb.tags or verb.conf < 1) and len(verb.text) >= 3 and verb.text.isalpha()
    if subject.has("subj") or (subject.has("pron") and subject.text in ("they", "it", "this", "that")):
        return plain_verb and verb.text not in _HEDGES  # "I think they're called the highmem ones"
    if _definite_subject_verb(seg, marks):
        return True  # "the DDC thrashes sata disks", "the batch validation suite times out on L4s"
    if _earlier_event(seg):
        return True
    # "gs-sea-004 rebooted 3x overnight": a past tense after a place or an app (after a label
    # value it is an adjective: "arnold licensed nodes")
    past = verb.text.endswith("ed") and any(t.kind in ("node", "zone", "app") for t in subject.tags)
    # "backoffice tier for the CMS cron jobs": a word after a preposition is its object, no verb
    between = [m.text for m in seg.marks if told_from <= m.start < verb.start]
    return (
        not any(w in _OBJECT_PREPOSITIONS for w in between)
        and subject.has("ent")
        and plain_verb
        and (verb.text.endswith("s") or past)
        and verb.text not in PLURAL_NOUNS
        and not verb.text.endswith("ss")
    )


def _after_the(seg: Segment, mark: Mark) -> bool:
    at = next(k for k, m in enumerate(seg.marks) if m is mark)
    return at > 0 and seg.marks[at - 1].text == "the"


def _definite_subject_verb(seg: Segment, marks: list[Mark]) -> bool:
    """ "the <one to three unknown nouns> <an unknown verb in the third person> <more>"."""
    if not _after_the(seg, marks[0]):
        return False
    if any(t.kind == "dataset" for m in seg.items for t in m.tags):
        return False  # "the model uses cat-events a lot, so where that's cached": the data is asked for
    for j in range(1, min(4, len(marks))):
        word = marks[j]
        # "the util dashboards show ...": a resource word may name what the subject is about
        if (
            any(m.tags and not (m.has("load") or m.has("res")) for m in marks[: j + 1])
            or not word.text.isalpha()
        ):
            return False
        if word.text.endswith("s") and not word.text.endswith("ss") and word.text not in PLURAL_NOUNS:
            return j + 1 < len(marks)  # something follows the verb
    return False


def _earlier_event(seg: Segment) -> bool:
    """ "the previous run OOMed on a node with 96GB spare", "the last job crashed on ...": what happened
    to an earlier run, told."""
    marks = [m for m in seg.marks if not m.has("filler")]
    if len(marks) < 3 or marks[0].text not in _EARLIER or not _after_the(seg, marks[0]):
        return False
    for word in marks[1:4]:
        if word.text.endswith("ed") and not word.tags and word.text.isalpha():
            return True
        if word.tags and not word.has("head"):
            return False
    return False


_EARLIER = frozenset({"previous", "last", "earlier", "prior"})


_BE = COPULAS | {"'s", "'re", "they're", "theyre", "we're", "it's", "i'm"}
_HAVE = frozenset({"have", "has", "had"})


# "we are needing 16 free cores": a non-native way to ask, not a report of what is going on
_WANTING = frozenset({"needing", "wanting", "requiring", "preferring", "hoping", "expecting", "requesting"})


def _progressive(seg: Segment) -> bool:
    """ "cross-zone egress is eating our budget": a form of "be" and an -ing word the lexicon does
    not know tell what is going on."""
    return any(
        a.text in _BE
        and not b.tags
        and b.text.endswith("ing")
        and len(b.text) >= 6
        and b.text not in _WANTING
        for a, b in pairwise(seg.marks)
    )


def _has_trouble(marks: list[Mark]) -> bool:
    """ "it have disk problem since monday": a pronoun that has something (not "has to") describes."""
    return (
        len(marks) >= 3
        and marks[0].has("pron")
        and marks[0].text in ("it", "they", "this", "that")
        and marks[1].text in _HAVE
        and marks[2].text != "to"
        and not any(m.entity() is not None for m in marks[2:])  # "they have L4s, put it there" points
    )


def _names_have(seg: Segment) -> bool:
    """ "runner-3 and runner-4 have the big disks": names, then what they have, with nothing asked."""
    marks = [m for m in seg.marks if not m.has("filler")]
    k = 0
    while k < len(marks) and (
        marks[k].has("ent")
        or marks[k].has("conj")
        or marks[k].has("head")
        or marks[k].text in ("both", "all")
    ):
        k += 1  # "edge-syd and edge-sgp both have capacity"
    if k == 0 or k + 1 >= len(marks) or not any(m.has("ent") for m in marks[:k]):
        return False
    verb, after = marks[k], marks[k + 1]
    asks = any(m.has(r) for m in marks[k + 1 :] for r in ("mod", "neg", "cue", "verb"))
    return verb.text in _HAVE and after.text != "to" and not asks


_PLACE_EVENTS = frozenset(
    {"floods", "flooded", "fails", "failed", "dies", "died", "burns", "crashes", "crashed", "goes down"}
    | {"loses power", "goes dark", "goes offline", "is down", "is lost", "blows up", "catches fire"}
    | {"end up", "ends up"}
)


def _condition_on_event(seg: Segment) -> bool:
    """ "if mad-c1 goes dark we still need the smf up": what happens if a place fails is no request
    for that place."""
    # the clause's first word ("it should sit in ..." is no "should mad-c1 fail")
    at = next((k for k, m in enumerate(seg.marks) if not m.has("conj")), None)
    # "if the vault floods", "if they end up apart"
    words = f" {_words(seg)} "
    happens = seg.has("bg") or any(f" {event} " in words for event in _PLACE_EVENTS)
    if at is None or seg.marks[at].text.split(" ")[0] not in ("if", "when", "should") or not happens:
        return False  # ("if they" is one mark)
    # "should mad-c1 fail ..." has a subject; "Should sit in the same AZ as X" asks
    after = seg.marks[at + 1] if at + 1 < len(seg.marks) else None
    return seg.marks[at].text != "should" or (
        after is not None and (after.entity() is not None or after.has("pron"))
    )


_PRONOUNS = frozenset(
    {"they", "they're", "theyre", "it", "it's", "its", "that", "that's", "those", "these", "both", "which"}
)
_STATIVE = _HAVE | COPULAS | {"live", "lives", "sit", "sits", "got", "runs", "does", "handles", "serves"}


_IS_FORMS = frozenset({"they're", "theyre", "it's", "that's", "which"})
_THEIR_NEEDS = frozenset({"need", "needs", "want", "wants", "use", "uses", "own", "owns"})


def _pronoun_statement(seg: Segment, elsewhere: bool) -> bool:
    """ "gouda or comte would be nice, they have the big NVMe", "..., that's where the H200s live", "...,
    they're idle most of the time": what a pronoun has or is, beside a request, says why."""
    # "it" and "are" are fillers elsewhere; here they are the subject and its verb
    marks = [
        m
        for m in seg.marks
        if not ((m.has("filler") and not (m.has("pron") or m.text in COPULAS)) or m.has("conj"))
    ]
    # "it's the only render node with ...": postscan's _the_only already took "only" after "the" off
    mods = [m for m in seg.marks if m.has("mod")]
    third = len(marks) >= 2 and marks[0].text in ("they", "he", "she") and marks[1].text in _THEIR_NEEDS
    third = third and not marks[0].has("filler")  # "these are the X pods, they need ...": the workload
    if elsewhere and third:
        return True  # "..., they need them for the deadline": a third party's need
    # after "since"/"because"/"but" the pronoun gives a reason even with no other request in sight
    if not (elsewhere or seg.contrast) or len(marks) < 2 or mods or seg.has("neg"):
        return False
    first = marks[0]
    if first.text.split(" ")[0] not in _PRONOUNS:
        return False
    if first.text.startswith("that's where") or first.text in _IS_FORMS:
        # "..., which saturate the local NVMe during rebuilds": a relative clause describes too;
        # "I think they're called the highmem ones" gives a name, not a reason
        return not (len(marks) > 1 and marks[1].text in ("called", "named"))
    if first.text == "its" and not any(marks[1].has(r) for r in ("head", "replicas", "lhead")):
        return True  # "..., its the live feed", "its 30TB": "it's" without its apostrophe
    # "this one is cpu encode", "that host has the bad NIC"
    rest = marks[2:] if marks[1].text == "one" or marks[1].text in MACHINE_NOUNS else marks[1:]
    return bool(rest) and rest[0].text in _STATIVE


_CONSEQUENCES = frozenset(
    {
        "survive",
        "survives",
        "handle",
        "handles",
        "tolerate",
        "tolerates",
        "cope",
        "recover",
        "recovers",
        "take",
        "takes",
        "took",
        "bring",
        "brings",
        "knock",
        "knocks",
        "wipe",
        "wipes",
        "kill",
        "kills",
        "affect",
        "affects",
        "impact",
        "impacts",
        "break",
        "breaks",
        "hurt",
        "hurts",
        "starve",
        "starves",
        "lose",
        "loses",
        "restart",
        "restarts",
        "stop",
        "stops",
    }
)


_MISHAPS = frozenset(
    {
        "outage",
        "outages",
        "failure",
        "failures",
        "loss",
        "cut",
        "crash",
        "downtime",
        "preempted",
        "preemption",
    }
    | {"evicted", "eviction", "interrupted", "interruption", "reboot", "restart", "restarted", "failed"}
)


def _consequence(seg: Segment) -> bool:
    """ "..., so a power cut in one room doesnt take lims down", "an outage shouldn't take out meter
    reads", "an AZ outage means no reads": what a failure would do to something is a reason, not a
    refusal of that thing."""
    words = seg.marks
    for a, b in pairwise(words):
        if (a.has("neg") or a.has("negpost")) and not b.tags and b.text in _CONSEQUENCES:
            return True
    said = next((n for n, m in enumerate(words) if m.text == "means" and not m.tags), None)
    return said is not None and any(m.has("bg") or m.text in _MISHAPS for m in words[:said])


def _purpose(seg: Segment) -> bool:
    """ "..., so that the traffic stays off the inter-site link", "..., so the autoscaler can retire idle
    hosts": what the clause before is for asks nothing more ("so keep it out of zone-b" orders,
    "so it doesn't land on spot" refuses a place, "so it must ..." carries a modifier)."""
    if seg.opener not in ("so", "so that", "otherwise", "else", "or else") or seg.has("mod"):
        return False
    first = next((m for m in seg.marks if not (m.has("filler") or m.has("conj"))), None)
    # a subject opens it ("so the autoscaler can ...", "so we don't ..."); "so cheaper nodes" and "so run
    # in that zone" (a tagged word first) ask; "so the GPU customers can have them" has a subject
    subject = first is not None and (not first.tags or first.has("subj") or first.has("pron"))
    can = any(m.text in ("can", "could", "will") for m in seg.marks)
    if first is None or not (subject or (can and seg.marks[0].text == "the")):
        return False
    refused = next((m.start for m in seg.marks if m.has("neg") and m.text != "without"), None)
    return refused is None or not any(m.start > refused for m in seg.items)


def _bracketed_remark(seg: Segment, elsewhere: bool) -> bool:
    """ "never T4s (too slow for handwriting OCR)", "(GRA audit scope)": words in brackets beside a
    request, asking nothing themselves, say why ("(ssd)" alone still names what is meant)."""
    if seg.opener != "(" or not elsewhere or seg.conj in ("or", "and", "nor"):
        return False
    if any(m.has(role) for m in seg.marks for role in ASKING_ROLES):
        return False
    return any(not m.tags and m.text.isalpha() and len(m.text) > 2 for m in seg.marks)


_NOT_NEEDED = frozenset(
    {"not required", "not needed", "not necessary", "not mandatory", "not a must", "is not needed"}
    | {"are not needed", "isn't needed", "is not required", "isn't required", "is not necessary"}
)


def _not_needed(seg: Segment) -> bool:
    """ "L40S or A100 preferred, H100 not required", "spread is not needed": a thing said not to be
    needed is not asked for; nor is one no longer needed ("not needed near X anymore"), nor "no
    SR-IOV needed"."""
    if seg.marks and seg.marks[0].text in ("no need", "no need to", "needn't", "don't need to"):
        return True  # "no need to spread across regions for this one"
    texts = [m.text for m in seg.marks]
    for k, text in enumerate(texts):  # "the replicas don't all need to sit on one node"
        if text in ("don't", "doesn't", "do not", "does not") and any(
            t in ("need to", "needs to", "need", "have to", "has to") for t in texts[k + 1 : k + 4]
        ):
            return True
    last_item = max((m.start for m in seg.items), default=-1)
    no_before = seg.marks and seg.marks[0].text == "no"
    if no_before and any(m.text in ("needed", "required") and m.start > last_item for m in seg.marks):
        return True
    said = [m for m in seg.marks if m.text in _NOT_NEEDED]
    if said and any(m.text in ("anymore", "any more", "no longer") for m in seg.marks):
        return True
    mods = [m for m in seg.marks if m.has("mod") or m.text in _NOT_NEEDED]
    last = max((m.start for m in seg.items), default=-1)
    return bool(mods) and all(m.text in _NOT_NEEDED and m.start > last for m in mods)


def _trouble_report(seg: Segment) -> bool:
    """ "3 node failures on the spot pool this week", "ECC errors on the old V100 boxes": trouble told,
    with nothing asked, is background for whatever else it names; so is "the gen11 firmware has that
    NIC bug"."""
    words = [m.text for m in seg.marks]
    has_trouble = (
        any(
            w in ("has", "have", "had") and any(x in _TROUBLES for x in words[k + 1 : k + 4])
            for k, w in enumerate(words)
        )
        or any(  # "because of node issues on gke-web-7hd2"
            w in _TROUBLES and words[k + 1 : k + 2] in (["on"], ["in"], ["with"]) for k, w in enumerate(words)
        )
    )
    if not has_trouble and not any(m.has("concept", "unreliable") for m in seg.marks):
        return False
    return not any(m.has(role) for m in seg.marks for role in ASKING_ROLES)


_TROUBLES = frozenset(
    {"bug", "bugs", "issue", "issues", "problem", "problems", "leak", "regression", "glitch", "defect"}
)


_COMPLAIN = frozenset({"complain", "complains", "complained", "complaining", "moan", "moans", "grumble"})


def _complaint(seg: Segment) -> bool:
    """ "Couriers complain the app is slow in pier-south": what people complain of is told; a hint
    that wants something done about it says so ("..., so keep it out of pier-south")."""
    at = next((k for k, m in enumerate(seg.marks) if m.text in _COMPLAIN), None)
    if at is None or at > 4:
        return False
    return not any(m.has(r) for m in seg.marks for r in ASKING_ROLES)


_SAYS_IS = frozenset({"it's", "it is", "its", "that's", "they're", "they are", "which is", "it'll be"})


def _cost_reason(seg: Segment, elsewhere: bool) -> bool:
    """ "graviton preferred, for img-resize it's 20% cheaper", "prefer spot, it is cheap and can be
    restarted": what a choice costs, stated beside a request, says why it was made."""
    cheap = [m for m in seg.items if m.has("concept", "cheap")]
    before = [m for m in seg.marks if m.end <= cheap[0].start] if cheap else []
    # "for img-resize it's cheaper" names the workload; "graviton is cheaper" names what is chosen
    others = [m for m in seg.items if m not in cheap and not any(t.kind == "app" for t in m.tags)]
    subjects = [m for m in others if m in before]
    if not elsewhere or not cheap or len(others) != len(subjects) or seg.has("mod"):
        return False
    first = next((m for m in before if not m.has("filler")), None)
    if first is not None and first.has("verb"):
        return False  # "run it wherever is cheapest": an order
    return any(m.text in _SAYS_IS or m.text in COPULAS or m.text.endswith(" is") for m in before)


_DWELLING_CUES = frozenset({"lives", "live", "sits", "resides"})
_STATED_VERBS = frozenset(
    [
        "run",
        "runs",
        "host",
        "hosts",
        "restart",
        "restarts",
        "live",
        "lives",
        "sit",
        "sits",
        "use",
        "uses",
        "hold",
        "holds",
        "serve",
        "serves",
        "own",
        "owns",
    ]
)
_NOT_THIRD = frozenset({"it", "it's", "its", "this", "i", "we", "you", "me", "us", "pls", "please"})
_NOT_SUBJECT = frozenset(
    [
        "for",
        "to",
        "from",
        "when",
        "if",
        "could",
        "can",
        "would",
        "why",
        "should",
        "will",
        "where",
        "whatever",
        "whichever",
        "ever",
        "so",
    ]
)


def _third_party_statement(seg: Segment, elsewhere: bool) -> bool:
    """ "people run interactive debugging there", "those host the postgis primaries", "gromacs and
    grafana both run on cn104", "a preempted solve restarts from zero": someone else's doing, told as
    a fact while the hint asks elsewhere, asks nothing. Not the workload's own ("it runs on ...")."""
    if not elsewhere or seg.decided or seg.end_punct == "?":
        return False
    if any(m.has(r) for m in seg.marks for r in ("mod", "neg", "negpost", "perm")):
        return False
    # "pdf-extract lives on joyce and dickens": "lives" read as a locality cue is the verb here
    at = next(
        (k for k, m in enumerate(seg.marks) if m.has("verb") or (m.has("cue") and m.text in _DWELLING_CUES)),
        None,
    )
    if not at or seg.marks[at].text not in _STATED_VERBS:
        return False  # "run it" is an order
    after = seg.marks[at + 1] if at + 1 < len(seg.marks) else None
    if after is not None and after.text in ("it", "them", "this", "me"):
        return False  # "for the rehearsal run it on the standby nodes": an order
    if any(m.text in _NOT_SUBJECT for m in seg.marks[:at]):
        return False  # "for the research runs use ...", "could it sit ..."
    subject = [m for m in seg.marks[:at] if not m.has("filler")]
    if not subject or any(m.text in _NOT_THIRD for m in subject):
        return False
    return all(
        not m.tags or any(m.has(r) for r in ("pron", "all", "conj", "ent", "concept")) for m in subject
    )


_SAYS = frozenset(
    {"says", "said", "insists", "insisted", "claims", "claimed", "told us", "tells us", "mentioned"}
)


def _reported(seg: Segment) -> bool:
    """ "The care team says the ivr-gateway must be in harbour, but for THIS pod ...": what someone says
    another app needs is told, while the hint asks for itself elsewhere ("my manager said the renderer
    should sit in X, and this IS the renderer" asks)."""
    at = next((k for k, m in enumerate(seg.marks) if m.text in _SAYS), None)
    if at is None or at > 4:
        return False
    named = [m.entity() for m in seg.marks[:at]]  # "the glaze team": a shortened name may be a team's
    if any(t is not None and not t.ambiguous for t in named):
        return False
    after = next((m for m in seg.marks[at + 1 :] if not (m.has("filler") or m.text == "that")), None)
    return after is not None and any(t.role == "ent" and t.kind == "app" for t in after.tags)


def _rated(seg: Segment) -> bool:
    """ "Our runners on rack-a2 are the newest", "the l4 boxes are faster", "ash-hv01 got fixed": machines
    rated or what happened to them, nothing asked."""
    if seg.end_punct == "?" or any(seg.has(r) for r in ASKING_ROLES) or seg.has("concept"):
        return False
    marks = seg.marks
    for k in range(1, len(marks) - 1):
        if marks[k].text not in _RATED_BY or not any(m.entity() is not None for m in marks[:k]):
            continue
        rest = [m for m in marks[k + 1 :] if not m.has("filler")]
        # "ash-hv01 got fixed": what happened to it
        rating = len(rest) == 1 and not rest[0].tags and rest[0].text.endswith(("est", "er", "ed"))
        return rating and rest[0].text.isalpha() and len(rest[0].text) >= 5
    return False


_RATED_BY = frozenset({"are", "is", "got", "was", "were", "has been", "have been", "'s"})


_LATER = re.compile(
    r"\b(?:next (?:quarter|week|month|sprint|year|release|cycle)|later this (?:year|quarter|month)|"
    r"eventually)\b"
)


def _planned(seg: Segment) -> bool:
    """ "we'll move this to harborview next quarter": a move planned for later asks nothing now."""
    words = _words(seg)
    future = words.startswith(("we'll", "we will", "we're going to", "we are going to", "we plan to"))
    return future and _LATER.search(words) is not None and not seg.has("mod")


def _arch_only_told(seg: Segment) -> bool:
    """ "amd64 please, the SCADA driver is x86-only": what a piece of software runs on says why."""
    marks = [m for m in seg.marks if not m.has("filler") or m.text in ("is", "are")]
    at = next((k for k in range(2, len(marks)) if marks[k].text == "only"), None)
    if at is None or any(m.tags for m in marks[at + 1 :]):
        return False  # "... amd64-only blob": a noun may follow
    arch = marks[at - 1].entity()
    be = next((k for k in range(at - 1) if marks[k].text in ("is", "are")), None)
    if arch is None or arch.kind != "arch" or not be:
        return False
    return not any(m.has("pron") or m.has("subj") or m.has("mod") or m.has("neg") for m in marks[:be])


# "The partner asked whether we can move the vault room to the cloud": a question reported
_ASKED_WHETHER = re.compile(r"\b(?:asked|asks|wondered|wonders|wondering|asking) (?:whether|if)\b")


def _only_has(seg: Segment) -> bool:
    """ "only west has the L40S racks": which place has something says why, it asks nothing."""
    marks = [m for m in seg.marks if not m.has("filler")]
    return (
        len(marks) >= 3
        and marks[0].text == "only"
        and marks[1].entity() is not None
        and marks[2].text in ("has", "have", "had")
    )


def _is_where(seg: Segment) -> bool:
    """ "mx-ams1-02 is where the old profile-api lived": a place said to be where something is or was."""
    marks = [m for m in seg.marks if not (m.has("conj") or m.text in ("the", "our"))]
    if len(marks) < 3 or any(m.has(r) for m in marks for r in ("mod", "neg", "perm")):
        return False
    if any(m.has("verb") for m in marks[:3]):
        return False
    first = marks[0].entity()
    return (
        first is not None
        and first.kind in ("zone", "node")
        and marks[1].text in ("is", "was", "'s")
        and marks[2].text.startswith("where")
    )


def _reserved_for(seg: Segment) -> bool:
    """ "Riverside is for staff apps", "the nvme boxes are for the databases": what a place is for
    describes it, and asks nothing."""
    marks = seg.marks
    k = 0
    while k < len(marks) and ((marks[k].has("filler") and marks[k].text not in _BE) or marks[k].has("conj")):
        k += 1
    first = marks[k] if k < len(marks) else None
    if first is None or not any(t.role == "ent" and t.kind in _PLACE_KINDS for t in first.tags):
        return False
    k += 1
    while k < len(marks) and marks[k].has("head"):
        k += 1
    if k + 1 >= len(marks) or marks[k].text not in ("is", "are", "'s", "'re") or marks[k + 1].text != "for":
        return False
    return not any(seg.has(r) for r in ASKING_ROLES)


_PLACE_KINDS = frozenset({"zone", "node", "label", "gpu"})


def _may_i(seg: Segment) -> bool:
    """ "is it ok if this lands in slo2?", "would it be fine to use the vault nodes?": asks leave, and
    so asks for nothing."""
    words = [m for m in seg.marks if not m.has("conj")][:4]
    opens = [m.text for m in words[:2]] in (["is", "it"], ["would", "it"], ["is", "that"])
    if opens and len(words) >= 3 and words[2].text == "be":
        words = words[1:]
    return opens and len(words) >= 3 and words[2].has("perm") and "?" in (seg.end_punct, seg.sentence_end)


def _introduces(seg: Segment) -> bool:
    words = [m.text for m in seg.marks if not m.punct]
    return len(words) >= 3 and words[-1] == "here" and "from" in words[1:-1]


def _silenced(seg: Segment, elsewhere: bool, named_before: bool = False) -> bool:
    """Permission ("spot is fine"), background ("zone-b had an outage") and descriptions place nothing;
    `named_before`: an earlier clause of the sentence names something ("r3 or r4, those have ...")."""
    told = not seg.decided and _narrated(seg)  # "Decision: X is pinned to Y": stated, and so decided
    allowed = seg.has("permverb") and not _excludes(seg)  # "ok to go anywhere except hall-tundra" refuses
    if seg.silenced or allowed or told or _condition_on_event(seg):
        return True
    if _pronoun_statement(seg, elsewhere or named_before) or _purpose(seg) or _consequence(seg):
        return True
    if (
        _trouble_report(seg)
        or _complaint(seg)
        or _cost_reason(seg, elsewhere)
        or _bracketed_remark(seg, elsewhere)
    ):
        return True
    if _may_i(seg):
        return True
    first = next((m for m in seg.marks if not (m.has("filler") or m.has("conj"))), None)
    if first is not None and first.text == "who" and not seg.has("mod"):
        return True  # "who put drone-02 in maintenance mode at peak": asks who, places nothing
    plain_facts = not any(seg.has(r) for r in ASKING_ROLES) and not seg.has("concept")
    if plain_facts and _introduces(seg):
        return True  # "Hi, contractor from the billing vendor here": who is writing
    if first is not None and first.text in _WE_ARE and plain_facts:  # "we're cost-sensitive" asks
        return True  # "We're on the Enterprise plan", "we're an EU customer under GDPR": who we are
    if _not_needed(seg) or _third_party_statement(seg, elsewhere) or _reserved_for(seg):
        return True
    if _rated(seg) or _is_where(seg) or _planned(seg) or (elsewhere and _arch_only_told(seg)):
        return True
    if elsewhere and any(m.text == "anyway" for m in seg.marks) and not any(seg.has(r) for r in ASKING_ROLES):
        return True  # "the edge pool is graviton-ish anyway": said in passing
    if _ASKED_WHETHER.search(_words(seg)) or _only_has(seg):
        return True
    if elsewhere and _reported(seg):
        return True
    if seg.has("perm") and not seg.has("verb") and not seg.preferred and not seg.negated:
        return not _excludes(seg)  # "Not allowed: any node in the X pool" is no permission
    if seg.decided:
        return False
    return (
        (seg.has("bg") and not requests(seg)) or _described(seg, elsewhere) or _kind_behaves(seg, elsewhere)
    )
