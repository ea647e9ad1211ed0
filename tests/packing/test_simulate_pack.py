"""`semsched simulate --baseline --pack` on a tiny fragmented cluster (in process, no platform)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from semsched_cli.main import main

CLUSTER = {
    "apiVersion": "v1",
    "kind": "List",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name}},
            "status": {"allocatable": {"cpu": "4", "memory": "16Gi", "pods": "110"}},
        }
        for name in ("n1", "n2")
    ],
}


def deployment(name: str, replicas: int, cpu: str, priority: int) -> dict[str, object]:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "namespace": "shop"},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": name}},
            "template": {
                "metadata": {"labels": {"app": name}},
                "spec": {
                    "priority": priority,
                    "containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": cpu}}}],
                },
            },
        },
    }


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    cluster, pods = tmp_path / "cluster.yaml", tmp_path / "pods.yaml"
    cluster.write_text(yaml.safe_dump(CLUSTER))
    # LeastAllocated spreads the two small replicas; the big pod then fits nowhere
    pods.write_text(yaml.safe_dump_all([deployment("small", 2, "2", 0), deployment("big", 1, "4", 1000)]))
    return cluster, pods


def run(files: tuple[Path, Path], tmp_path: Path, *extra: str) -> dict[str, Any]:
    out = tmp_path / "out.json"
    code = main(["simulate", "--cluster", str(files[0]), "--pods", str(files[1]), "--baseline", "--quiet",
                 "--output", str(out), *extra])  # fmt: skip
    assert code == 0
    result: dict[str, Any] = json.loads(out.read_text())
    return result


def test_without_pack_the_big_pod_stays_pending(files: tuple[Path, Path], tmp_path: Path) -> None:
    result = run(files, tmp_path)
    nodes = {p["pod"]: p["node"] for p in result["placements"]}
    assert sum(node is None for node in nodes.values()) == 1 and "packing" not in result


def test_pack_moves_a_replica_and_places_the_big_pod(
    files: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(files, tmp_path, "--pack", "--pack-window", "5")
    placements = result["placements"]
    assert all(p["node"] is not None for p in placements)
    small = [p["node"] for p in placements if p["pod"].startswith("shop/small")]
    big = [p["node"] for p in placements if p["pod"].startswith("shop/big")]
    assert len(set(small)) == 1 and big[0] not in small  # the replicas now share a node
    packing = result["packing"]
    assert packing["status"] == "optimal" and packing["improves"] is True
    assert len(packing["moves"]) == 1 and packing["evictions"] == []
    assert "never applies it to a cluster" in capsys.readouterr().out


def test_pack_with_a_zero_move_cap_changes_nothing(files: tuple[Path, Path], tmp_path: Path) -> None:
    result = run(files, tmp_path, "--pack", "--pack-max-moves", "0")
    assert sum(p["node"] is None for p in result["placements"]) == 1
    assert result["packing"]["moves"] == [] and result["packing"]["improves"] is False
