"""The learned reader beside the CPU parser (D35, D36).

MiniLM encoders, fine-tuned on the study sets (`task train:reader`) and exported to ONNX:
- the role model reads each entity a hint names (`semsched_intents.mentions`) and says which intent
  class it belongs to, or none. Where it is at least `threshold` sure and disagrees with the rules,
  its role replaces theirs (`semsched_intents.roles.revise`);
- the optional label model reads the whole hint and says, for each class that names no entity
  (`roles.LABELS`: spreading, spot, cost, architecture...), how likely the hint asks for it. Where it
  is at least `threshold` sure either way and the rules disagree, the class is added or removed
  (`roles.revise_labels`).
They run on onnxruntime with the tokenizers library: no torch.

A reader is a directory:
- `model.onnx`: token ids, attention mask and token types in; role logits out;
- `labels.onnx` (optional): the same inputs; one logit per hint label;
- `tokenizer.json`: the encoders' tokenizer;
- `reader.json`: the format version, the role classes and hint labels in logit order, the token
  limit, and how the models were trained.

Install the extra to use it: `semsched-intents[reader]`. semsched ships a trained reader, quantised to
int8, in the package `semsched-reader-weights` (D37): the setting `bundled` names it, `none` turns the
reader off, and anything else is a directory (`locate`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from semsched_intents.mentions import Reading
from semsched_intents.parser import CpuParser
from semsched_intents.roles import LABELS, NONE, ROLES, has_label, revise, revise_labels, role_of
from semsched_proto.intents import ClusterContext, ParseResult

FORMAT = 1
MODEL, LABELS_MODEL, TOKENIZER, META = "model.onnx", "labels.onnx", "tokenizer.json", "reader.json"
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_KNOWN_ROLES = frozenset({NONE, *(role for roles in ROLES.values() for role in roles)})


BUNDLED, NO_READER = "bundled", "none"


class ReaderError(Exception):
    """A reader cannot be loaded: missing files, a bad reader.json, or the extra not installed."""


def bundled() -> Path | None:
    """The reader semsched ships (`semsched-reader-weights`), or None where it is not installed."""
    try:
        from semsched_reader_weights import directory
    except ImportError:
        return None
    path: Path = directory()
    return path if (path / META).is_file() else None


def locate(setting: str | Path) -> Path | None:
    """The reader directory a setting names: `none` (or empty) none, `bundled` the shipped reader,
    anything else a directory. Raises ReaderError where `bundled` is asked for and not installed."""
    text = str(setting).strip()
    if text.lower() in ("", NO_READER):
        return None
    if text.lower() == BUNDLED:
        path = bundled()
        if path is None:
            raise ReaderError(
                "the bundled reader is not installed (pip install semsched-reader-weights), "
                f"or name a reader directory, or '{NO_READER}'"
            )
        return path
    return Path(text)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _meta(directory: Path) -> dict[str, Any]:
    path = directory / META
    if not directory.is_dir():
        raise ReaderError(f"no reader at {directory}: not a directory (`task train:reader` builds one)")
    for name in (MODEL, TOKENIZER, META):
        if not (directory / name).is_file():
            raise ReaderError(f"reader {directory} has no {name} (build one with `task train:reader`)")
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
    labels = meta.get("labels", [])
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels) or set(labels) - LABELS:
        raise ReaderError(f"{path}: 'labels' must list hint labels of {sorted(LABELS)}")
    if labels and not (directory / LABELS_MODEL).is_file():
        raise ReaderError(f"reader {directory} names hint labels but has no {LABELS_MODEL}")
    tokens = meta.get("max_tokens")
    if not isinstance(tokens, int) or not 8 <= tokens <= 512:
        raise ReaderError(f"{path}: 'max_tokens' must be an integer from 8 to 512")
    return meta


class RoleReader:
    """An exported reader, loaded once. `probabilities(texts)` gives each entity text's role
    distribution; `label_probabilities(text)`, with a label model, each hint label's probability."""

    def __init__(self, directory: Path | str, *, threads: int = 1) -> None:
        self.directory = Path(directory)
        meta = _meta(self.directory)
        try:
            import numpy
            import onnxruntime  # type: ignore[import-untyped]
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ReaderError(
                f"the learned reader needs onnxruntime and tokenizers ({exc.name} is missing): "
                "install semsched-intents[reader]"
            ) from exc
        self.classes: list[str] = list(meta["classes"])
        self.labels: list[str] = list(meta.get("labels", []))
        self.meta = meta
        self._np = numpy
        try:
            self._tokenizer = Tokenizer.from_file(str(self.directory / TOKENIZER))
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = options.inter_op_num_threads = threads
            options.log_severity_level = 3
            self._sessions = {
                name: onnxruntime.InferenceSession(
                    str(self.directory / name), options, providers=["CPUExecutionProvider"]
                )
                for name in (MODEL, *([LABELS_MODEL] if self.labels else []))
            }
        except Exception as exc:  # both libraries raise their own exception types for a bad file
            raise ReaderError(f"cannot load reader {self.directory}: {exc}") from exc
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(int(meta["max_tokens"]))
        self._inputs: dict[str, list[str]] = {}
        for name, width in ((MODEL, len(self.classes)), (LABELS_MODEL, len(self.labels))):
            session = self._sessions.get(name)
            if session is None:
                continue
            self._inputs[name] = [i.name for i in session.get_inputs()]
            if not set(self._inputs[name]) <= set(INPUTS):
                raise ReaderError(
                    f"{self.directory / name}: inputs {self._inputs[name]}, expected some of {list(INPUTS)}"
                )
            given = session.get_outputs()[0].shape[-1]
            if isinstance(given, int) and given != width:
                raise ReaderError(f"{self.directory / name}: {given} outputs, reader.json names {width}")

    def _logits(self, model: str, texts: Sequence[str]) -> Any:
        np = self._np
        encoded = [self._tokenizer.encode(text) for text in texts]
        width = max(len(e.ids) for e in encoded)
        feeds = {name: np.zeros((len(encoded), width), dtype=np.int64) for name in INPUTS}
        for row, e in enumerate(encoded):
            n = len(e.ids)
            feeds["input_ids"][row, :n] = e.ids
            feeds["attention_mask"][row, :n] = e.attention_mask
            feeds["token_type_ids"][row, :n] = e.type_ids
        return self._sessions[model].run(None, {name: feeds[name] for name in self._inputs[model]})[0]

    def probabilities(self, texts: Sequence[str]) -> list[list[float]]:
        """Each text's probability per class (`self.classes` order); one batch, padded to its longest."""
        if not texts:
            return []
        out: list[list[float]] = []
        for row in self._logits(MODEL, texts):
            top = float(max(row))
            exps = [math.exp(float(v) - top) for v in row]
            total = sum(exps)
            out.append([e / total for e in exps])
        return out

    def label_probabilities(self, text: str) -> list[float]:
        """The probability that the hint asks for each label (`self.labels` order); [] without labels."""
        if not self.labels:
            return []
        return [
            1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, float(v)))))
            for v in self._logits(LABELS_MODEL, [text])[0]
        ]


