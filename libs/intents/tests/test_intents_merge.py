"""Merging: list classes once per hint (union, highest strength); scalar classes once per value."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

CASES = [
    # "zone c" is the context's only zone ending in c
    (
        "no zone-c, no spot, and not ap-south-1a either",
        {("avoid_zones", "zones=['ap-south-1a', 'ap-south-1c']", "medium"), ("avoid_spot", "", "medium")},
    ),
    (
        "avoid edge-01; prefer vault-box; avoid edge-02 at all costs",
        {
            ("avoid_nodes", "nodes=['edge-01', 'edge-02']", "critical"),
            ("prefer_nodes", "nodes=['vault-box']", "medium"),
        },
    ),
    (
        "near solr and etcd-main",
        {("colocate_with", "app=solr", "medium"), ("colocate_with", "app=etcd-main", "medium")},
    ),
    (
        "nvme disks on the 100g network",
        {
            ("prefer_node_label", "key=media,value=nvme", "medium"),
            ("prefer_node_label", "key=nic-speed,value=100g", "medium"),
        },
    ),
    ("reliable nodes please, and definitely stable ones", {("prefer_reliable_nodes", "", "strong")}),
]


@pytest.mark.parametrize(("hint", "expected"), CASES)
def test_merge(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected


def test_list_class_appears_once(parser: CpuParser, ctx: ClusterContext) -> None:
    result = parser.parse("prefer ap-south-1a. Also ap-south-1b would be nice.", ctx)
    zones = [i for i in result.intents if i.type == "prefer_zones"]
    assert len(zones) == 1
    assert sorted(zones[0].params["zones"]) == ["ap-south-1a", "ap-south-1b"]  # type: ignore[arg-type]
    assert zones[0].strength == "medium"
