"""Table-driven tests of the independent intent checks on a tiny made-up cluster."""

from __future__ import annotations

import pytest

from evals.scenarios.checks import CheckInput, ClusterView, allowed_zones, satisfied
from semsched_proto import Intent, NodeState, PodState, Resources, Taint


def node(name: str, zone: str, cpu: float, mem: float, gpu: float = 0, labels: dict[str, str] | None = None
         ) -> NodeState:  # fmt: skip
    all_labels = {"topology.kubernetes.io/zone": zone, "kubernetes.io/arch": "amd64", **(labels or {})}
    taints = [Taint(key="nvidia.com/gpu", value="present", effect="NoSchedule")] if gpu else []
    return NodeState(name=name, labels=all_labels, allocatable=Resources(cpu=cpu, memory_gib=mem, gpu=gpu),
                     taints=taints)  # fmt: skip


def pod(name: str, node_name: str | None, app: str, cpu: float = 1, mem: float = 2, gpu: float = 0,
        workload: str | None = None) -> PodState:  # fmt: skip
    return PodState(namespace="shop", name=name, node=node_name, labels={"app": app}, workload=workload,
                    requests=Resources(cpu=cpu, memory_gib=mem, gpu=gpu, pods=1))  # fmt: skip


NODES = {
    n.name: n
    for n in (
        node("n1", "zone-a", 8, 32, labels={"disktype": "ssd", "karpenter.sh/capacity-type": "spot"}),
        node("n2", "zone-b", 4, 8, labels={"disktype": "hdd"}),
        node("n3", "zone-c", 16, 64, gpu=4, labels={"nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB"}),
    )
}
RUNNING = [pod("redis-0", "n2", "redis", cpu=2, mem=6), pod("train-0", "n3", "train", cpu=4, gpu=3)]
ME = pod("web-1", None, "web", workload="Deployment/shop/web")


def check(kind: str, on: str, params: dict[str, object] | None = None, after: list[PodState] | None = None,
          others: list[Intent] | None = None) -> bool:  # fmt: skip
    intent = Intent.model_validate({"type": kind, "params": params or {}})
    before = ClusterView(NODES, RUNNING)
    placed = [ME.model_copy(update={"node": on})]
    end = ClusterView(NODES, RUNNING + (after if after is not None else placed))
    return satisfied(CheckInput(ME, intent, on, before, end, others or [intent]))


@pytest.mark.parametrize(
    ("kind", "params", "node_name", "expected"),
    [
        ("prefer_node_label", {"key": "disktype", "value": "ssd"}, "n1", True),
        ("prefer_node_label", {"key": "disktype", "value": "ssd"}, "n2", False),
        ("avoid_node_label", {"key": "disktype", "value": "ssd"}, "n2", True),
        ("prefer_nodes", {"nodes": ["n2"]}, "n2", True),
        ("avoid_nodes", {"nodes": ["n2"]}, "n2", False),
        ("prefer_zones", {"zones": ["zone-a", "zone-c"]}, "n3", True),
        ("prefer_zones", {"zones": ["zone-a"]}, "n2", False),
        ("avoid_zones", {"zones": ["zone-a"]}, "n1", False),
        ("avoid_zones", {"zones": ["zone-a"]}, "n2", True),
        ("prefer_gpu_models", {"models": ["a100"]}, "n3", True),
        ("prefer_gpu_models", {"models": ["a100"]}, "n1", False),
        ("avoid_gpu_models", {"models": ["t4"]}, "n3", True),
        ("prefer_arch", {"arch": "amd64"}, "n1", True),
        ("prefer_arch", {"arch": "arm64"}, "n1", False),
        ("colocate_with", {"app": "redis"}, "n2", True),
        ("colocate_with", {"app": "redis"}, "n1", False),
        ("avoid_colocation_with", {"app": "redis"}, "n1", True),
        ("same_zone_as", {"app": "train"}, "n3", True),
        ("same_zone_as", {"app": "train"}, "n2", False),
        ("min_free_memory", {"gib": 24}, "n1", True),
        ("min_free_memory", {"gib": 24}, "n2", False),  # 8 - 6 = 2 GiB unrequested
        ("min_free_cpu", {"cores": 2}, "n2", True),  # 4 - 2 = 2 cores: the threshold itself holds
        ("min_free_cpu", {"cores": 2.5}, "n2", False),
        ("min_free_gpus", {"count": 1}, "n3", True),
        ("min_free_gpus", {"count": 2}, "n3", False),  # 4 - 3
        ("min_free_gpus", {"count": 1}, "n1", False),  # a CPU node has no free GPU
        ("avoid_spot", {}, "n1", False),
        ("avoid_spot", {}, "n2", True),
        ("prefer_spot", {}, "n1", True),
        ("prefer_least_loaded", {"resource": "any"}, "n1", True),  # n3 is tainted: not a candidate
        ("prefer_least_loaded", {"resource": "memory"}, "n2", False),  # 75% vs n1's 0%
        ("prefer_bin_packing", {}, "n2", True),
        ("prefer_bin_packing", {}, "n1", False),
    ],
)
def test_node_and_resource_checks(
    kind: str, params: dict[str, object], node_name: str, expected: bool
) -> None:
    assert check(kind, node_name, params) is expected


def _replicas(*nodes: str) -> list[PodState]:
    return [pod(f"web-{i}", n, "web", workload="Deployment/shop/web") for i, n in enumerate(nodes, 1)]


@pytest.mark.parametrize(
    ("kind", "on", "final", "expected"),
    [
        ("colocate_replicas", "n1", ("n1", "n1", "n1"), True),
        ("colocate_replicas", "n1", ("n1", "n1", "n2"), False),
        ("spread_replicas_nodes", "n1", ("n1", "n2", "n3"), True),
        ("spread_replicas_nodes", "n1", ("n1", "n1", "n2"), False),
        ("spread_replicas_zones", "n1", ("n1", "n2", "n3"), True),
        ("spread_replicas_zones", "n1", ("n1", "n1", "n3"), False),
    ],
)
def test_workload_checks_judge_the_final_placement(
    kind: str, on: str, final: tuple[str, ...], expected: bool
) -> None:
    assert check(kind, on, after=_replicas(*final)) is expected


def test_a_spread_over_zones_leaves_out_the_zones_the_pod_avoids() -> None:
    avoid = Intent.model_validate({"type": "avoid_zones", "params": {"zones": ["zone-c"]}})
    spread = Intent.model_validate({"type": "spread_replicas_zones"})
    final = _replicas("n1", "n2", "n1", "n2", "n1", "n2")
    assert check("spread_replicas_zones", "n1", after=final, others=[avoid, spread])
    assert not check("spread_replicas_zones", "n1", after=final, others=[spread])
    view = ClusterView(NODES, RUNNING)
    c = CheckInput(ME, spread, "n1", view, view, [avoid, spread])
    assert allowed_zones(c) == {"zone-a", "zone-b"}
