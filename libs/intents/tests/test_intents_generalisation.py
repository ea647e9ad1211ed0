"""General rules for unseen phrasings (one table per rule), on made-up clusters, not cluster-dev."""

from __future__ import annotations

import itertools

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_intents.calibration import calibrate
from semsched_intents.text import sanitise
from semsched_proto.intents import ClusterContext

Expected = set[tuple[str, str, str]]

# A second made-up cluster: everyday-word label values, alphanumeric node ids, optimised/optimized.
YARD = ClusterContext(
    name="test-yard",
    zones=["north-x1", "north-x2", "site-osl"],
    nodes=["rk-node-c1", "rk-node-c2", "rk-node-d7"],
    apps=["mongodb", "queue-relay", "geo-cache"],
    node_labels={"pool": ["gpu", "general"], "family": ["storage-optimised"], "stage": ["prod", "canary"]},
    gpu_models=["a100"],
    datasets=["maptiles"],
)

HOMOGLYPHS = [  # Cyrillic/Greek look-alikes inside Latin words
    ("ap-south-1\u0430 pl\u0435ase", {("prefer_zones", "zones=['ap-south-1a']", "medium")}),
    ("k\u0435\u0435p \u0430w\u0430y from s\u043elr", {("avoid_colocation_with", "app=solr", "medium")}),
    ("n\u03bft on sp\u03bft", {("avoid_spot", "", "medium")}),
]
BARE_IDS = [  # a zone's short id alone, a node's alphanumeric id after "node"
    ("1b is not ok", {("avoid_zones", "zones=['ap-south-1b']", "medium")}),
    ("either 1a or 1c", {("prefer_zones", "zones=['ap-south-1a', 'ap-south-1c']", "medium")}),
]
YARD_CASES = [
    ("GPU nodes only", {("prefer_node_label", "key=pool,value=gpu", "critical")}),
    ("a GPU node with an A100", {("prefer_gpu_models", "models=['a100']", "medium")}),
    ("prod boxes please", {("prefer_node_label", "key=stage,value=prod", "medium")}),
    (
        "not prod, and not canary either",
        {
            ("avoid_node_label", "key=stage,value=prod", "medium"),
            ("avoid_node_label", "key=stage,value=canary", "medium"),
        },
    ),
    (
        "gpu pool if it has room, else general",
        {
            ("prefer_node_label", "key=pool,value=gpu", "weak"),
            ("prefer_node_label", "key=pool,value=general", "medium"),
        },
    ),
    ("storage optimized nodes", {("prefer_node_label", "key=family,value=storage-optimised", "medium")}),
    ("node c2 please", {("prefer_nodes", "nodes=['rk-node-c2']", "medium")}),
    ("avoid nodes c1 and d7", {("avoid_nodes", "nodes=['rk-node-c1', 'rk-node-d7']", "medium")}),
    ("the osl site please", {("prefer_zones", "zones=['site-osl']", "medium")}),
    ("same site as geo-cache", {("same_zone_as", "app=geo-cache", "medium")}),
    ("mongo db should be close by", {("colocate_with", "app=mongodb", "medium")}),
]
REFERENCES = [  # pronouns reaching back over descriptive clauses, typed pronouns, ellipsis
    (
        "co-locate with solr; if not possible, at least same zone",
        {("colocate_with", "app=solr", "medium"), ("same_zone_as", "app=solr", "medium")},
    ),
    (
        "solr is our index, it is latency sensitive, so put this next to it",
        {("colocate_with", "app=solr", "medium")},
    ),
    ("solr is chatty. We call it a lot. Keep near it.", {("colocate_with", "app=solr", "medium")}),
    (
        "solr had an outage on edge-02 last week, so stay off that node",
        {("avoid_nodes", "nodes=['edge-02']", "medium")},
    ),
    (
        "the fineweb shards are in ap-south-1b so run in that zone",
        {("prefer_zones", "zones=['ap-south-1b']", "medium")},
    ),
    ("solr is a noisy neighbour. Avoid.", {("avoid_colocation_with", "app=solr", "medium")}),
    (
        "solr, etcd-main: stay away from both",
        {
            ("avoid_colocation_with", "app=solr", "medium"),
            ("avoid_colocation_with", "app=etcd-main", "medium"),
        },
    ),
    (
        "solr is i/o heavy, keep this away from it and from etcd-main",
        {
            ("avoid_colocation_with", "app=solr", "medium"),
            ("avoid_colocation_with", "app=etcd-main", "medium"),
        },
    ),
    ("Avoid: edge-01, edge-02.", {("avoid_nodes", "nodes=['edge-01', 'edge-02']", "medium")}),
    ("solr: do not co-locate", {("avoid_colocation_with", "app=solr", "medium")}),
    ("zone a, no wait, zone c", {("prefer_zones", "zones=['ap-south-1c']", "medium")}),
]
DESCRIPTIONS = [  # background, permission and comparisons are not requests
    (
        "our app runs together with solr in a pipeline; please pick a quiet node",
        {("prefer_least_loaded", "resource=any", "medium")},
    ),
    ("this works with etcd-main; put it on nvme", {("prefer_node_label", "key=media,value=nvme", "medium")}),
    ("keep it on fast lanes, bulk is too slow", {("prefer_node_label", "key=lane,value=fast", "medium")}),
    ("ap-south-1c is too far from our users", set()),
    (
        "the solr pods run hot. We'd rather not share a node with them.",
        {("avoid_colocation_with", "app=solr", "medium")},
    ),
    ("h100 strongly preferred, but an l40s would do", {("prefer_gpu_models", "models=['h100']", "strong")}),
    (
        "gold or bronze tier is better than nothing, gold better than bronze",
        {
            ("prefer_node_label", "key=tier,value=gold", "medium"),
            ("prefer_node_label", "key=tier,value=bronze", "medium"),
        },
    ),
    ("we cannot tolerate preemption", {("avoid_spot", "", "critical")}),
    ("Anywhere except ap-south-1b is fine.", {("avoid_zones", "zones=['ap-south-1b']", "medium")}),
    (
        "h100 no, l40s yes",
        {
            ("avoid_gpu_models", "models=['h100']", "medium"),
            ("prefer_gpu_models", "models=['l40s']", "medium"),
        },
    ),
    ("why not put it on edge-10?", {("prefer_nodes", "nodes=['edge-10']", "medium")}),
]
NAMES_AND_NEGATION = [  # shortened names, typos of verbs, negated permission, "both" readings counted once
    ("keep away from elastic", {("avoid_colocation_with", "app=elasticsearch", "medium")}),
    ("ledger data should be local", set()),  # ledger-api is an app: a shortened app needs a cue
    ("near the ledger pods", {("colocate_with", "app=ledger-api", "medium")}),
    ("avoild solr nodes", {("avoid_colocation_with", "app=solr", "medium")}),
    ("spot is not acceptable", {("avoid_spot", "", "medium")}),
    ("bronze tier boxes are off limits", {("avoid_node_label", "key=tier,value=bronze", "critical")}),
    ("the solr neighbours are noisy, keep off edge-01", {("avoid_nodes", "nodes=['edge-01']", "medium")}),
    ("solr neighbours please", {("colocate_with", "app=solr", "medium")}),
]
QUANTITIES_AND_SCOPE = [
    (
        "H100s or L40Ss, with at least 2 free",
        {("prefer_gpu_models", "models=['h100', 'l40s']", "medium"), ("min_free_gpus", "count=2", "medium")},
    ),
    ("half a terabyte of RAM must be free", {("min_free_memory", "gib=512.0", "critical")}),
    (
        "needs 500m cpu and 1Gi memory free",
        {("min_free_cpu", "cores=0.5", "critical"), ("min_free_memory", "gib=1.0", "critical")},
    ),
    (
        "nvme and 100g, high priority",
        {
            ("prefer_node_label", "key=media,value=nvme", "strong"),
            ("prefer_node_label", "key=nic-speed,value=100g", "strong"),
        },
    ),
    (
        "keep it off the h100 nodes, those are for training only",
        {("avoid_gpu_models", "models=['h100']", "medium")},
    ),
    ("H100/L40S if available", {("prefer_gpu_models", "models=['h100', 'l40s']", "weak")}),
    ("pls co-locate w/ solr", {("colocate_with", "app=solr", "medium")}),
    ("separate replicas onto different sites", {("spread_replicas_zones", "", "medium")}),
    (
        "4 x H100 free",
        {("min_free_gpus", "count=4", "medium"), ("prefer_gpu_models", "models=['h100']", "medium")},
    ),
    ("must be on an H100 (80GB)", {("prefer_gpu_models", "models=['h100']", "critical")}),
    ("cheapest possible node", {("prefer_low_cost", "", "medium")}),
    (
        "fineweb must be local and H100 preferred",
        {
            ("prefer_data_locality", "dataset=fineweb", "critical"),
            ("prefer_gpu_models", "models=['h100']", "medium"),
        },
    ),
    ("keep it off edge-01 and edge-02 if you can", {("avoid_nodes", "nodes=['edge-01', 'edge-02']", "weak")}),
    (
        "ideally nvme, otherwise spinning",
        {
            ("prefer_node_label", "key=media,value=nvme", "weak"),
            ("prefer_node_label", "key=media,value=spinning", "medium"),
        },
    ),
]


