"""services/<slug>/Dockerfile: read as text, since no Docker engine exists on the build machines.

The instructions are parsed the way BuildKit reads them (line continuations joined, comment lines
dropped, ARG defaults substituted into FROM), then held to the image contract: Python 3.11 slim, uv from
the lock file, a non-root user, the service's port, and `python -m <package>` of a package that exists.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from deploy_support import REPO_ROOT, PlatformService

ARG_REF = re.compile(r"\$\{(\w+)\}|\$(\w+)")
NEEDED_IN_CONTEXT = ("pyproject.toml", "uv.lock", "proto", "libs", "services")


@dataclass(frozen=True)
class Instruction:
    keyword: str
    value: str


def logical_lines(text: str) -> list[str]:
    """Dockerfile lines with `\\` continuations joined and comment lines removed."""
    lines: list[str] = []
    pending = ""
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1].rstrip() + " "
            continue
        lines.append(pending + stripped)
        pending = ""
    assert not pending, "a continuation runs off the end of the file"
    return lines


def parse_dockerfile(path: Path) -> list[Instruction]:
    instructions = []
    for line in logical_lines(path.read_text(encoding="utf-8")):
        keyword, _, value = line.partition(" ")
        instructions.append(Instruction(keyword.upper(), value.strip()))
    return instructions


def global_args(instructions: list[Instruction]) -> dict[str, str]:
    """ARG defaults declared before the first FROM: the only ones FROM may use."""
    args: dict[str, str] = {}
    for instruction in instructions:
        if instruction.keyword == "FROM":
            break
        if instruction.keyword == "ARG" and "=" in instruction.value:
            name, _, default = instruction.value.partition("=")
            args[name] = default
    return args


def base_images(instructions: list[Instruction]) -> list[str]:
    args = global_args(instructions)
    images = []
    for instruction in instructions:
        if instruction.keyword == "FROM":
            image = instruction.value.split()[0]
            images.append(ARG_REF.sub(lambda m: args[m.group(1) or m.group(2)], image))
    return images


def final_stage(instructions: list[Instruction]) -> list[Instruction]:
    last_from = max(i for i, instruction in enumerate(instructions) if instruction.keyword == "FROM")
    return instructions[last_from:]


@pytest.fixture
def dockerfile(service: PlatformService) -> list[Instruction]:
    path = service.folder / "Dockerfile"
    assert path.is_file()
    return parse_dockerfile(path)


def test_parser_joins_continuations_and_drops_comments() -> None:
    text = "# c\nFROM a AS b\nRUN one \\\n    # inner comment\n    two\n"
    assert logical_lines(text) == ["FROM a AS b", "RUN one two"]


def test_python_images_are_pinned_3_11_slim(dockerfile: list[Instruction]) -> None:
    images = base_images(dockerfile)
    python = [image for image in images if image.startswith("python:")]
    assert python, "no python base image"
    for image in python:
        tag = image.partition(":")[2]
        assert re.fullmatch(r"3\.11(\.\d+)?-slim(-\w+)?(@sha256:[0-9a-f]{64})?", tag), image
    assert images[-1] in python, "the runtime stage is the python image"


def test_uv_comes_from_a_pinned_image_or_pip(dockerfile: list[Instruction]) -> None:
    uv_images = [image for image in base_images(dockerfile) if image.startswith("ghcr.io/astral-sh/uv")]
    installs_uv = any(i.keyword == "RUN" and "pip install" in i.value and "uv" in i.value for i in dockerfile)
    assert uv_images or installs_uv
    for image in uv_images:
        assert re.fullmatch(r"ghcr\.io/astral-sh/uv:\d+\.\d+\.\d+", image), f"{image} is not pinned"


def test_dependencies_come_from_the_lock_file(
    dockerfile: list[Instruction], service: PlatformService
) -> None:
    syncs = [i.value for i in dockerfile if i.keyword == "RUN" and "uv sync" in i.value]
    assert syncs
    for sync in syncs:
        assert "--frozen" in sync.split()
        assert "--no-dev" in sync.split()
        assert f"--package {service.dist}" in sync


def test_runs_as_a_numeric_non_root_user(dockerfile: list[Instruction]) -> None:
    users = [i.value for i in final_stage(dockerfile) if i.keyword == "USER"]
    assert users, "the runtime stage sets no USER"
    uid = users[-1].partition(":")[0]
    assert uid.isdigit()
    assert int(uid) != 0


def test_exposes_the_service_port(dockerfile: list[Instruction], service: PlatformService) -> None:
    exposed = {port for i in dockerfile if i.keyword == "EXPOSE" for port in i.value.split()}
    assert str(service.port) in exposed


def test_entrypoint_runs_the_package(dockerfile: list[Instruction], service: PlatformService) -> None:
    (entrypoint,) = [i.value for i in final_stage(dockerfile) if i.keyword == "ENTRYPOINT"]
    assert json.loads(entrypoint) == ["python", "-m", service.package]


def test_entrypoint_package_exists(service: PlatformService) -> None:
    package = service.folder / "src" / service.package
    assert (package / "__main__.py").is_file(), f"{package}/__main__.py is missing: `python -m` needs it"


def test_service_distribution_name(service: PlatformService) -> None:
    pyproject = tomllib.loads((service.folder / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["name"] == service.dist


def test_extender_healthcheck_calls_healthz() -> None:
    instructions = parse_dockerfile(REPO_ROOT / "services" / "extender" / "Dockerfile")
    (healthcheck,) = [i.value for i in final_stage(instructions) if i.keyword == "HEALTHCHECK"]
    assert "http://127.0.0.1:8888/healthz" in healthcheck


def test_dockerignore_keeps_the_workspace_in_the_context() -> None:
    patterns = {
        line.strip()
        for line in (REPO_ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {".git", ".venv"} <= patterns
    assert not patterns & {*NEEDED_IN_CONTEXT, "*", "**"}


def test_intent_parser_image_installs_the_compiled_parser() -> None:
    """The parser's wheel is compiled by mypyc in the build stage (with a compiler there), and only there."""
    instructions = parse_dockerfile(REPO_ROOT / "services" / "intent-parser" / "Dockerfile")
    runtime = final_stage(instructions)
    build = instructions[: len(instructions) - len(runtime)]
    runs = [i.value for i in build if i.keyword == "RUN"]
    assert any("gcc" in run.split() for run in runs), "the build stage installs no C compiler"
    (wheels,) = [run for run in runs if "--no-editable" in run.split()]
    assert "HATCH_BUILD_HOOK_ENABLE_MYPYC=true" in wheels.split()
    hook = tomllib.loads((REPO_ROOT / "libs" / "intents" / "pyproject.toml").read_text(encoding="utf-8"))
    assert hook["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["enable-by-default"] is False
    assert not any("gcc" in i.value for i in runtime), "the runtime image carries a compiler"


def test_workspace_members_key_uv_builds_on_their_sources() -> None:
    """The images install workspace members as wheels with uv's cache mounted; uv reuses a cached
    wheel of a directory until a cache key changes, by default pyproject.toml alone, so an image built
    after editing only .py files would install the old code."""
    root = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = root["tool"]["uv"]["workspace"]["members"]
    members = [path for pattern in patterns for path in sorted(REPO_ROOT.glob(pattern))]
    assert len(members) >= 9
    for member in members:
        pyproject = tomllib.loads((member / "pyproject.toml").read_text(encoding="utf-8"))
        keys = pyproject.get("tool", {}).get("uv", {}).get("cache-keys", [])
        assert {"file": "src/**/*.py"} in keys, f"{member}: uv's build cache is not keyed on its sources"
        assert {"file": "pyproject.toml"} in keys, f"{member}: cache-keys replace the default; keep pyproject"
