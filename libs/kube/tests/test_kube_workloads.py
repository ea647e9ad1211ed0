import re
from collections.abc import Iterable
from typing import Any

import pytest

from semsched_kube import K8sObject, ManifestError, OwnerIndex, expand_workloads, pod_from_k8s

TEMPLATE = {
    "metadata": {"labels": {"app": "web"}, "annotations": {"semsched.io/hint": "keep them together"}},
    "spec": {"containers": [{"name": "web", "image": "nginx", "resources": {"requests": {"cpu": "100m"}}}]},
}


def _deployment(
    name: str = "web", replicas: int | None = 20, namespace: str | None = "shop"
) -> dict[str, object]:
    meta: dict[str, object] = {"name": name}
    if namespace:
        meta["namespace"] = namespace
    spec: dict[str, object] = {"selector": {"matchLabels": {"app": "web"}}, "template": TEMPLATE}
    if replicas is not None:
        spec["replicas"] = replicas
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": meta, "spec": spec}


def _expand(objs: Iterable[K8sObject]) -> list[Any]:
    """Expanded objects, typed loosely so tests can index nested JSON."""
    return list(expand_workloads(objs))


def _pods(objs: list[Any]) -> list[Any]:
    return [o for o in objs if o["kind"] == "Pod"]


def test_deployment_expands_to_replicaset_and_pods() -> None:
    objs = _expand([_deployment()])
    kinds = [o["kind"] for o in objs]
    assert kinds[:2] == ["Deployment", "ReplicaSet"] and kinds.count("Pod") == 20
    rs = objs[1]
    assert re.fullmatch(r"web-[bcdfghjklmnpqrstvwxz2456789]{10}", rs["metadata"]["name"])
    pods = _pods(objs)
    names = [p["metadata"]["name"] for p in pods]
    assert len(set(names)) == 20
    assert all(re.fullmatch(rf"{rs['metadata']['name']}-[a-z0-9]{{5}}", n) for n in names)
    assert names == [p["metadata"]["name"] for p in _pods(_expand([_deployment()]))]  # deterministic
    pod = pods[0]
    assert pod["metadata"]["namespace"] == "shop"
    assert pod["metadata"]["labels"]["app"] == "web"
    assert pod["metadata"]["labels"]["pod-template-hash"] == rs["metadata"]["labels"]["pod-template-hash"]
    assert pod["metadata"]["annotations"]["semsched.io/hint"] == "keep them together"
    ref = pod["metadata"]["ownerReferences"][0]
    assert (ref["kind"], ref["name"], ref["controller"]) == ("ReplicaSet", rs["metadata"]["name"], True)
    stamps = [p["metadata"]["creationTimestamp"] for p in pods]
    assert stamps == sorted(stamps) and len(set(stamps)) == 20
    uids = {p["metadata"]["uid"] for p in pods}
    assert len(uids) == 20


def test_owner_index_follows_replicaset_to_deployment() -> None:
    objs = _expand([_deployment()])
    owners = OwnerIndex(o for o in objs if o["kind"] != "Pod")
    pods = _pods(objs)
    assert {owners.workload_of(p) for p in pods} == {"Deployment/shop/web"}
    assert pod_from_k8s(pods[0], owners).workload == "Deployment/shop/web"
    # without the index, the pod-template-hash label still names the Deployment
    assert pod_from_k8s(pods[0]).workload == "Deployment/shop/web"


def test_template_change_changes_hash() -> None:
    other: dict[str, Any] = _deployment()
    other["spec"] = {
        **other["spec"],
        "template": {**TEMPLATE, "metadata": {"labels": {"app": "web", "v": "2"}}},
    }
    assert _expand([_deployment()])[1]["metadata"]["name"] != _expand([other])[1]["metadata"]["name"]


@pytest.mark.parametrize(
    ("obj", "names"),
    [
        (
            {
                "kind": "StatefulSet",
                "metadata": {"name": "pg"},
                "spec": {"replicas": 3, "serviceName": "pg", "template": TEMPLATE},
            },
            ["pg-0", "pg-1", "pg-2"],
        ),
        ({"kind": "Deployment", "metadata": {"name": "one"}, "spec": {"template": TEMPLATE}}, None),
    ],
)
def test_statefulset_and_defaults(obj: dict[str, object], names: list[str] | None) -> None:
    pods = _pods(_expand([obj]))
    if names is not None:
        assert [p["metadata"]["name"] for p in pods] == names
        assert pods[1]["metadata"]["labels"]["statefulset.kubernetes.io/pod-name"] == "pg-1"
        assert pods[1]["spec"]["hostname"] == "pg-1" and pods[1]["spec"]["subdomain"] == "pg"
    else:
        assert len(pods) == 1  # replicas defaults to 1
    assert all(p["metadata"]["namespace"] == "default" for p in pods)


@pytest.mark.parametrize(
    ("spec", "n"), [({}, 1), ({"parallelism": 4}, 4), ({"parallelism": 4, "completions": 2}, 2)]
)
def test_job_parallelism(spec: dict[str, int], n: int) -> None:
    job = {
        "kind": "Job",
        "metadata": {"name": "etl", "namespace": "batch"},
        "spec": {**spec, "template": TEMPLATE},
    }
    pods = _pods(_expand([job]))
    assert len(pods) == n
    for pod in pods:
        assert re.fullmatch(r"etl-[a-z0-9]{5}", pod["metadata"]["name"])
        assert pod["metadata"]["labels"]["job-name"] == "etl"
        assert pod["metadata"]["labels"]["batch.kubernetes.io/job-name"] == "etl"
        assert pod_from_k8s(pod).workload == "Job/batch/etl"


def test_indexed_job_names() -> None:
    job = {
        "kind": "Job",
        "metadata": {"name": "ix"},
        "spec": {"parallelism": 2, "completionMode": "Indexed", "template": TEMPLATE},
    }
    pods = _pods(_expand([job]))
    assert [p["metadata"]["name"][:5] for p in pods] == ["ix-0-", "ix-1-"]


def test_pods_and_other_kinds_pass_through_in_order() -> None:
    bare = {"kind": "Pod", "metadata": {"name": "solo"}, "spec": {"containers": []}}
    svc = {"kind": "Service", "metadata": {"name": "svc"}}
    objs = _expand([bare, svc, _deployment(replicas=2)])
    assert [o["kind"] for o in objs] == ["Pod", "Service", "Deployment", "ReplicaSet", "Pod", "Pod"]
    assert objs[0]["metadata"]["namespace"] == "default" and objs[0]["metadata"]["uid"]
    assert objs[1] is svc


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (
            {"kind": "Deployment", "metadata": {"name": "d"}, "spec": {"replicas": 2}},
            "spec.template.spec is missing",
        ),
        (
            {"kind": "Deployment", "metadata": {"name": "d"}, "spec": {"replicas": -1, "template": TEMPLATE}},
            "replicas must be >= 0",
        ),
        (
            {
                "kind": "Deployment",
                "metadata": {"name": "d"},
                "spec": {"replicas": "3", "template": TEMPLATE},
            },
            "expected an integer",
        ),
        ({"kind": "Job", "metadata": {}, "spec": {"template": TEMPLATE}}, "metadata.name is missing"),
    ],
)
def test_malformed_controllers(obj: dict[str, object], message: str) -> None:
    with pytest.raises(ManifestError, match=message):
        _expand([obj])