@pytest.mark.parametrize(
    ("hint", "expected"),
    HOMOGLYPHS + BARE_IDS + REFERENCES + DESCRIPTIONS + NAMES_AND_NEGATION + QUANTITIES_AND_SCOPE,
)
def test_general_rules(parser: CpuParser, ctx: ClusterContext, hint: str, expected: Expected) -> None:
    assert summary(parser.parse(hint, ctx)) == expected


@pytest.mark.parametrize(("hint", "expected"), YARD_CASES)
def test_general_rules_other_cluster(parser: CpuParser, hint: str, expected: Expected) -> None:
    assert summary(parser.parse(hint, YARD)) == expected


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("z\u043ene-\u0430", "zone-a"),  # Cyrillic o, a
        ("\u03bfn sp\u03bft", "on spot"),  # Greek omicron
        ("\u043d\u0435\u0442 spot", "\u043d\u0435\u0442 spot"),  # a wholly Cyrillic word stays
        ("\uff5a\uff4f\uff4e\uff45-\uff41", "zone-a"),  # full-width forms (NFKC)
    ],
)
def test_sanitise_maps_homoglyphs(raw: str, clean: str) -> None:
    assert sanitise(raw) == clean


def test_calibration_is_monotone_and_bounded() -> None:
    scores = [i / 100 for i in range(101)]
    mapped = [calibrate(s) for s in scores]
    assert all(0.0 <= m <= 1.0 for m in mapped)
    assert all(a <= b for a, b in itertools.pairwise(mapped))


def test_a_verb_led_concept_after_and_starts_a_new_predicate() -> None:
    from semsched_intents import CpuParser
    from semsched_proto import ClusterContext

    ctx = ClusterContext(zones=["eu-west-1a", "eu-west-1b", "eu-west-1c"], apps=["checkout"])
    result = CpuParser().parse("never run in eu-west-1c, and spread the replicas across zones", ctx)
    assert [(i.type, i.strength) for i in result.intents] == [
        ("avoid_zones", "critical"),
        ("spread_replicas_zones", "medium"),
    ]
