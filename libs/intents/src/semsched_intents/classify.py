"""From a segment's mentions, polarity and cues to candidate intents (one per mention)."""

from __future__ import annotations

from dataclasses import dataclass

from semsched_intents.clauses import COPULAS, REQUEST_ROLES, Segment
from semsched_intents.marks import Mark
from semsched_intents.vocab import Tag

Params = dict[str, str | float | int | list[str]]

_ENTITY_CLASSES = {
    "zone": ("prefer_zones", "avoid_zones", "zones"),
    "node": ("prefer_nodes", "avoid_nodes", "nodes"),
    "gpu": ("prefer_gpu_models", "avoid_gpu_models", "models"),
}
_OTHER_ARCH = {"amd64": "arm64", "arm64": "amd64"}
# concept -> (class when asked for, class when negated); "" means no intent.
_CONCEPTS: dict[str, tuple[str, str]] = {
    "spot": ("prefer_spot", "avoid_spot"),
    "ondemand": ("avoid_spot", "prefer_spot"),
    "cheap": ("prefer_low_cost", ""),
    "expensive": ("", "prefer_low_cost"),
    "reliable": ("prefer_reliable_nodes", ""),
    "unreliable": ("", "prefer_reliable_nodes"),
    "idle": ("prefer_least_loaded", "prefer_bin_packing"),
    "busy": ("prefer_bin_packing", "prefer_least_loaded"),
    "binpack": ("prefer_bin_packing", ""),
    "spread_nodes": ("spread_replicas_nodes", ""),
    "spread_zones": ("spread_replicas_zones", ""),
    "apart": ("spread_replicas_nodes", "colocate_replicas"),
    "together": ("colocate_replicas", "spread_replicas_nodes"),
}
_INVERTED = frozenset({"ondemand", "expensive", "unreliable", "busy"})


@dataclass(slots=True)
class Candidate:
    """One intent before merging; `order` keeps the output in the order of the hint."""

    type: str
    params: Params
    strength: str
    confidence: float
    order: int
    phrase: str = ""  # the words it was read from


def _negated(seg: Segment, item: Mark) -> bool:
    if item.has("qty"):  # "away from rabbitmq and with 16000Mi of memory free": the "and" ends the refusal
        last = max((m.start for m in seg.marks if m.has("neg") and m.start < item.start), default=-1)
        if (
            any(m.text == "and" and m.has("conj") and last < m.start < item.start for m in seg.marks)
            and last >= 0
        ):
            return seg.negated
    if item in seg.borrowed:  # "steer clear of it": the pronoun's clause decides the polarity
        flips = sum(1 for m in seg.marks if m.has("neg") or m.has("negpost"))
        return flips % 2 == 1
    concept = item.has("concept")  # "separate replicas onto different sites": no flip between concepts
    flips = sum(
        1 for m in seg.marks if m.start < item.start and m.has("neg") and not (concept and m.has("concept"))
    )
    # "rabbitmq should not be on the same node": a negated predicate with no mention after it
    # negates its subject, the mention before it.
    objects = [m for m in seg.items if not m.has("cue")]
    first_neg = min((m.start for m in seg.marks if m.has("neg")), default=10**9)
    # "keep X and Y away from this one": every object listed before the refusal
    # ("avoid g5 nodes dont waste gpu boxes": a refusal before it already said no)
    if (
        flips == 0
        and objects
        and (item is objects[0] or (item in objects and item.start < first_neg and concept is False))
        and not _said_of(seg, first_neg)
    ):
        # what the refusal is for names no object ("ethernet nodes are a no-go for MPI jobs")
        purpose = min((m.start for m in seg.marks if m.text == "for" and m.start > first_neg), default=10**9)
        listed = [o for o in objects if o.start < purpose] or objects
        flips += sum(  # a word that is both ("off limits") counts once, below
            1 for m in seg.marks if m.start > listed[-1].start and m.has("neg") and not m.has("negpost")
        )
    flips += sum(1 for m in seg.marks if m.start > item.start and m.has("negpost"))
    # "ehr-core is not on the same host as lis-results": a copula's "not" before the cue refuses it
    cues = [c.start for c in seg.marks if c.has("cue") and c.start < item.start]
    flips += sum(
        1
        for m in seg.marks
        if m.has("negpost") and not m.has("neg") and any(m.start < c for c in cues) and m.start < item.start
    )
    if concept and _said_not(seg, item):
        flips += 1  # "a node that is not (so much) busy"
    return (flips + seg.negated) % 2 == 1


