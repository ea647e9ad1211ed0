"""Merging intents as intents.md asks: a list class appears once (lists merged, the
highest strength kept); a scalar class once per distinct value (highest strength kept)."""

from __future__ import annotations

from semsched_proto import STRENGTHS, Intent


def _rank(intent: Intent) -> int:
    return STRENGTHS.index(intent.strength)


def merge_intents(intents: list[Intent]) -> list[Intent]:
    merged: dict[tuple[str, str], Intent] = {}
    for intent in intents:
        lists = {k: v for k, v in intent.params.items() if isinstance(v, list)}
        key = (intent.type, "" if lists else repr(sorted(intent.params.items())))
        held = merged.get(key)
        if held is None:
            merged[key] = intent
            continue
        params = dict(held.params)
        for name, values in lists.items():
            previous = params.get(name)
            params[name] = list(dict.fromkeys([*(previous if isinstance(previous, list) else []), *values]))
        stronger = held if _rank(held) >= _rank(intent) else intent
        merged[key] = held.model_copy(
            update={"params": params, "strength": stronger.strength,
                    "confidence": min(held.confidence, intent.confidence)}
        )  # fmt: skip
    return list(merged.values())
