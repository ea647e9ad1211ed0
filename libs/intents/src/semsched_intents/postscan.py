"""Second pass over marks: readings that need a window of marks, not one token.

- "least ... load/utilisation" and "heavy ... load" become idle / busy concepts;
- unknown words before a head noun after a colocation cue become apps kept as written
  ("away from the elasticsearch pods"), and before "dataset"/"corpus" become datasets.
"""

from __future__ import annotations

from collections.abc import Sequence

from semsched_intents.marks import Mark
from semsched_intents.text import Token
from semsched_intents.vocab import Tag

_DATASET_HEADS = frozenset({"dataset", "data set", "corpus", "datasets"})
_SKIP = frozenset({"the", "a", "an", "our", "their", "those", "these", "any", "its", "my"})
# Words that cannot be an app's name in "near the <name> pods".
_NOT_NAMES = frozenset(
    {
        "other",
        "another",
        "some",
        "same",
        "different",
        "your",
        "all",
        "each",
        "every",
        "many",
        "more",
        "most",
        "few",
        "several",
        "existing",
        "new",
        "old",
        "own",
        "this",
    }
)


def _is_plain(mark: Mark) -> bool:
    return not mark.punct and not mark.tags and bool(mark.text) and mark.text not in _NOT_NAMES


def _load_combos(marks: list[Mark]) -> None:
    for n, mark in enumerate(marks):
        level = "idle" if mark.has("low") else "busy" if mark.has("high") else ""
        if not level or mark.entity() is not None:
            continue
        for k in range(n + 1, min(n + 4, len(marks))):
            other = marks[k]
            if other.punct:
                break
            if other.has("load"):
                mark.tags = (Tag("concept", level),)
                other.tags = tuple(t for t in other.tags if t.role == "res")
                break
            if not (other.has("res") or other.has("filler")):
                break


def _cue_before(marks: Sequence[Mark], n: int) -> bool:
    k = n - 1
    while k >= 0 and (marks[k].text in _SKIP or marks[k].has("filler")) and n - k < 4:
        k -= 1
    return k >= 0 and (marks[k].has("cue", "colo") or marks[k].has("cue", "samezone") or marks[k].has("neg"))


def _join_words(tokens: Sequence[Token], marks: Sequence[Mark]) -> str:
    return "-".join(tokens[m.start].text for m in marks)


def _unknown_names(marks: list[Mark], tokens: Sequence[Token]) -> list[Mark]:
    out: list[Mark] = []
    n = 0
    while n < len(marks):
        run_end = n
        while run_end < len(marks) and _is_plain(marks[run_end]) and run_end - n < 3:
            run_end += 1
        if run_end == n:
            out.append(marks[n])
            n += 1
            continue
        run = marks[n:run_end]
        after = marks[run_end] if run_end < len(marks) else None
        head_text = " ".join(t.text for t in tokens[after.start : after.end]) if after else ""
        glued = len(run) > 1 and all(tokens[m.start].joined for m in run[1:])
        kind = ""
        if after is not None and head_text in _DATASET_HEADS:
            kind = "dataset"
        elif _cue_before(marks, n) and (glued or (after is not None and after.has("head"))):
            kind = "app"
        if kind:
            end = after.end if kind == "app" and after is not None and after.has("head") else run[-1].end
            out.append(
                Mark(run[0].start, end, (Tag("ent", _join_words(tokens, run), kind=kind),), known=False)
            )
            n = run_end + (1 if end > run[-1].end else 0)
            continue
        out.extend(run)
        n = run_end
    return out


def refine_marks(marks: list[Mark], tokens: Sequence[Token]) -> list[Mark]:
    """Apply the window rules; marks stay in token order."""
    _load_combos(marks)
    return _unknown_names(marks, tokens)
