"""Negation, permission and background mentions."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

NEGATION = [
    ("anywhere but ap-south-1b", {("avoid_zones", "zones=['ap-south-1b']", "medium")}),
    ("not on L40S cards", {("avoid_gpu_models", "models=['l40s']", "medium")}),
    ("not on arm", {("prefer_arch", "arch=amd64", "medium")}),
    ("don't put it near solr", {("avoid_colocation_with", "app=solr", "medium")}),
    ("never put two replicas on the same node", {("spread_replicas_nodes", "", "critical")}),
    ("not a busy box please", {("prefer_least_loaded", "resource=any", "medium")}),
    (
        "avoid edge-01, edge-02 or edge-10",
        {("avoid_nodes", "nodes=['edge-01', 'edge-02', 'edge-10']", "medium")},
    ),
    ("stay off the bronze tier", {("avoid_node_label", "key=tier,value=bronze", "medium")}),
    ("preemptible nodes are best avoided", {("avoid_spot", "", "medium")}),
    ("solr should not be on the same node", {("avoid_colocation_with", "app=solr", "medium")}),
    ("nodes that haven't had hardware faults lately", {("prefer_reliable_nodes", "", "medium")}),
    (
        "ap-south-1a, not ap-south-1c",
        {
            ("prefer_zones", "zones=['ap-south-1a']", "medium"),
            ("avoid_zones", "zones=['ap-south-1c']", "medium"),
        },
    ),
]

NOTHING = [
    "spot is fine",
    "any zone works",
    "don't care about cost",
    "spot or on-demand, doesn't matter to us",
    "arm or x86, both fine",
    "this talks to solr",
    "ap-south-1b had an outage last week",
    "the last run died on a flaky box",
    "no preference on arch, the image is multi-arch",
    "thanks!",
    "run it wherever",
    "it's fine to share nodes with solr",
]

REFERENCES = [
    (
        "ap-south-1b had an outage last week, so keep it out of ap-south-1b",
        {("avoid_zones", "zones=['ap-south-1b']", "medium")},
    ),
    ("spot is fine, prefer it even", {("prefer_spot", "", "medium")}),
    ("edge-10 is the canary box - avoid it", {("avoid_nodes", "nodes=['edge-10']", "medium")}),
    ("put it near solr - sorry, I meant etcd-main", {("colocate_with", "app=etcd-main", "medium")}),
]


@pytest.mark.parametrize(("hint", "expected"), NEGATION)
def test_negation_flips_the_class(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected


@pytest.mark.parametrize("hint", NOTHING)
def test_permission_and_background_place_nothing(parser: CpuParser, ctx: ClusterContext, hint: str) -> None:
    assert parser.parse(hint, ctx).intents == []


@pytest.mark.parametrize(("hint", "expected"), REFERENCES)
def test_pronouns_and_corrections(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected
