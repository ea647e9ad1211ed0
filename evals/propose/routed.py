"""The fine-tuned MiniLM reader beside the rules as they are now, at hint level (D33's next step).

The reader is trained on all 76 study sets. The arbiter, which decides where reader and rules
disagree which to trust, is trained on the fresh sets (study77 on): sets written after round
seventeen and never studied, so the rules' mistakes there are the kind they make on unseen
writers. Leave-one-set-out CV over the fresh sets chooses the threshold; then the arbiter, fitted on
all of them, is applied once to the blind sets at that threshold, if $PROPOSE_DIR/blind.jsonl
exists (the first count). The second count applies the rule chosen on the fresh sets across both
families, arbiter thresholds and the reader's own probability (D35). Counts only; no hint, intent
or gold is printed.

    python -m evals.propose.dump      # study.jsonl, fresh.jsonl, blind.jsonl
    PYTHONPATH=/tmp/torch-site:/tmp/rerank-site EPOCHS=3 python -m evals.propose.routed   # ~25 min

The trained reader is kept in $PROPOSE_DIR/reader-all.pt, and a second run reuses it.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Collection, Sequence

import numpy as np
import torch
from sklearn.linear_model import LogisticRegression

from evals.propose.dump import FRESH, OUT
from evals.propose.encoder import Reader, examples, seeded_study, train, weights
from evals.propose.roles import Record, load, overridden

KINDS = ("zone", "node", "app", "label", "gpu", "dataset")
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9)
PROBABILITIES = (0.9, 0.95, 0.99)
# The second count's rule, as chosen on study77-80 (D35); study81 on were written after the choice.
SECOND = 0.95
FRESH_LABEL = f"{FRESH[0]}-{FRESH[-1][5:]}" if FRESH else "no fresh sets"


def probabilities(reader: Reader, texts: list[str]) -> np.ndarray:
    reader.eval()
    out = []
    with torch.no_grad():
        for s in range(0, len(texts), 64):
            out.append(torch.softmax(reader(texts[s : s + 64]), -1).numpy())
    return np.concatenate(out) if out else np.zeros((0, 0))


def _rule_confidence(rec: Record) -> float:
    """The parser's own confidence in its reading of the hint: the lowest of its intents' (1 if none)."""
    return min((float(i.get("confidence", 1.0)) for i in rec["pred"]), default=1.0)


def features(p: np.ndarray, classes: list[str], rec: Record, mention: Record, rule: str) -> list[float]:
    top = int(np.argmax(p))
    out = [float(p[top]), float(p[classes.index(rule)]) if rule in classes else 0.0, _rule_confidence(rec)]
    out += [float(rule == "none"), float(classes[top] == "none"), float(mention["q"])]
    return out + [float(mention["kind"] == k) for k in KINDS]


def disagreements(
    recs: Sequence[Record], where: list[tuple[int, Record, str]], proba: np.ndarray, classes: list[str]
) -> list[int]:
    return [i for i, (_, _, rule) in enumerate(where) if classes[int(np.argmax(proba[i]))] != rule]


def apply(
    recs: Sequence[Record],
    where: list[tuple[int, Record, str]],
    proba: np.ndarray,
    classes: list[str],
    trust: dict[int, float],
    t: float,
    only: Collection[int] | None = None,
) -> tuple[int, int, int, int]:
    roles = [rule for _, _, rule in where]
    for i, q in trust.items():
        if q >= t:
            roles[i] = classes[int(np.argmax(proba[i]))]
    return overridden(recs, where, roles, [1.0] * len(roles), 0.0, only)


def per_set(
    recs: Sequence[Record],
    where: list[tuple[int, Record, str]],
    proba: np.ndarray,
    classes: list[str],
    trust: dict[int, float],
    t: float,
) -> dict[str, tuple[int, int, int, int]]:
    """`apply`'s counts for each fresh set on its own."""
    hints = {name: {h for h, rec in enumerate(recs) if rec["set"] == name} for name in FRESH}
    return {name: apply(recs, where, proba, classes, trust, t, only) for name, only in hints.items()}


def trained_reader() -> tuple[Reader, list[str]]:
    """The reader trained on all 76 study sets, and its role classes: kept in $PROPOSE_DIR/reader-all.pt
    after the first run, which trains it (EPOCHS, default 3)."""
    _, texts, gold, _, classes = seeded_study()
    reader = Reader(weights(), len(classes))
    kept = OUT / "reader-all.pt"
    if kept.exists():
        reader.load_state_dict(torch.load(kept))
    else:
        train(reader, texts, [classes.index(g) for g in gold], int(os.environ.get("EPOCHS", "3")))
        torch.save(reader.state_dict(), kept)
    return reader, classes