def _said_of(seg: Segment, first_neg: int) -> bool:
    """ "the upgrade batch cannot be half-done": the refusal ends in a word of no reading, said of its
    subject, not of where it runs."""
    after = [m for m in seg.marks if m.start > first_neg]
    if len(after) < 2 or after[0].text not in ("be", "been"):
        return False
    return not any(m.tags for m in after[1:])


# Between a copula's "not" and the state it denies: "not (so much) busy", "not already heavily used".
_DEGREE = frozenset({"so", "much", "too", "very", "that", "overly", "super", "already", "currently", "yet"})


def _said_not(seg: Segment, item: Mark) -> bool:
    before = [m for m in seg.marks if m.end <= item.start and not (m.has("filler") or m.text in _DEGREE)]
    return bool(before) and before[-1].has("negpost") and before[-1].text.split(" ")[0] in COPULAS


def _resource(seg: Segment, item: Mark) -> str:
    best, dist = "any", 10**9
    for m in seg.marks:
        for t in m.tags:
            if t.role == "res" and abs(m.start - item.start) < dist:
                best, dist = t.value, abs(m.start - item.start)
    return best


_NEIGHBOURS = frozenset({"neighbour", "neighbor", "neighbours", "neighbors"})


def _neighbours_described(seg: Segment) -> bool:
    """ "the mongodb neighbours are noisy", "those pods are our neighbours": a copula and no request
    word, so "neighbours" describes who is around, it asks for nothing."""
    cues = [m for m in seg.marks if m.has("cue", "colo")]
    if not cues or any(m.text not in _NEIGHBOURS for m in cues):
        return False
    asks = any(m.has(r) for m in seg.marks for r in REQUEST_ROLES)
    return not asks and any(m.text in _LINKING_VERBS or m.has("bg") for m in seg.marks)


def _app_cue(seg: Segment, item: Mark) -> tuple[str, float]:
    """The colocation / same-zone cue governing an app mention, and a confidence factor."""
    if _neighbours_described(seg):
        return "", 0.8
    after = next((m for m in seg.marks if m.start >= item.end), None)
    if after is not None and after.has("zoneword") and after.start == item.end:
        return "samezone", 1.0
    before = [
        m for m in seg.marks if m.start < item.start and (m.has("cue", "colo") or m.has("cue", "samezone"))
    ]
    if before:
        return ("samezone" if before[-1].has("cue", "samezone") else "colo"), 1.0
    later = [
        m for m in seg.marks if m.start > item.start and (m.has("cue", "colo") or m.has("cue", "samezone"))
    ]
    if later and any(
        t.role == "ent" and t.kind in ("app", "dataset")
        for m in seg.items
        if m.start > later[0].start
        for t in m.tags
    ):
        return "", 0.8  # "put the slam client next to ros-core", "sync close to the x cache": the workload
    if later and later[0].has("neg") and any(m.start > later[0].start for m in seg.borrowed):
        return "", 0.8  # "keep rider-api away from those nodes": the workload, kept from a place
    if later:
        return ("samezone" if later[0].has("cue", "samezone") else "colo"), 0.9
    before_words = [m.text for m in seg.marks if m.end <= item.start and m.text not in ("the", "a")]
    if before_words and before_words[-1] == "with" and seg.has("verb"):
        return "colo", 0.85  # "do place it with web-frontend"
    its_node = (
        after is not None and after.start == item.end and after.text in ("node", "nodes", "box", "boxes")
    )
    if its_node and (seg.has("verb") or seg.has("mod")):
        return "colo", 0.85  # "prefer the mlflow node": the node it runs on
    return "", 0.8


