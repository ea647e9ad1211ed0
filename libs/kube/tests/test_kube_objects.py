import pytest
from kube_fixtures import make_node, make_pod

from semsched_kube import ManifestError, OwnerIndex, is_terminal, node_from_k8s, pod_from_k8s


def test_node_from_k8s_reads_labels_allocatable_taints() -> None:
    obj = make_node(
        "gpu-1",
        cpu="7910m",
        memory="60Gi",
        pods="58",
        extra={"nvidia.com/gpu": "4", "amd.com/gpu": "2"},
        taints=[{"key": "gpu", "value": "true", "effect": "NoSchedule"}],
        unschedulable=True,
        annotations={"semsched.io/hourly-cost": "3.2"},
    )
    obj["metadata"]["resourceVersion"] = "42"
    node = node_from_k8s(obj)
    assert node.name == "gpu-1"
    assert node.labels["topology.kubernetes.io/zone"] == "zone-a"
    assert node.annotations == {"semsched.io/hourly-cost": "3.2"}
    assert node.allocatable.cpu == pytest.approx(7.91)
    assert node.allocatable.memory_gib == pytest.approx(60.0)
    assert node.allocatable.gpu == 6
    assert node.allocatable.pods == 58
    assert node.unschedulable
    assert [(t.key, t.value, t.effect) for t in node.taints] == [("gpu", "true", "NoSchedule")]
    assert node.resource_version == "42"


def test_node_falls_back_to_capacity() -> None:
    obj = make_node("n")
    obj["status"] = {"capacity": {"cpu": "2", "memory": "1Gi"}}
    assert node_from_k8s(obj).allocatable.cpu == 2


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda o: o["metadata"].update(labels={"a": True}), "quote it"),
        (lambda o: o["metadata"].pop("name"), "metadata.name is missing"),
        (lambda o: o["status"]["allocatable"].update(cpu="lots"), "invalid quantity"),
        (lambda o: o["spec"].update(taints=[{"key": "k", "effect": "Sometimes"}]), "effect"),
        (lambda o: o.update(kind="Pod"), "expected a Node"),
        (lambda o: o.update(spec=[1]), "expected a mapping"),
    ],
)
def test_malformed_node_raises(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    obj = make_node("n")
    mutate(obj)
    with pytest.raises(ManifestError, match=message):
        node_from_k8s(obj)


def _containers(*requests: dict[str, dict[str, str]]) -> list[dict[str, object]]:
    return [{"name": f"c{i}", "resources": r} for i, r in enumerate(requests)]


@pytest.mark.parametrize(
    ("spec", "cpu", "memory_gib", "gpu"),
    [
        (
            {
                "containers": _containers(
                    {"requests": {"cpu": "500m", "memory": "1Gi"}}, {"requests": {"cpu": "1"}}
                )
            },
            1.5,
            1.0,
            0,
        ),
        (
            {"containers": _containers({"limits": {"cpu": "2", "memory": "2Gi", "nvidia.com/gpu": "1"}})},
            2.0,
            2.0,
            1,
        ),
        (
            {
                "containers": _containers(
                    {"requests": {"cpu": "1"}, "limits": {"cpu": "4", "memory": "512Mi"}}
                )
            },
            1.0,
            0.5,
            0,
        ),
        (
            {
                "containers": _containers({"requests": {"cpu": "1", "memory": "1Gi"}}),
                "initContainers": _containers({"requests": {"cpu": "3", "memory": "256Mi"}}),
            },
            3.0,
            1.0,
            0,
        ),
        (
            {
                "containers": _containers({"requests": {"cpu": "1"}}),
                "initContainers": [
                    {
                        "name": "sidecar",
                        "restartPolicy": "Always",
                        "resources": {"requests": {"cpu": "500m"}},
                    },
                    {"name": "init", "resources": {"requests": {"cpu": "1"}}},
                ],
            },
            1.5,
            0.0,
            0,
        ),
        (
            {
                "containers": _containers({"requests": {"cpu": "1"}}),
                "overhead": {"cpu": "250m", "memory": "128Mi"},
            },
            1.25,
            0.125,
            0,
        ),
        ({"containers": [{"name": "bare"}]}, 0.0, 0.0, 0),
    ],
)
def test_pod_requests(spec: dict[str, object], cpu: float, memory_gib: float, gpu: float) -> None:
    pod = pod_from_k8s({"kind": "Pod", "metadata": {"name": "p"}, "spec": spec})
    assert pod.requests.cpu == pytest.approx(cpu)
    assert pod.requests.memory_gib == pytest.approx(memory_gib)
    assert pod.requests.gpu == gpu
    assert pod.requests.pods == 1


def test_pod_fields() -> None:
    obj = make_pod("web-1", node="n1", namespace="shop", labels={"app": "web"}, phase="Running")
    obj["metadata"].update(uid="abc", annotations={"semsched.io/hint": "near redis"}, resourceVersion="7")
    pod = pod_from_k8s(obj)
    assert (pod.namespace, pod.name, pod.uid, pod.node, pod.phase) == (
        "shop",
        "web-1",
        "abc",
        "n1",
        "Running",
    )
    assert pod.hint == "near redis"
    assert pod.labels == {"app": "web"}
    assert pod.workload == "app/shop/web"
    assert pod.resource_version == "7"
    assert pod_from_k8s(make_pod("p")).phase == "Pending"


RS = {
    "kind": "ReplicaSet",
    "metadata": {
        "name": "web-5d8f",
        "namespace": "shop",
        "ownerReferences": [{"kind": "Deployment", "name": "web", "controller": True}],
    },
}


@pytest.mark.parametrize(
    ("owner", "labels", "index", "workload"),
    [
        (("ReplicaSet", "web-5d8f"), {"app": "x"}, [RS], "Deployment/shop/web"),
        (("ReplicaSet", "web-5d8f"), {"app": "x"}, [], "ReplicaSet/shop/web-5d8f"),
        (("ReplicaSet", "web-5d8f"), {}, None, "ReplicaSet/shop/web-5d8f"),
        (("StatefulSet", "pg"), {}, [RS], "StatefulSet/shop/pg"),
        (("Job", "etl"), {}, None, "Job/shop/etl"),
        (None, {"app.kubernetes.io/name": "cache"}, None, "app/shop/cache"),
        (None, {"app": "redis", "app.kubernetes.io/name": "cache"}, None, "app/shop/redis"),
        (None, {"tier": "x"}, None, None),
    ],
)
def test_workload_identity(owner, labels, index, workload) -> None:  # type: ignore[no-untyped-def]
    owners = None if index is None else OwnerIndex(index)
    pod = pod_from_k8s(make_pod("p", namespace="shop", labels=labels, owner=owner), owners)
    assert pod.workload == workload


def test_non_controller_owner_is_not_the_workload() -> None:
    obj = make_pod("p", labels={"app": "a"})
    obj["metadata"]["ownerReferences"] = [{"kind": "ReplicaSet", "name": "rs", "controller": False}]
    assert pod_from_k8s(obj).workload == "app/default/a"


@pytest.mark.parametrize(
    ("phase", "terminal"), [("Succeeded", True), ("Failed", True), ("Running", False), (None, False)]
)
def test_is_terminal(phase: str | None, terminal: bool) -> None:
    assert is_terminal(make_pod("p", phase=phase)) is terminal


def test_malformed_pod_container_raises_with_path() -> None:
    obj = make_pod("p")
    obj["spec"]["containers"] = ["nginx"]
    with pytest.raises(ManifestError, match=r"Pod default/p: spec.containers\[0\]: expected a mapping"):
        pod_from_k8s(obj)
