"""Fit the entity-role reader alone on the 76 study sets and count, once, on the blind sets: how
often it and the rules give an entity its gold role, and what overriding the rules would do. Counts
only; no hint, intent or gold is printed.

    python -m evals.propose.blind
"""

from __future__ import annotations

from collections import Counter

from evals.propose.dump import OUT
from evals.propose.roles import entities, fit, load, overridden, predict


def main() -> None:
    train, test = load(OUT / "study.jsonl"), load(OUT / "blind.jsonl")
    rows, gold, _ = entities(train, alone=True)
    vec, model = fit(rows, gold)
    rows, gold, where = entities(test, alone=True)
    roles, conf = predict(vec, model, rows)
    both = Counter(
        ("rules right" if rule == g else "rules wrong", "reader right" if r == g else "reader wrong")
        for (_, _, rule), r, g in zip(where, roles, gold, strict=True)
    )
    print(f"blind sets: {len(rows)} entities in {len(test)} hints; {dict(both)}")
    for t in (0.9, 0.95, 0.99):
        before, after, fixed, broken = overridden(test, where, roles, conf, t)
        print(f"  override at p >= {t}: hints right {before} -> {after} (fixed {fixed}, broken {broken})")


if __name__ == "__main__":
    main()
