"""Grouped (leave-sets-out) CV of the spurious-intent filter on study1..53.

python -m evals.rerank.cv [config indexes]   (prints per-config figures, writes cv_results_*.json)
"""

import json
import os
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from evals.rerank import features as F

OUT = Path(os.environ.get("RERANK_DIR", "/tmp/semsched-rerank"))

THRESHOLDS = np.round(np.concatenate([np.arange(0.02, 0.2, 0.02), np.arange(0.2, 0.86, 0.05)]), 3)


def load(path, pred=lambda r: True):
    return [r for r in map(json.loads, open(path)) if pred(r)]


def is_study(r):
    return r["set"].startswith("study")


def evaluate(recs, hid, pc, t):
    """returns (n, base_hits, filt_hits, fixed, broken, dropped, dropped_correct)"""
    drop = pc < t
    per = {}
    for i, h in enumerate(hid):
        per.setdefault(h, []).append(i)
    n = bh = fh = fixed = broken = nd = ndc = 0
    for h, r in enumerate(recs):
        gold = {g["key"] for g in r["gold"]}
        idx = per.get(h, [])
        pk = [p["key"] for p in r["pred"]]
        assert len(idx) == len(pk)
        keptk = {k for k, i in zip(pk, idx, strict=False) if not drop[i]}
        b = set(pk) == gold
        f = keptk == gold
        n += 1
        bh += b
        fh += f
        fixed += f and not b
        broken += b and not f
        nd += sum(drop[i] for i in idx)
        ndc += sum(drop[i] and k in gold for k, i in zip(pk, idx, strict=False))
    return dict(n=n, base=bh, filt=fh, fixed=fixed, broken=broken, dropped=int(nd), dropped_correct=int(ndc))


def make_model(cfg):
    kind = cfg["kind"]
    if kind == "lr":
        return make_pipeline(StandardScaler(), LogisticRegression(C=cfg["C"], max_iter=3000))
    if kind == "hgb":
        return HistGradientBoostingClassifier(
            max_depth=cfg.get("depth", 3),
            learning_rate=cfg.get("lr", 0.05),
            max_iter=cfg.get("iters", 200),
            min_samples_leaf=cfg.get("leaf", 40),
            l2_regularization=1.0,
            random_state=0,
        )
    raise ValueError(kind)


def cols(cfg):
    fs = cfg.get("features", "all")
    if fs == "all":
        return np.arange(len(F.NAMES))
    if fs == "basic":  # class, strength, confidence, hint counts only (no text features)
        keep = [
            i
            for i, n in enumerate(F.NAMES)
            if n.startswith(("type=", "str="))
            or n in ("conf", "n_pred", "n_same_type", "n_shared_value", "opposite_pred")
        ]
        return np.array(keep)
    if fs == "nowin":
        return np.array([i for i, n in enumerate(F.NAMES) if not n.startswith(("L:", "R:"))])
    raise ValueError(fs)


def fit_predict(cfg, Xtr, ytr, Xte):
    c = cols(cfg)
    m = make_model(cfg).fit(Xtr[:, c], ytr)
    return m.predict_proba(Xte[:, c])[:, 1]


def oof(cfg, X, y, grp, n_splits, extra=None):
    pc = np.zeros(len(y))
    for tr, te in GroupKFold(n_splits=n_splits).split(X, y, grp):
        Xtr, ytr = X[tr], y[tr]
        if extra is not None:
            Xtr, ytr = np.vstack([Xtr, extra[0]]), np.concatenate([ytr, extra[1]])
        pc[te] = fit_predict(cfg, Xtr, ytr, X[te])
    return pc


def best_threshold(recs, hid, pc):
    best = (0, None)
    for t in THRESHOLDS:
        e = evaluate(recs, hid, pc, t)
        net = e["fixed"] - e["broken"]
        if net > best[0]:
            best = (net, t)
    return best[1]  # None = never drop (no threshold helps)


def subset(recs, hid, idx_hints):
    """restrict recs/rows to the given hint indices, remapping hid"""
    m = {h: k for k, h in enumerate(idx_hints)}
    rows = np.array([i for i, h in enumerate(hid) if h in m])
    return [recs[h] for h in idx_hints], np.array([m[h] for h in hid[rows]]), rows


