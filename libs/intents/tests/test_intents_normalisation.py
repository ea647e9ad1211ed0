"""Normalisation (intents.md): GPU families, arch, units, labels, names, fuzzy matches."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

CASES = [
    # GPU families and aliases; a GPU's own memory is part of its name
    ("A100 80GB ideally", {("prefer_gpu_models", "models=['a100']", "weak")}),
    (
        "needs an NVIDIA A100-SXM4-80GB or an H100",
        {("prefer_gpu_models", "models=['a100', 'h100']", "critical")},
    ),
    ("Tesla V100s are too old, avoid them", {("avoid_gpu_models", "models=['v100']", "medium")}),
    ("L40S or L4s", {("prefer_gpu_models", "models=['l4', 'l40s']", "medium")}),
    ("an MI300 would be nice", {("prefer_gpu_models", "models=['mi300x']", "weak")}),
    # architecture aliases
    ("intel boxes", {("prefer_arch", "arch=amd64", "medium")}),
    ("x86_64 please", {("prefer_arch", "arch=amd64", "medium")}),
    ("aarch64", {("prefer_arch", "arch=arm64", "medium")}),
    ("graviton", {("prefer_arch", "arch=arm64", "medium")}),
    # memory units: GB, G, GiB, Gi, gigs count as GiB; Mi/MB / 1024; Ti/TB * 1024
    ("8Gi free", {("min_free_memory", "gib=8.0", "medium")}),
    ("16 gigs free", {("min_free_memory", "gib=16.0", "medium")}),
    ("512MB free memory", {("min_free_memory", "gib=0.5", "medium")}),
    ("1536 MiB of unallocated memory", {("min_free_memory", "gib=1.5", "medium")}),
    ("0.5TB free memory", {("min_free_memory", "gib=512.0", "medium")}),
    # CPU: cores, millicores
    ("4000m free cpu", {("min_free_cpu", "cores=4.0", "medium")}),
    ("500 millicores free", {("min_free_cpu", "cores=0.5", "medium")}),
    ("6 vCPUs unrequested", {("min_free_cpu", "cores=6.0", "medium")}),
    # GPU counts; no number asks for low load instead
    ("8 idle GPUs", {("min_free_gpus", "count=8", "medium")}),
    ("a node with one spare gpu", {("min_free_gpus", "count=1", "medium")}),
    ("pick the node with the lowest GPU utilisation", {("prefer_least_loaded", "resource=gpu", "medium")}),
    ("a quiet node", {("prefer_least_loaded", "resource=any", "medium")}),
    # labels: bare value -> its key; explicit key=value kept as written; link speeds are labels
    ("nvme machines", {("prefer_node_label", "key=media,value=nvme", "medium")}),
    ("the bulk lane please", {("prefer_node_label", "key=lane,value=bulk", "medium")}),
    ("never on nodes labelled Team=Search", {("avoid_node_label", "key=Team,value=Search", "critical")}),
    ("100G network nodes", {("prefer_node_label", "key=nic-speed,value=100g", "medium")}),
    # names: the context's spelling; unknown zone/node shapes kept as written; misspellings fixed
    ("zone b", {("prefer_zones", "zones=['ap-south-1b']", "medium")}),
    ("az 1c", {("prefer_zones", "zones=['ap-south-1c']", "medium")}),
    ("zone-d strongly preferred", {("prefer_zones", "zones=['zone-d']", "strong")}),
    ("put it on edge 2", {("prefer_nodes", "nodes=['edge-02']", "medium")}),
    ("avoid node 12", {("avoid_nodes", "nodes=['node-12']", "medium")}),
    ("avoid node 10", {("avoid_nodes", "nodes=['edge-10']", "medium")}),  # the one node numbered 10
    ("edges 1 or 2 please", {("prefer_nodes", "nodes=['edge-01', 'edge-02']", "medium")}),
    ("colocate with ledger api", {("colocate_with", "app=ledger-api", "medium")}),
    ("near elasticsarch", {("colocate_with", "app=elasticsearch", "medium")}),
    ("keep away from the kibana pods", {("avoid_colocation_with", "app=kibana", "medium")}),
    ("keep replcas together", {("colocate_replicas", "", "medium")}),
    ("next to the fineweb cache", {("prefer_data_locality", "dataset=fineweb", "medium")}),
    ("same availabilty zone as solr", {("same_zone_as", "app=solr", "medium")}),
]


@pytest.mark.parametrize(("hint", "expected"), CASES)
def test_normalisation(
    parser: CpuParser, ctx: ClusterContext, hint: str, expected: set[tuple[str, str, str]]
) -> None:
    assert summary(parser.parse(hint, ctx)) == expected


def test_fuzzy_match_lowers_confidence(parser: CpuParser, ctx: ClusterContext) -> None:
    exact = parser.parse("near elasticsearch", ctx).intents[0].confidence
    typo = parser.parse("near elasticsarch", ctx).intents[0].confidence
    assert typo < exact


def test_unknown_mention_lowers_confidence(parser: CpuParser, ctx: ClusterContext) -> None:
    known = parser.parse("keep away from the solr pods", ctx).intents[0].confidence
    unknown = parser.parse("keep away from the kibana pods", ctx).intents[0].confidence
    assert unknown < known
