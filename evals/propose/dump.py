"""Parse the study sets and the blind sets once and dump, per hint, the entity mentions the parser
finds (with the words and tag roles around them), its intents and the gold intents.

    python -m evals.propose.dump

Writes $PROPOSE_DIR/study.jsonl, $PROPOSE_DIR/fresh.jsonl (study77-80, kept unstudied for the reader's
arbiter, D33) and $PROPOSE_DIR/blind.jsonl. Both hold each hint's words in order
(names replaced by their kind), which the features need: keep them out of the repository, print
nothing from the blind file, and delete it after `evals.propose.blind` has counted."""

from __future__ import annotations

import json
import os
from pathlib import Path

from evals.intents.__main__ import REPO, _judged, load_contexts
from semsched_intents import CpuParser
from semsched_intents import parser as rules
from semsched_intents.marks import Mark
from semsched_proto.intents import ClusterContext

OUT = Path(os.environ.get("PROPOSE_DIR", "/tmp/semsched-propose"))
KINDS = ("zone", "node", "app", "label", "gpu", "dataset")
DATA = REPO / "evals" / "data"


Group = list[tuple[str, Path, Path]]
# Study sets written after round seventeen (study77 on) and never studied: the rules have not
# absorbed them, so where the reader and the rules disagree on them, the disagreement is honest (D35).
FRESH = tuple(
    sorted(
        (p.name for p in DATA.glob("study[0-9]*") if int(p.name[5:]) >= 77),
        key=lambda name: int(name[5:]),
    )
)


def _folder(name: str) -> tuple[str, Path, Path]:
    return (name, DATA / name / f"hints-{name}.jsonl", DATA / name / "contexts")


def fresh_sets() -> Group:
    return [_folder(name) for name in FRESH]


def sets() -> tuple[Group, Group]:
    study = [("study1", DATA / "study" / "hints-study.jsonl", DATA / "contexts-study")]
    study += [_folder(f"study{k}") for k in range(2, 77)]
    blind = [("blind", DATA / "hints-blind.jsonl", DATA / "contexts-blind")]
    blind += [_folder(b) for b in ("blind2", "blind3", "blind4")]
    return study, blind


def _word(mark: Mark) -> str:
    tag = mark.entity()
    if mark.punct:
        return "P" + mark.punct
    if tag is not None and tag.role == "ent":
        return "ENT_" + tag.kind
    return "QTY" if tag is not None and tag.role == "qty" else mark.text


def _marks(hint: str, context: ClusterContext) -> list[Mark]:
    """The parser's own marks for a hint, as `CpuParser.parse` computes them."""
    text = rules._SCHEMA_WORDS.sub(" ", rules._UNCHECKED.sub(" ", rules.sanitise(hint)))
    tokens = rules.tokenize(rules.lower_same_length(text), 400)
    table = rules.table_for(context)
    return rules.refine_marks(rules.scan(tokens, text, table, 200), tokens, table.app_words)


def record(
    name: str, row: dict[str, object], context: ClusterContext, parser: CpuParser
) -> dict[str, object]:
    marks = _marks(str(row["hint"]), context)
    sentence, at = [], 0
    for mark in marks:
        sentence.append(at)
        at += mark.punct in (".", "?", "!", ";")
    asked = {sentence[k] for k, m in enumerate(marks) if m.punct == "?"}
    mentions = [
        dict(k=k, kind=t.kind, value=t.value, key=t.key, q=sentence[k] in asked, sent=sentence[k])
        for k, m in enumerate(marks)
        if (t := m.entity()) is not None and t.role == "ent" and t.kind in KINDS
    ]
    got = _judged(parser.parse(str(row["hint"]), context).intents)
    return dict(
        set=name,
        words=[_word(m) for m in marks],
        roles=[",".join(sorted({t.role for t in m.tags})) for m in marks],
        nsent=at + 1,
        mentions=mentions,
        pred=[dict(type=i.type, params=dict(i.params), confidence=i.confidence) for i in got],
        gold=[dict(type=g["type"], params=g["params"]) for g in row["intents"]],  # type: ignore[attr-defined]
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    parser = CpuParser()
    study, blind = sets()
    for filename, group in (("study.jsonl", study), ("fresh.jsonl", fresh_sets()), ("blind.jsonl", blind)):
        with open(OUT / filename, "w") as out:
            for name, hints, contexts in group:
                ctxs = load_contexts(contexts)
                for line in hints.read_text().splitlines():
                    row = json.loads(line)
                    out.write(json.dumps(record(name, row, ctxs[row["context"]], parser)) + "\n")


if __name__ == "__main__":
    main()
