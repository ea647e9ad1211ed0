"""Run the parser on every labelled set and dump predictions and gold, for the filter experiment.

    python -m evals.rerank.dump

Writes $RERANK_DIR/preds_train.jsonl (study1..53 and the tune split of extra/tune2) and
$RERANK_DIR/preds_test.jsonl (study54..56). The measurement in docs/decisions.md (D29) ran at 9e3ba38,
when study54-56 had not been studied; at a later parser they are no longer unseen."""

import json
import sys

from evals.intents.__main__ import REPO, _judged, load_contexts
from evals.intents.metrics import intent_key
from evals.rerank.cv import OUT
from semsched_intents import CpuParser
from semsched_proto.intents import Intent

D = REPO / "evals" / "data"
parser = CpuParser()


def keystr(j):
    t, p = intent_key(j)
    return json.dumps([t, [[k, sorted(v) if isinstance(v, frozenset) else v] for k, v in p]])


def run(setname, path, ctxdirs, out, skip_holdout=False):
    ctxs = load_contexts(*ctxdirs)
    n = 0
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if skip_holdout and row.get("split") == "holdout":
            continue
        ctx = ctxs[row["context"]]
        res = parser.parse(row["hint"], ctx)
        pred = _judged(res.intents)
        gold = _judged([Intent.model_validate(i) for i in row["intents"]])
        rec = dict(
            set=setname,
            id=row["id"],
            hint=row["hint"],
            context=row["context"],
            ctx=ctx.model_dump(),
            pred=[
                dict(
                    type=i.type,
                    params=dict(i.params),
                    strength=i.strength,
                    confidence=i.confidence,
                    key=keystr(i),
                )
                for i in pred
            ],
            gold=[dict(type=i.type, params=dict(i.params), strength=i.strength, key=keystr(i)) for i in gold],
            unparsed=res.unparsed,
        )
        out.write(json.dumps(rec) + "\n")
        n += 1
    print(setname, n, file=sys.stderr)


OUT.mkdir(parents=True, exist_ok=True)
with open(str(OUT / "preds_train.jsonl"), "w") as tr, open(str(OUT / "preds_test.jsonl"), "w") as te:
    run("study1", D / "study" / "hints-study.jsonl", [D / "contexts-study"], tr)
    for k in range(2, 57):
        f = D / f"study{k}"
        run(f"study{k}", f / f"hints-study{k}.jsonl", [f / "contexts"], te if k >= 54 else tr)
    # optional extra training data (authors' tune split only; never holdout/blind)
    for name in ("hints-extra.jsonl", "hints-tune2.jsonl"):
        try:
            run("tune:" + name, D / name, [D / "contexts"], tr, skip_holdout=True)
        except Exception as e:
            print("skip", name, repr(e), file=sys.stderr)
