"""infra/scheduler/kube-scheduler-config.yaml: the extender registration exactly as kube-extender.md says.

KubeSchedulerConfiguration is a component config, not an API object, so no Kubernetes JSON schema covers
it; these checks stand in for kube-scheduler's own validation of the fields semsched relies on.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from deploy_support import Lookup

# Go's time.ParseDuration units, in seconds.
GO_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}
GO_TERM = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)")
DEFAULT_EXTENDER_TIMEOUT_S = 5.0
CONFIG_FIELDS = {
    "apiVersion",
    "kind",
    "parallelism",
    "leaderElection",
    "clientConnection",
    "healthzBindAddress",
    "metricsBindAddress",
    "enableProfiling",
    "enableContentionProfiling",
    "percentageOfNodesToScore",
    "podInitialBackoffSeconds",
    "podMaxBackoffSeconds",
    "profiles",
    "extenders",
    "delayCacheUntilActive",
}
EXTENDER_FIELDS = {
    "urlPrefix",
    "filterVerb",
    "preemptVerb",
    "prioritizeVerb",
    "bindVerb",
    "weight",
    "enableHTTPS",
    "tlsConfig",
    "httpTimeout",
    "nodeCacheCapable",
    "managedResources",
    "ignorable",
}
EXPECTED_EXTENDER = {
    "urlPrefix": "http://semsched-extender.semsched.svc:8888",
    "prioritizeVerb": "prioritize",
    "weight": 10,
    "nodeCacheCapable": True,
    "ignorable": True,
    "httpTimeout": "300ms",
}


def parse_go_duration(text: str) -> float:
    """Seconds in a Go duration string ("300ms", "1m30s"); ValueError when Go would reject it."""
    sign = -1.0 if text.startswith("-") else 1.0
    body = text.lstrip("+-")
    if body == "0":
        return 0.0
    terms = GO_TERM.findall(body)
    if not body or "".join(number + unit for number, unit in terms) != body:
        raise ValueError(f"not a Go duration: {text!r}")
    return sign * sum(float(number) * GO_UNITS[unit] for number, unit in terms)


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("300ms", 0.3), ("1m30s", 90.0), ("1.5h", 5400.0), ("0", 0.0), ("-2s", -2.0), ("250us", 250e-6)],
)
def test_go_duration_parser_accepts(text: str, seconds: float) -> None:
    assert parse_go_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "300", "ms", "3 s", "1d", "5s ", "1.2.3s"])
def test_go_duration_parser_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_go_duration(text)


def the_extender(config: dict[str, Any]) -> dict[str, Any]:
    (extender,) = config["extenders"]
    assert isinstance(extender, dict)
    return extender


def test_config_kind_and_fields(scheduler_config: dict[str, Any]) -> None:
    assert scheduler_config["apiVersion"] == "kubescheduler.config.k8s.io/v1"
    assert scheduler_config["kind"] == "KubeSchedulerConfiguration"
    assert set(scheduler_config) <= CONFIG_FIELDS


def test_profile_names_the_second_scheduler(scheduler_config: dict[str, Any]) -> None:
    names = [profile["schedulerName"] for profile in scheduler_config["profiles"]]
    assert names == ["semsched-scheduler"]


def test_leader_election_uses_its_own_lease(scheduler_config: dict[str, Any]) -> None:
    election = scheduler_config["leaderElection"]
    assert election["resourceName"] == "semsched-scheduler"
    lease, renew, retry = (
        parse_go_duration(election[k]) for k in ("leaseDuration", "renewDeadline", "retryPeriod")
    )
    assert lease > renew > retry > 0


def test_extender_registration_is_exact(scheduler_config: dict[str, Any]) -> None:
    extender = the_extender(scheduler_config)
    assert set(extender) <= EXTENDER_FIELDS
    assert extender == EXPECTED_EXTENDER


def test_extender_rules_of_kube_scheduler(scheduler_config: dict[str, Any]) -> None:
    extender = the_extender(scheduler_config)
    if extender.get("prioritizeVerb"):
        assert isinstance(extender["weight"], int)
        assert extender["weight"] > 0
    assert extender["nodeCacheCapable"] is True
    assert extender["ignorable"] is True
    # A filter timeout fails the pod and ignorable is not honoured on bind: neither is registered.
    assert not {"bindVerb", "filterVerb", "preemptVerb"} & extender.keys()


def test_http_timeout_leaves_room_for_the_sync_deadline(
    scheduler_config: dict[str, Any], semsched_config: dict[str, str]
) -> None:
    timeout_s = parse_go_duration(the_extender(scheduler_config)["httpTimeout"])
    deadline_s = int(semsched_config["EXTENDER_SYNC_DEADLINE_MS"]) / 1000
    assert 0 < deadline_s < timeout_s < DEFAULT_EXTENDER_TIMEOUT_S


def test_url_prefix_names_the_extender_service(scheduler_config: dict[str, Any], lookup: Lookup) -> None:
    url = urlsplit(the_extender(scheduler_config)["urlPrefix"])
    service = lookup("Service", "semsched-extender")
    assert url.scheme == "http"
    assert url.hostname == f"{service['metadata']['name']}.{service['metadata']['namespace']}.svc"
    assert url.port in {port["port"] for port in service["spec"]["ports"]}
    assert url.path in {"", "/"}
