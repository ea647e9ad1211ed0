#!/usr/bin/env bash
# Build semsched-intents as a mypyc-compiled wheel into OUT (default: dist/).
# It builds from a copy of libs/intents: the mypyc hook compiles in place, and a .so left beside a .py
# in the working tree would shadow later edits of that .py. Needs a C compiler and PyPI (hatch-mypyc,
# mypy, setuptools are build requirements, fetched by uv into an isolated build environment).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-dist}")"
if ! command -v cc >/dev/null 2>&1; then
    echo "build-compiled-parser: no C compiler (cc) on PATH; install gcc to compile the parser" >&2
    exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r libs/intents "$work/intents"
rm -rf "$work/intents/tests" "$work/intents/.venv"
find "$work/intents" -name '*.so' -delete
# --no-sources: outside the workspace, semsched-proto comes from the index metadata alone (it is a
# runtime dependency, not needed to build)
HATCH_BUILD_HOOK_ENABLE_MYPYC=true uv build --wheel --no-sources "$work/intents" -o "$out"