def main() -> None:
    reader, classes = trained_reader()
    fresh = load(OUT / "fresh.jsonl")
    f_texts, f_gold, f_where = examples(fresh)
    f_proba = probabilities(reader, f_texts)
    f_reader = [classes[int(np.argmax(p))] for p in f_proba]
    both = Counter((w[2] == g, r == g) for w, r, g in zip(f_where, f_reader, f_gold, strict=True))
    print(f"{FRESH_LABEL} ({len(f_gold)} entities), roles right: reader", end=" ")
    print(f"{sum(r == g for r, g in zip(f_reader, f_gold, strict=True))}, rules", end=" ")
    print(
        f"{sum(w[2] == g for w, g in zip(f_where, f_gold, strict=True))}; (rules, reader) right: {dict(both)}"
    )
    split = disagreements(fresh, f_where, f_proba, classes)
    x = np.array(
        [features(f_proba[i], classes, fresh[f_where[i][0]], f_where[i][1], f_where[i][2]) for i in split]
    )
    y = np.array([int(f_reader[i] == f_gold[i]) for i in split])
    print(f"  {len(split)} disagreements; the reader is right on {int(y.sum())}, the rules on", end=" ")
    print(f"{sum(f_where[i][2] == f_gold[i] for i in split)}")
    alone: dict[float, tuple[int, int, int, int]] = {}
    for t in PROBABILITIES:  # no arbiter: the reader's own probability decides
        alone[t] = apply(fresh, f_where, f_proba, classes, {i: float(np.max(f_proba[i])) for i in split}, t)
        before, after, fixed, broken = alone[t]
        print(
            f"  reader's probability >= {t}: hints right {before} -> {after} (fixed {fixed}, broken {broken})"
        )
    trust = {}  # each disagreement's trust from an arbiter fitted on the other three sets
    for name in FRESH:
        fit_rows = [j for j, i in enumerate(split) if fresh[f_where[i][0]]["set"] != name]
        test_rows = [j for j, i in enumerate(split) if fresh[f_where[i][0]]["set"] == name]
        if test_rows and len(set(y[fit_rows])) == 2:
            arbiter = LogisticRegression(max_iter=1000).fit(x[fit_rows], y[fit_rows])
            trust.update(
                zip(
                    (split[j] for j in test_rows),
                    map(float, arbiter.predict_proba(x[test_rows])[:, 1]),
                    strict=True,
                )
            )
    cv = {t: apply(fresh, f_where, f_proba, classes, trust, t) for t in THRESHOLDS}
    best = max(THRESHOLDS, key=lambda t: (cv[t][1], -t))
    for t in THRESHOLDS:
        before, after, fixed, broken = cv[t]
        print(
            f"  arbiter at {t}, out of set: hints right {before} -> {after} (fixed {fixed}, broken {broken})"
        )
    print(f"threshold chosen before the blind count: {best}")
    mine = {i: float(np.max(f_proba[i])) for i in split}
    sure = per_set(fresh, f_where, f_proba, classes, mine, SECOND)
    for name, (before, after, fixed, broken) in per_set(
        fresh, f_where, f_proba, classes, trust, best
    ).items():
        print(f"  {name}, arbiter at {best}: {before} -> {after} (fixed {fixed}, broken {broken});", end=" ")
        _, after, fixed, broken = sure[name]
        print(f"reader's probability >= {SECOND}: {after} (fixed {fixed}, broken {broken})")
    blind_path = OUT / "blind.jsonl"
    if not blind_path.exists():
        return
    arbiter = LogisticRegression(max_iter=1000).fit(x, y)
    blind = load(blind_path)
    b_texts, b_gold, b_where = examples(blind)
    b_proba = probabilities(reader, b_texts)
    b_split = disagreements(blind, b_where, b_proba, classes)
    trust = {}
    if b_split:
        bx = np.array(
            [
                features(b_proba[i], classes, blind[b_where[i][0]], b_where[i][1], b_where[i][2])
                for i in b_split
            ]
        )
        trust = dict(zip(b_split, (float(v) for v in arbiter.predict_proba(bx)[:, 1]), strict=True))
    before, after, fixed, broken = apply(blind, b_where, b_proba, classes, trust, best)
    right = sum(classes[int(np.argmax(p))] == g for p, g in zip(b_proba, b_gold, strict=True))
    print(f"blind sets ({len(b_gold)} entities): reader {right} roles right; {len(b_split)} disagreements")
    print(
        f"  first count, arbiter at {best}: hints right {before} -> {after} (fixed {fixed}, broken {broken})"
    )
    # The second count (D35): the rule chosen on study77-80 across both families, the arbiter's
    # thresholds and the reader's own probability: most hints right there, then fewest broken.
    families = {("arbiter", t): cv[t] for t in THRESHOLDS} | {
        ("probability", t): alone[t] for t in PROBABILITIES
    }
    family, t = max(families, key=lambda k: (families[k][1], -families[k][3]))
    if family == "probability":
        trust = {i: float(np.max(b_proba[i])) for i in b_split}
    before, after, fixed, broken = apply(blind, b_where, b_proba, classes, trust, t)
    print(f"  second count, chosen on {FRESH_LABEL} from both families, {family} at {t}:", end=" ")
    print(f"hints right {before} -> {after} (fixed {fixed}, broken {broken})")


if __name__ == "__main__":
    main()
