"""Generic per-predicted-intent features for the spurious-intent filter (no cluster-specific names)."""

import re

import numpy as np

from semsched_proto.intents import INTENT_TYPES, STRENGTHS

TYPES = list(INTENT_TYPES)  # the class table's order, as the contract lists it
NEG = {
    "not",
    "no",
    "never",
    "don't",
    "dont",
    "doesn't",
    "isn't",
    "can't",
    "cannot",
    "won't",
    "avoid",
    "except",
    "without",
    "nothing",
    "none",
    "nowhere",
}
REASON = {
    "because",
    "since",
    "as",
    "cause",
    "cos",
    "'cause",
    "due",
    "given",
    "after",
    "so",
    "seeing",
    "thanks",
}
PAST = {
    "was",
    "were",
    "had",
    "did",
    "crashed",
    "ran",
    "last",
    "yesterday",
    "ago",
    "went",
    "died",
    "broke",
    "failed",
    "got",
    "been",
}
_MODAL_VERBS = {"should", "must", "would", "could", "can", "might", "may", "will"}
MODAL = _MODAL_VERBS | {"need", "needs", "want", "wants", "please", "pls", "prefer", "ideally", "rather"}
WIN = sorted(
    {
        "because",
        "since",
        "as",
        "so",
        "the",
        "was",
        "were",
        "is",
        "are",
        "been",
        "has",
        "had",
        "after",
        "fine",
        "also",
        "complain",
        "complaining",
        "complained",
        "not",
        "no",
        "never",
        "don't",
        "dont",
        "but",
        "or",
        "and",
        "either",
        "if",
        "only",
        "already",
        "last",
        "week",
        "too",
        "anyway",
        "like",
        "than",
        "please",
        "pls",
        "avoid",
        "keep",
        "away",
        "from",
        "on",
        "in",
        "off",
        "out",
        "near",
        "next",
        "to",
        "with",
        "same",
        "where",
        "which",
        "that",
        "it",
        "its",
        "our",
        "their",
        "we",
        "they",
        "i",
        "my",
        "ok",
        "okay",
        "there",
        "here",
        "one",
        "ones",
        "those",
        "these",
        "other",
        "instead",
        "except",
        "any",
        "all",
        "both",
        "btw",
        "actually",
        "now",
        "still",
        "yet",
        "though",
        "although",
        "unless",
        "until",
        "when",
        "while",
        "for",
        "of",
        "a",
        "an",
        "cached",
        "lives",
        "live",
        "runs",
        "run",
        "put",
        "go",
        "land",
        "stay",
        "?",
        "(",
        ")",
        "-",
        "—",
        ",",
        ":",
    }
    | _MODAL_VERBS
)
TOKRE = re.compile(r"[a-z0-9][a-z0-9'._-]*[a-z0-9]|[a-z0-9]|[^\sa-z0-9]")
SENT = re.compile(r"[.!?;]+(?:\s|$)|\n|\u2014|\u2013| - ")


def toks(s):
    return TOKRE.findall(s.lower())


def values(intent):
    out, nums = [], []
    for k, v in intent["params"].items():
        if isinstance(v, list):
            out += [str(x) for x in v]
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            nums.append(float(v))
        elif k in ("resource",):
            continue
        else:
            out.append(str(v))
    return out, nums


def find(hint_l, v):
    """(level, char position) of a value's mention: 2 verbatim, 1 loose (separators / first piece), 0 none."""
    v = v.lower()
    i = hint_l.find(v)
    if i >= 0:
        return 2, i
    for alt in (v.replace("-", " "), v.replace("-", ""), v.replace("_", " "), v.replace("-", "_")):
        i = hint_l.find(alt)
        if i >= 0:
            return 1, i
    pieces = [p for p in re.split(r"[-_ .]", v) if len(p) >= 3 and not p.isdigit()]
    best = None
    for p in pieces:
        i = hint_l.find(p)
        if i >= 0 and (best is None or i < best):
            best = i
    if best is not None:
        return 1, best
    return 0, -1


def names():
    n = [f"type={t}" for t in TYPES] + [f"str={s}" for s in STRENGTHS]
    n += [
        "conf",
        "n_pred",
        "n_same_type",
        "n_shared_value",
        "opposite_pred",
        "n_tokens_log",
        "n_sent",
        "qmark",
        "n_neg",
        "n_reason",
        "n_past",
        "n_modal",
        "unparsed",
        "has_values",
        "has_nums",
        "mention_level",
        "frac_values_found",
        "pos_rel",
        "sent_idx_rel",
        "first_sent",
        "last_sent",
        "reason_before_in_sent",
        "neg_before_in_sent",
        "past_in_sent",
        "modal_in_sent",
        "qmark_sent",
        "num_found",
        "n_values",
        "dist_prev_sep",
        "mention_count",
        "sent_len_log",
    ]
    n += [f"L:{w}" for w in WIN] + [f"R:{w}" for w in WIN]
    return n


