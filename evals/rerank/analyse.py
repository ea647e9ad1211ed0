"""Per-set breakdown of the chosen filter (10-fold grouped OOF on study1..53, t=0.55) and the classes of
intents it drops (train OOF and test; test figures are class names only, no hint text)."""

import collections

import numpy as np
from scipy.stats import binomtest

from evals.rerank import features as F
from evals.rerank.cv import OUT, evaluate, fit_predict, is_study, load, oof, subset

CFG = dict(kind="hgb", depth=3, leaf=40)
T = 0.55
recs = load(str(OUT / "preds_train.jsonl"), is_study)
X, y, hid, grp = F.build(recs)
pc = oof(CFG, X, y, grp, 10)
per = collections.Counter()
for s in sorted(set(grp), key=lambda s: int(s[5:])):
    idx = [h for h, r in enumerate(recs) if r["set"] == s]
    r2, h2, rows = subset(recs, hid, idx)
    e = evaluate(r2, h2, pc[rows], T)
    net = e["fixed"] - e["broken"]
    per["pos" if net > 0 else "neg" if net < 0 else "zero"] += 1
print("train sets with net gain >0 / =0 / <0:", per)
types = [p["type"] for r in recs for p in r["pred"]]
drop = pc < T
print(
    "train OOF dropped by class (spurious, correct):",
    sorted(
        collections.Counter((types[i], int(y[i])) for i in np.where(drop)[0]).items(), key=lambda kv: -kv[1]
    ),
)
test = load(str(OUT / "preds_test.jsonl"))
Xs, ys, hs, gs = F.build(test)
p = fit_predict(CFG, X, y, Xs)
tt = [q["type"] for r in test for q in r["pred"]]
print("test dropped (class, was_correct):", [(tt[i], int(ys[i])) for i in np.where(p < T)[0]])
print("test spurious intents total:", int((1 - ys).sum()), "of", len(ys), "predicted")
print(
    "sign test test-pooled 5 fixed vs 0 broken: one-sided p =",
    binomtest(5, 5, 0.5, alternative="greater").pvalue,
)
