"""How far a change to the parser reaches on the blind sets, in counts only.

    uv run python -m evals.intents.reach BASE_COMMIT

Parses every hint of the blind sets twice, once with the parser of BASE_COMMIT (checked out in
a temporary git worktree) and once with the working tree, and prints for each set how many hints
changed their predicted intents (type, params and strength), how many of those went from a wrong
subset to a right one, and how many the other way. It prints no hint, no intent and no gold label:
the blind sets stay unread, and the counts say only whether a round's rules touch unseen writing at
all (docs/decisions.md, D31). Run it only where a blind set is scored anyway, at a round's end.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from evals.intents.__main__ import REPO

BLIND_SETS = (
    ("blind", REPO / "evals" / "data" / "hints-blind.jsonl", REPO / "evals" / "data" / "contexts-blind"),
    (
        "blind2",
        REPO / "evals" / "data" / "blind2" / "hints-blind2.jsonl",
        REPO / "evals" / "data" / "blind2" / "contexts",
    ),
    (
        "blind3",
        REPO / "evals" / "data" / "blind3" / "hints-blind3.jsonl",
        REPO / "evals" / "data" / "blind3" / "contexts",
    ),
    (
        "blind4",
        REPO / "evals" / "data" / "blind4" / "hints-blind4.jsonl",
        REPO / "evals" / "data" / "blind4" / "contexts",
    ),
)

# Run in a child process whose PYTHONPATH puts one parser's source first; prints, per hint, the
# predicted intents in a canonical form and whether the subset matches the gold.
_CHILD = r"""
import json, sys
from pathlib import Path
from evals.intents.__main__ import _judged, load_contexts
from evals.intents.metrics import Judged, intent_key
from semsched_intents import CpuParser

def canonical(x):
    params = sorted((k, sorted(v) if isinstance(v, list) else v) for k, v in x.params.items())
    return repr((x.type, params, x.strength))

parser, out = CpuParser(), []
contexts = load_contexts(Path(sys.argv[2]))
for line in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(line)
    got = _judged(parser.parse(d["hint"], contexts[d["context"]]).intents)
    gold = [Judged(g["type"], g["params"], g.get("strength", "medium")) for g in d["intents"]]
    right = {intent_key(x) for x in got} == {intent_key(x) for x in gold}
    out.append([sorted(canonical(x) for x in got), right])
print(json.dumps(out))
"""


def _predictions(source: Path, hints: Path, contexts: Path) -> list[list[object]]:
    env = {**os.environ, "PYTHONPATH": f"{source}{os.pathsep}{REPO}"}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(hints), str(contexts)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"parsing {hints.name} with {source} failed:\n{done.stderr[-2000:]}")
    result: list[list[object]] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m evals.intents.reach BASE_COMMIT")
    base = args[0]
    with tempfile.TemporaryDirectory(prefix="semsched-reach-") as tmp:
        tree = Path(tmp) / "base"
        added = subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), base], cwd=REPO, capture_output=True, text=True
        )
        if added.returncode != 0:
            raise SystemExit(f"cannot check out {base}: {added.stderr.strip()}")
        try:
            for name, hints, contexts in BLIND_SETS:
                if not hints.exists():
                    continue
                old = _predictions(tree / "libs" / "intents" / "src", hints, contexts)
                new = _predictions(REPO / "libs" / "intents" / "src", hints, contexts)
                changed = sum(a[0] != b[0] for a, b in zip(old, new, strict=True))
                fixed = sum(not a[1] and bool(b[1]) for a, b in zip(old, new, strict=True))
                broken = sum(bool(a[1]) and not b[1] for a, b in zip(old, new, strict=True))
                print(
                    f"{name}: {changed} of {len(new)} hints changed their predicted intents; "
                    f"subset wrong to right {fixed}, right to wrong {broken}"
                )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO, capture_output=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
