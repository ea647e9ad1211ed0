"""Entity roles, features and the model of the experiment (see the package docstring)."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression

from semsched_intents.roles import LIST_PARAM, ROLES

Record = dict[str, Any]
Atom = tuple[str, object]

LISTS = LIST_PARAM  # the list classes and their list parameter, as the product revises them


def load(path: Path) -> list[Record]:
    with open(path) as lines:
        return [json.loads(line) for line in lines]


def _norm(value: object) -> object:
    if isinstance(value, list):
        return tuple(sorted(str(v).lower() for v in value))
    return value.lower() if isinstance(value, str) else value


def atoms(intents: Sequence[Record]) -> set[Atom]:
    """An intent set as atoms: one per value of a list class, one per intent otherwise. Two sets of
    atoms are equal exactly when the subset metric calls the readings equal (lists merged)."""
    out: set[Atom] = set()
    for intent in intents:
        kind, params = intent["type"], intent["params"]
        if kind in LISTS:
            out.update((kind, _norm(v)) for v in params.get(LISTS[kind], []))
        else:
            out.add((kind, tuple(sorted((k, _norm(v)) for k, v in params.items()))))
    return out


def atom_of(kind: str, role: str, mention: Record) -> Atom | None:
    value = _norm(mention["value"])
    if role in LISTS:
        return (role, value)
    if kind == "label":
        return (role, (("key", mention["key"]), ("value", value)))
    param = {"app": "app", "dataset": "dataset"}.get(kind)
    return (role, ((param, value),)) if param else None


def role_in(mention: Record, found: set[Atom]) -> str:
    for role in ROLES[mention["kind"]]:
        if atom_of(mention["kind"], role, mention) in found:
            return role
    return "none"


def features(rec: Record, mention: Record, rule_role: str | None) -> dict[str, float]:
    """The words and tag roles around a mention (names replaced by their kind), where it stands, and,
    unless `rule_role` is None (the reader alone), the role the rules gave it."""
    words, roles, k = rec["words"], rec["roles"], mention["k"]
    out: dict[str, float] = {"kind=" + mention["kind"]: 1.0, "q": float(mention["q"])}
    out["first_sentence"] = float(mention["sent"] == 0)
    out["sentences"] = min(rec["nsent"], 5) / 5
    out["mentions"] = min(len(rec["mentions"]), 6) / 6
    out["same_kind"] = min(sum(m["kind"] == mention["kind"] for m in rec["mentions"]), 4) / 4
    if rule_role is not None:
        out["rule=" + rule_role] = 1.0
        out["kind_rule=" + mention["kind"] + rule_role] = 1.0
    for offset in range(-5, 5):
        j = k + offset
        if offset and 0 <= j < len(words):
            out[f"w{offset}={words[j]}"] = 1.0
            out[f"r{offset}={roles[j]}"] = 1.0
            out[("L=" if offset < 0 else "R=") + words[j]] = 1.0
    for j in range(max(0, k - 12), k):
        out["LL=" + words[j]] = 1.0
    return out


def distinct_mentions(recs: Sequence[Record]) -> list[tuple[int, Record, str, str]]:
    """(hint, mention, the rules' role, the gold role) for each distinct entity a hint mentions."""
    out = []
    for h, rec in enumerate(recs):
        predicted, wanted = atoms(rec["pred"]), atoms(rec["gold"])
        seen = set()
        for mention in rec["mentions"]:
            key = (mention["kind"], mention["value"], mention["key"])
            if key not in seen:
                seen.add(key)
                out.append((h, mention, role_in(mention, predicted), role_in(mention, wanted)))
    return out


def entities(
    recs: Sequence[Record], alone: bool
) -> tuple[list[dict[str, float]], list[str], list[tuple[int, Record, str]]]:
    """One row per distinct entity a hint mentions: features, gold role, (hint, mention, rules' role)."""
    found = distinct_mentions(recs)
    rows = [features(recs[h], mention, None if alone else rule) for h, mention, rule, _ in found]
    return rows, [gold for *_, gold in found], [(h, mention, rule) for h, mention, rule, _ in found]


def fit(
    rows: list[dict[str, float]], gold: list[str], c: float = 1.0
) -> tuple[DictVectorizer, LogisticRegression]:
    vec = DictVectorizer()
    model = LogisticRegression(C=c, max_iter=2000)
    model.fit(vec.fit_transform(rows), gold)
    return vec, model


def predict(
    vec: DictVectorizer, model: LogisticRegression, rows: list[dict[str, float]]
) -> tuple[list[str], list[float]]:
    proba = model.predict_proba(vec.transform(rows))
    classes = list(model.classes_)
    return [classes[int(np.argmax(p))] for p in proba], [float(np.max(p)) for p in proba]


def overridden(
    recs: Sequence[Record],
    where: list[tuple[int, Record, str]],
    roles: list[str],
    conf: list[float],
    t: float,
    only: Collection[int] | None = None,
) -> tuple[int, int, int, int]:
    """(right before, right after, fixed, broken) hints when the reader's role replaces the rules' role
    wherever they differ and the reader's probability is at least `t`; counted over the hints in
    `only` (indices into `recs`) if given."""
    changes: dict[int, list[tuple[Record, str, str]]] = {}
    for (h, mention, rule), role, p in zip(where, roles, conf, strict=True):
        if role != rule and p >= t:
            changes.setdefault(h, []).append((mention, rule, role))
    before = after = fixed = broken = 0
    for h, rec in enumerate(recs):
        if only is not None and h not in only:
            continue
        predicted, wanted = atoms(rec["pred"]), atoms(rec["gold"])
        new = set(predicted)
        for mention, rule, role in changes.get(h, []):
            new.discard(atom_of(mention["kind"], rule, mention))
            if role != "none":
                new.add(atom_of(mention["kind"], role, mention))
        was, now = predicted == wanted, new == wanted
        before, after = before + was, after + now
        fixed, broken = fixed + (now and not was), broken + (was and not now)
    return before, after, fixed, broken
