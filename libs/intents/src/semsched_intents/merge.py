"""Merging candidates into the final intent list (intents.md, Output shape).

A class with a list param appears once per hint: lists merge and the merged intent takes the
highest strength of its clauses. A class with scalar params appears once per distinct value.
"""

from __future__ import annotations

from collections.abc import Sequence

from semsched_intents.classify import Candidate

_INTENSITY = {"weak": 0, "medium": 1, "strong": 2, "critical": 3}
LIST_PARAMS = {
    "prefer_nodes": "nodes",
    "avoid_nodes": "nodes",
    "prefer_zones": "zones",
    "avoid_zones": "zones",
    "prefer_gpu_models": "models",
    "avoid_gpu_models": "models",
}


def _stronger(a: str, b: str) -> str:
    return a if _INTENSITY[a] >= _INTENSITY[b] else b


def _scalar_key(c: Candidate) -> tuple[str, tuple[tuple[str, str], ...]]:
    return c.type, tuple(sorted((k, repr(v)) for k, v in c.params.items()))


def merge(candidates: Sequence[Candidate]) -> list[dict[str, object]]:
    """Merged intents as plain dicts (type, params, strength, confidence), in order of first mention."""
    merged: dict[object, Candidate] = {}
    for c in sorted(candidates, key=lambda c: c.order):
        key: object = c.type if c.type in LIST_PARAMS else _scalar_key(c)
        have = merged.get(key)
        if have is None:
            merged[key] = Candidate(c.type, dict(c.params), c.strength, c.confidence, c.order)
            continue
        have.strength = _stronger(have.strength, c.strength)
        if c.type in LIST_PARAMS:
            param = LIST_PARAMS[c.type]
            values = have.params[param]
            assert isinstance(values, list)
            new = c.params[param]
            assert isinstance(new, list)
            values.extend(v for v in new if v not in values)
            have.confidence = min(have.confidence, c.confidence)
        else:
            have.confidence = max(have.confidence, c.confidence)
    kept = _refusals_win(list(merged.values()))
    loads = {c.params.get("resource") for c in kept if c.type == "prefer_least_loaded"}
    if "any" in loads and len(loads) > 1:  # "a node light on memory use": the resource named says it
        kept = [
            c for c in kept if not (c.type == "prefer_least_loaded" and c.params.get("resource") == "any")
        ]
    return [
        {"type": c.type, "params": c.params, "strength": c.strength, "confidence": c.confidence} for c in kept
    ]


_OPPOSITES = {
    "prefer_nodes": "avoid_nodes",
    "prefer_zones": "avoid_zones",
    "prefer_gpu_models": "avoid_gpu_models",
    "prefer_node_label": "avoid_node_label",
    "colocate_with": "avoid_colocation_with",
}


def _refusals_win(intents: list[Candidate]) -> list[Candidate]:
    """ "keep off the nfs nodes. zarr on nfs is misery", "stay out of X, the network there is held
    together with duct tape": a name both refused and, in the telling of why, mentioned without a
    no, is refused. A correction ("near X, no wait, away from it") was resolved before merging."""
    refused = {(c.type, _scalar_key(c)[1]) for c in intents if c.type in _OPPOSITES.values()}
    refused_values = {
        (c.type, v)
        for c in intents
        if c.type in _OPPOSITES.values() and c.type in LIST_PARAMS
        for v in c.params[LIST_PARAMS[c.type]]  # type: ignore[union-attr]
    }
    out: list[Candidate] = []
    for c in intents:
        opposite = _OPPOSITES.get(c.type)
        if opposite is None:
            out.append(c)
        elif c.type in LIST_PARAMS:
            param = LIST_PARAMS[c.type]
            values = c.params[param]
            assert isinstance(values, list)
            c.params[param] = [v for v in values if (opposite, v) not in refused_values]
            if c.params[param]:
                out.append(c)
        elif (opposite, _scalar_key(c)[1]) not in refused:
            out.append(c)
    return out
