"""Every scenario's files load, and the baseline is the hinted workload with a native expression."""

from __future__ import annotations

import copy
from collections.abc import Mapping

import pytest

from evals.scenarios.scenario import Cluster, Scenario, Workload, hint_of, parse_intents, scenarios
from semsched_cli.simulate import K8sObject
from semsched_kube.snapshot import load_objects, load_snapshot

ALL = scenarios()
NATIVE_FIELDS = ("affinity", "topologySpreadConstraints")


def _ids(scenario: Scenario) -> str:
    return scenario.key


def _pod_template(obj: dict[str, object]) -> dict[str, object]:
    """The part that describes the pod: the Pod itself or a controller's template."""
    spec = obj.get("spec")
    template = spec.get("template") if isinstance(spec, dict) and obj.get("kind") != "Pod" else None
    return template if isinstance(template, dict) else obj


def _without_expression(obj: Mapping[str, object]) -> dict[str, object]:
    """The object without its hint and its native placement fields."""
    out = copy.deepcopy(dict(obj))
    pod = _pod_template(out)
    meta, spec = pod.get("metadata"), pod.get("spec")
    if isinstance(meta, dict):
        annotations = meta.pop("annotations", {})
        annotations.pop("semsched.io/hint", None)
        if annotations:
            meta["annotations"] = annotations
    if isinstance(spec, dict):
        for key in NATIVE_FIELDS:
            spec.pop(key, None)
    return out


def _replicas(objects: list[K8sObject]) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for obj in objects:
        meta, spec = obj.get("metadata"), obj.get("spec")
        assert isinstance(meta, dict) and isinstance(spec, dict)
        out.append((obj.get("kind"), meta.get("namespace"), meta.get("name"), spec.get("replicas", 1)))
    return out


@pytest.mark.parametrize("scenario", ALL, ids=_ids)
def test_the_cluster_is_a_small_realistic_snapshot(scenario: Scenario) -> None:
    snap = load_snapshot(scenario.cluster)
    assert 5 <= len(snap.nodes) <= 20
    cluster = Cluster.load(scenario.cluster)
    assert cluster.bound, "some pods already run"
    zones = {n.labels.get("topology.kubernetes.io/zone") for n in cluster.nodes.values()}
    assert None not in zones and len(zones) >= 2
    assert all(n.allocatable.cpu > 0 and n.allocatable.memory_gib > 0 for n in cluster.nodes.values())


@pytest.mark.parametrize("scenario", ALL, ids=_ids)
def test_the_baseline_is_the_same_workload_without_hints(scenario: Scenario) -> None:
    hinted, native = load_objects(scenario.pods), load_objects(scenario.baseline)
    assert _replicas(hinted) == _replicas(native)
    assert [_without_expression(o) for o in hinted] == [_without_expression(o) for o in native]
    ours, theirs = Workload.load(scenario.pods), Workload.load(scenario.baseline)
    assert len(ours.pods) == len(theirs.pods)
    assert all(hint_of(p) for p in ours.pods)
    assert not any(hint_of(p) for p in theirs.pods)


@pytest.mark.parametrize("scenario", [s for s in ALL if s.key != "E"], ids=_ids)
def test_the_baseline_states_the_wish_natively(scenario: Scenario) -> None:
    text = scenario.baseline.read_text()
    assert any(field in text for field in NATIVE_FIELDS)


@pytest.mark.parametrize("scenario", ALL, ids=_ids)
def test_every_hint_asks_for_something_and_each_scenario_has_a_readme(scenario: Scenario) -> None:
    intents = parse_intents(Cluster.load(scenario.cluster), Workload.load(scenario.pods))
    assert all(intents)
    assert (scenario.directory / "README.md").is_file()
