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
_MACHINES = frozenset({"nodes", "node", "boxes", "box", "servers", "server", "hosts", "host", "machines"})
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
        machines = head_text in _MACHINES  # "not the r12 nodes": a group of machines, not an app
        kind = ""
        if after is not None and head_text in _DATASET_HEADS:
            kind = "dataset"
        elif _cue_before(marks, n) and (glued or (after is not None and after.has("head") and not machines)):
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


def _bare_counts(marks: list[Mark]) -> None:
    """ "A100s or L4s, with at least 2 free": a count with no unit takes the GPU or CPU named just before."""
    for n, mark in enumerate(marks):
        k = n + 1
        while k < len(marks) and marks[k].text in ("of", "them", "those", "these") and k - n < 3:
            k += 1  # "4 of them free"
        if mark.tags or not mark.text.isdigit() or k >= len(marks) or not marks[k].has("qadj"):
            continue
        for k in range(n - 1, max(-1, n - 8), -1):
            kinds = {t.kind for t in marks[k].tags if t.role == "ent"} | {
                t.value for t in marks[k].tags if t.role == "res"
            }
            resource = "gpu" if "gpu" in kinds else "cpu" if "cpu" in kinds else ""
            if resource:
                mark.tags = (Tag("qty", f"{float(mark.text):.6g}", kind=resource),)
                break


def _negated_permission(marks: list[Mark]) -> None:
    """ "cannot tolerate preemption": a negated permission word is no permission; the negation stays."""
    for n in range(1, len(marks)):
        if marks[n].has("perm") and (marks[n - 1].has("neg") or marks[n - 1].has("negpost")):
            kept = tuple(t for t in marks[n].tags if t.role not in ("perm", "permverb"))
            marks[n].tags = kept or (Tag("filler"),)


_ONLY = frozenset({"only", "exclusively"})
_CONTENT = ("ent", "concept", "qty", "head", "lhead", "replicas", "zoneword", "res")


def _content_next_to(marks: Sequence[Mark], n: int) -> bool:
    for step in (-1, 1):
        k = n + step
        while 0 <= k < len(marks) and marks[k].has("filler") and not marks[k].punct:
            k += step
        if 0 <= k < len(marks) and any(marks[k].has(r) for r in _CONTENT):
            return True
    return False


def _loose_only(marks: list[Mark]) -> None:
    """ "A100 only", "only the nvme boxes" ask for something; "those are for training only" does not:
    "only" is a modifier when it stands next to a mention. "possible" hedges ("if its possible"),
    except after a superlative ("cheapest possible")."""
    for n, mark in enumerate(marks):
        if mark.text in _ONLY and mark.has("mod") and not _content_next_to(marks, n):
            mark.tags = (Tag("filler"),)
        before = marks[n - 1] if n > 0 else None
        if (
            mark.text == "possible"
            and before is not None
            and (before.has("concept") or before.text.endswith("est"))
        ):
            mark.tags = (Tag("filler"),)  # "the cheapest possible": a superlative, not a hedge


def refine_marks(marks: list[Mark], tokens: Sequence[Token]) -> list[Mark]:
    """Apply the window rules; marks stay in token order."""
    _load_combos(marks)
    _negated_permission(marks)
    _loose_only(marks)
    _bare_counts(marks)
    return _unknown_names(marks, tokens)