def _placed_elsewhere(seg: Segment, item: Mark) -> bool:
    """A refused clause that names a place or kind of node besides the app: the app is what is kept
    from it, not what is refused."""
    others = [
        m
        for m in seg.items + seg.borrowed
        if m is not item
        and any(
            t.role == "concept" or (t.role == "ent" and t.kind in ("zone", "node", "label", "gpu", "arch"))
            for t in m.tags
        )
    ]
    for other in others:
        lo, hi = sorted((item, other), key=lambda m: m.start)
        between = [m for m in seg.marks if lo.end <= m.start < hi.start]
        if all(m.has("conj") or m.has("filler") or m.has("head") for m in between):
            return False  # "steer clear of the search-indexer pods and gpu-worker-02": a list refused
    return bool(others)


def _other_zone_from(seg: Segment, item: Mark) -> bool:
    """ "a different zone from scylla": the zone-spread words, then "from", just before the app."""
    before = [m for m in seg.marks if m.end <= item.start and m.text not in ("the", "a")]
    return len(before) >= 2 and before[-1].text == "from" and before[-2].has("concept", "spread_zones")


def _workload(seg: Segment, item: Mark) -> bool:
    """ "for fraud-model v8", "NEVER schedule the ranked matchmaker in sgp", "keep the kafka brokers out
    of zone-c": an app that is what the hint is about (the object of a placement verb, with the
    place after it) is the workload itself, not a pod to sit with or away from."""
    words = [m for m in seg.marks if not m.has("filler")]
    told = len(words) > 1 and words[0] is item and not seg.has("cue")
    described = any(m.text in ("are not", "is not", "isn't", "aren't") for m in words[1:3])
    if told and ((words[1].has("mod") and words[1].has("neg")) or described):
        return True  # "checkout can't get preempted mid-payment", "payout runs are not idempotent"
    before = [m for m in seg.marks if m.end <= item.start and (m.text == "for" or not m.has("filler"))]
    k = len(before) - 1
    while k >= 0 and not before[k].tags and k >= len(before) - 2:  # "the ranked matchmaker"
        k -= 1
    head = before[k] if k >= 0 else None
    if head is not None and head.text == "for":
        return True
    placing = head is not None and head.has("verb") and not head.has("neg")
    later = [m for m in seg.items if m.start > item.start]
    return placing and any(t.role == "ent" and t.kind != "app" for m in later for t in m.tags)


def _replicas_of(seg: Segment, item: Mark) -> bool:
    """ "two copies of the pricing-api", "all replicas of the overlay": the app whose replicas they are."""
    before = [m for m in seg.marks if m.end <= item.start and m.text not in ("the", "a", "an")]
    return len(before) >= 2 and before[-1].text == "of" and before[-2].has("replicas")


def _names_gpu(seg: Segment) -> bool:
    return any(t.role == "ent" and t.kind == "gpu" for m in seg.items for t in m.tags)


_STORED = frozenset({"cached", "lives", "live", "sits", "sit", "stored", "resides", "is on", "are on"})


def _where_data_is(seg: Segment, item: Mark) -> bool:
    """ "mri-brain is cached on valerian", "the chest-xray dataset lives on fern and yarrow": the place
    where a dataset is kept, with nothing asked before it, says where the data is; the locality request
    (from the dataset) names it."""
    before = [m for m in seg.marks if m.end <= item.start]
    data = next((k for k, m in enumerate(before) if any(t.kind == "dataset" for t in m.tags)), None)
    if data is None or any(m.has(r) for m in before for r in REQUEST_ROLES):
        return False
    return any(m.text in _STORED for m in before[data + 1 :])


