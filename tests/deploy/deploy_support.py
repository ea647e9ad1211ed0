"""Loaders and facts shared by the offline checks of the deployment files (tests/deploy/).

No Docker engine and no cluster exist on the build machines, so compose.yaml, the Dockerfiles and the
Kubernetes manifests in infra/ are checked as files: parsed, validated against the published schemas
that ship inside PyPI wheels (kubernetes-validate, check-jsonschema), and cross-checked against each other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
INFRA = REPO_ROOT / "infra"
# Oldest Kubernetes minor we support, and the newest whose schemas the installed wheel ships.
K8S_VERSIONS = ("1.31.0", "latest")


@dataclass(frozen=True)
class PlatformService:
    """One semsched service as the deployment files must know it."""

    slug: str
    package: str
    port: int

    @property
    def dist(self) -> str:
        return f"semsched-{self.slug}"

    @property
    def env_prefix(self) -> str:
        return self.slug.upper().replace("-", "_") + "_"

    @property
    def folder(self) -> Path:
        return REPO_ROOT / "services" / self.slug


PLATFORM = (
    PlatformService("state-cache", "semsched_state_cache", 9101),
    PlatformService("intent-parser", "semsched_intent_parser", 9102),
    PlatformService("scorer", "semsched_scorer", 9103),
    PlatformService("extender", "semsched_extender", 8888),
)

# Every environment variable a deployment file may set for a semsched service: the shared settings
# (semsched_core.settings.CommonSettings) and the services' own.
KNOWN_ENV = frozenset(
    {
        "SEMSCHED_NATS_URL",
        "SEMSCHED_NATS_CONNECT_TIMEOUT_S",
        "SEMSCHED_LOG_FORMAT",
        "SEMSCHED_LOG_LEVEL",
        "SEMSCHED_OTEL_EXPORTER_OTLP_ENDPOINT",
        "SEMSCHED_KV_MAX_VALUE_BYTES",
        "STATE_CACHE_SOURCE",
        "STATE_CACHE_SNAPSHOT_PATH",
        "STATE_CACHE_KUBECONFIG",
        "STATE_CACHE_TENTATIVE_TTL_S",
        "STATE_CACHE_METRICS_PORT",
        "INTENT_PARSER_BACKEND",
        "INTENT_PARSER_LLM_BASE_URL",
        "INTENT_PARSER_LLM_MODEL",
        "INTENT_PARSER_HYBRID_THRESHOLD",
        "INTENT_PARSER_METRICS_PORT",
        "INTENT_PARSER_READER_DIR",
        "SCORER_METRICS_PORT",
        "EXTENDER_HOST",
        "EXTENDER_PORT",
        "EXTENDER_SYNC_DEADLINE_MS",
        "EXTENDER_WORKERS",
    }
)


@dataclass(frozen=True)
class Manifest:
    """One YAML document of infra/."""

    path: Path
    index: int
    body: dict[str, Any]

    @property
    def kind(self) -> str:
        return str(self.body["kind"])

    @property
    def name(self) -> str:
        return str(self.body["metadata"]["name"])

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(INFRA)}#{self.index}:{self.kind}/{self.name}"


def load_yaml(path: Path) -> dict[str, Any]:
    body = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(body, dict), f"{path} is not a YAML mapping"
    return body


def manifest_paths() -> list[Path]:
    """The cluster objects: every YAML file of infra/ but kustomize's own and the scheduler's config."""
    paths = sorted(INFRA.rglob("*.yaml"))
    return [p for p in paths if p.name != "kustomization.yaml" and "scheduler" not in p.parts]


def load_manifests() -> list[Manifest]:
    manifests: list[Manifest] = []
    for path in manifest_paths():
        docs = yaml.safe_load_all(path.read_text(encoding="utf-8"))
        manifests.extend(Manifest(path, i, doc) for i, doc in enumerate(docs) if doc)
    return manifests


def iter_containers(pod_spec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield from pod_spec.get("initContainers", [])
    yield from pod_spec["containers"]


def find(manifests: list[Manifest], kind: str, name: str) -> dict[str, Any]:
    found = [m.body for m in manifests if m.kind == kind and m.name == name]
    assert len(found) == 1, f"expected exactly one {kind}/{name}, found {len(found)}"
    return found[0]


@dataclass(frozen=True)
class Lookup:
    """Finds one object of infra/ by kind and name, failing the test when it is missing or doubled."""

    manifests: list[Manifest]

    def __call__(self, kind: str, name: str) -> dict[str, Any]:
        return find(self.manifests, kind, name)

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return [m.body for m in self.manifests if m.kind == kind]


def settings_files() -> list[Path]:
    """Where the settings classes live: the shared one in libs/core and one per service."""
    shared = REPO_ROOT / "libs" / "core" / "src" / "semsched_core" / "settings.py"
    return [shared, *(service.folder / "src" / service.package / "settings.py" for service in PLATFORM)]


def env_prefix_of(cls: ast.ClassDef) -> str | None:
    """The `env_prefix` of a pydantic-settings class's `model_config = SettingsConfigDict(...)`."""
    for stmt in cls.body:
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
            continue
        if not any(isinstance(target, ast.Name) and target.id == "model_config" for target in stmt.targets):
            continue
        for keyword in stmt.value.keywords:
            if keyword.arg == "env_prefix" and isinstance(keyword.value, ast.Constant):
                return str(keyword.value.value)
    return None


def declared_env_names(path: Path) -> set[str]:
    """Environment variables the settings classes of one module read, found without importing it."""
    names: set[str] = set()
    for cls in (
        node for node in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(node, ast.ClassDef)
    ):
        prefix = env_prefix_of(cls)
        if prefix is None:
            continue
        fields = (
            stmt.target.id
            for stmt in cls.body
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
        )
        names |= {prefix + field.upper() for field in fields}
    return names


def undeclared_settings(names: set[str]) -> set[str]:
    """The names no settings class reads: a typo, or a service whose settings.py is not written yet."""
    declared = set().union(*(declared_env_names(path) for path in settings_files() if path.is_file()))
    return names - declared
