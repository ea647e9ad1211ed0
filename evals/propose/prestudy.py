"""Parse each study set with the parser it was first scored with, before anyone studied it (the
commit its README records; study1-3's are in evals/data/BLIND.md), each in a temporary git
worktree, and write the predicted intents per hint to $PROPOSE_DIR/prestudy.json. These readings
have the errors the rules make on a writer they have not met, which the current parser, fitted to
every study set, no longer shows.

    python -m evals.propose.prestudy
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from evals.intents.__main__ import REPO
from evals.propose.dump import OUT, sets

FIRST_THREE = {"study1": "c4cc1ae", "study2": "3a5f826", "study3": "39f8b3b"}
_SCORED_AT = re.compile(r"(?:parser|at|,) ([0-9a-f]{7})\b")

_CHILD = r"""
import json, sys
from pathlib import Path
from evals.intents.__main__ import _judged, load_contexts
from semsched_intents import CpuParser
parser, contexts, out = CpuParser(), load_contexts(Path(sys.argv[2])), []
for line in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(line)
    got = _judged(parser.parse(d["hint"], contexts[d["context"]]).intents)
    out.append([dict(type=i.type, params=dict(i.params), confidence=i.confidence) for i in got])
print(json.dumps(out))
"""


def scored_at(name: str, hints: Path) -> str:
    if name in FIRST_THREE:
        return FIRST_THREE[name]
    readme = (hints.parent / "README.md").read_text()
    section = readme.split("## Scored once before anyone studied it", 1)[1]
    found = _SCORED_AT.search(section)
    if found is None:
        raise SystemExit(f"{name}: no commit in its README's first-score section")
    return found.group(1)


def main() -> None:
    study, _ = sets()
    by_commit: dict[str, list[tuple[str, Path, Path]]] = {}
    for name, hints, contexts in study:
        by_commit.setdefault(scored_at(name, hints), []).append((name, hints, contexts))
    readings: dict[str, object] = {}
    for commit, group in by_commit.items():
        with tempfile.TemporaryDirectory(prefix="semsched-prestudy-") as tmp:
            tree = Path(tmp) / "tree"
            added = subprocess.run(
                ["git", "worktree", "add", "--detach", str(tree), commit],
                cwd=REPO,
                capture_output=True,
                text=True,
            )
            if added.returncode:
                raise SystemExit(f"cannot check out {commit}: {added.stderr.strip()}")
            try:
                source = os.pathsep.join(
                    str(p) for p in (tree / "libs/intents/src", tree / "proto/src", REPO)
                )
                for name, hints, contexts in group:
                    done = subprocess.run(
                        [sys.executable, "-c", _CHILD, str(hints), str(contexts)],
                        capture_output=True,
                        text=True,
                        env={**os.environ, "PYTHONPATH": source},
                        cwd=REPO,
                        check=False,
                    )
                    if done.returncode:
                        raise SystemExit(f"{name} at {commit} failed:\n{done.stderr[-1500:]}")
                    readings[name] = json.loads(done.stdout)
                    print(f"{name}: parsed with {commit}", flush=True)
            finally:
                subprocess.run(
                    ["git", "worktree", "remove", "--force", str(tree)], cwd=REPO, capture_output=True
                )
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "prestudy.json").write_text(json.dumps(readings))


if __name__ == "__main__":
    main()
