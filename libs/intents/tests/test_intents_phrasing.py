"""Indirect requests, comparisons, ellipsis and self-corrections, on the made-up cluster."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

CASES = [
    (
        "solr and this job fight over disk, so separate them",
        {("avoid_colocation_with", "app=solr", "medium")},
    ),
    ("run on a different node from the other replicas", {("spread_replicas_nodes", "", "medium")}),
    ("avoid nodes with less than 8GB free memory", {("min_free_memory", "gib=8.0", "medium")}),
    ("prefer edge-01 over edge-02", {("prefer_nodes", "nodes=['edge-01']", "medium")}),
    (
        "put it on edge 1 or 2, never 10",
        {
            ("prefer_nodes", "nodes=['edge-01', 'edge-02']", "medium"),
            ("avoid_nodes", "nodes=['edge-10']", "critical"),
        },
    ),
    # "but not on the same node" is elliptical for "not on the same node as solr"
    (
        "keep it in the same zone as solr but not on the same node",
        {("same_zone_as", "app=solr", "medium"), ("avoid_colocation_with", "app=solr", "medium")},
    ),
    ("a node that has nvme SSDs", {("prefer_node_label", "key=media,value=nvme", "medium")}),
    ("could you keep it near etcd-main?", {("colocate_with", "app=etcd-main", "medium")}),
    (
        "it would be great if it could run close to the cifar10 cache",
        {("prefer_data_locality", "dataset=cifar10", "weak")},
    ),
    ("Spot instances are okay but we'd prefer on-demand.", {("avoid_spot", "", "medium")}),
    ("zone a - no wait, zone b", {("prefer_zones", "zones=['ap-south-1b']", "medium")}),
    (
        "Requirements:\n- zone b\n- 2 GPUs\n- not on spot",
        {
            ("prefer_zones", "zones=['ap-south-1b']", "critical"),
            ("min_free_gpus", "count=2", "critical"),
            ("avoid_spot", "", "critical"),
        },
    ),
    (
        "8x H100 please",
        {("min_free_gpus", "count=8", "medium"), ("prefer_gpu_models", "models=['h100']", "medium")},
    ),
    ("this is the payments service", set()),
]


@pytest.mark.parametrize(("hint", "expected"), CASES)
def test_phrasing(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected
