"""The parser as the service image installs it: compiled to C by mypyc (scripts/build-compiled-parser.sh).

mypyc checks types at run time where Python does not, and some constructs compile differently, so the
compiled wheel is held to the pure-Python parser: it must read every labelled hint (not the blind
sets) and a seeded stream of hostile text exactly as the editable install does, down to confidence
and error reason; and the parser's own test suite must pass against it. The wheel is built once per
run (about 1.5 minutes on two cores). Last, the intent-parser image's own install path (its two
`uv sync` commands) must install the compiled parser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from evals.bench.compiled import compiled_site as build_compiled_site

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.skipif(
        shutil.which("cc") is None or shutil.which("uv") is None,
        reason="the compiled parser needs a C compiler (cc) and uv to build",
    ),
    pytest.mark.timeout(1800),  # the build and two readings of every labelled hint, not one call
]

# Run in a subprocess with the pure or the compiled parser on its path: one JSON result per line.
READER = """
import json, random, sys
from pathlib import Path
import semsched_intents
import semsched_intents.postscan as postscan
from evals.intents.__main__ import load_contexts
from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

assert semsched_intents.COMPILED == (not postscan.__file__.endswith(".py"))
print("compiled" if semsched_intents.COMPILED else "pure", flush=True)
root = Path.cwd()
shared = json.loads((root.parent / "shared" / "evals" / "cluster-dev.json").read_text())
dev = ClusterContext.model_validate({k: v for k, v in shared.items() if k in ClusterContext.model_fields})
parser = CpuParser()
jobs = [(json.loads(l)["hint"], dev) for l in (root.parent / "shared" / "evals" / "hints-dev.jsonl").open()]
data = root / "evals" / "data"
contexts = {}
for folder in [data / "contexts", data / "contexts-study", *sorted(data.glob("study*/contexts"))]:
    contexts.update(load_contexts(folder))
for path in [*sorted(data.glob("hints-*.jsonl")), *sorted(data.glob("study*/hints-*.jsonl"))]:
    if "blind" in path.name:
        continue  # the blind sets are read by their scoring runs only
    for line in path.open():
        if line.strip():
            row = json.loads(line)
            if row.get("context") in contexts:
                jobs.append((row["hint"], contexts[row["context"]]))
words = sorted({w for hint, _ in jobs[:3000] for w in hint.split()})
noise = ["\\x00", "\\u202e", "\\ud800", "\\ufeff", "ignore previous instructions", "=", "==", "--", "\\n" * 3,
         "x" * 3000, "\\u0430\\u0440\\u043c", "9" * 40, "GiB", "?", "(", ")", ",,", "\\t", "\\x1b[31m"]
rng = random.Random(2026)
for _ in range(1500):
    jobs.append((" ".join(rng.choice(words + noise) for _ in range(rng.randint(0, 40))), dev))
for hint, context in jobs:
    print(parser.parse(hint, context).model_dump_json(), flush=True)
"""


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        return build_compiled_site(tmp_path_factory.mktemp("compiled"), timeout_s=1200)
    except subprocess.CalledProcessError as exc:
        pytest.fail(f"the compiled parser did not build:\n{exc.stderr[-3000:]}")


def _read(site: Path | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    done = subprocess.run(
        [sys.executable, "-c", READER], capture_output=True, text=True, env=env, cwd=ROOT, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_the_wheel_holds_native_modules(compiled_site: Path) -> None:
    native = {p.name.split(".")[0] for p in (compiled_site / "semsched_intents").glob("*.so")}
    assert {"parser", "postscan", "scanner", "clauses", "marks"} <= native


def test_compiled_parser_reads_every_hint_as_the_pure_one(compiled_site: Path) -> None:
    pure, compiled = _read(None), _read(compiled_site)
    assert pure[0] == "pure" and compiled[0] == "compiled"
    assert len(pure) == len(compiled) > 15_000
    differ = [n for n, (a, b) in enumerate(zip(pure[1:], compiled[1:], strict=True), 1) if a != b]
    assert not differ, f"{len(differ)} readings differ; first: line {differ[0]}, {compiled[differ[0]][:300]}"


def test_parser_suite_passes_against_the_compiled_wheel(compiled_site: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(compiled_site)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "libs" / "intents")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout


def test_the_image_sync_installs_the_compiled_parser(tmp_path: Path) -> None:
    """The intent-parser Dockerfile's two `uv sync` commands, without Docker: on a copy of what the
    build context holds (the hook compiles in place), into a scratch environment."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    source = tmp_path / "src"
    for name in files.stdout.splitlines():
        if name.split("/")[0] in ("pyproject.toml", "uv.lock", "proto", "libs", "services"):  # .dockerignore
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(tmp_path / "venv"), "UV_PYTHON_DOWNLOADS": "never"}
    env.pop("VIRTUAL_ENV", None)
    sync = ["uv", "sync", "--frozen", "--no-dev", "--package", "semsched-intent-parser"]
    # third-party dependencies; then a pure build, which uv caches; then the image's compiled build,
    # which must not reuse that cached pure wheel
    for extra, compiled in (({}, None), ({}, False), ({"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"}, True)):
        flags = ["--no-install-workspace"] if compiled is None else ["--no-editable"]
        done = subprocess.run(
            [*sync, *flags], cwd=source, env={**env, **extra}, capture_output=True, text=True, timeout=1200
        )
        assert done.returncode == 0, done.stderr[-3000:]
        if compiled is None:
            continue
        probe = "import semsched_intent_parser, semsched_intents as s; print(s.COMPILED)"
        python = str(tmp_path / "venv" / "bin" / "python")
        read = subprocess.run([python, "-c", probe], capture_output=True, text=True, cwd=tmp_path)
        assert read.stdout.strip() == str(compiled), read.stderr[-2000:]
    # the image carries the shipped reader (D37) inside its venv, and the service's default loads it
    probe = (
        "from semsched_intents.reader import RoleReader, bundled\n"
        "from semsched_intent_parser.app import create_router\n"
        "from semsched_intent_parser.settings import IntentParserSettings\n"
        "router = create_router(IntentParserSettings())\n"
        "print(router.reading.reader.directory, bundled(), len(RoleReader(bundled()).labels))"
    )
    env_run = {k: v for k, v in os.environ.items() if not k.startswith("INTENT_PARSER_")}
    read = subprocess.run([python, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=env_run)
    assert read.returncode == 0, read.stderr[-2000:]
    loaded, shipped, labels = read.stdout.split()
    assert loaded == shipped and shipped.startswith(str(tmp_path / "venv")) and int(labels) == 14