@dataclass(frozen=True, slots=True)
class Inference:
    """What the reader's models say of one hint: per entity, its role distribution; per hint label, the
    probability that the hint asks for it."""

    roles: list[list[float]]
    labels: list[float]


class ReadingParser:
    """The CPU parser with the reader beside it: the rules parse, then the reader revises the roles of the
    entities the hint names, and the classes that name none, wherever it is at least `threshold` sure
    and the rules disagree. A hint the parser rejects is the parser's alone, and so are the entities
    of a hint that names more than `max_entities`."""

    def __init__(
        self, cpu: CpuParser, reader: RoleReader, *, threshold: float = 0.95, max_entities: int = 16
    ) -> None:
        if not 0.5 < threshold <= 1.0:
            raise ValueError(f"reader threshold must be in (0.5, 1], got {threshold}")
        self.cpu = cpu
        self.reader = reader
        self.threshold = threshold
        self.max_entities = max_entities

    def _entities(self, reading: Reading) -> bool:
        return 0 < len(reading.mentions) <= self.max_entities

    def wanted(self, reading: Reading) -> bool:
        """Whether the reader's models have anything to read in this parse."""
        if reading.result.error is not None:
            return False
        return self._entities(reading) or bool(self.reader.labels and reading.text)

    def infer(self, reading: Reading) -> Inference:
        """Run the models on a parse `wanted` accepts (on the caller's thread: the service gives it one)."""
        roles = (
            self.reader.probabilities([m.text for m in reading.mentions]) if self._entities(reading) else []
        )
        labels = self.reader.label_probabilities(reading.text) if reading.text else []
        return Inference(roles, labels)

    def revised(self, reading: Reading, inference: Inference) -> ParseResult:
        """The parse with what the reader is at least `threshold` sure of, where the rules disagree."""
        result = reading.result
        changes = []
        for mention, p in zip(reading.mentions if inference.roles else [], inference.roles, strict=True):
            top = max(range(len(p)), key=p.__getitem__)
            role = self.reader.classes[top]
            if p[top] >= self.threshold and role != role_of(mention, result.intents):
                changes.append((mention, role, p[top]))
        if changes:
            result = revise(result, changes)
        asked = []
        for label, q in zip(self.reader.labels if inference.labels else [], inference.labels, strict=True):
            if q >= self.threshold and not has_label(result.intents, label):
                asked.append((label, True, q))
            elif q <= 1 - self.threshold and has_label(result.intents, label):
                asked.append((label, False, 1 - q))
        return revise_labels(result, asked) if asked else result

    def reread(self, reading: Reading) -> ParseResult:
        """The reader's revision of a parse `CpuParser.read` gave, run here and now."""
        if not self.wanted(reading):
            return reading.result
        return self.revised(reading, self.infer(reading))

    def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        return self.reread(self.cpu.read(hint, context))


def load_reading(
    setting: str | Path, cpu: CpuParser, *, threshold: float = 0.95, max_entities: int = 16
) -> ReadingParser | None:
    """`cpu` with the reader a setting names (`locate`) beside it, or None where it says `none`.
    Raises ReaderError where that reader cannot be loaded."""
    directory = locate(setting)
    if directory is None:
        return None
    return ReadingParser(cpu, RoleReader(directory), threshold=threshold, max_entities=max_entities)
