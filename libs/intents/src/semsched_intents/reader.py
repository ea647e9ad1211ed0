"""The learned role reader beside the CPU parser (D35, D36).

A MiniLM encoder, fine-tuned on the study sets (`task train:reader`) and exported to ONNX, reads each
entity a hint names (`semsched_intents.mentions`) and says which intent class it belongs to, or none.
Where it is at least `threshold` sure and disagrees with the rules, its role replaces theirs
(`semsched_intents.roles.revise`). It runs on onnxruntime with the tokenizers library: no torch.

A reader is a directory:
- `model.onnx`: token ids, attention mask and token types in; role logits out;
- `tokenizer.json`: the encoder's tokenizer;
- `reader.json`: the format version, the role classes in logit order, the token limit, and how it
  was trained.

Install the extra to use it: `semsched-intents[reader]`.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from semsched_intents.mentions import Mention
from semsched_intents.parser import CpuParser
from semsched_intents.roles import NONE, ROLES, revise, role_of
from semsched_proto.intents import ClusterContext, ParseResult

FORMAT = 1
MODEL, TOKENIZER, META = "model.onnx", "tokenizer.json", "reader.json"
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_KNOWN_ROLES = frozenset({NONE, *(role for roles in ROLES.values() for role in roles)})


class ReaderError(Exception):
    """A role reader cannot be loaded: missing files, a bad reader.json, or the extra not installed."""


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _meta(directory: Path) -> dict[str, Any]:
    path = directory / META
    if not directory.is_dir():
        raise ReaderError(f"no role reader at {directory}: not a directory (`task train:reader` builds one)")
    for name in (MODEL, TOKENIZER, META):
        if not (directory / name).is_file():
            raise ReaderError(f"role reader {directory} has no {name} (build one with `task train:reader`)")
    try:
        meta = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReaderError(f"cannot read {path}: {exc}") from exc
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ReaderError(f"{path}: expected an object with format {FORMAT}")
    classes = meta.get("classes")
    if not isinstance(classes, list) or not classes or not all(isinstance(c, str) for c in classes):
        raise ReaderError(f"{path}: 'classes' must be a non-empty list of role names")
    unknown = sorted(set(classes) - _KNOWN_ROLES)
    if unknown or NONE not in classes or len(set(classes)) != len(classes):
        raise ReaderError(f"{path}: 'classes' must name distinct entity roles and 'none'; unknown: {unknown}")
    tokens = meta.get("max_tokens")
    if not isinstance(tokens, int) or not 8 <= tokens <= 512:
        raise ReaderError(f"{path}: 'max_tokens' must be an integer from 8 to 512")
    return meta


class RoleReader:
    """An exported reader, loaded once: `probabilities(texts)` gives each text's role distribution."""

    def __init__(self, directory: Path | str, *, threads: int = 1) -> None:
        self.directory = Path(directory)
        meta = _meta(self.directory)
        try:
            import numpy
            import onnxruntime  # type: ignore[import-untyped]
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ReaderError(
                f"the role reader needs onnxruntime and tokenizers ({exc.name} is missing): "
                "install semsched-intents[reader]"
            ) from exc
        self.classes: list[str] = list(meta["classes"])
        self.meta = meta
        self._np = numpy
        try:
            self._tokenizer = Tokenizer.from_file(str(self.directory / TOKENIZER))
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = options.inter_op_num_threads = threads
            options.log_severity_level = 3
            self._session = onnxruntime.InferenceSession(
                str(self.directory / MODEL), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # both libraries raise their own exception types for a bad file
            raise ReaderError(f"cannot load role reader {self.directory}: {exc}") from exc
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(int(meta["max_tokens"]))
        self._inputs = [i.name for i in self._session.get_inputs()]
        if not set(self._inputs) <= set(INPUTS):
            raise ReaderError(
                f"{self.directory / MODEL}: inputs {self._inputs}, expected some of {list(INPUTS)}"
            )
        width = self._session.get_outputs()[0].shape[-1]
        if isinstance(width, int) and width != len(self.classes):
            raise ReaderError(f"{self.directory}: model gives {width} roles, reader.json {len(self.classes)}")

    def probabilities(self, texts: Sequence[str]) -> list[list[float]]:
        """Each text's probability per class (`self.classes` order); one batch, padded to its longest."""
        if not texts:
            return []
        np = self._np
        encoded = [self._tokenizer.encode(text) for text in texts]
        width = max(len(e.ids) for e in encoded)
        feeds = {name: np.zeros((len(encoded), width), dtype=np.int64) for name in INPUTS}
        for row, e in enumerate(encoded):
            n = len(e.ids)
            feeds["input_ids"][row, :n] = e.ids
            feeds["attention_mask"][row, :n] = e.attention_mask
            feeds["token_type_ids"][row, :n] = e.type_ids
        logits = self._session.run(None, {name: feeds[name] for name in self._inputs})[0]
        out: list[list[float]] = []
        for row in logits:
            top = float(max(row))
            exps = [math.exp(float(v) - top) for v in row]
            total = sum(exps)
            out.append([e / total for e in exps])
        return out


class ReadingParser:
    """The CPU parser with the role reader beside it: the rules parse, then the reader revises the roles
    of the entities the hint names wherever it is at least `threshold` sure of another role. A hint with
    no entity, or more than `max_entities`, or one the parser rejects, is the parser's alone."""

    def __init__(
        self, cpu: CpuParser, reader: RoleReader, *, threshold: float = 0.95, max_entities: int = 16
    ) -> None:
        if not 0.0 < threshold <= 1.0:
            raise ValueError(f"reader threshold must be in (0, 1], got {threshold}")
        self.cpu = cpu
        self.reader = reader
        self.threshold = threshold
        self.max_entities = max_entities

    def wanted(self, result: ParseResult, named: Sequence[Mention]) -> bool:
        """Whether the reader reads this parse: it names an entity, not too many, and is not rejected."""
        return result.error is None and 0 < len(named) <= self.max_entities

    def revised(
        self, result: ParseResult, named: Sequence[Mention], probabilities: Sequence[Sequence[float]]
    ) -> ParseResult:
        """`result` with the roles the reader is at least `threshold` sure of, where they differ."""
        changes = []
        for mention, p in zip(named, probabilities, strict=True):
            top = max(range(len(p)), key=p.__getitem__)
            role = self.reader.classes[top]
            if p[top] >= self.threshold and role != role_of(mention, result.intents):
                changes.append((mention, role, p[top]))
        return revise(result, changes) if changes else result

    def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        result, named = self.cpu.read(hint, context)
        if not self.wanted(result, named):
            return result
        return self.revised(result, named, self.reader.probabilities([m.text for m in named]))
