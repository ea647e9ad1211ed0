"""Strength scope (intents.md, Strength): table-driven over a made-up cluster."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

CASES = [
    # a modifier governs its own clause only
    (
        "must run near solr, ideally on nvme",
        {("colocate_with", "app=solr", "critical"), ("prefer_node_label", "key=media,value=nvme", "weak")},
    ),
    # a leading modifier governs the verbless clauses after it
    (
        "must run in ap-south-1a, near solr, and never on spot",
        {
            ("prefer_zones", "zones=['ap-south-1a']", "critical"),
            ("colocate_with", "app=solr", "critical"),
            ("avoid_spot", "", "critical"),
        },
    ),
    # a new predicate starts again at medium
    (
        "must be near solr, ideally on nvme, avoid edge-02, and spread across nodes if you can",
        {
            ("colocate_with", "app=solr", "critical"),
            ("prefer_node_label", "key=media,value=nvme", "weak"),
            ("avoid_nodes", "nodes=['edge-02']", "medium"),
            ("spread_replicas_nodes", "", "weak"),
        },
    ),
    # a trailing modifier clause governs the clause before it
    (
        "ap-south-1b or 1c, definitely, and put it on a lightly loaded node",
        {
            ("prefer_zones", "zones=['ap-south-1b', 'ap-south-1c']", "strong"),
            ("prefer_least_loaded", "resource=any", "medium"),
        },
    ),
    (
        "4 cores and 16 gigs free, ideally",
        {("min_free_cpu", "cores=4.0", "weak"), ("min_free_memory", "gib=16.0", "weak")},
    ),
    # "all ..." governs every clause of its sentence
    (
        "gold tier, replicas together, x86, and no spot - all strongly preferred",
        {
            ("prefer_node_label", "key=tier,value=gold", "strong"),
            ("colocate_replicas", "", "strong"),
            ("prefer_arch", "arch=amd64", "strong"),
            ("avoid_spot", "", "strong"),
        },
    ),
    # lead-ins govern their sentence; a new sentence resets
    (
        "Important: same zone as ledger-api. Nice to have: fineweb cached locally, 8 cores free.",
        {
            ("same_zone_as", "app=ledger-api", "strong"),
            ("prefer_data_locality", "dataset=fineweb", "weak"),
            ("min_free_cpu", "cores=8.0", "weak"),
        },
    ),
    (
        "prefer edge-01. really don't want spot.",
        {("prefer_nodes", "nodes=['edge-01']", "medium"), ("avoid_spot", "", "strong")},
    ),
    # a postfix "that last one" refers back to one clause only
    (
        "least loaded on memory ideally, at least 16Gi free, and arm64 - that last one is mandatory",
        {
            ("prefer_least_loaded", "resource=memory", "weak"),
            ("min_free_memory", "gib=16.0", "medium"),
            ("prefer_arch", "arch=arm64", "critical"),
        },
    ),
    # spec extras: needs / has to -> critical, matters a lot / seriously -> strong, please -> medium
    ("has to have 2 free GPUs", {("min_free_gpus", "count=2", "critical")}),
    ("cheap nodes matter a lot here", {("prefer_low_cost", "", "strong")}),
    ("graviton pls", {("prefer_arch", "arch=arm64", "medium")}),
    ("it'd be lovely to be near etcd-main", {("colocate_with", "app=etcd-main", "weak")}),
    ("keep off spot if you can help it", {("avoid_spot", "", "weak")}),
    # a sentence that is only a modifier governs the sentence before it
    ("No spot instances. No exceptions.", {("avoid_spot", "", "critical")}),
]


@pytest.mark.parametrize(("hint", "expected"), CASES)
def test_strength_scope(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected
