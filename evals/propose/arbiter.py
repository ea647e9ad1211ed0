"""The entity-role reader beside the rules as they read each study set before it was studied, with a
second model, the arbiter, that decides where they disagree which to trust. Grouped 10-fold CV on the
study sets (reader and arbiter out of fold), then one count on the blind sets against the current
rules, at the threshold fixed beforehand. Counts only.

    python -m evals.propose.prestudy   # first
    python -m evals.propose.arbiter
"""

from __future__ import annotations

import json
import random
from collections import Counter

import numpy as np
from sklearn.linear_model import LogisticRegression

from evals.propose.dump import OUT
from evals.propose.roles import Record, atoms, entities, fit, load, overridden

THRESHOLD = 0.5  # fixed from the CV's table before the blind sets are counted
KINDS = ("zone", "node", "app", "label", "gpu", "dataset")


def _probabilities(model: LogisticRegression, proba: np.ndarray, classes: list[str]) -> np.ndarray:
    out = np.zeros((len(proba), len(classes)))
    for col, name in enumerate(model.classes_):
        out[:, classes.index(name)] = proba[:, col]
    return out


def _features(p: np.ndarray, classes: list[str], mention: Record, rule: str) -> list[float]:
    top = int(np.argmax(p))
    out = [float(p[top]), float(p[classes.index(rule)]) if rule in classes else 0.0]
    out += [
        float(rule == "none"),
        float(classes[top] == "none"),
        float(mention["q"]),
        float(mention["sent"] == 0),
    ]
    return out + [float(mention["kind"] == k) for k in KINDS]


def main() -> None:
    recs = load(OUT / "study.jsonl")
    before_study = json.loads((OUT / "prestudy.json").read_text())
    seen: Counter[str] = Counter()
    for rec in recs:  # the rules' reading of each hint as it was before its set was studied
        rec["pred"] = before_study[rec["set"]][seen[rec["set"]]]
        seen[rec["set"]] += 1
    right = sum(atoms(r["pred"]) == atoms(r["gold"]) for r in recs)
    print(f"study sets, rules before study: {right} of {len(recs)} hints right")
    rows, gold, where = entities(recs, alone=True)
    classes = sorted(set(gold))
    names = sorted({r["set"] for r in recs})
    random.Random(7).shuffle(names)
    folds = [set(names[i::10]) for i in range(10)]
    proba = np.zeros((len(rows), len(classes)))
    for fold in folds:
        train = [i for i, (h, _, _) in enumerate(where) if recs[h]["set"] not in fold]
        test = [i for i, (h, _, _) in enumerate(where) if recs[h]["set"] in fold]
        vec, model = fit([rows[i] for i in train], [gold[i] for i in train])
        proba[test] = _probabilities(
            model, model.predict_proba(vec.transform([rows[i] for i in test])), classes
        )
    reader = [classes[int(np.argmax(p))] for p in proba]
    rules = [rule for _, _, rule in where]
    both = Counter((r == g, q == g) for r, q, g in zip(rules, reader, gold, strict=True))
    print(
        f"entity roles right: rules {sum(r == g for r, g in zip(rules, gold, strict=True))}, reader", end=" "
    )
    print(f"{sum(q == g for q, g in zip(reader, gold, strict=True))} of {len(gold)};", end=" ")
    print(f"(rules, reader) right: {dict(both)}")
    split = [i for i in range(len(rows)) if reader[i] != rules[i]]
    x = np.array([_features(proba[i], classes, where[i][1], rules[i]) for i in split])
    y = np.array([int(reader[i] == gold[i]) for i in split])
    trust = np.zeros(len(split))
    for fold in folds:
        train = [j for j, i in enumerate(split) if recs[where[i][0]]["set"] not in fold]
        test = [j for j, i in enumerate(split) if recs[where[i][0]]["set"] in fold]
        trust[test] = LogisticRegression(max_iter=1000).fit(x[train], y[train]).predict_proba(x[test])[:, 1]
    for t in (0.5, 0.6, 0.7, 0.8):
        roles = list(rules)
        for j, i in enumerate(split):
            roles[i] = reader[i] if trust[j] >= t else roles[i]
        before, after, fixed, broken = overridden(recs, where, roles, [1.0] * len(roles), 0.0)
        print(f"  arbiter at {t}: hints right {before} -> {after} (fixed {fixed}, broken {broken})")
    arbiter = LogisticRegression(max_iter=1000).fit(x, y)
    vec, model = fit(rows, gold)
    test_recs = load(OUT / "blind.jsonl")
    rows, gold, where = entities(test_recs, alone=True)
    proba = _probabilities(model, model.predict_proba(vec.transform(rows)), classes)
    reader = [classes[int(np.argmax(p))] for p in proba]
    roles = [rule for _, _, rule in where]
    split = [i for i in range(len(rows)) if reader[i] != roles[i]]
    if split:
        x = np.array([_features(proba[i], classes, where[i][1], roles[i]) for i in split])
        for i, q in zip(split, arbiter.predict_proba(x)[:, 1], strict=True):
            roles[i] = reader[i] if q >= THRESHOLD else roles[i]
    before, after, fixed, broken = overridden(test_recs, where, roles, [1.0] * len(roles), 0.0)
    print(f"blind sets, current rules, arbiter at {THRESHOLD}: {len(split)} disagreements;", end=" ")
    print(f"hints right {before} -> {after} (fixed {fixed}, broken {broken})")


if __name__ == "__main__":
    main()
