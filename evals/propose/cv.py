"""Grouped 10-fold CV (by set) of the entity-role reader on the study sets: the reader alone, and the
reader overriding the rules where it is confident, with and without the rules' role as a feature.

    python -m evals.propose.cv
"""

from __future__ import annotations

import random

from evals.propose.dump import OUT
from evals.propose.roles import entities, fit, overridden, predict
from evals.propose.roles import load as _load


def main() -> None:
    recs = _load(OUT / "study.jsonl")
    names = sorted({r["set"] for r in recs})
    random.Random(7).shuffle(names)
    folds = [set(names[i::10]) for i in range(10)]
    for alone in (True, False):
        rows, gold, where = entities(recs, alone)
        roles, conf = [""] * len(rows), [0.0] * len(rows)
        for fold in folds:
            train = [i for i, (h, _, _) in enumerate(where) if recs[h]["set"] not in fold]
            test = [i for i, (h, _, _) in enumerate(where) if recs[h]["set"] in fold]
            vec, model = fit([rows[i] for i in train], [gold[i] for i in train])
            got, p = predict(vec, model, [rows[i] for i in test])
            for i, r, q in zip(test, got, p, strict=True):
                roles[i], conf[i] = r, q
        rules_right = sum(rule == g for (_, _, rule), g in zip(where, gold, strict=True))
        reader_right = sum(r == g for r, g in zip(roles, gold, strict=True))
        label = "reader alone" if alone else "reader given the rules' role"
        print(f"{label}: {len(rows)} entities in {len(recs)} hints;", end=" ")
        print(f"role right: rules {rules_right}, reader {reader_right}")
        for t in (0.0, 0.5, 0.7, 0.9, 0.95, 0.99):
            before, after, fixed, broken = overridden(recs, where, roles, conf, t)
            print(f"  override at p >= {t}: hints right {before} -> {after} (fixed {fixed}, broken {broken})")


if __name__ == "__main__":
    main()
