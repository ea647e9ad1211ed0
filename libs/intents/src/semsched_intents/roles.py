"""Entity roles: which intent, if any, holds each entity a hint names, and a parse revised where the
learned reader gives an entity another role (D36).

A role is the class of the intent an entity belongs to ("prefer_zones" for a zone asked for, "none"
for one only mentioned). Moving an entity between roles keeps the intents valid under intents.md: a
list class still appears once, an emptied list drops its intent, and a scalar class appears once per
value.
"""

from __future__ import annotations

from collections.abc import Sequence

from semsched_intents.mentions import Mention
from semsched_proto.intents import Intent, ParseResult

NONE = "none"
# The classes an entity of each kind can belong to, in the order a role is looked up.
ROLES: dict[str, tuple[str, ...]] = {
    "zone": ("prefer_zones", "avoid_zones"),
    "node": ("prefer_nodes", "avoid_nodes"),
    "app": ("colocate_with", "avoid_colocation_with", "same_zone_as"),
    "label": ("prefer_node_label", "avoid_node_label"),
    "gpu": ("prefer_gpu_models", "avoid_gpu_models"),
    "dataset": ("prefer_data_locality",),
}
# List classes and their list parameter; every other role above has one scalar parameter per kind.
LIST_PARAM = {
    "prefer_zones": "zones",
    "avoid_zones": "zones",
    "prefer_nodes": "nodes",
    "avoid_nodes": "nodes",
    "prefer_gpu_models": "models",
    "avoid_gpu_models": "models",
}
_SCALAR_PARAM = {"app": "app", "dataset": "dataset"}


def _same(a: object, b: str) -> bool:
    return isinstance(a, str) and a.lower() == b.lower()


def _scalar_params(mention: Mention) -> dict[str, str]:
    if mention.kind == "label":
        return {"key": mention.key, "value": mention.value}
    return {_SCALAR_PARAM[mention.kind]: mention.value}


def holds(intent: Intent, mention: Mention) -> bool:
    """Whether `intent` is (or lists) the entity."""
    if intent.type not in ROLES.get(mention.kind, ()):
        return False
    if intent.type in LIST_PARAM:
        values = intent.params.get(LIST_PARAM[intent.type])
        return isinstance(values, list) and any(_same(v, mention.value) for v in values)
    wanted = _scalar_params(mention)
    return set(intent.params) == set(wanted) and all(_same(intent.params[k], v) for k, v in wanted.items())


def role_of(mention: Mention, intents: Sequence[Intent]) -> str:
    """The class of the first intent that holds the entity, in `ROLES` order, or "none"."""
    for role in ROLES.get(mention.kind, ()):
        if any(i.type == role and holds(i, mention) for i in intents):
            return role
    return NONE


def _without(intents: list[Intent], mention: Mention, role: str) -> tuple[list[Intent], Intent | None]:
    """The intents with the entity taken out of its `role` intent, and that intent as it was."""
    out: list[Intent] = []
    held: Intent | None = None
    for intent in intents:
        if held is not None or intent.type != role or not holds(intent, mention):
            out.append(intent)
            continue
        held = intent
        if role in LIST_PARAM:
            name = LIST_PARAM[role]
            values = intent.params.get(name)
            left = [v for v in values if not _same(v, mention.value)] if isinstance(values, list) else []
            if left:
                out.append(intent.model_copy(update={"params": {**intent.params, name: left}}))
    return out, held


def _with(
    intents: list[Intent], mention: Mention, role: str, strength: str, confidence: float
) -> list[Intent]:
    """The intents with the entity put into a `role` intent: an existing list is extended, otherwise a
    new intent is added with `strength` and `confidence`."""
    if role in LIST_PARAM:
        name = LIST_PARAM[role]
        for k, intent in enumerate(intents):
            values = intent.params.get(name)
            if intent.type == role and isinstance(values, list):
                extended = intent.model_copy(
                    update={
                        "params": {**intent.params, name: [*values, mention.value]},
                        "confidence": min(intent.confidence, confidence),
                    }
                )
                return [*intents[:k], extended, *intents[k + 1 :]]
        params: dict[str, object] = {name: [mention.value]}
    else:
        params = dict(_scalar_params(mention))
    new = Intent.model_validate(
        {"type": role, "params": params, "strength": strength, "confidence": confidence}
    )
    return [*intents, new]


def revise(result: ParseResult, changes: Sequence[tuple[Mention, str, float]]) -> ParseResult:
    """`result` with each (entity, new role, the reader's probability) applied. An entity moved from
    one intent to another keeps the strength it had; one the parser had not asked for takes the
    strength of the clause it stands in. A changed intent's confidence is at most the reader's
    probability."""
    intents = list(result.intents)
    for mention, role, probability in changes:
        before = role_of(mention, intents)
        if role == before or (role != NONE and role not in ROLES.get(mention.kind, ())):
            continue
        intents, held = _without(intents, mention, before) if before != NONE else (intents, None)
        if role == NONE:
            continue
        strength = held.strength if held is not None else mention.strength
        confidence = min(held.confidence, probability) if held is not None else probability
        intents = _with(intents, mention, role, strength, confidence)
    if intents == result.intents:
        return result
    return result.model_copy(update={"intents": intents, "backend": f"{result.backend}+reader"})


# Hint labels: the classes a whole hint asks for that name no entity, judged by the hint reader. A class
# with a choice of value is one label per value ("prefer_arch:arm64"); quantities are the rules' alone.
LABEL_PARAM = {"prefer_arch": "arch", "prefer_least_loaded": "resource"}
LABELS = frozenset(
    {
        "colocate_replicas",
        "spread_replicas_nodes",
        "spread_replicas_zones",
        "prefer_bin_packing",
        "avoid_spot",
        "prefer_spot",
        "prefer_low_cost",
        "prefer_reliable_nodes",
        "prefer_arch:amd64",
        "prefer_arch:arm64",
        *(f"prefer_least_loaded:{r}" for r in ("cpu", "memory", "gpu", "any")),
    }
)


def _label_parts(label: str) -> tuple[str, dict[str, object]]:
    kind, _, value = label.partition(":")
    return kind, ({LABEL_PARAM[kind]: value} if value else {})


def has_label(intents: Sequence[Intent], label: str) -> bool:
    kind, params = _label_parts(label)
    return any(i.type == kind and i.params == params for i in intents)


def _usual_strength(intents: Sequence[Intent]) -> str:
    """The strength most of the hint's intents have (the first such on a tie), or medium."""
    counts: dict[str, int] = {}
    for intent in intents:
        counts[intent.strength] = counts.get(intent.strength, 0) + 1
    return max(counts, key=counts.__getitem__) if counts else "medium"


def revise_labels(result: ParseResult, changes: Sequence[tuple[str, bool, float]]) -> ParseResult:
    """`result` with each (label, whether the hint asks for it, the reader's probability of that)
    applied: a label asked for and missing is added, at the strength most of the hint's intents have;
    one present and not asked for is removed."""
    intents = list(result.intents)
    strength = _usual_strength(intents)
    for label, asked, probability in changes:
        if label not in LABELS or asked == has_label(intents, label):
            continue
        kind, params = _label_parts(label)
        if asked:
            new = {"type": kind, "params": params, "strength": strength, "confidence": probability}
            intents.append(Intent.model_validate(new))
        else:
            intents = [i for i in intents if not (i.type == kind and i.params == params)]
    if intents == result.intents:
        return result
    backend = result.backend if result.backend.endswith("+reader") else f"{result.backend}+reader"
    return result.model_copy(update={"intents": intents, "backend": backend})