def _entity(seg: Segment, item: Mark, tag: Tag, neg: bool) -> tuple[str, Params, float] | None:
    kind = tag.kind
    if kind in ("zone", "node") and _where_data_is(seg, item):
        return None
    if kind in _ENTITY_CLASSES:
        pos, avoid, key = _ENTITY_CLASSES[kind]
        values = tag.value.split(" ") if kind == "zone" else [tag.value]  # a place names its zones
        return (avoid if neg else pos), {key: values}, 1.0
    if kind == "label":
        if tag.ambiguous and tag.value in ("gpu", "gpus") and _names_gpu(seg):
            return None  # "a GPU node with an A100": the model is the request, "GPU" its noun
        return ("avoid_node_label" if neg else "prefer_node_label"), {"key": tag.key, "value": tag.value}, 1.0
    if kind == "arch":
        return "prefer_arch", {"arch": _OTHER_ARCH[tag.value] if neg else tag.value}, 0.95 if neg else 1.0
    before = [m for m in seg.marks if m.end <= item.start and not m.has("filler")]
    if kind == "dataset":
        if before and before[-1].has("bg"):
            return None  # "anything touching cohort-2024 must ...": the data names the job, not a place
        local = seg.has("cue", "locality") or seg.has("cue", "colo")
        if tag.ambiguous and not local:
            return None  # a shortened dataset name ("laion") needs a locality word next to it
        return None if neg else ("prefer_data_locality", {"dataset": tag.value}, 1.0 if local else 0.85)
    cue, factor = _app_cue(seg, item)
    if not cue and _workload(seg, item):
        return None
    own = item.text.endswith(_REPLICA_HEADS) or _replicas_of(seg, item)
    if own and any(seg.has("concept", c) for c in ("together", "apart", "spread")):
        return None  # "keep the lobby replicas on one node": the replicas' own placement
    if cue == "samezone":
        return None if neg else ("same_zone_as", {"app": tag.value}, factor)
    if neg and not cue and _other_zone_from(seg, item):
        return "same_zone_as", {"app": tag.value}, 0.9  # "not in a different zone from scylla"
    if not cue and neg and _placed_elsewhere(seg, item):
        return None  # "the recording vault must not be preempted", "keep dorado out of there": the workload
    if not cue and before and before[-1].has("concept", "spread"):
        return None  # "do not spread the osrm across depots": what is spread is the workload itself
    if cue == "colo" or neg:
        return ("avoid_colocation_with" if neg else "colocate_with"), {"app": tag.value}, factor
    return None


# "the pods run hot", "if 03 is busy": a load word after a copula describes something, asks nothing.
_REPLICA_HEADS = ("replicas", "shards", "instances", "copies")  # not "pods": "the X pods and this job"
_PLURAL_PRONOUNS = frozenset({"them", "em", "'em", "they", "those", "these", "all of them", "both of them"})
_RELATIVES = frozenset({"whose", "where", "which", "that", "whichever", "whatever", "wherever"})
# Verbs that link a subject to what it is or where it runs ("is", "runs", "looks"): wider than
# clauses.COPULAS, which are the forms of "be" only.
_LINKING_VERBS = frozenset(
    {"is", "are", "was", "were", "run", "runs", "running", "gets", "get", "seems", "looks"}
)


def _described(seg: Segment, item: Mark) -> bool:
    """ "the pods run hot", "it saturates the disks": a copula, or a subject and no request word."""
    before = [m for m in seg.marks if m.end <= item.start]
    if before and before[-1].text in _LINKING_VERBS:
        # "prefer the host whose GPUs are least used": a relative clause of a request still asks
        return not any(m.has("verb") or m.has("mod") or m.text in _RELATIVES for m in before[:-1])
    asks = any(m.has(r) for m in seg.marks for r in ("verb", "mod", "neg", "negpost", "cue"))
    # "the ingest saturates the disk": a word of the concept as a verb, after a subject of no reading
    acted = " " not in item.text and item.text.endswith("s") and bool(before) and not before[-1].tags
    # "and one with low CPU usage": "one with" is a machine asked for, no subject
    said = [
        m
        for k, m in enumerate(before)
        if not (m.text in ("one", "ones") and before[k + 1 : k + 2] and before[k + 1].text == "with")
    ]
    return not asks and (acted or any(m.has("pron") or m.has("subj") or m.has("bg") for m in said))