if __name__ == "__main__":
    recs = load(str(OUT / "preds_train.jsonl"), is_study)
    X, y, hid, grp = F.build(recs)
    tune = load(str(OUT / "preds_train.jsonl"), lambda r: not is_study(r))
    Xt, yt, _, _ = F.build(tune)
    hgrp = np.array([r["set"] for r in recs])
    configs = [
        dict(kind="lr", C=0.01),
        dict(kind="lr", C=0.03),
        dict(kind="lr", C=0.1),
        dict(kind="lr", C=0.3),
        dict(kind="lr", C=1.0),
        dict(kind="lr", C=0.1, features="basic"),
        dict(kind="lr", C=0.1, features="nowin"),
        dict(kind="hgb", depth=3, leaf=40),
        dict(kind="hgb", depth=2, leaf=80, iters=150),
        dict(kind="hgb", depth=3, leaf=40, features="nowin"),
        dict(kind="lr", C=0.1, tune=True),
        dict(kind="hgb", depth=3, leaf=40, tune=True),
    ]
    if len(sys.argv) > 1:
        configs = [configs[int(a)] for a in sys.argv[1:]]
    results = []
    for cfg in configs:
        t0 = time.time()
        extra = (Xt, yt) if cfg.get("tune") else None
        # outer: 10 grouped folds over the 53 sets; inner: the threshold is picked by 5-fold grouped
        # out-of-fold predictions on the outer-train sets
        outer_pc = np.zeros(len(y))
        outer_t = {}
        totals = dict(n=0, base=0, filt=0, fixed=0, broken=0, dropped=0, dropped_correct=0)
        for fo, (tr, _te) in enumerate(GroupKFold(n_splits=10).split(X, y, grp)):
            tr_sets = sorted(set(grp[tr]))
            tr_h = [h for h, r in enumerate(recs) if r["set"] in tr_sets]
            te_h = [h for h, r in enumerate(recs) if r["set"] not in tr_sets]
            rtr, hidtr, rows_tr = subset(recs, hid, tr_h)
            inner_pc = oof(cfg, X[rows_tr], y[rows_tr], grp[rows_tr], 5, extra)
            t = best_threshold(rtr, hidtr, inner_pc)
            Xtr, ytr = X[rows_tr], y[rows_tr]
            if extra is not None:
                Xtr, ytr = np.vstack([Xtr, extra[0]]), np.concatenate([ytr, extra[1]])
            rte, hidte, rows_te = subset(recs, hid, te_h)
            pc = fit_predict(cfg, Xtr, ytr, X[rows_te])
            outer_pc[rows_te] = pc
            e = evaluate(rte, hidte, pc, t if t is not None else -1)
            outer_t[fo] = t
            for k in totals:
                totals[k] += e[k]
        # also: plain 53-fold leave-one-set-out OOF curve (threshold chosen on it: optimistic)
        loso = oof(cfg, X, y, grp, len(set(grp)), extra)
        curve = {float(t): evaluate(recs, hid, loso, t) for t in THRESHOLDS}
        from sklearn.metrics import average_precision_score, roc_auc_score

        auc = roc_auc_score(1 - y, 1 - loso)
        ap = average_precision_score(1 - y, 1 - loso)
        auc_conf = roc_auc_score(1 - y, 1 - X[:, F.IDX["conf"]])
        ap_conf = average_precision_score(1 - y, 1 - X[:, F.IDX["conf"]])
        res = dict(
            cfg=cfg,
            nested=totals,
            nested_thresholds=outer_t,
            loso_auc=auc,
            loso_ap=ap,
            conf_auc=auc_conf,
            conf_ap=ap_conf,
            loso_curve=curve,
        )
        results.append(res)
        bestc = max(curve.items(), key=lambda kv: kv[1]["fixed"] - kv[1]["broken"])
        print(
            json.dumps(cfg),
            "| nested:",
            totals,
            "thr",
            list(outer_t.values()),
            f"| LOSO AUC {auc:.3f} AP {ap:.3f} (conf AUC {auc_conf:.3f} AP {ap_conf:.3f})",
            f"| LOSO best t={bestc[0]} {bestc[1]}",
            "%.0fs" % (time.time() - t0),
            flush=True,
        )
    tag = "_".join(sys.argv[1:]) or "all"
    with open(OUT / f"cv_results_{tag}.json", "w") as out:
        json.dump(results, out, indent=1, default=str)
