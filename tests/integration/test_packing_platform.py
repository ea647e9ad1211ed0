"""`semsched simulate --pack` through a real platform: the scorer answers `semsched.rpc.scorer.pack`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from semsched_cli.main import main
from tests.packing.test_simulate_pack import CLUSTER, deployment

pytestmark = pytest.mark.integration


def test_simulate_applies_the_scorers_packing_recommendation(tmp_path: Path) -> None:
    cluster, pods, out = tmp_path / "cluster.yaml", tmp_path / "pods.yaml", tmp_path / "out.json"
    cluster.write_text(yaml.safe_dump(CLUSTER))
    pods.write_text(yaml.safe_dump_all([deployment("small", 2, "2", 0), deployment("big", 1, "4", 1000)]))
    code = main(["simulate", "--cluster", str(cluster), "--pods", str(pods), "--quiet", "--pack",
                 "--pack-window", "5", "--output", str(out)])  # fmt: skip
    assert code == 0
    result = json.loads(out.read_text())
    assert all(p["node"] is not None for p in result["placements"])
    packing = result["packing"]
    assert packing["improves"] is True and len(packing["moves"]) == 1 and packing["evictions"] == []
    assert [t["priority"] for t in packing["tiers"]] == [1000, 0]  # the state cache carried spec.priority
