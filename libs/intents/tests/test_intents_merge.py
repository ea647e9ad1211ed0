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


@pytest.mark.parametrize(
    ("hint", "expected"),
    [
        # a name refused, then mentioned in the telling of why, stays refused
        (
            "keep off the spinning disks. spinning media is misery for this",
            {("avoid_node_label", "key=media,value=spinning", "medium")},
        ),
        (
            "stay out of ap-south-1b, the network there is held together with tape",
            {("avoid_zones", "zones=['ap-south-1b']", "medium")},
        ),
        # different names keep their own polarity
        (
            "prefer edge-01, not edge-02",
            {("prefer_nodes", "nodes=['edge-01']", "medium"), ("avoid_nodes", "nodes=['edge-02']", "medium")},
        ),
    ],
)
def test_a_refused_name_mentioned_again_stays_refused(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected
