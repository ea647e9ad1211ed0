import pytest

from semsched_kube import (
    arch,
    context_from_cluster,
    datasets,
    gpu_family,
    hourly_cost,
    is_spot,
    recent_failures,
    zone,
)
from semsched_proto import NodeState, PodState


def _node(
    name: str = "n", labels: dict[str, str] | None = None, annotations: dict[str, str] | None = None
) -> NodeState:
    return NodeState(name=name, labels=labels or {}, annotations=annotations or {})


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        ({"topology.kubernetes.io/zone": "zone-a"}, "zone-a"),
        ({"failure-domain.beta.kubernetes.io/zone": "us-east-1b"}, "us-east-1b"),
        ({"topology.kubernetes.io/zone": "z1", "failure-domain.beta.kubernetes.io/zone": "z0"}, "z1"),
        ({}, None),
    ],
)
def test_zone(labels: dict[str, str], expected: str | None) -> None:
    assert zone(_node(labels=labels)) == expected


@pytest.mark.parametrize(
    ("labels", "expected"),
    [({"kubernetes.io/arch": "arm64"}, "arm64"), ({"beta.kubernetes.io/arch": "amd64"}, "amd64"), ({}, None)],
)
def test_arch(labels: dict[str, str], expected: str | None) -> None:
    assert arch(_node(labels=labels)) == expected


@pytest.mark.parametrize(
    ("labels", "spot"),
    [
        ({"node.kubernetes.io/lifecycle": "spot"}, True),
        ({"karpenter.sh/capacity-type": "spot"}, True),
        ({"karpenter.sh/capacity-type": "on-demand"}, False),
        ({"cloud.google.com/gke-spot": "true"}, True),
        ({"cloud.google.com/gke-spot": "TRUE"}, True),
        ({"kubernetes.azure.com/scalesetpriority": "Spot"}, True),
        ({"eks.amazonaws.com/capacityType": "SPOT"}, True),
        ({"eks.amazonaws.com/capacityType": "ON_DEMAND"}, False),
        ({"spot": "true"}, False),
        ({}, False),
    ],
)
def test_is_spot(labels: dict[str, str], spot: bool) -> None:
    assert is_spot(_node(labels=labels)) is spot


@pytest.mark.parametrize(
    ("labels", "family"),
    [
        ({"nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB"}, "a100"),
        ({"nvidia.com/gpu.product": "NVIDIA-A100-PCIE-40GB"}, "a100"),
        ({"nvidia.com/gpu.product": "Tesla-V100-SXM2-16GB"}, "v100"),
        ({"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}, "h100"),
        ({"nvidia.com/gpu.product": "NVIDIA-H200"}, "h200"),
        ({"nvidia.com/gpu.product": "NVIDIA-B200"}, "b200"),
        ({"nvidia.com/gpu.product": "NVIDIA-A10G"}, "a10g"),
        ({"nvidia.com/gpu.product": "NVIDIA-L40S"}, "l40s"),
        ({"nvidia.com/gpu.product": "NVIDIA-L4"}, "l4"),
        ({"nvidia.com/gpu.product": "Tesla-T4"}, "t4"),
        ({"nvidia.com/gpu.product": "Tesla-P100-PCIE-16GB"}, "p100"),
        ({"nvidia.com/gpu.product": "P100"}, "p100"),
        ({"amd.com/gpu.product-name": "AMD_Instinct_MI300X_OAM"}, "mi300x"),
        ({"amd.com/gpu.product-name": "AMD Instinct MI250X"}, "mi250x"),
        ({"cloud.google.com/gke-accelerator": "nvidia-tesla-a100"}, "a100"),
        ({"semsched.io/gpu-model": "H100"}, "h100"),
        ({"semsched.io/gpu-model": "t4", "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB"}, "t4"),
        ({"nvidia.com/gpu.product": "NVIDIA"}, None),
        ({}, None),
    ],
)
def test_gpu_family(labels: dict[str, str], family: str | None) -> None:
    assert gpu_family(_node(labels=labels)) == family


@pytest.mark.parametrize(
    ("raw", "cost"),
    [("2.5", 2.5), ("$0.40", 0.4), (" 3 ", 3.0), ("cheap", None), ("-1", None), ("nan", None)],
)
def test_hourly_cost(raw: str, cost: float | None) -> None:
    assert hourly_cost(_node(annotations={"semsched.io/hourly-cost": raw})) == cost
    assert hourly_cost(_node()) is None


@pytest.mark.parametrize(("raw", "failures"), [("0", 0), ("3", 3), ("x", None), ("-2", None)])
def test_recent_failures(raw: str, failures: int | None) -> None:
    assert recent_failures(_node(annotations={"semsched.io/recent-failures": raw})) == failures
    assert recent_failures(_node()) is None


def test_datasets() -> None:
    assert datasets(_node(annotations={"semsched.io/datasets": "imagenet, coco,,c4 "})) == {
        "imagenet",
        "coco",
        "c4",
    }
    assert datasets(_node()) == set()


def _ctx_nodes() -> list[NodeState]:
    out = []
    for i in range(1, 6):
        labels = {
            "kubernetes.io/hostname": f"node-{i}",
            "topology.kubernetes.io/zone": f"zone-{'abc'[i % 3]}",
            "kubernetes.io/arch": "amd64",
            "beta.kubernetes.io/instance-type": "m5.large",
            "node.kubernetes.io/instance-type": "m5.large",
            "disktype": "ssd" if i % 2 else "hdd",
            "node-pool": "gpu" if i == 5 else "general",
            "rack-id": f"r{i}",
            "node-role.kubernetes.io/worker": "",
        }
        if i == 5:
            labels["nvidia.com/gpu.product"] = "NVIDIA-A100-SXM4-80GB"
        annotations = {"semsched.io/datasets": "imagenet,coco"} if i == 5 else {}
        out.append(_node(f"node-{i}", labels, annotations))
    return out


def test_context_from_cluster() -> None:
    pods = [
        PodState(namespace="a", name="r", labels={"app": "redis"}),
        PodState(namespace="a", name="k", labels={"app.kubernetes.io/name": "kafka"}),
        PodState(namespace="a", name="x", labels={"tier": "db"}),
    ]
    ctx = context_from_cluster(list(reversed(_ctx_nodes())), pods, name="dev")
    assert ctx.name == "dev"
    assert ctx.zones == ["zone-a", "zone-b", "zone-c"]
    assert ctx.nodes == [f"node-{i}" for i in range(1, 6)]
    assert ctx.apps == ["kafka", "redis"]
    assert ctx.node_labels == {
        "disktype": ["hdd", "ssd"],
        "node-pool": ["general", "gpu"],
        "node.kubernetes.io/instance-type": ["m5.large"],
    }
    assert ctx.gpu_models == ["a100"]
    assert ctx.datasets == ["coco", "imagenet"]


def test_context_keeps_unique_keys_on_tiny_clusters() -> None:
    ctx = context_from_cluster(_ctx_nodes()[:2], [])
    assert ctx.node_labels["rack-id"] == ["r1", "r2"]
