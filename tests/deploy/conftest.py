"""Fixtures for the offline checks of the deployment files; the loaders live in deploy_support."""

from __future__ import annotations

from typing import Any

import pytest
from deploy_support import (
    INFRA,
    K8S_VERSIONS,
    PLATFORM,
    REPO_ROOT,
    Lookup,
    Manifest,
    load_manifests,
    load_yaml,
)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise over data known at collection time: manifests, services and Kubernetes versions."""
    if "manifest" in metafunc.fixturenames:
        manifests = load_manifests()
        metafunc.parametrize("manifest", manifests, ids=[m.id for m in manifests])
    if "service" in metafunc.fixturenames:
        metafunc.parametrize("service", PLATFORM, ids=[s.slug for s in PLATFORM])
    if "k8s_version" in metafunc.fixturenames:
        metafunc.parametrize("k8s_version", K8S_VERSIONS)


@pytest.fixture(scope="session")
def manifests() -> list[Manifest]:
    return load_manifests()


@pytest.fixture(scope="session")
def compose() -> dict[str, Any]:
    return load_yaml(REPO_ROOT / "compose.yaml")


@pytest.fixture(scope="session")
def scheduler_config() -> dict[str, Any]:
    return load_yaml(INFRA / "scheduler" / "kube-scheduler-config.yaml")


@pytest.fixture(scope="session")
def semsched_config(manifests: list[Manifest]) -> dict[str, str]:
    """The data of the ConfigMap every service reads its settings from."""
    found = [m for m in manifests if m.kind == "ConfigMap" and m.name == "semsched-config"]
    assert len(found) == 1, "exactly one ConfigMap semsched-config"
    data: dict[str, str] = found[0].body["data"]
    return data


@pytest.fixture(scope="session")
def lookup(manifests: list[Manifest]) -> Lookup:
    return Lookup(manifests)
