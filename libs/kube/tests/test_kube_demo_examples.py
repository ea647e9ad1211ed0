"""The demo's example files load, expand and schedule with the emulator."""

from pathlib import Path
from typing import Any

from semsched_kube import (
    OwnerIndex,
    SchedulerEmulator,
    context_from_cluster,
    expand_workloads,
    load_objects,
    load_snapshot,
    node_from_k8s,
    pod_from_k8s,
)

DEMO = Path(__file__).resolve().parents[3] / "examples" / "demo"


def test_demo_cluster_context() -> None:
    snap = load_snapshot(DEMO / "cluster.yaml")
    nodes = [node_from_k8s(n) for n in snap.nodes]
    ctx = context_from_cluster(nodes, [pod_from_k8s(p) for p in snap.pods], name="demo")
    assert 9 <= len(nodes) <= 12
    assert ctx.zones == ["zone-a", "zone-b", "zone-c"]
    assert {"redis", "postgres", "kafka", "frontend"} <= set(ctx.apps)
    assert ctx.node_labels["disktype"] == ["hdd", "ssd"]
    assert "a100" in ctx.gpu_models and ctx.datasets
    assert all(p["spec"]["nodeName"] for p in snap.pods)  # type: ignore[index]


def test_demo_pods_have_hints_and_schedule() -> None:
    snap = load_snapshot(DEMO / "cluster.yaml")
    objs = expand_workloads(load_objects(DEMO / "pods.yaml"))
    owners = OwnerIndex(o for o in objs if o["kind"] != "Pod")
    pods: list[Any] = [o for o in objs if o["kind"] == "Pod"]
    states = [pod_from_k8s(p, owners) for p in pods]
    assert len(pods) == 20 + 3 + 5
    assert sum(1 for s in states if s.hint is None) == 1
    assert {s.workload for s in states if s.name.startswith("edge-cache")} == {
        "Deployment/default/edge-cache"
    }
    sched = SchedulerEmulator(snap.nodes, snap.pods, owners=owners)
    replicas = [p for p in pods if p["metadata"]["name"].startswith("edge-cache")]
    for pod in replicas:  # all 20 replicas fit on one general node, beside what runs there
        assert "node-1" in sched.filter(pod).feasible
        sched.assume(pod, "node-1")
    assert sched.filter(next(p for p in pods if p["metadata"]["name"] == "trainer")).feasible == [
        "node-7",
        "node-8",
        "node-10",
    ]
    assert all(sched.schedule(p) is not None for p in pods if p not in replicas)
