"""The learned reader's weights, as semsched ships them (D37).

`directory()` is a reader directory that `semsched_intents.reader.RoleReader` loads: the role model
and the label model (MiniLM encoders fine-tuned on the study sets by `task train:reader`, then
quantised to int8 by `python -m evals.reader.quantise`), the tokenizer and `reader.json`, which says
what they were trained on and gives each model's sha256. `task ship:reader` replaces them.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["directory"]


def directory() -> Path:
    """The shipped reader directory, inside this package."""
    return Path(__file__).resolve().parent / "reader"