def _joined_by(seg: Segment, a: Mark, b: Mark, words: tuple[str, ...]) -> bool:
    """A conjunction of `words` stands between the two mentions."""
    lo, hi = sorted((a.start, b.start))
    return any(m.has("conj") and m.text in words and lo < m.start < hi for m in seg.marks)


def _joined_by_and(seg: Segment, a: Mark, b: Mark) -> bool:
    """ "on separate nodes and in different wings": two requests, not one said twice."""
    return _joined_by(seg, a, b, ("and", "&"))


_EITHER_CAPACITY = {"spot": "ondemand", "ondemand": "spot"}


def _either_capacity(seg: Segment, item: Mark, other: str) -> bool:
    return any(m.has("concept", other) and _joined_by(seg, item, m, ("or",)) for m in seg.marks)


def _concept(seg: Segment, item: Mark, name: str, neg: bool) -> tuple[str, Params, float] | None:
    if name in ("busy", "idle") and _described(seg, item):
        return None
    if name in _EITHER_CAPACITY and _either_capacity(seg, item, _EITHER_CAPACITY[name]):
        return None  # "spot or on-demand, whatever's free": every kind of capacity is no choice
    if name == "spread":
        # "spread across nodes rather than zones": what follows "rather than" is turned down
        dropped = next((m.start for m in seg.marks if m.has("drop") and m.text != "over"), None)
        kept = [m for m in seg.marks if dropped is None or m.start < dropped]
        # "spread the replicas across dc-venlo and westeurope-1": named zones are zones too
        named = any(t.role == "ent" and t.kind == "zone" for m in kept for t in m.tags)
        zonal = named or any(m.has("zoneword") or m.has("concept", "spread_zones") for m in kept)
        name = "spread_zones" if zonal else "spread_nodes"
    zone_spread = next((m for m in seg.marks if m.has("concept", "spread_zones")), None)
    if name == "apart" and zone_spread is not None and not _joined_by_and(seg, item, zone_spread):
        return None  # "separate replicas onto different sites": the zonal concept says it
    together = next((m for m in seg.marks if m.has("concept", "together")), None)
    if name == "binpack" and together is not None and together.start > item.start and seg.has("replicas"):
        return None  # "pack the pods together on one host": the replicas' colocation says it
    # "the lobby replicas", "two copies of the proxy": the workload
    own = [m for m in seg.items + seg.borrowed if m.text.endswith(_REPLICA_HEADS) or _replicas_of(seg, m)]
    plural = (
        seg.has("replicas")
        or bool(own)
        or any(m.text in _PLURAL_PRONOUNS or m.text in ("two", "2") for m in seg.marks)
        or (name == "together" and any(m.text == "all" for m in seg.marks))  # "all together on one node"
    )
    others = [m for m in seg.items + seg.borrowed if m not in own]
    if name in ("together", "apart") and (not plural or any(t.kind == "app" for m in others for t in m.tags)):
        return None
    cls = _CONCEPTS.get(name, ("", ""))[1 if neg else 0]
    if not cls:
        return None
    params: Params = {"resource": _resource(seg, item)} if cls == "prefer_least_loaded" else {}
    return cls, params, 0.93 if (neg or name in _INVERTED) else 1.0


def _stated(seg: Segment, item: Mark) -> bool:
    """ "the JVM heap is 48g": a figure after a copula, with nothing asked, states a size."""
    copulas = ("is", "are", "was", "were")
    before = [m for m in seg.marks if m.end <= item.start and (m.text in copulas or not m.has("filler"))]
    if not before or before[-1].text not in copulas:
        return False
    return not any(m.has(r) for m in seg.marks for r in ("verb", "mod", "neg", "negpost", "qadj"))


