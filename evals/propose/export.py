"""The trained reader without torch at inference: exported to ONNX and read by onnxruntime (D35).

Exports the reader `evals.propose.routed` trains ($PROPOSE_DIR/reader-all.pt; trained first if
absent) to $PROPOSE_DIR/reader.onnx (and, with --int8, a dynamically quantised copy). Then both
runtimes read every entity of the fresh sets (study77 on) one at a time on one thread. Prints how
often onnxruntime's role equals torch's, the largest difference in probability, roles right against
the gold, and the latency per entity. Counts only. Needs torch and transformers (for the export and
the comparison) and onnxruntime, onnx and onnxscript beside the project:

    python -m pip install --target /tmp/ort-site onnxruntime onnx onnxscript
    PYTHONPATH=/tmp/torch-site:/tmp/rerank-site:/tmp/ort-site python -m evals.propose.export [--int8]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import onnxruntime as ort
import torch

from evals.propose.dump import OUT
from evals.propose.encoder import Reader, examples
from evals.propose.roles import load
from evals.propose.routed import FRESH_LABEL, trained_reader

INPUTS = ("input_ids", "attention_mask", "token_type_ids")


class Logits(torch.nn.Module):
    """The reader from token ids to role logits: what the ONNX graph holds (the tokenizer stays outside)."""

    def __init__(self, reader: Reader) -> None:
        super().__init__()
        self.reader = reader

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
    ) -> torch.Tensor:
        hidden = self.reader.encoder(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state
        mask = attention_mask.unsqueeze(-1).float()
        return self.reader.head((hidden * mask).sum(1) / mask.sum(1))  # type: ignore[no-any-return]


def export(reader: Reader, path: Path) -> None:
    sample = reader.tokenizer(["a [ zone ] example"], return_tensors="pt")
    axes = {name: {0: "batch", 1: "tokens"} for name in INPUTS} | {"logits": {0: "batch"}}
    torch.onnx.export(
        Logits(reader).eval(),
        tuple(sample[name] for name in INPUTS),
        str(path),
        input_names=list(INPUTS),
        output_names=["logits"],
        dynamic_axes=axes,
        opset_version=17,
        dynamo=False,
    )


def _softmax(logits: np.ndarray) -> np.ndarray:
    e = np.exp(logits - logits.max())
    return e / e.sum()  # type: ignore[no-any-return]


def _quantile(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))]


def compare(reader: Reader, path: Path, classes: list[str]) -> None:
    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    torch.set_num_threads(1)
    reader.eval()
    texts, gold, _ = examples(load(OUT / "fresh.jsonl"))
    same = right_onnx = right_torch = 0
    largest = 0.0
    onnx_ms: list[float] = []
    torch_ms: list[float] = []
    for text, role in zip(texts, gold, strict=True):
        t0 = time.perf_counter()
        batch = reader.tokenizer([text], truncation=True, max_length=128, return_tensors="np")
        by_onnx = session.run(None, {name: batch[name].astype(np.int64) for name in INPUTS})[0][0]
        onnx_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        with torch.no_grad():
            by_torch = reader([text])[0].numpy()
        torch_ms.append((time.perf_counter() - t0) * 1000)
        same += int(np.argmax(by_onnx) == np.argmax(by_torch))
        right_onnx += classes[int(np.argmax(by_onnx))] == role
        right_torch += classes[int(np.argmax(by_torch))] == role
        largest = max(largest, float(np.abs(_softmax(by_onnx) - _softmax(by_torch)).max()))
    print(f"{path.name}: {len(texts)} entities of {FRESH_LABEL}; same role as torch {same};", end=" ")
    print(f"largest probability difference {largest:.1e}; roles right {right_onnx} (torch {right_torch})")
    onnx = f"onnxruntime p50 {_quantile(onnx_ms, 0.5):.2f} ms, p99 {_quantile(onnx_ms, 0.99):.2f} ms"
    by_torch = f"torch p50 {_quantile(torch_ms, 0.5):.2f} ms, p99 {_quantile(torch_ms, 0.99):.2f} ms"
    print(f"  per entity with tokenising, one thread: {onnx}; {by_torch}")


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--int8", action="store_true", help="also a dynamically quantised (int8) copy")
    ns = args.parse_args()
    reader, classes = trained_reader()
    path = OUT / "reader.onnx"
    export(reader.eval(), path)
    compare(reader, path, classes)
    if ns.int8:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        quantised = OUT / "reader-int8.onnx"
        quantize_dynamic(str(path), str(quantised), weight_type=QuantType.QInt8)
        compare(reader, quantised, classes)


if __name__ == "__main__":
    main()
