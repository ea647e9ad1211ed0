"""The openb trace conversion on a few inline rows (no platform, no trace files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.openb.convert import (
    FAMILY_LABEL,
    GPU,
    HINT,
    PRODUCT_LABEL,
    TracePod,
    convert,
    hint_for,
    node_manifest,
    pod_manifest,
    read_nodes,
    read_pods,
)
from evals.openb.hints import check_hints
from evals.openb.metrics import ClusterState, TaskMix, fragmentation
from semsched_kube.attributes import context_from_cluster, gpu_family
from semsched_kube.objects import node_from_k8s
from semsched_kube.snapshot import load_snapshot

NODES_CSV = """sn,cpu_milli,memory_mib,gpu,model
openb-node-0000,32000,262144,0,
openb-node-0001,96000,393216,8,G2
openb-node-0002,64000,262144,4,V100M16
openb-node-0003,8000,32768,1,A10
openb-node-0004,104000,524288,2,T4
openb-node-0005,128000,786432,8,G3
openb-node-0006,64000,262144,2,P100
"""
PODS_CSV = """name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,\
creation_time,deletion_time,scheduled_time
openb-pod-0002,6000,12288,1,460,T4,LS,Running,500,900,500
openb-pod-0000,12000,16384,1,1000,,BE,Running,0,100,0
openb-pod-0001,4000,8192,8,1000,V100M16|V100M32|V100M32,LS,Running,500,700,500
openb-pod-0003,2000,4096,0,0,,Burstable,Failed,600,800,600
openb-pod-0004,1000,2048,1,1000,A10|G2,Guaranteed,Pending,700,,
"""


def pod(**changes: object) -> TracePod:
    base: dict[str, object] = {
        "name": "p", "cpu_milli": 1000, "memory_mib": 1024, "num_gpu": 1, "gpu_milli": 1000,
        "gpu_spec": (), "qos": "Burstable", "creation_time": 0,
    }  # fmt: skip
    base.update(changes)
    return TracePod(**base)  # type: ignore[arg-type]


@pytest.fixture
def csvs(tmp_path: Path) -> tuple[Path, Path]:
    nodes, pods = tmp_path / "nodes.csv", tmp_path / "pods.csv"
    nodes.write_text(NODES_CSV)
    pods.write_text(PODS_CSV)
    return nodes, pods


def test_nodes_get_allocatable_and_gpu_labels_that_give_sensible_families(csvs: tuple[Path, Path]) -> None:
    manifests = [node_manifest(n) for n in read_nodes(csvs[0])]
    states = [node_from_k8s(m) for m in manifests]
    assert [gpu_family(s) for s in states] == [None, "g2", "v100", "a10g", "t4", "g3", "p100"]
    assert manifests[2]["status"]["allocatable"] == {  # type: ignore[index]
        "cpu": "64000m", "memory": "262144Mi", GPU: "4", "pods": "110",
    }  # fmt: skip
    labels = manifests[2]["metadata"]["labels"]  # type: ignore[index]
    assert labels[PRODUCT_LABEL] == "V100M16" and labels[FAMILY_LABEL] == "v100"
    assert PRODUCT_LABEL not in manifests[0]["metadata"]["labels"]  # type: ignore[index]


def test_pods_come_in_creation_order_with_ties_by_name(csvs: tuple[Path, Path]) -> None:
    names = [p.name for p in read_pods(csvs[1])]
    assert names == ["openb-pod-0000", "openb-pod-0001", "openb-pod-0002", "openb-pod-0003", "openb-pod-0004"]


def test_pod_requests_whole_gpus_and_keeps_the_share_in_an_annotation(csvs: tuple[Path, Path]) -> None:
    shared = next(p for p in read_pods(csvs[1]) if p.name == "openb-pod-0002")
    manifest = pod_manifest(shared, with_hint=True)
    resources = manifest["spec"]["containers"][0]["resources"]  # type: ignore[index]
    assert resources["requests"] == {"cpu": "6000m", "memory": "12288Mi", GPU: "1"}
    assert resources["limits"] == {GPU: "1"}
    assert manifest["metadata"]["annotations"]["openb.alibaba.com/gpu-milli"] == "460"  # type: ignore[index]
    cpu_only = pod_manifest(pod(num_gpu=0, gpu_milli=0), with_hint=False)
    assert "limits" not in cpu_only["spec"]["containers"][0]["resources"]  # type: ignore[index]


def test_gpu_spec_is_required_affinity_in_both_arms_and_a_hint_only_for_semsched() -> None:
    constrained = pod(gpu_spec=("V100M16", "V100M32"))
    baseline, semsched = pod_manifest(constrained, with_hint=False), pod_manifest(constrained, with_hint=True)
    for manifest in (baseline, semsched):
        terms = manifest["spec"]["affinity"]["nodeAffinity"][  # type: ignore[index]
            "requiredDuringSchedulingIgnoredDuringExecution"
        ]["nodeSelectorTerms"]
        assert terms == [{"matchExpressions": [{"key": PRODUCT_LABEL, "operator": "In",
                                                "values": ["V100M16", "V100M32"]}]}]  # fmt: skip
    assert HINT not in baseline["metadata"]["annotations"]  # type: ignore[index]
    assert semsched["metadata"]["annotations"][HINT] == "Must run on a V100 GPU."  # type: ignore[index]


@pytest.mark.parametrize(
    ("changes", "hint"),
    [
        ({"gpu_spec": ("T4",)}, "Must run on a T4 GPU."),
        ({"gpu_spec": ("A10", "G2", "T4")}, "Must run on a A10, G2 or T4 GPU."),
        ({"num_gpu": 8}, "Needs 8 free GPUs on one node."),
        ({"qos": "LS"}, "Ideally a quiet node."),
        ({"qos": "BE"}, "Pack it onto busy nodes."),
        ({"qos": "Guaranteed"}, ""),
        ({"num_gpu": 0, "qos": "Burstable"}, ""),
        (
            {"gpu_spec": ("P100", "V100M32"), "num_gpu": 4, "qos": "BE"},
            "Must run on a P100 or V100 GPU. Needs 4 free GPUs on one node. Pack it onto busy nodes.",
        ),
    ],
)
def test_hint_table(changes: dict[str, object], hint: str) -> None:
    assert hint_for(pod(**changes)) == hint


def test_the_cpu_parser_reads_every_derived_hint_as_meant(csvs: tuple[Path, Path]) -> None:
    nodes = [node_from_k8s(node_manifest(n)) for n in read_nodes(csvs[0])]
    pods = [
        pod(gpu_spec=spec, num_gpu=n, qos=qos)
        for spec in ((), ("T4",), ("A10", "G2"), ("V100M16", "V100M32"), ("G3", "P100"))
        for n in (1, 2, 8)
        for qos in ("LS", "BE", "Burstable")
    ]
    check = check_hints(pods, context_from_cluster(nodes, [], name="openb"))
    assert check.failures == [] and check.rate == 1.0


def test_conversion_is_deterministic_and_loads_as_a_snapshot(csvs: tuple[Path, Path], tmp_path: Path) -> None:
    first, pods = convert(csvs[0], csvs[1], tmp_path / "a")
    second, _ = convert(csvs[0], csvs[1], tmp_path / "b")
    assert first.digest == second.digest
    assert first.semsched_pods.read_bytes() == second.semsched_pods.read_bytes()
    snapshot = load_snapshot(first.cluster)
    assert len(snapshot.nodes) == 7 and not snapshot.pods
    _, limited_pods = convert(csvs[0], csvs[1], tmp_path / "c", limit=2)
    assert [p.name for p in limited_pods] == [p.name for p in pods[:2]]


def test_fragmentation_counts_free_gpus_a_trace_task_cannot_use(csvs: tuple[Path, Path]) -> None:
    nodes = read_nodes(csvs[0])
    state = ClusterState.of(nodes)
    mix = TaskMix.of([pod(num_gpu=2, cpu_milli=1000, memory_mib=1024)])
    # free GPUs: 8 (G2) + 4 (V100) + 1 (A10) + 2 (T4) + 8 (G3) + 2 (P100) = 25; a 2-GPU task
    # cannot use the A10's single GPU
    assert fragmentation(state, mix) == pytest.approx(1 / 25)
    state.place(pod(num_gpu=7), "openb-node-0001")  # leaves 1 GPU on the G2 node
    assert fragmentation(state, mix) == pytest.approx(2 / 18)
    assert state.allocation()[2] == pytest.approx(7 / 25)