def _quantity(tag: Tag, neg: bool) -> tuple[str, Params, float] | None:
    if neg:
        return None
    amount = float(tag.value)
    if amount <= 0:
        return None  # "misses the 04:00 publish": no room is asked for by nothing
    if tag.kind == "cpu":
        return "min_free_cpu", {"cores": amount}, 1.0
    if tag.kind == "memory":
        return "min_free_memory", {"gib": amount}, 1.0
    return "min_free_gpus", {"count": round(amount)}, 1.0 if amount == int(amount) else 0.6


def _leftover_ratio(seg: Segment) -> float:
    words = [m for m in seg.marks if not m.punct]
    plain = [m for m in words if not m.tags and len(m.text) > 2]
    return len(plain) / max(1, len(words))


def _replicas_apart_by_zone(seg: Segment) -> Mark | None:
    """ "replicas must not end up in the same site", "don't put two checkout replicas in the same AZ":
    a negated same-zone cue naming no other app, about the replicas, spreads them over zones."""
    cue = next((m for m in seg.marks if m.has("cue", "samezone")), None)
    if cue is None or not _negated(seg, cue):
        return None
    if any(t.kind == "app" for m in seg.items if m.start > cue.start for t in m.tags):
        return None
    replicas = seg.has("replicas") or any(
        m.text.endswith(("replicas", "pods", "instances")) for m in seg.items if m.start < cue.start
    )
    return cue if replicas else None


_EVERY = ("all", "every", "any")
_EXCEPTING = frozenset({"except", "except for", "apart from", "other than", "excluding", "save for"})


def _exemption(seg: Segment) -> int | None:
    """ "keep it off everything in eu-lon except gen-02", "avoid the rugged boxes except ipc-103": a
    refusal of something named, then an exception inside it. What is excepted is allowed, not asked
    for; where the refusal names nothing ("avoid all zones except fra-2") the exception is the request.
    The start of the exception, or None."""
    refusal: int | None = None
    for mark in seg.marks:
        if mark.text in _EXCEPTING:
            if refusal is not None and any(
                refusal < m.start < mark.start and not m.text.startswith(_EVERY) for m in seg.items
            ):
                return mark.start
            return None
        if refusal is None and mark.has("neg"):
            refusal = mark.start
    return None


def classify(seg: Segment) -> list[Candidate]:
    """Candidates for one segment (its own mentions, or the ones it borrowed through a pronoun)."""
    out: list[Candidate] = []
    items = seg.items + seg.borrowed
    spreads = [m.start for m in seg.marks if m.has("concept", "spread")]
    drop_at = next(  # "spread the pods over different nodes and zones": "over" is where, not instead of
        (
            m.start
            for m in seg.marks
            if m.has("drop") and not (m.text == "over" and any(s < m.start for s in spreads))
        ),
        None,
    )
    if drop_at is not None and any(m.start < drop_at for m in items):
        items = [m for m in items if m.start < drop_at]  # "prefer node-1 over node-2": node-2 is no request
    exempt_at = _exemption(seg)
    if exempt_at is not None:
        items = [m for m in items if m.start < exempt_at]
    base = 0.93 - 0.3 * _leftover_ratio(seg) - (0.12 if seg.borrowed else 0.0)
    if seg.has("perm") or seg.has("bg"):
        base -= 0.08
    apart = _replicas_apart_by_zone(seg)
    if apart is not None:
        strength = seg.strength if seg.items else (seg.own or seg.strength)  # the cue is no mention
        out.append(Candidate("spread_replicas_zones", {}, strength, round(base * 0.9, 3), apart.start))
    for item in items:
        tag = item.entity()
        if tag is None:
            continue
        neg = _negated(seg, item)
        if tag.role == "ent":
            got = _entity(seg, item, tag, neg)
        elif tag.role == "qty":
            got = None if _stated(seg, item) else _quantity(tag, neg)
        else:
            got = _concept(seg, item, tag.value, neg)
        if got is None:
            continue
        cls, params, factor = got
        conf = base * factor * item.conf
        if not item.known:
            conf -= 0.15
        if tag.ambiguous:
            conf -= 0.05
        conf = min(0.99, max(0.05, conf))
        out.append(Candidate(cls, params, seg.strength, round(conf, 3), item.start, item.text))
    return out