OPP = {
    "prefer_nodes": "avoid_nodes",
    "avoid_nodes": "prefer_nodes",
    "prefer_zones": "avoid_zones",
    "avoid_zones": "prefer_zones",
    "prefer_gpu_models": "avoid_gpu_models",
    "avoid_gpu_models": "prefer_gpu_models",
    "prefer_node_label": "avoid_node_label",
    "avoid_node_label": "prefer_node_label",
    "colocate_with": "avoid_colocation_with",
    "avoid_colocation_with": "colocate_with",
    "prefer_spot": "avoid_spot",
    "avoid_spot": "prefer_spot",
    "prefer_least_loaded": "prefer_bin_packing",
    "prefer_bin_packing": "prefer_least_loaded",
}


def featurize(rec):
    hint = rec["hint"]
    hl = hint.lower()
    T = toks(hint)
    # sentence spans
    bounds = [0] + [m.end() for m in SENT.finditer(hl)] + [len(hl) + 1]
    bounds = sorted(set(bounds))
    sents = [
        (bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1) if hl[bounds[i] : bounds[i + 1]].strip()
    ]
    if not sents:
        sents = [(0, len(hl) + 1)]
    preds = rec["pred"]
    allvals = [set(v.lower() for v in values(p)[0]) for p in preds]
    rows = []
    for j, p in enumerate(preds):
        f = {}
        f[f"type={p['type']}"] = 1
        f[f"str={p['strength']}"] = 1
        f["conf"] = p["confidence"]
        f["n_pred"] = len(preds)
        f["n_same_type"] = sum(q["type"] == p["type"] for q in preds) - 1
        f["n_shared_value"] = sum(1 for k, s in enumerate(allvals) if k != j and s & allvals[j])
        f["opposite_pred"] = int(any(q["type"] == OPP.get(p["type"]) for q in preds))
        f["n_tokens_log"] = np.log1p(len(T))
        f["n_sent"] = len(sents)
        f["qmark"] = int("?" in hint)
        f["n_neg"] = sum(t in NEG or t.endswith("n't") for t in T)
        f["n_reason"] = sum(t in REASON for t in T)
        f["n_past"] = sum(t in PAST for t in T)
        f["n_modal"] = sum(t in MODAL for t in T)
        f["unparsed"] = len(rec.get("unparsed") or [])
        vals, nums = values(p)
        f["has_values"] = int(bool(vals))
        f["has_nums"] = int(bool(nums))
        f["n_values"] = len(vals)
        pos = -1
        if vals:
            found = [find(hl, v) for v in vals]
            f["mention_level"] = min(level for level, _ in found)
            f["frac_values_found"] = sum(level > 0 for level, _ in found) / len(found)
            ps = [i for level, i in found if level > 0]
            if ps:
                pos = min(ps)
                f["mention_count"] = sum(hl.count(v.lower()) for v in vals)
        if nums:
            numtoks = set()
            for t in T:
                m = re.match(r"(\d+(?:\.\d+)?)", t)
                if m:
                    numtoks.add(float(m.group(1)))
            f["num_found"] = int(any(n in numtoks for n in nums))
            if pos < 0:
                for n in nums:
                    s = str(int(n)) if n == int(n) else str(n)
                    m = re.search(r"(?<![0-9.])" + re.escape(s) + r"(?![0-9])", hl)
                    if m:
                        pos = m.start()
                        break
        if pos >= 0:
            f["pos_rel"] = pos / max(1, len(hl))
            si = (
                next(k for k, (a, b) in enumerate(sents) if a <= pos < b)
                if any(a <= pos < b for a, b in sents)
                else len(sents) - 1
            )
            f["sent_idx_rel"] = si / max(1, len(sents) - 1) if len(sents) > 1 else 0
            f["first_sent"] = int(si == 0)
            f["last_sent"] = int(si == len(sents) - 1)
            a, b = sents[si]
            before = toks(hl[a:pos])
            sent_t = toks(hl[a:b])
            f["reason_before_in_sent"] = int(any(t in REASON for t in before))
            f["neg_before_in_sent"] = int(any(t in NEG or t.endswith("n't") for t in before))
            f["past_in_sent"] = int(any(t in PAST for t in sent_t))
            f["modal_in_sent"] = int(any(t in MODAL for t in sent_t))
            f["qmark_sent"] = int("?" in hl[a : b + 1])
            f["sent_len_log"] = np.log1p(len(sent_t))
            seps = [hl.rfind(c, 0, pos) for c in ",;:(—"]
            f["dist_prev_sep"] = np.log1p(len(toks(hl[max(max(seps), a) : pos])))
            left = toks(hl[:pos])[-5:]
            right = toks(hl[pos:])[1:6]
            for w in left:
                if w in WIN:
                    f[f"L:{w}"] = 1
            for w in right:
                if w in WIN:
                    f[f"R:{w}"] = 1
        rows.append(f)
    return rows


NAMES = names()
IDX = {n: i for i, n in enumerate(NAMES)}


def build(recs):
    X, y, hid, grp = [], [], [], []
    for h, r in enumerate(recs):
        gold = {g["key"] for g in r["gold"]}
        for p, f in zip(r["pred"], featurize(r), strict=False):
            v = np.zeros(len(NAMES))
            for k, val in f.items():
                v[IDX[k]] = val
            X.append(v)
            y.append(int(p["key"] in gold))
            hid.append(h)
            grp.append(r["set"])
    return np.array(X), np.array(y), np.array(hid), np.array(grp)
