"""compose.yaml: valid against the Compose Specification's JSON schema, offline, and wired as designed.

The schema is the compose-spec one that check-jsonschema vendors in its wheel (builtin_schemas/vendor).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no py.typed and no stubs in the dev group
from deploy_support import KNOWN_ENV, PLATFORM, REPO_ROOT, PlatformService, undeclared_settings

THIRD_PARTY = ("nats", "qdrant", "vllm")
DEPENDENCY_CONDITIONS = {"service_started", "service_healthy", "service_completed_successfully"}


def compose_schema() -> dict[str, Any]:
    path = resources.files("check_jsonschema") / "builtin_schemas" / "vendor" / "compose-spec.json"
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def test_compose_file_matches_the_compose_spec(compose: dict[str, Any]) -> None:
    schema = compose_schema()
    validator = jsonschema.Draft202012Validator(schema)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(compose)]
    assert errors == []


def test_compose_spec_rejects_an_unknown_service_key() -> None:
    validator = jsonschema.Draft202012Validator(compose_schema())
    assert not validator.is_valid({"services": {"x": {"image": "x", "imagez": "y"}}})


def test_every_service_is_present(compose: dict[str, Any]) -> None:
    expected = {*THIRD_PARTY, *(service.slug for service in PLATFORM)}
    assert set(compose["services"]) == expected


def test_service_is_built_from_its_dockerfile_at_the_repo_root(
    compose: dict[str, Any], service: PlatformService
) -> None:
    build = compose["services"][service.slug]["build"]
    assert build["context"] == "."
    assert build["dockerfile"] == f"services/{service.slug}/Dockerfile"
    assert (REPO_ROOT / build["dockerfile"]).is_file()


def environment_of(compose: dict[str, Any], slug: str) -> dict[str, str]:
    environment = compose["services"][slug].get("environment", {})
    assert isinstance(environment, dict), "environment is written as a mapping"
    return environment


def test_service_sets_only_known_settings(compose: dict[str, Any], service: PlatformService) -> None:
    names = set(environment_of(compose, service.slug))
    assert names <= KNOWN_ENV
    assert all(name.startswith(("SEMSCHED_", service.env_prefix)) for name in names)
    assert "SEMSCHED_NATS_URL" in names


def test_service_settings_are_read_by_the_services(compose: dict[str, Any], service: PlatformService) -> None:
    assert undeclared_settings(set(environment_of(compose, service.slug))) == set()


def test_services_find_nats_by_its_compose_name(compose: dict[str, Any], service: PlatformService) -> None:
    assert environment_of(compose, service.slug)["SEMSCHED_NATS_URL"] == "nats://nats:4222"


def test_dependencies_exist_and_wait_for_health(compose: dict[str, Any]) -> None:
    services = compose["services"]
    for name, spec in services.items():
        for target, rule in spec.get("depends_on", {}).items():
            assert target in services, f"{name} depends on unknown {target}"
            assert rule["condition"] in DEPENDENCY_CONDITIONS
            if rule["condition"] == "service_healthy":
                assert "healthcheck" in services[target], f"{target} has no healthcheck to wait for"


def test_platform_waits_for_a_healthy_nats(compose: dict[str, Any], service: PlatformService) -> None:
    assert compose["services"][service.slug]["depends_on"]["nats"]["condition"] == "service_healthy"


def test_nats_runs_jetstream_with_monitoring(compose: dict[str, Any]) -> None:
    nats = compose["services"]["nats"]
    command = nats["command"]
    assert "-js" in command
    store = command[command.index("-sd") + 1]
    assert command[command.index("-m") + 1] == "8222"
    assert any(volume.endswith(f":{store}") for volume in nats["volumes"])
    assert any("8222/healthz" in part for part in nats["healthcheck"]["test"])


def published_ports(compose: dict[str, Any]) -> list[str]:
    return [port for spec in compose["services"].values() for port in spec.get("ports", [])]


def test_extender_is_published_on_loopback(compose: dict[str, Any]) -> None:
    assert compose["services"]["extender"]["ports"] == ["127.0.0.1:8888:8888"]
    assert environment_of(compose, "extender")["EXTENDER_PORT"] == "8888"


def test_nothing_is_published_beyond_loopback(compose: dict[str, Any]) -> None:
    ports = published_ports(compose)
    assert ports
    assert all(port.startswith("127.0.0.1:") for port in ports)


def test_vllm_is_an_optional_gpu_profile(compose: dict[str, Any]) -> None:
    vllm = compose["services"]["vllm"]
    assert vllm["profiles"] == ["llm"]
    (device,) = vllm["deploy"]["resources"]["reservations"]["devices"]
    assert "gpu" in device["capabilities"]
    for name, spec in compose["services"].items():
        rule = spec.get("depends_on", {}).get("vllm")
        assert rule is None or rule["required"] is False, f"{name} would need --profile llm"


def test_intent_parser_points_at_vllm(compose: dict[str, Any]) -> None:
    environment = environment_of(compose, "intent-parser")
    assert environment["INTENT_PARSER_LLM_BASE_URL"] == "http://vllm:8000/v1"
    assert environment["INTENT_PARSER_BACKEND"].endswith(":-cpu}"), "CPU parser unless told otherwise"


def snapshot_mount(compose: dict[str, Any]) -> dict[str, Any]:
    (mount,) = compose["services"]["state-cache"]["volumes"]
    assert isinstance(mount, dict)
    return mount


def test_state_cache_reads_the_snapshot_it_mounts(compose: dict[str, Any]) -> None:
    mount = snapshot_mount(compose)
    assert (mount["type"], mount["read_only"]) == ("bind", True)
    environment = environment_of(compose, "state-cache")
    assert environment["STATE_CACHE_SOURCE"].endswith(":-snapshot}")
    assert environment["STATE_CACHE_SNAPSHOT_PATH"] == mount["target"]


def test_demo_snapshot_exists(compose: dict[str, Any]) -> None:
    source = snapshot_mount(compose)["source"]
    assert source == "./examples/demo/cluster.yaml"
    assert (REPO_ROOT / source).is_file(), "the demo cluster snapshot is missing"
