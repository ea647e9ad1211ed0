"""Rules for how other people write hints: config-style operators, ranges, the cluster's own word for a
zone, names of a known family that the context lacks, narration and background around a request.

Each case is written here against a made-up cluster (`MILL`), in our own words, for one rule."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_proto.intents import ClusterContext

Expected = set[tuple[str, str, str]]

# Zones named "hall" + number, nodes of one family with zero-padded numbers, a two-word label value.
MILL = ClusterContext(
    name="test-mill",
    zones=["hall1", "hall2", "hall3"],
    nodes=["mx-cn-0101", "mx-cn-0102", "mx-cn-0103", "mx-cn-0104", "mx-cn-0105"],
    apps=["ledger-sync", "stock-feed", "label-printer"],
    node_labels={"kind": ["baremetal", "virtual"], "net": ["fibre", "radio"]},
    gpu_models=["l4"],
    datasets=["sku-images", "parts-catalogue"],
)
# Zones named by short city codes.
CODES = ClusterContext(name="test-codes", zones=["osl", "bcn", "dub"], nodes=["w-1", "w-2"])

CASES: list[tuple[str, Expected]] = [
    # operators and config-style keys
    ("cpu free >= 12", {("min_free_cpu", "cores=12.0", "medium")}),
    (
        "gpus: 1, memory >= 40Gi",
        {("min_free_gpus", "count=1", "medium"), ("min_free_memory", "gib=40.0", "medium")},
    ),
    ("cpu: at least 2500m free", {("min_free_cpu", "cores=2.5", "medium")}),
    ("hall != hall3", {("avoid_zones", "zones=['hall3']", "medium")}),
    ("topology.kubernetes.io/zone=hall2", {("prefer_zones", "zones=['hall2']", "medium")}),
    # ranges ask for their lower bound; a terabyte written "T"
    ("somewhere with 6 to 10 spare cores", {("min_free_cpu", "cores=6.0", "medium")}),
    ("3-5 idle GPUs would be nice", {("min_free_gpus", "count=3", "weak")}),
    ("needs 2T of free memory", {("min_free_memory", "gib=2048.0", "critical")}),
    # the cluster's own zone word
    ("run it in the same hall as stock-feed", {("same_zone_as", "app=stock-feed", "medium")}),
    ("replicas over several halls please", {("spread_replicas_zones", "", "medium")}),
    ("it has to keep serving if we lose a hall", {("spread_replicas_zones", "", "critical")}),
    # unknown members of a known family, kept as written
    ("stay out of hall4", {("avoid_zones", "zones=['hall4']", "medium")}),
    ("mx-cn-0199 if you can", {("prefer_nodes", "nodes=['mx-cn-0199']", "weak")}),
    (
        "mx-cn-0102 thru mx-cn-0104 are retired, avoid them",
        {("avoid_nodes", "nodes=['mx-cn-0102', 'mx-cn-0103', 'mx-cn-0104']", "medium")},
    ),
    # a label value written as two words
    ("bare metal only", {("prefer_node_label", "key=kind,value=baremetal", "critical")}),
    # narration, background and descriptions around the request
    (
        "Not beside ledger-sync, it hammers the disks every hour.",
        {("avoid_colocation_with", "app=ledger-sync", "medium")},
    ),
    ("fibre please, radio loses frames", {("prefer_node_label", "key=net,value=fibre", "medium")}),
    (
        "For context: last sprint we ran in hall2 and it was fine. This time put it near stock-feed.",
        {("colocate_with", "app=stock-feed", "medium")},
    ),
    ("Does it need an L4? No. It does need 16 GB free.", {("min_free_memory", "gib=16.0", "critical")}),
    (
        "at least 24 GB free memory please. The cache itself is 20g.",
        {("min_free_memory", "gib=24.0", "medium")},
    ),
    ("hall1 is the draughty one, go for hall2", {("prefer_zones", "zones=['hall2']", "medium")}),
    # strength scope: a reason with its own subject does not govern the request before it
    ("no spot, the scanner cannot restart halfway", {("avoid_spot", "", "medium")}),
    ("if mx-cn-0101 is free, take it", {("prefer_nodes", "nodes=['mx-cn-0101']", "weak")}),
    # which app is the workload itself
    ("place the label printer next to stock-feed", {("colocate_with", "app=stock-feed", "medium")}),
    # load and reliability phrasings
    ("least loaded node, cpu wise", {("prefer_least_loaded", "resource=cpu", "medium")}),
    (
        "the quietest node would be great, whatever the resource",
        {("prefer_least_loaded", "resource=any", "weak")},
    ),
    ("a machine with the fewest reboots", {("prefer_reliable_nodes", "", "medium")}),
    ("fill the nodes up before starting new ones", {("prefer_bin_packing", "", "medium")}),
    ("lots of free memory, 64 gigs at least", {("min_free_memory", "gib=64.0", "medium")}),
]


# Second round: notices, retractions, conditions, families by shape, ranges by suffix.
ROUND_TWO: list[tuple[str, Expected]] = [
    ("put it in hall1, scratch that, hall2", {("prefer_zones", "zones=['hall2']", "medium")}),
    ("hall2 gets new switches next week, fyi", set()),
    ("heads up: stock-feed is colocated with ledger-sync already", set()),
    (
        "avoid hall1 - ignore that. just keep it near stock-feed",
        {("colocate_with", "app=stock-feed", "medium")},
    ),
    (
        "spread across halls; if hall3 goes down we still need it up",
        {("spread_replicas_zones", "", "medium")},
    ),
    (
        "mx-cn-0101 thru 0103 please",
        {("prefer_nodes", "nodes=['mx-cn-0101', 'mx-cn-0102', 'mx-cn-0103']", "medium")},
    ),
    ("replicas must never end up in the same hall", {("spread_replicas_zones", "", "critical")}),
    ("keep the workers from all piling onto one node", {("spread_replicas_nodes", "", "medium")}),
    ("the scan tasks: keep them together on one box", {("colocate_replicas", "", "medium")}),
    ("a node sitting at 90% cpu is no good", set()),
    (
        "it pulls 3 TB per run from sku-images, so run near the data",
        {("prefer_data_locality", "dataset=sku-images", "medium")},
    ),
]
ROUND_TWO_CODES = ClusterContext(
    name="test-sites",
    zones=["osl-s1", "osl-s2", "bcn-s1"],
    nodes=["w-osl-s1-k01", "w-osl-s1-k02", "w-osl-s1-k03", "w-osl-s1-k04"],
    apps=["router", "radio-agent"],
)
ROUND_TWO_SITES: list[tuple[str, Expected]] = [
    ("dub-s1 if possible", {("prefer_zones", "zones=['dub-s1']", "weak")}),
    ("not bcn", {("avoid_zones", "zones=['bcn-s1']", "medium")}),
    (
        "w-osl-s1-k01 through k03",
        {("prefer_nodes", "nodes=['w-osl-s1-k01', 'w-osl-s1-k02', 'w-osl-s1-k03']", "medium")},
    ),
    (
        "w-osl-s1-k02-w-osl-s1-k04 are flaky, avoid them",
        {("avoid_nodes", "nodes=['w-osl-s1-k02', 'w-osl-s1-k03', 'w-osl-s1-k04']", "medium")},
    ),
]


# Third round: the workload named in its own hint, labels over generic words, key stems, padding.
ARENA = ClusterContext(
    name="test-arena",
    zones=["asia-east9-a", "asia-east9-b"],
    nodes=["srv-iad-001", "srv-iad-002", "srv-iad-010"],
    apps=["ledger-sync", "relay"],
    node_labels={
        "cpu": ["epyc", "xeon"],
        "framerate": ["60", "120"],
        "kubernetes.io/arch": ["arm64", "amd64"],
    },
    gpu_models=["l4"],
)
ROUND_THREE: list[tuple[str, Expected]] = [
    ("keep ledger-sync out of east9-b", {("avoid_zones", "zones=['asia-east9-b']", "medium")}),
    ("absolutely no L4 for ledger-sync", {("avoid_gpu_models", "models=['l4']", "critical")}),
    ("xeon boxes only", {("prefer_node_label", "key=cpu,value=xeon", "critical")}),
    ("arm64 if possible", {("prefer_arch", "arch=arm64", "weak")}),
    ("120 frame servers please", {("prefer_node_label", "key=framerate,value=120", "medium")}),
    ("put it on srv-iad-02", {("prefer_nodes", "nodes=['srv-iad-002']", "medium")}),
    ("needs a whole GPU free", {("min_free_gpus", "count=1", "critical")}),
    ("we are not unwilling to run on spot", set()),
    ("keep the relay replicas on one node", {("colocate_replicas", "", "medium")}),
    (
        "srv-iad-010 rebooted twice last night; keep off it",
        {("avoid_nodes", "nodes=['srv-iad-010']", "medium")},
    ),
]


def test_zone_codes_take_zone_plus_code(parser: CpuParser) -> None:
    assert summary(parser.parse("avoid zone lis", CODES)) == {("avoid_zones", "zones=['lis']", "medium")}


def test_a_zone_word_after_a_named_zone_is_background(parser: CpuParser) -> None:
    assert summary(parser.parse("hall2 had an outage on Monday", MILL)) == set()


def test_a_short_name_glued_to_another_word_is_another_name(parser: CpuParser) -> None:
    # "sku" is the short form of sku-images; "sku-printer" is some other app, kept as written
    got = summary(parser.parse("near the sku-printer pods", MILL))
    assert ("prefer_data_locality", "dataset=sku-images", "medium") not in got


def test_emoji_end_a_thought_and_a_cross_says_no(parser: CpuParser) -> None:
    assert summary(parser.parse("\u274c radio \u2705 fibre", MILL)) == {
        ("avoid_node_label", "key=net,value=radio", "medium"),
        ("prefer_node_label", "key=net,value=fibre", "medium"),
    }


# Fourth round: zone shorthand, bare codes after "in", a list refused afterwards, a label value that is
# also an app, misspelt names, notes to self and passives.
DOCKS = ClusterContext(
    name="test-docks",
    zones=["south2-x", "south2-y", "south2-z"],
    nodes=["dk-crane-7q4m", "dk-crane-3p8r", "dk-crane-5w2t"],
    apps=["berth-planner", "gate", "customs-db"],
    node_labels={"lane": ["gate", "yard"], "os": ["linux", "bsd"]},
)
PORTS = ClusterContext(name="test-ports", zones=["rtm", "hbg", "ant"], nodes=["p-1", "p-2"])
ROUND_FOUR: list[tuple[str, Expected]] = [
    ("south2-z please. no wait, make that -y", {("prefer_zones", "zones=['south2-y']", "medium")}),
    (
        "berth-planner lives in south2-x and -y now; this one in x or y too, if it can",
        {("prefer_zones", "zones=['south2-x', 'south2-y']", "weak")},
    ),
    (
        "dk-crane-7q4m and dk-crane-5w2t: never.",
        {("avoid_nodes", "nodes=['dk-crane-5w2t', 'dk-crane-7q4m']", "critical")},
    ),
    (
        "gate lane nodes, not yard",
        {
            ("prefer_node_label", "key=lane,value=gate", "medium"),
            ("avoid_node_label", "key=lane,value=yard", "medium"),
        },
    ),
    ("same node as gate", {("colocate_with", "app=gate", "medium")}),
    ("keep off dk-crane-3pr8, its fan is dying", {("avoid_nodes", "nodes=['dk-crane-3p8r']", "medium")}),
    ("same zone as the custom db", {("same_zone_as", "app=customs-db", "medium")}),
    ("note to self: the bsd boxes get patched on Fridays", set()),
    (
        "the linux nodes get drained a lot, so bsd please",
        {("prefer_node_label", "key=os,value=bsd", "medium")},
    ),
]
ROUND_FOUR_CODES: list[tuple[str, Expected]] = [
    ("deploy it in cph", {("prefer_zones", "zones=['cph']", "medium")}),
    ("keep it in mind for later", set()),
    (
        "put it in hbg, not in ant",
        {("prefer_zones", "zones=['hbg']", "medium"), ("avoid_zones", "zones=['ant']", "medium")},
    ),
]


def test_another_id_or_digit_is_another_place_not_a_typo(parser: CpuParser) -> None:
    assert summary(parser.parse("avoid dk-crane-7q4n", DOCKS)) == {
        ("avoid_nodes", "nodes=['dk-crane-7q4n']", "medium")
    }
    assert summary(parser.parse("south2-w please", DOCKS)) == {
        ("prefer_zones", "zones=['south2-w']", "medium")
    }


# Fifth round: tickets and config lines, withdrawals, permissions beside a choice, a refusal over a list,
# and zone words read off any shared part of zone names.
QUAYS = ClusterContext(
    name="test-quays",
    zones=["north-quay-q1", "south-quay-q2", "east-quay-q3"],
    nodes=["qc-0a11", "qc-0a12", "qc-0b21"],
    apps=["tally-api", "berth-db", "crane-ctl"],
    node_labels={"power": ["shore", "diesel"], "disk": ["nvme", "sata"]},
    gpu_models=["l4", "t4"],
)
ROUND_FIVE: list[tuple[str, Expected]] = [
    ("Steer clear of disk=sata.", {("avoid_node_label", "key=disk,value=sata", "medium")}),
    (
        "free_memory=24Gi, cpus=3",
        {("min_free_memory", "gib=24.0", "medium"), ("min_free_cpu", "cores=3.0", "medium")},
    ),
    ("min_free_gpus: 2", {("min_free_gpus", "count=2", "medium")}),
    (
        "Earlier ask: qc-0a11. Revision: ignore the previous node pin and use qc-0b21 instead.",
        {("prefer_nodes", "nodes=['qc-0b21']", "medium")},
    ),
    ("The restriction (avoid east-quay-q3) has been lifted.", set()),
    (
        "Place in north-quay-q1 (preferred) or south-quay-q2 (acceptable).",
        {("prefer_zones", "zones=['north-quay-q1']", "medium")},
    ),
    ("crane-ctl may be placed on diesel nodes.", set()),
    ("If north-quay-q1 is down, tally-api may be scheduled in south-quay-q2.", set()),
    (
        "This job is not permitted in east-quay-q3.",
        {("avoid_zones", "zones=['east-quay-q3']", "critical")},
    ),
    (
        "Do not run it on T4 cards, on diesel power, or beside berth-db.",
        {
            ("avoid_gpu_models", "models=['t4']", "medium"),
            ("avoid_node_label", "key=power,value=diesel", "medium"),
            ("avoid_colocation_with", "app=berth-db", "medium"),
        },
    ),
    (
        "avoid the T4s, 16g free ram",
        {("avoid_gpu_models", "models=['t4']", "medium"), ("min_free_memory", "gib=16.0", "medium")},
    ),
    ("same quay as berth-db", {("same_zone_as", "app=berth-db", "medium")}),
    ("spread it over the quays", {("spread_replicas_zones", "", "medium")}),
]


# Sixth round: researchers describing their job: what a pronoun has beside a request, failures that have
# not happened, "whatever is cheapest", copies of itself, one per zone.
ORCHARD = ClusterContext(
    name="test-orchard",
    zones=["plot-east", "plot-west", "plot-hill"],
    nodes=["pear", "plum", "quince", "medlar"],
    apps=["juicer", "press-queue", "sorter"],
    node_labels={"disk": ["nvme", "hdd"], "size": ["big", "small"]},
    gpu_models=["a100", "l4"],
)
ROUND_SIX: list[tuple[str, Expected]] = [
    (
        "pear or plum if you can, they have the fast NVMe",
        {("prefer_nodes", "nodes=['pear', 'plum']", "weak")},
    ),
    ("plot-hill please, that's where the A100s sit", {("prefer_zones", "zones=['plot-hill']", "medium")}),
    (
        "keep out of plot-west, the L4 boxes there don't have our drivers",
        {("avoid_zones", "zones=['plot-west']", "medium")},
    ),
    ("nodes that haven't crashed lately, please", {("prefer_reliable_nodes", "", "medium")}),
    ("a box whose GPUs aren't pegged", {("prefer_least_loaded", "resource=gpu", "medium")}),
    ("shove it on whichever node is cheapest", {("prefer_low_cost", "", "medium")}),
    ("tiny job, chuck it wherever there's room", set()),
    ("it must never share a node with another copy of itself", {("spread_replicas_nodes", "", "critical")}),
    ("one sorter per plot", {("spread_replicas_zones", "", "medium")}),
    ("keep the juicer replicas packed onto one node", {("colocate_replicas", "", "medium")}),
    ("same node as memcached please", {("colocate_with", "app=memcached", "medium")}),
    ("same plot as cider-mill", {("same_zone_as", "app=cider-mill", "medium")}),
    ("schedule it where apple-scans is cached", {("prefer_data_locality", "dataset=apple-scans", "medium")}),
    ("the sorter should sit in the same plot as juicer", {("same_zone_as", "app=juicer", "medium")}),
    ("spot is fine, even preferred", {("prefer_spot", "", "medium")}),
    ("spot is fine if needed", set()),
    ("use spot since it's cheaper", {("prefer_spot", "", "medium")}),
    (
        "pear please. quince keeps dropping off the network, so not that one",
        {("prefer_nodes", "nodes=['pear']", "medium"), ("avoid_nodes", "nodes=['quince']", "medium")},
    ),
    ("juicer and sorter both run on plum, just fyi", set()),
    ("juicer's on plum I believe. Anyway this job doesn't need anything special.", set()),
]


HIVE = ClusterContext(
    name="test-hive",
    zones=["comb-east", "comb-west", "comb-roof"],
    nodes=["drone-01", "drone-02", "queen-01"],
    apps=["honey-extractor", "wax-scheduler", "pollen-counter"],
    node_labels={"tier": ["batch", "serving"], "disk": ["nvme", "hdd"]},
    gpu_models=["l4", "a100"],
    datasets=["clover-scans", "beeswax2023"],
)
ROUND_SEVEN: list[tuple[str, Expected]] = [
    # what the request is for asks nothing more
    (
        "bin-pack the nightly exports so the autoscaler can drain idle drones",
        {("prefer_bin_packing", "", "medium")},
    ),
    (
        "co-locate with pollen-counter so that its sidecar can tail the logs without crossing the network",
        {("colocate_with", "app=pollen-counter", "medium")},
    ),
    (
        "spread the serving replicas across combs so losing one comb doesn't take us down",
        {("spread_replicas_zones", "", "medium")},
    ),
    (
        "comb-west please, so keep it away from queen-01",
        {("prefer_zones", "zones=['comb-west']", "medium"), ("avoid_nodes", "nodes=['queen-01']", "medium")},
    ),
    (
        "pin it to drone-02 so it never lands in comb-roof",
        {
            ("prefer_nodes", "nodes=['drone-02']", "medium"),
            ("avoid_zones", "zones=['comb-roof']", "critical"),
        },
    ),
    # an app by the last word of its name, where a cue names a workload
    (
        "keep it on the same box as the extractor so the reads stay local",
        {("colocate_with", "app=honey-extractor", "medium")},
    ),
    (
        "put it next to the scheduler, so we don't pay for cross-node traffic",
        {("colocate_with", "app=wax-scheduler", "medium")},
    ),
    # a label value naming the workload, not the machines
    ("our batch pipeline has to run on A100s", {("prefer_gpu_models", "models=['a100']", "critical")}),
    ("Serving frontend: must stay in comb-east.", {("prefer_zones", "zones=['comb-east']", "critical")}),
    ("never put two copies of the batch exporter on one node", {("spread_replicas_nodes", "", "critical")}),
    (
        "the batch jobs should go on serving nodes",
        {("prefer_node_label", "key=tier,value=serving", "medium")},
    ),
    # a relative clause, a pronoun's reason and where the data is kept describe
    (
        "must not share a node with wax-scheduler, which hammers the nvme all night",
        {("avoid_colocation_with", "app=wax-scheduler", "critical")},
    ),
    (
        "drone-01 or drone-02, those have the A100s",
        {("prefer_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    ("queen-01 please, it has the big nvme", {("prefer_nodes", "nodes=['queen-01']", "medium")}),
    (
        "reschedule the failed shard onto drone-02, which keeps a warm copy",
        {("prefer_nodes", "nodes=['drone-02']", "medium")},
    ),
    (
        "the clover-scans dataset lives on drone-01 and drone-02. please run close to the data",
        {("prefer_data_locality", "dataset=clover-scans", "medium")},
    ),
    (
        "clover-scans is cached in comb-roof, so schedule where the dataset is",
        {("prefer_data_locality", "dataset=clover-scans", "medium")},
    ),
    # what a thing costs or does to the job tells, it asks for nothing
    (
        "an eviction halfway through costs us a day, so definitely no spot",
        {("avoid_spot", "", "strong")},
    ),
    (
        "stay out of comb-roof if you can, traffic from up there costs a fortune",
        {("avoid_zones", "zones=['comb-roof']", "weak")},
    ),
    ("never on spot; a preempted extractor loses its whole batch", {("avoid_spot", "", "critical")}),
    ("cut costs, please", {("prefer_low_cost", "", "medium")}),
    ("needs 4 free GPUs on one node, its dp=4", {("min_free_gpus", "count=4", "critical")}),
    # corrections: correcting words alone between two mentions, "or actually", a new cue for the same app
    (
        "put it in comb-east - sorry, no, comb-west, comb-east is being rewired",
        {("prefer_zones", "zones=['comb-west']", "medium")},
    ),
    (
        "on drone-01 - or actually drone-02, drone-01 is full",
        {("prefer_nodes", "nodes=['drone-02']", "medium")},
    ),
    (
        "pin it to comb-roof — actually, comb-east, comb-roof is getting drained",
        {("prefer_zones", "zones=['comb-east']", "medium")},
    ),
    (
        "put it on hdd nodes — no, nvme, hdd is slow today",
        {("prefer_node_label", "key=disk,value=nvme", "medium")},
    ),
    (
        "same node as pollen-counter — sorry no, same comb, the node is too small",
        {("same_zone_as", "app=pollen-counter", "medium")},
    ),
    (
        "needs 16 gigs of RAM and an L4 - no, sorry, an A100",
        {("min_free_memory", "gib=16.0", "critical"), ("prefer_gpu_models", "models=['a100']", "critical")},
    ),
    ("avoid comb-east. comb-roof too", {("avoid_zones", "zones=['comb-east', 'comb-roof']", "medium")}),
    ("not on drone-01. drone-02 as well", {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")}),
    # questions for information and thanks ask for nothing; "is possible to ...?" asks
    ("is drone-02 back from repair yet?", set()),
    ("who owns queen-01? it's been cordoned since monday", set()),
    ("does comb-roof have any A100s at all?", set()),
    # "is (it) possible to ...?" asks plainly (medium, as four of five writers labelled it); "would it be
    # possible" hedges
    ("is possible to run this on the nvme nodes?", {("prefer_node_label", "key=disk,value=nvme", "medium")}),
    (
        "would it be possible to run this on the nvme nodes?",
        {("prefer_node_label", "key=disk,value=nvme", "weak")},
    ),
    ("thanks for moving the extractor to drone-01 last week!", set()),
    # the replicas of one app
    (
        "please don't put two copies of the wax-scheduler on the same node",
        {("spread_replicas_nodes", "", "medium")},
    ),
    (
        "extractor replicas: absolutely never two on the same node",
        {("spread_replicas_nodes", "", "critical")},
    ),
    ("one pollen-counter per node, strongly preferred", {("spread_replicas_nodes", "", "strong")}),
    ("make sure the extractor replicas end up on diff nodes", {("spread_replicas_nodes", "", "strong")}),
    ("the extractor replicas MUST span zones", {("spread_replicas_zones", "", "critical")}),
    # a letter left out of a zone's or node's word, two swapped
    ("comb-rof please", {("prefer_zones", "zones=['comb-roof']", "medium")}),
    ("dron-02 pls", {("prefer_nodes", "nodes=['drone-02']", "medium")}),
    ("comb-wset please", {("prefer_zones", "zones=['comb-west']", "medium")}),
    # "its"/"it's" and "it <verb>s" beside a request say why
    ("no spot for this pls, its the live serving feed", {("avoid_spot", "", "medium")}),
    ("put the backfill on spot nodes, its restartable and cheaper", {("prefer_spot", "", "medium")}),
    (
        "clover-scans locality is a must, its 30TB",
        {("prefer_data_locality", "dataset=clover-scans", "critical")},
    ),
    (
        "pin to queen-01 — it's the only serving node with the big nvme right now",
        {("prefer_nodes", "nodes=['queen-01']", "medium")},
    ),
    (
        "should go near the clover-scans data, else it pulls 40GB over the wan",
        {("prefer_data_locality", "dataset=clover-scans", "medium")},
    ),
    # what nobody cares about is no request, and no antecedent
    ("don't care about cost on this one, just get it done", set()),
    ("the extractor doesnt care where it runs", set()),
    # a node's sibling after a slash; a place kept free is kept from the job
    (
        "pls keep this off drone-01/02, those are busy with the extractor",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    (
        "under no circumstances on drone-01/02 or queen-01",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02', 'queen-01']", "critical")},
    ),
    (
        "keep queen-01 free for the extractor, don't put this there",
        {("avoid_nodes", "nodes=['queen-01']", "medium")},
    ),
    ("leave comb-roof clear please", {("avoid_zones", "zones=['comb-roof']", "medium")}),
    # figures for headroom say how much; status lines and what a suite does tell
    (
        "ideally some headroom: 4 cores + 12G free",
        {("min_free_cpu", "cores=4.0", "weak"), ("min_free_memory", "gib=12.0", "weak")},
    ),
    ("oncall: honey-extractor pods restarting in comb-east, investigating", set()),
    (
        "the batch validation suite times out on L4s, so A100 please",
        {("prefer_gpu_models", "models=['a100']", "medium")},
    ),
    # a label value naming the workload: served by, subject of, heading of
    ("absolutely no spot for the serving feed", {("avoid_spot", "", "critical")}),
    ("# serving workers: put these on nvme", {("prefer_node_label", "key=disk,value=nvme", "medium")}),
    ("nvme disks strongly preferred", {("prefer_node_label", "key=disk,value=nvme", "strong")}),
    # permissions and "not necessarily"
    (
        "batch retrain wants an A100, L4 will do in a pinch",
        {("prefer_gpu_models", "models=['a100']", "medium")},
    ),
    ("prefer a100, accept l4", {("prefer_gpu_models", "models=['a100']", "medium")}),
    ("we only accept a100 nodes", {("prefer_gpu_models", "models=['a100']", "critical")}),
    (
        "same comb as pollen-counter, not necessarily the same node",
        {("same_zone_as", "app=pollen-counter", "medium")},
    ),
    ("MAY use the l4 nodes in comb-roof when the others are full", set()),
    ("Nightly sync done, nothing to change here", set()),
    # "colo with"; an app before a cue and a dataset is the workload
    ("colo with pollen-counter", {("colocate_with", "app=pollen-counter", "medium")}),
    (
        "pollen-counter close to the clover-scans cache pls",
        {("prefer_data_locality", "dataset=clover-scans", "medium")},
    ),
    # where the job is now, how things usually are, a name given, the job described
    (
        "the extractor is sat on an L4 right now. could we move to an A100?",
        {("prefer_gpu_models", "models=['a100']", "medium")},
    ),
    (
        "Could it go on an A100? The L4s are always booked by the other team anyway.",
        {("prefer_gpu_models", "models=['a100']", "medium")},
    ),
    (
        "Could it go on the big machines - sorry, I think they're called the serving ones?",
        {("prefer_node_label", "key=tier,value=serving", "medium")},
    ),
    ("This is the batch export, so honestly wherever is fine.", set()),
    # the bill, "nothing of ours", a dataset by the letters before its digits
    ("keep the bill down pls, finance keeps asking about it", {("prefer_low_cost", "", "medium")}),
    (
        "our data manager asked that nothing of ours lands on queen-01",
        {("avoid_nodes", "nodes=['queen-01']", "medium")},
    ),
    ("please run near the BEESWAX data", {("prefer_data_locality", "dataset=beeswax2023", "medium")}),
    (
        "One replica per machine please, and spread across the combs as well if that's doable.",
        {("spread_replicas_nodes", "", "medium"), ("spread_replicas_zones", "", "medium")},
    ),
    # an unticked checklist item is not asked for
    (
        "- [x] pin it to drone-01\n- [ ] comb-roof is enough",
        {("prefer_nodes", "nodes=['drone-01']", "medium")},
    ),
    (
        "same comb as wax-scheduler so the traffic stays off the inter-comb link",
        {("same_zone_as", "app=wax-scheduler", "medium")},
    ),
]


ROUND_EIGHT: list[tuple[str, Expected]] = [
    # a clean record said as what a machine has not done; "the least reliable" ones are to be avoided
    ("pick drones that havent been rebooting all week", {("prefer_reliable_nodes", "", "medium")}),
    ("ideally a box which didn't crash lately", {("prefer_reliable_nodes", "", "weak")}),
    ("stay away from the least reliable hosts", {("prefer_reliable_nodes", "", "medium")}),
    ("run on whatever has the fewest recent hardware faults", {("prefer_reliable_nodes", "", "medium")}),
    # not all of them in one place: spread over such places
    (
        "it'd be great if the extractor replicas weren't all in one comb",
        {("spread_replicas_zones", "", "weak")},
    ),
    ("the copies shouldn't all end up on the same host", {("spread_replicas_nodes", "", "medium")}),
    # what a failure would do says why, it refuses nothing
    (
        "spread across combs, so one comb going dark doesn't take the pollen-counter down",
        {("spread_replicas_zones", "", "medium")},
    ),
    (
        "replicas in different combs; a roof outage means no honey for a day",
        {("spread_replicas_zones", "", "medium")},
    ),
    # the cluster's own words for a zone ("room", "terminal", "cage"); "same ... than/like" as "same ... as"
    ("same cage as wax-scheduler pls", {("same_zone_as", "app=wax-scheduler", "medium")}),
    ("one extractor per server room", {("spread_replicas_zones", "", "medium")}),
    ("must stay in the same zone than pollen-counter", {("same_zone_as", "app=pollen-counter", "critical")}),
    ("put it on the same host like honey-extractor", {("colocate_with", "app=honey-extractor", "medium")}),
    # a hedge after a list governs the list; "+" and "|" join names; a stem left out of a sibling's name
    (
        "keep off drone-01, queen-01 if you can",
        {("avoid_nodes", "nodes=['drone-01', 'queen-01']", "weak")},
    ),
    ("avoid comb-east + comb-roof", {("avoid_zones", "zones=['comb-east', 'comb-roof']", "medium")}),
    ("drone-01 or -02 please", {("prefer_nodes", "nodes=['drone-01', 'drone-02']", "medium")}),
    ("comb-roof is full, comb-west please", {("prefer_zones", "zones=['comb-west']", "medium")}),
    # hedged questions ask, weakly
    ("any chance it lands on queen-01?", {("prefer_nodes", "nodes=['queen-01']", "weak")}),
    ("what if we put it next to the pollen-counter?", {("colocate_with", "app=pollen-counter", "weak")}),
    # "is there a way to" asks plainly (two writers of three; round eleven)
    ("is there a way to keep it out of comb-roof?", {("avoid_zones", "zones=['comb-roof']", "medium")}),
    ("what if comb-roof goes dark?", set()),
    # a question answered in the next sentence asks what the answer says
    ("l4 or a100? a100, the kernels are tuned for it", {("prefer_gpu_models", "models=['a100']", "medium")}),
    ("spread over drones or combs? combs.", {("spread_replicas_zones", "", "medium")}),
    ("should the replicas spread? yes, across combs", {("spread_replicas_zones", "", "medium")}),
    (
        "right next to wax-scheduler? no, the same comb is plenty",
        {("same_zone_as", "app=wax-scheduler", "medium")},
    ),
    (
        "can it go in comb-west? and keep it off comb-roof",
        {("prefer_zones", "zones=['comb-west']", "medium"), ("avoid_zones", "zones=['comb-roof']", "medium")},
    ),
    # questions that ask to be told something ask for no placement
    ("could you check why the extractor is pending in comb-east?", set()),
    ("Which drone has the a100 again? drone-01 or drone-02?", set()),
    # a size that is no free-memory request
    ("near clover-scans (~3TB)", {("prefer_data_locality", "dataset=clover-scans", "medium")}),
    ("keep the replicas on one host, they share a 12G cache", {("colocate_replicas", "", "medium")}),
    ("give it a 64G box", {("min_free_memory", "gib=64.0", "medium")}),
    # shorthand: "if poss", "if u can", "def", "hard req", "nbd"; "1/node"; names before a clause's list
    ("comb-west if poss", {("prefer_zones", "zones=['comb-west']", "weak")}),
    ("KEEP OFF queen-01 if u can", {("avoid_nodes", "nodes=['queen-01']", "weak")}),
    ("def not on spot", {("avoid_spot", "", "strong")}),
    ("hard req: nvme disks", {("prefer_node_label", "key=disk,value=nvme", "critical")}),
    ("extractor x4, 1/host", {("spread_replicas_nodes", "", "medium")}),
    (
        "clover-scans + beeswax2023 local if poss",
        {
            ("prefer_data_locality", "dataset=clover-scans", "weak"),
            ("prefer_data_locality", "dataset=beeswax2023", "weak"),
        },
    ),
    (
        "2 cores, 6 gigs free would be nice",
        {("min_free_cpu", "cores=2.0", "weak"), ("min_free_memory", "gib=6.0", "weak")},
    ),
    (
        "must share a comb with wax-scheduler, ideally right next to it",
        {("same_zone_as", "app=wax-scheduler", "critical"), ("colocate_with", "app=wax-scheduler", "weak")},
    ),
    # "!x" refuses x; "$" is the cost; "nvm" takes back; "outta" is "out of"
    ("!spot", {("avoid_spot", "", "medium")}),
    (
        "tier: batch; !serving",
        {
            ("prefer_node_label", "key=tier,value=batch", "medium"),
            ("avoid_node_label", "key=tier,value=serving", "medium"),
        },
    ),
    ("keep the $ down", {("prefer_low_cost", "", "medium")}),
    ("comb-east pls... nvm, comb-west", {("prefer_zones", "zones=['comb-west']", "medium")}),
    ("keep it outta comb-roof", {("avoid_zones", "zones=['comb-roof']", "medium")}),
    # what a choice costs, or a budget of time or power, is no request for cheap nodes
    ("l4 preferred, for the extractor it's 30% cheaper", {("prefer_gpu_models", "models=['l4']", "medium")}),
    ("near pollen-counter, 5ms budget end to end", {("colocate_with", "app=pollen-counter", "medium")}),
    ("cheap nodes please, it's a batch job", {("prefer_low_cost", "", "medium")}),
    # corrections of a figure; a size said before the clause it belongs to; narration after a refusal
    ("needs 4 free cores - sorry, 6 free cores", {("min_free_cpu", "cores=6.0", "critical")}),
    ("GPU-wise, take the least loaded drone", {("prefer_least_loaded", "resource=gpu", "medium")}),
    ("no spot pls, a preempted run means a day lost", {("avoid_spot", "", "medium")}),
    ("off spot please, it has a long warm-up", {("avoid_spot", "", "medium")}),
    # rhetorical and proposing questions; a need that answers a question about a figure
    ("why would anyone run the extractor on spot?", {("avoid_spot", "", "medium")}),
    ("any reason not to pin it to drone-02?", {("prefer_nodes", "nodes=['drone-02']", "medium")}),
    ("spread across drones rather than combs", {("spread_replicas_nodes", "", "medium")}),
    ("are there 2 free GPUs somewhere? the job needs both", {("min_free_gpus", "count=2", "critical")}),
    ("do we have 16 idle cores anywhere?", set()),
    # millicores before "free"; "+" as "and"; both levels of spread; "loss of a <zone word>"
    (
        "256Mi + 500m free",
        {("min_free_memory", "gib=0.25", "medium"), ("min_free_cpu", "cores=0.5", "medium")},
    ),
    (
        "spread across combs and hosts",
        {("spread_replicas_zones", "", "medium"), ("spread_replicas_nodes", "", "medium")},
    ),
    ("must survive loss of a whole hall", {("spread_replicas_zones", "", "critical")}),
    # "not (so) busy" is idle; "em" are the replicas; "all together on one node" are the replicas
    ("a drone that is not too busy please", {("prefer_least_loaded", "resource=any", "medium")}),
    ("x2, keep em on one host", {("colocate_replicas", "", "medium")}),
    ("the extractor pods, ideally all together on one node", {("colocate_replicas", "", "weak")}),
    # a hyphenated name misspelt whole, whose first part is another name
    ("away from wax-schedluer please", {("avoid_colocation_with", "app=wax-scheduler", "medium")}),
    # strength: a reason sentence's modal stays there; a compound adjective is no modifier; "very" alone
    # describes; "it's got to" and "too much to ask"; the workload's own name before its modal
    (
        "can it stay off queen-01? the extractor can't lose a batch",
        {("avoid_nodes", "nodes=['queen-01']", "medium")},
    ),
    ("why would anyone put a time-critical job on spot?", {("avoid_spot", "", "medium")}),
    (
        "keep it away from wax-scheduler, it is very noisy",
        {("avoid_colocation_with", "app=wax-scheduler", "medium")},
    ),
    (
        "it's got to be on drone-01 or drone-02",
        {("prefer_nodes", "nodes=['drone-01', 'drone-02']", "critical")},
    ),
    ("would it be too much to ask for nvme disks?", {("prefer_node_label", "key=disk,value=nvme", "weak")}),
    (
        "pollen-counter must run in comb-east, not in comb-roof",
        {
            ("prefer_zones", "zones=['comb-east']", "critical"),
            ("avoid_zones", "zones=['comb-roof']", "critical"),
        },
    ),
    (
        "stay off the serving tier unless necessary",
        {("avoid_node_label", "key=tier,value=serving", "medium")},
    ),
    # what a place lacks or is due for tells; patience is no correction; a consequence after "otherwise"
    ("bin-pack please, we're out of power in comb-roof", {("prefer_bin_packing", "", "medium")}),
    (
        "nvme preferred, the hdd boxes are on the maintenance schedule",
        {("prefer_node_label", "key=disk,value=nvme", "medium")},
    ),
    ("spot is preferred, the nightly export can wait", {("prefer_spot", "", "medium")}),
    (
        "same comb as honey-extractor, otherwise the sync goes over the slow link",
        {("same_zone_as", "app=honey-extractor", "medium")},
    ),
    ("same comb as wax-scheduler, else cross-az traffic", {("same_zone_as", "app=wax-scheduler", "medium")}),
    (
        "never on spot, same comb as pollen-counter",
        {("avoid_spot", "", "critical"), ("same_zone_as", "app=pollen-counter", "critical")},
    ),
    # "util", "the memory-light node"; "that host has ..." describes; "2x free gpu"; a hyphen left out
    ("lowest gpu util please", {("prefer_least_loaded", "resource=gpu", "medium")}),
    ("the memory-light host would be nice", {("prefer_least_loaded", "resource=memory", "weak")}),
    ("not queen-01 - that host has a dodgy fan", {("avoid_nodes", "nodes=['queen-01']", "medium")}),
    ("needs 2x free gpu", {("min_free_gpus", "count=2", "critical")}),
    ("keep off drone01", {("avoid_nodes", "nodes=['drone-01']", "medium")}),
    # where it runs now is no request; "I" after a zone is the writer, not a zone id
    ("the extractor pods are currently in comb-east, is that ok?", set()),
    (
        "it sits in comb-east now, I would like it moved to comb-west",
        {("prefer_zones", "zones=['comb-west']", "medium")},
    ),
    # "where X runs/lives" after a placement verb is X's place; a question "where does X live?" is not
    ("run it where pollen-counter lives", {("colocate_with", "app=pollen-counter", "medium")}),
    ("put it where clover-scans lives", {("prefer_data_locality", "dataset=clover-scans", "medium")}),
    ("Where does wax-scheduler run these days?", set()),
    # a phrase may not end inside a hyphenated word; a label value that names the team or the topic;
    # a fallback one accepts is no preference; what a thing is reserved for tells
    ("stay on-comb-east please", {("prefer_zones", "zones=['comb-east']", "medium")}),
    ("batch: prefer l4 cards", {("prefer_gpu_models", "models=['l4']", "medium")}),
    ("serving wants it in comb-west", {("prefer_zones", "zones=['comb-west']", "medium")}),
    ("an a100 ideally, l4 at a push", {("prefer_gpu_models", "models=['a100']", "weak")}),
    (
        "on the l4s, not the a100s - the a100s are reserved for training",
        {("prefer_gpu_models", "models=['l4']", "medium"), ("avoid_gpu_models", "models=['a100']", "medium")},
    ),
    # numbers said in words, as dictation writes them
    ("give it thirty two gigs spare", {("min_free_memory", "gib=32.0", "medium")}),
    ("one hundred and twenty eight gigs free", {("min_free_memory", "gib=128.0", "medium")}),
    ("fifteen hundred millicores free please", {("min_free_cpu", "cores=1.5", "medium")}),
    # what things are for, out of support, running hot: background; "like" alone is no preference
    ("never the a100s theyre out of support", {("avoid_gpu_models", "models=['a100']", "critical")}),
    (
        "batch tier please, the serving boxes are for the honey-extractor",
        {("prefer_node_label", "key=tier,value=batch", "medium")},
    ),
    (
        "comb-east please, it was like down for an hour last week in comb-roof",
        {("prefer_zones", "zones=['comb-east']", "medium")},
    ),
    ("honey-extractor in comb-west like last time", {("prefer_zones", "zones=['comb-west']", "medium")}),
    # two requests joined by "and"; trouble told with nothing asked
    (
        "keep the replicas together and bin pack the rest",
        {("colocate_replicas", "", "medium"), ("prefer_bin_packing", "", "medium")},
    ),
    ("4 node failures on the spot pool this week. stay off spot.", {("avoid_spot", "", "medium")}),
    # Kubernetes words: anti-affinity to an app or to itself, the zone topology key, maxSkew over
    # hostnames, required/preferred and DoNotSchedule/ScheduleAnyway, a pod's own requests
    (
        "podAntiAffinity to wax-scheduler, requiredDuringSchedulingIgnoredDuringExecution",
        {("avoid_colocation_with", "app=wax-scheduler", "critical")},
    ),
    ("anti-affinity to itself on the hostname key", {("spread_replicas_nodes", "", "medium")}),
    (
        "pod affinity with pollen-counter on topology key zone",
        {("same_zone_as", "app=pollen-counter", "medium")},
    ),
    (
        "maxSkew 1 across hostnames, whenUnsatisfiable: DoNotSchedule",
        {("spread_replicas_nodes", "", "critical")},
    ),
    ("requests 2 CPU / 4Gi, nothing else", set()),
    ("requesting 1500m cpu headroom on the node", {("min_free_cpu", "cores=1.5", "medium")}),
    # a label value that is a number and a word, no unit; a hedge after a strong clause stays its own
    (
        "nvme strongly preferred, l4 would be nice",
        {
            ("prefer_node_label", "key=disk,value=nvme", "strong"),
            ("prefer_gpu_models", "models=['l4']", "weak"),
        },
    ),
    # "Should sit in ..." asks; refusals go on past a bracket; "whichever is emptiest" asks
    ("Should sit in the same comb as wax-scheduler.", {("same_zone_as", "app=wax-scheduler", "medium")}),
    (
        "don't schedule onto drone-01 (cordoned) or drone-02 (tainted)",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    ("whichever drone is emptiest", {("prefer_least_loaded", "resource=any", "medium")}),
    ("FYI, queen-01 is the only node with the new driver.", set()),
    # a bracketed remark beside a request; "No big deal if not" is no "no"; "fwiw" tells
    ("never the a100s (too slow for serving)", {("avoid_gpu_models", "models=['a100']", "critical")}),
    ("Could you spread it across combs? No big deal if not.", {("spread_replicas_zones", "", "weak")}),
    ("the extractor pods live on drone-01, fwiw", set()),
    ("comb-east please, comb-roof is being recabled", {("prefer_zones", "zones=['comb-east']", "medium")}),
    # refusing to leave a place keeps it there; a label value that is the subject of a modal
    ("the exports must never leave comb-east", {("prefer_zones", "zones=['comb-east']", "critical")}),
    ("serving traffic must stay off spot", {("avoid_spot", "", "critical")}),
    ("spot for the batch backlog please", {("prefer_spot", "", "medium")}),
    # an app that opens its clause before a modal is the subject; "one <thing> per node"; a refusal
    # stops at "and" before a new cue
    (
        "Action item 1: the wax-scheduler service shall be moved away from queen-01.",
        {("avoid_nodes", "nodes=['queen-01']", "critical")},
    ),
    ("one extractor per host, definitely", {("spread_replicas_nodes", "", "strong")}),
    (
        "keep it away from wax-scheduler and in the same comb as pollen-counter",
        {
            ("avoid_colocation_with", "app=wax-scheduler", "medium"),
            ("same_zone_as", "app=pollen-counter", "medium"),
        },
    ),
    # "at least twelve" after a resource; "32+ cores"; "(required: ...)" governs what it follows
    ("plenty of free cores please, at least twelve", {("min_free_cpu", "cores=12.0", "medium")}),
    ("32+ idle cores would be nice", {("min_free_cpu", "cores=32.0", "weak")}),
    ("onto drone-02 (required: it has the dongle)", {("prefer_nodes", "nodes=['drone-02']", "critical")}),
    # a thing said not to be needed; two requests joined by "and"; a plain name listed after a node
    (
        "l4 preferred, a100 not required",
        {("prefer_gpu_models", "models=['l4']", "medium")},
    ),
    (
        "replicas on seperate nodes and in different combs",
        {("spread_replicas_nodes", "", "medium"), ("spread_replicas_zones", "", "medium")},
    ),
    ("never on queen-01 or hornet", {("avoid_nodes", "nodes=['hornet', 'queen-01']", "critical")}),
    ("drone-01 or similar", {("prefer_nodes", "nodes=['drone-01']", "medium")}),
    # a sentence opened by "or" and a name goes on the list before it
    ("avoid comb-roof. or comb-east", {("avoid_zones", "zones=['comb-east', 'comb-roof']", "medium")}),
    # what named machines have, with nothing asked, describes them
    ("drone-01 and drone-02 have the big disks", set()),
    ("drone-01 has to be used", {("prefer_nodes", "nodes=['drone-01']", "critical")}),
    # GPU names as dictation writes them; a lower-case "a" before a number is an article
    ("L four please", {("prefer_gpu_models", "models=['l4']", "medium")}),
    ("A one hundred strongly preferred", {("prefer_gpu_models", "models=['a100']", "strong")}),
    ("give it a two core box", {("min_free_cpu", "cores=2.0", "medium")}),
    # a status post with an explicit ask: only the ask asks; "no asks" asks nothing; thanks with a name
    (
        "Stand-up: comb-roof migration done, drone-02 rebuilt. Ask: the extractor should sit next to "
        "wax-scheduler.",
        {("colocate_with", "app=wax-scheduler", "medium")},
    ),
    ("Weekly update: moved the exports to comb-east and drone-01. No asks from us this week.", set()),
    ("thx Marta for re-labelling the nvme boxes", set()),
    (
        "incident recap: drone-01 dropped off at 02:10, the extractor failed over to drone-02. keep "
        "long runs off drone-01 for now.",
        {("avoid_nodes", "nodes=['drone-01']", "medium")},
    ),
    # batch-scheduler habits: Slurm/PBS flags and host lists; the cluster's own names beat built-in words
    (
        "#SBATCH --cpus-per-task=8 --mem=16000M --gres=gpu:l4:1",
        {
            ("min_free_cpu", "cores=8.0", "medium"),
            ("min_free_memory", "gib=15.625", "medium"),
            ("min_free_gpus", "count=1", "medium"),
            ("prefer_gpu_models", "models=['l4']", "medium"),
        },
    ),
    ("exclude drone-[01-02] please", {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")}),
    (
        "#PBS -l select=1:ncpus=4:mem=8gb",
        {("min_free_cpu", "cores=4.0", "medium"), ("min_free_memory", "gib=8.0", "medium")},
    ),
    ("keep off the queen node", {("avoid_nodes", "nodes=['queen-01']", "medium")}),
    (
        "keep honey-extractor and pollen-counter away from this one",
        {
            ("avoid_colocation_with", "app=honey-extractor", "medium"),
            ("avoid_colocation_with", "app=pollen-counter", "medium"),
        },
    ),
    # a label value that is also a word of ours, with its key; names said again for stress; a shrug
    ("not on the batch tier please", {("avoid_node_label", "key=tier,value=batch", "medium")}),
    (
        "avoid drone-01 and drone-02, definitely drone-02",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "strong")},
    ),
    ("l4? a100? don't care. just not queen-01", {("avoid_nodes", "nodes=['queen-01']", "medium")}),
    ("a100? lol no. l4.", {("prefer_gpu_models", "models=['l4']", "medium")}),
    # room after "of"; stop putting it there; irony turns a proposal round; the verb's object is the job
    ("give it 12 gigs of breathing room", {("min_free_memory", "gib=12.0", "medium")}),
    ("stop putting it on queen-01", {("avoid_nodes", "nodes=['queen-01']", "medium")}),
    (
        "Oh sure, let's run the extractor on spot, what could possibly go wrong",
        {("avoid_spot", "", "medium")},
    ),
    ("put the honey-extractor on the batch tier", {("prefer_node_label", "key=tier,value=batch", "medium")}),
    # indifference to one thing cancels only that; "A > B"; the words before an opening colon
    (
        "needs 1 GPU free and 8 cores, RAM doesn't matter",
        {("min_free_gpus", "count=1", "critical"), ("min_free_cpu", "cores=8.0", "critical")},
    ),
    (
        "reliability > cost; spot is out",
        {("prefer_reliable_nodes", "", "medium"), ("avoid_spot", "", "medium")},
    ),
    ("serving canary: spot preferred, it restarts fine", {("prefer_spot", "", "medium")}),
    (
        "clover-scans reprocessing: data locality is a must",
        {("prefer_data_locality", "dataset=clover-scans", "critical")},
    ),
    # "drone nodes 01 and 02"; "across all three combs"; a canary that is live somewhere tells
    ("avoid drone nodes 01 and 02", {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")}),
    ("across all three combs please", {("spread_replicas_zones", "", "medium")}),
    ("the extractor canary is live in comb-east, looks healthy. thanks!", set()),
    # what a thing cost us, "A = B", a chosen thing that is cheaper, a build image, maintenance mode
    ("keep it off spot? the last eviction cost us an hour", {("avoid_spot", "", "medium")}),
    ("no spot. a preempted run = a lost night.", {("avoid_spot", "", "medium")}),
    ("arm64 please, graviton is cheaper anyway", {("prefer_arch", "arch=arm64", "medium")}),
    ("who put drone-02 in maintenance mode at peak, genius move", set()),
    # idioms and slang; what is kept away from something else is the job; "X's full"
    ("give it some elbow room", {("prefer_least_loaded", "resource=any", "medium")}),
    ("a host that's light on memory please", {("prefer_least_loaded", "resource=memory", "medium")}),
    ("rack-mates with pollen-counter, ideally", {("colocate_with", "app=pollen-counter", "weak")}),
    (
        "keep the serving tier free for the extractor",
        {("avoid_node_label", "key=tier,value=serving", "medium")},
    ),
    (
        "keep honey-extractor away from wax-scheduler",
        {("avoid_colocation_with", "app=wax-scheduler", "medium")},
    ),
    ("please keep wax-scheduler away", {("avoid_colocation_with", "app=wax-scheduler", "medium")}),
    ("these jobs are cattle not pets. stick them on spot.", {("prefer_spot", "", "medium")}),
    ("never spot. if a node gets reclaimed the feed goes blank.", {("avoid_spot", "", "critical")}),
    (
        "drone-01 please. actually make that drone-02, drone-01's full",
        {("prefer_nodes", "nodes=['drone-02']", "medium")},
    ),
    (
        "keep it away from wax-scheduler - sorry, backwards: put it next to wax-scheduler",
        {("colocate_with", "app=wax-scheduler", "medium")},
    ),
    ("needs 1500m headroom", {("min_free_cpu", "cores=1.5", "critical")}),
    # a design record: only the decision asks, and what it states is decided
    (
        "Context: the extractor saturates the disks. Decision: honey-extractor is pinned to drone-01. "
        "Alternatives considered: running it on spot (rejected: preemptions).",
        {("prefer_nodes", "nodes=['drone-01']", "medium")},
    ),
    (
        "Status: accepted. Decision: the replicas are kept together on one node. Consequences: a node "
        "failure takes them all out.",
        {("colocate_replicas", "", "medium")},
    ),
    ("Open questions: should it move to comb-east? Should it use l4s? Not decided.", set()),
    ("Status: rollout done in comb-east. Please keep the canary off spot.", {("avoid_spot", "", "medium")}),
    # through a translator: "keep distance from", "glued to", "out from", "senza", "giga", "margin",
    # "I hope", "never allowed", "not needed ... anymore"; a per-item "not" list; English prefixes
    (
        "please keep distance from wax-scheduler and pollen-counter both",
        {
            ("avoid_colocation_with", "app=wax-scheduler", "medium"),
            ("avoid_colocation_with", "app=pollen-counter", "medium"),
        },
    ),
    ("must run glued to the pollen-counter", {("colocate_with", "app=pollen-counter", "critical")}),
    ("kindly keep it out from comb-roof", {("avoid_zones", "zones=['comb-roof']", "medium")}),
    (
        "same comb as wax-scheduler, senza spot",
        {("same_zone_as", "app=wax-scheduler", "medium"), ("avoid_spot", "", "medium")},
    ),
    ("I hope the memory has 32 giga margin", {("min_free_memory", "gib=32.0", "weak")}),
    ("spot is never allowed for this job", {("avoid_spot", "", "critical")}),
    ("it is not needed to be near wax-scheduler anymore", set()),
    (
        "not comb-east, not comb-roof, comb-west please",
        {
            ("avoid_zones", "zones=['comb-east', 'comb-roof']", "medium"),
            ("prefer_zones", "zones=['comb-west']", "medium"),
        },
    ),
    (
        "far from wax-scheduler, when it re-indexes it eats the disks",
        {("avoid_colocation_with", "app=wax-scheduler", "medium")},
    ),
    # decisions stated as facts; "one each"; an inverted modal's subject; purpose "to avoid ...ing"
    (
        "Decision: honey-extractor is co-located with pollen-counter, strongly preferred.",
        {("colocate_with", "app=pollen-counter", "strong")},
    ),
    ("Decision: the export job bin-packs.", {("prefer_bin_packing", "", "medium")}),
    ("Decision: pollen-counter replicas are packed on one node.", {("colocate_replicas", "", "medium")}),
    (
        "on drone-01 and drone-02, one each",
        {
            ("prefer_nodes", "nodes=['drone-01', 'drone-02']", "medium"),
            ("spread_replicas_nodes", "", "medium"),
        },
    ),
    ("Under no circumstances should wax-scheduler run on spot.", {("avoid_spot", "", "critical")}),
    ("no co-tenancy with wax-scheduler please", {("avoid_colocation_with", "app=wax-scheduler", "medium")}),
    (
        "same node as pollen-counter, to avoid shipping data across the comb network",
        {("colocate_with", "app=pollen-counter", "medium")},
    ),
    # keys and flags written as code
    (
        'placement={"zone": "comb-east", "spot": False}',
        {("prefer_zones", "zones=['comb-east']", "medium"), ("avoid_spot", "", "medium")},
    ),
    ("dict(binpack=True, spot=True)", {("prefer_bin_packing", "", "medium"), ("prefer_spot", "", "medium")}),
    (
        'zones=["comb-east"], avoid_zones=["comb-roof"]',
        {("prefer_zones", "zones=['comb-east']", "medium"), ("avoid_zones", "zones=['comb-roof']", "medium")},
    ),
    (
        "mem_headroom='64Gi', cpu_headroom=8",
        {("min_free_memory", "gib=64.0", "medium"), ("min_free_cpu", "cores=8.0", "medium")},
    ),
    ("anti_affinity={'app': 'wax-scheduler'}", {("avoid_colocation_with", "app=wax-scheduler", "medium")}),
    # tenants' tickets and time-qualified asks
    ("can you move us somewhere less crowded?", {("prefer_least_loaded", "resource=any", "medium")}),
    ("one replica per edge box, please", {("spread_replicas_nodes", "", "medium")}),
    ("no more than one per host", {("spread_replicas_nodes", "", "medium")}),
    (
        "comb-east or comb-west, no preference between them",
        {("prefer_zones", "zones=['comb-east', 'comb-west']", "medium")},
    ),
    (
        "keep it off the big nodes (drone-01, drone-02), they cost more",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    (
        "leave 6 cores and 32 GiB unreserved on whatever node it picks",
        {("min_free_cpu", "cores=6.0", "medium"), ("min_free_memory", "gib=32.0", "medium")},
    ),
    ("the export is 300 MB, nothing special needed", set()),
    # "X pods ... as each other" are X's replicas; "make that 12" corrects the figure; what "it runs"
    ("the extractor pods must be on the same node as each other", {("colocate_replicas", "", "critical")}),
    ("nodes with 6 free cores please. Sorry, make that 12.", {("min_free_cpu", "cores=12.0", "medium")}),
    ("no spot for the exports please. It runs month-end invoicing.", {("avoid_spot", "", "medium")}),
    ("max one replica of honey-extractor per node", {("spread_replicas_nodes", "", "medium")}),
    # who we are; a third party's need; "anywhere with ..."; "the fewest GPUs in use"; compounds
    ("We're on the serving tier plan. Cheapest nodes please.", {("prefer_low_cost", "", "medium")}),
    ("we're cost-sensitive", {("prefer_low_cost", "", "medium")}),
    (
        "keep off the serving tier, they need it for the launch",
        {("avoid_node_label", "key=tier,value=serving", "medium")},
    ),
    ("anywhere with 4000m of CPU free would be great", {("min_free_cpu", "cores=4.0", "weak")}),
    ("prefer nodes with the fewest GPUs in use", {("prefer_least_loaded", "resource=gpu", "medium")}),
    ("the extractor is arm-incompatible, keep it off arm", {("prefer_arch", "arch=amd64", "medium")}),
    ("x86-Only please", {("prefer_arch", "arch=amd64", "critical")}),
    ("Don't mind where the exports run.", set()),
    ("run it wherever is cheapest", {("prefer_low_cost", "", "medium")}),
    # "nodes that stay up"; "if you must" permits; one machine of a kind; an app's name in the plural
    ("pick nodes that stay up", {("prefer_reliable_nodes", "", "medium")}),
    ("nvme boxes preferred, hdd ones if you must", {("prefer_node_label", "key=disk,value=nvme", "medium")}),
    ("keep both replicas on one batch node", {("colocate_replicas", "", "medium")}),
    ("near the honey-extractors please", {("colocate_with", "app=honey-extractor", "medium")}),
    # network-function talk: "the least CPU already requested", "same worker as", "whatever comb X is
    # in", "no X needed"
    (
        "pick the host with the least CPU already requested",
        {("prefer_least_loaded", "resource=cpu", "medium")},
    ),
    ("on the same worker as pollen-counter if you can", {("colocate_with", "app=pollen-counter", "weak")}),
    ("put it in whatever comb the wax-scheduler lives in", {("same_zone_as", "app=wax-scheduler", "medium")}),
    ("no nvme needed, hdd is fine", set()),
    # a refusing heading refuses its list, up to the next heading
    (
        "Not allowed: spot, queen-01",
        {("avoid_spot", "", "critical"), ("avoid_nodes", "nodes=['queen-01']", "critical")},
    ),
    (
        "Avoid:\n- drone-01\n- the hdd nodes\nPreferred:\n- comb-east",
        {
            ("avoid_nodes", "nodes=['drone-01']", "medium"),
            ("avoid_node_label", "key=disk,value=hdd", "medium"),
            ("prefer_zones", "zones=['comb-east']", "medium"),
        },
    ),
    (
        "Must not: spot. Must not: comb-roof.",
        {("avoid_spot", "", "critical"), ("avoid_zones", "zones=['comb-roof']", "critical")},
    ),
    # negation and exceptions: "everything but X", "any GPU but T4", "no need to", "nothing X", "don't put
    # all the X replicas in one zone"; a clause "any zone works but ..." is still a clause
    ("run it on everything but the serving tier", {("avoid_node_label", "key=tier,value=serving", "medium")}),
    ("any GPU but a100, please", {("avoid_gpu_models", "models=['a100']", "medium")}),
    ("no need to spread across combs for this one", set()),
    (
        "nothing flaky, nothing on spot",
        {("prefer_reliable_nodes", "", "medium"), ("avoid_spot", "", "medium")},
    ),
    ("don't put all the honey-extractor replicas in one comb", {("spread_replicas_zones", "", "medium")}),
    ("any comb works but it must be on nvme", {("prefer_node_label", "key=disk,value=nvme", "critical")}),
    ("honey-extractor next door please", {("colocate_with", "app=honey-extractor", "medium")}),
    # an exception inside a refusal of something named is allowed, not asked for; inside a refusal of
    # everything ("avoid all combs except X") it is the request
    (
        "stay off comb-roof except queen-01, that one is ok",
        {("avoid_zones", "zones=['comb-roof']", "medium")},
    ),
    ("avoid the hdd boxes, except drone-02", {("avoid_node_label", "key=disk,value=hdd", "medium")}),
    (
        "avoid drone-01 and drone-02 but not queen-01",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    ("avoid every comb except comb-west", {("prefer_zones", "zones=['comb-west']", "medium")}),
    # not in another zone from an app is its zone
    ("never in a different comb from wax-scheduler", {("same_zone_as", "app=wax-scheduler", "critical")}),
    # a cap of one per place is the spread; "never" keeps its strength; the replicas' own spread is no
    # refusal of their app
    ("never more than one pollen-counter replica per host", {("spread_replicas_nodes", "", "critical")}),
    ("not more than one per server", {("spread_replicas_nodes", "", "medium")}),
    (
        "don't spread the wax-scheduler replicas out, keep them on one host",
        {("colocate_replicas", "", "medium")},
    ),
    ("the copies must not all sit in one comb", {("spread_replicas_zones", "", "critical")}),
    # "isn't fine to" refuses what follows; "Not ok:" heads a refused list, whose bare everyday values
    # are names when they sit between other names
    (
        "fine to be near pollen-counter; not ok to be near wax-scheduler",
        {("avoid_colocation_with", "app=wax-scheduler", "medium")},
    ),
    (
        "Not ok: spot, batch, or comb-roof.",
        {
            ("avoid_spot", "", "medium"),
            ("avoid_node_label", "key=tier,value=batch", "medium"),
            ("avoid_zones", "zones=['comb-roof']", "medium"),
        },
    ),
    # misspelt zone names, and names with digits misspelt in their letters only
    ("everywhere but comb-wset", {("avoid_zones", "zones=['comb-west']", "medium")}),
    ("keep beesvax2023 local please", {("prefer_data_locality", "dataset=beeswax2023", "medium")}),
    ("any GPU model except l4 works", {("avoid_gpu_models", "models=['l4']", "medium")}),
    # a refusing heading over "any node in ...", and over a cap; "nodes and combs" after a spread;
    # a resource in brackets after a load word
    ("Not allowed: any node in the batch tier", {("avoid_node_label", "key=tier,value=batch", "critical")}),
    ("Not allowed: more than one replica per host", {("spread_replicas_nodes", "", "critical")}),
    (
        "spread it across nodes and combs",
        {("spread_replicas_nodes", "", "medium"), ("spread_replicas_zones", "", "medium")},
    ),
    ("least loaded (RAM)", {("prefer_least_loaded", "resource=memory", "medium")}),
    # a bare figure next to a preference word, after a figure with a unit, is another figure of that
    # kind; each value asks on its own
    (
        "4 cores at minimum, preferably 8",
        {("min_free_cpu", "cores=4.0", "medium"), ("min_free_cpu", "cores=8.0", "medium")},
    ),
    (
        "16G spare at least, 32 ideally",
        {("min_free_memory", "gib=16.0", "medium"), ("min_free_memory", "gib=32.0", "weak")},
    ),
    (
        "2 GPUs, on drone-01",
        {("min_free_gpus", "count=2", "medium"), ("prefer_nodes", "nodes=['drone-01']", "medium")},
    ),
    # a fallback place is asked for too
    (
        "drone-01 first, drone-02 if 01 is full",
        {("prefer_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    (
        "comb-east, or comb-west if that one's busy",
        {("prefer_zones", "zones=['comb-east', 'comb-west']", "medium")},
    ),
    # someone else's doing, told as a fact while the hint asks elsewhere, asks nothing
    ("stay off queen-01, people run debug shells there", {("avoid_nodes", "nodes=['queen-01']", "medium")}),
    (
        "keep away from drone-01 — those host the wax-scheduler primaries",
        {("avoid_nodes", "nodes=['drone-01']", "medium")},
    ),
    (
        "pollen-counter and wax-scheduler both run on drone-02; skip that node",
        {("avoid_nodes", "nodes=['drone-02']", "medium")},
    ),
    (
        "for the rehearsal run it on drone-02, not drone-01",
        {("prefer_nodes", "nodes=['drone-02']", "medium"), ("avoid_nodes", "nodes=['drone-01']", "medium")},
    ),
    # what is beaten is not asked for; "rather ... than" refuses what follows; "even X" last allows it
    (
        "reliability beats cost here, same host as pollen-counter",
        {("prefer_reliable_nodes", "", "medium"), ("colocate_with", "app=pollen-counter", "medium")},
    ),
    ("I'd rather queue for hours than run on spot", {("avoid_spot", "", "medium")}),
    ("cheapest node you have, even spot", {("prefer_low_cost", "", "medium")}),
    # a load cap asks for a quiet node
    ("hosts under 40% CPU util", {("prefer_least_loaded", "resource=cpu", "medium")}),
    ("a box below 25 percent memory utilisation", {("prefer_least_loaded", "resource=memory", "medium")}),
    # the way people hedge, allow and ask yes-or-no; a verb after its subject refuses what follows
    ("it'd be lovely if it avoided drone-02", {("avoid_nodes", "nodes=['drone-02']", "weak")}),
    (
        "please ensure the job is not placed on hdd nodes",
        {("avoid_node_label", "key=disk,value=hdd", "strong")},
    ),
    ("happy for it to go on spot, it's a re-runnable batch", set()),
    ("it's not a problem if it lands in comb-roof", set()),
    ("I'd quite like it on nvme", {("prefer_node_label", "key=disk,value=nvme", "weak")}),
    (
        "comb-west if it's no bother. absolutely not comb-roof though",
        {("prefer_zones", "zones=['comb-west']", "weak"), ("avoid_zones", "zones=['comb-roof']", "critical")},
    ),
    ("put it alongside honey-extractor can or not?", {("colocate_with", "app=honey-extractor", "medium")}),
    # a correction to a name, then why the first was wrong; a closing "one" is no pronoun; a named
    # resource says which load
    (
        "put it on drone-01, no wait, drone-02, 01's got a dodgy fan",
        {("prefer_nodes", "nodes=['drone-02']", "medium")},
    ),
    ("don't put on spot ah, the run is 14 days one", {("avoid_spot", "", "medium")}),
    ("a host that's light on memory use", {("prefer_least_loaded", "resource=memory", "medium")}),
    # things described instead of named: graphics cards are GPUs, "the X thing" is the app X ends,
    # the same computer is the same node
    ("needs two free graphics cards", {("min_free_gpus", "count=2", "critical")}),
    (
        "keep it away from wherever the extractor thing runs",
        {("avoid_colocation_with", "app=honey-extractor", "medium")},
    ),
    ("same computer as the pollen counter thing", {("colocate_with", "app=pollen-counter", "medium")}),
    # splitting copies between places spreads them, at a heading's strength; "can't wait" is no
    # correction; "any X, don't care" chooses nothing; "A-100" is the GPU; "drone-1" is drone-01
    (
        "Important: split the copies between the combs so losing one comb is fine.",
        {("spread_replicas_zones", "", "strong")},
    ),
    ("under no circumstances on spot, the hive can't wait", {("avoid_spot", "", "critical")}),
    ("any comb, any drone, don't care", set()),
    ("the A-100 cards please", {("prefer_gpu_models", "models=['a100']", "medium")}),
    ("avoid dorne-1", {("avoid_nodes", "nodes=['drone-01']", "medium")}),
    # "not the same box" after a same-zone request is about that app; "and near X" after a refusal
    # is a request of its own
    (
        "same comb as wax-scheduler, but not the same box",
        {
            ("same_zone_as", "app=wax-scheduler", "medium"),
            ("avoid_colocation_with", "app=wax-scheduler", "medium"),
        },
    ),
    (
        "not in comb-roof, and near pollen-counter",
        {("avoid_zones", "zones=['comb-roof']", "medium"), ("colocate_with", "app=pollen-counter", "medium")},
    ),
    # dictation: names spelt out and said with "dash"
    (
        "prefer drone dash oh one or drone dash oh two",
        {("prefer_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    ("the n v m e boxes please", {("prefer_node_label", "key=disk,value=nvme", "medium")}),
    ("zones b c and d are all fine", set()),
    # a corrected "as" keeps its cue; "survive a zone outage" spreads; "whichever node is emptiest" asks
    (
        "keep it in the same comb as honey-extractor, no wait, as wax-scheduler",
        {("same_zone_as", "app=wax-scheduler", "medium")},
    ),
    ("must survive a zone outage", {("spread_replicas_zones", "", "critical")}),
    ("nightly run, whichever node is emptiest", {("prefer_least_loaded", "resource=any", "medium")}),
    # the app in a refused clause that names a place is the workload kept from it, not a refused
    # neighbour; listed beside the place, it is refused with it
    (
        "we cannot accept the risk of the honey-extractor being preempted, no spot",
        {("avoid_spot", "", "critical")},
    ),
    (
        "steer clear of the wax-scheduler pods and drone-02",
        {
            ("avoid_colocation_with", "app=wax-scheduler", "medium"),
            ("avoid_nodes", "nodes=['drone-02']", "medium"),
        },
    ),
    # "cost" as a verb or a reason asks for no low cost; a machine hall is a zone
    (
        "keep the replicas on separate hosts; losing a host should cost us at most one match",
        {("spread_replicas_nodes", "", "medium")},
    ),
    ("same machine hall as pollen-counter", {("same_zone_as", "app=pollen-counter", "medium")}),
    # the workload told of before a negated modal; siblings after a slash or "and -02" are the named
    # node's; "X ones too" continues a refusal
    ("no spot, honey-extractor can't get preempted mid-harvest", {("avoid_spot", "", "medium")}),
    (
        "keep it off drone-01 and -02, it's pure CPU work",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02']", "medium")},
    ),
    (
        "avoid wax-scheduler nodes, and ideally pollen-counter ones too",
        {
            ("avoid_colocation_with", "app=wax-scheduler", "medium"),
            ("avoid_colocation_with", "app=pollen-counter", "weak"),
        },
    ),
    # "make it 12" after a correction; "X matters less than Y"; spread "over nodes and zones"; "fine-tune"
    ("give it 8 free cores, no wait, make it 12", {("min_free_cpu", "cores=12.0", "medium")}),
    ("cost matters less than reliability here", {("prefer_reliable_nodes", "", "medium")}),
    (
        "spread the pods over different nodes and combs",
        {("spread_replicas_nodes", "", "medium"), ("spread_replicas_zones", "", "medium")},
    ),
    ("we'd like L4s for this fine-tune", {("prefer_gpu_models", "models=['l4']", "medium")}),
    # allowed anywhere but X refuses X; a fraction of a unit; "don't all need to" asks nothing
    ("ok to go anywhere except comb-roof", {("avoid_zones", "zones=['comb-roof']", "medium")}),
    ("1/2 TB of free mem needed", {("min_free_memory", "gib=512.0", "critical")}),
    ("the replicas don't all need to sit on one host", set()),
    # a level after the load word; "shared a node"; "rarely breaks"
    ("gpu usage low pls", {("prefer_least_loaded", "resource=gpu", "medium")}),
    (
        "it'd be lovely if honey-extractor and this shared a node",
        {("colocate_with", "app=honey-extractor", "weak")},
    ),
    ("a node that rarely breaks would be nice", {("prefer_reliable_nodes", "", "weak")}),
    # places told of in a reason; GPUs kept free; who a thing is saved for; the workload described
    (
        "keep it in comb-east, the comb-roof nodes get hot in summer",
        {("prefer_zones", "zones=['comb-east']", "medium")},
    ),
    (
        "consolidate please, we want to power down the comb-roof nodes at night",
        {("prefer_bin_packing", "", "medium")},
    ),
    (
        "use an L4 for this, keep the A100s free for the big runs",
        {("prefer_gpu_models", "models=['l4']", "medium"), ("avoid_gpu_models", "models=['a100']", "medium")},
    ),
    (
        "avoid nvme nodes, save that for the honey-extractor",
        {("avoid_node_label", "key=disk,value=nvme", "medium")},
    ),
    ("no spot. honey-extractor runs are not idempotent.", {("avoid_spot", "", "medium")}),
    # a statement checked ("..., right?") and a request to look ask nothing
    ("drone-01 is the login node, right?", set()),
    ("the graphs look weird for drone-02, can someone check?", set()),
    # a bare figure after "wait" corrects the last; a zone's last word before "site"
    ("needs 64 GB RAM headroom, wait, 32 is enough", {("min_free_memory", "gib=32.0", "critical")}),
    ("anywhere but the roof site", {("avoid_zones", "zones=['comb-roof']", "medium")}),
    ("doesn't matter which GPU, as long as there's one free", {("min_free_gpus", "count=1", "medium")}),
    ("the job reads clover-scans but it's small, locality doesn't matter", set()),
    # "cram it onto busy nodes"; "the X node" is the node X runs on; who a node is reserved for
    ("cram it in with other pods on busy nodes", {("prefer_bin_packing", "", "medium")}),
    ("prefer the wax-scheduler node", {("colocate_with", "app=wax-scheduler", "medium")}),
    (
        "drone-01 is reserved for honey-extractor, keep this off it",
        {("avoid_nodes", "nodes=['drone-01']", "medium")},
    ),
    ("idle node please, cpu", {("prefer_least_loaded", "resource=cpu", "medium")}),
    # a distinct last word names its node; "runners" heads a label; a cordoned node is told of;
    # "low priority" describes the job; "she might have meant" corrects
    (
        "drone-01 — no wait, drone-02, drone-01 is cordoned",
        {("prefer_nodes", "nodes=['drone-02']", "medium")},
    ),
    ("quite a low priority batch. spot would be fine, even better actually", {("prefer_spot", "", "medium")}),
    # sizes told or moved ask no memory; of two exclusive choices the fallback asks nothing;
    # "cpu-wise" is no zone
    (
        "the clover-scans set is 3TB, so land where it is cached",
        {("prefer_data_locality", "dataset=clover-scans", "medium")},
    ),
    ("it's only 512Mi, put it anywhere", set()),
    ("arm if possible, x86 otherwise", {("prefer_arch", "arch=arm64", "weak")}),
    ("prefer spot, fall back to on-demand", {("prefer_spot", "", "medium")}),
    ("prefer a quiet box, cpu-wise", {("prefer_least_loaded", "resource=cpu", "medium")}),
    (
        "avoid drone-01 and drone-02, and ideally also queen-01",
        {("avoid_nodes", "nodes=['drone-01', 'drone-02', 'queen-01']", "medium")},
    ),
    ("it's a flaky test suite, not flaky hardware — nothing to do for the scheduler", set()),
    ("it'd be lovely to avoid nodes that crashed this week", {("prefer_reliable_nodes", "", "weak")}),
    ("the hosts that crashed are back in the pool", set()),
    # irony: a sentence opened by "oh" asks for the opposite
    (
        "oh yes, do put it on spot, losing a day of work was SO much fun last time",
        {("avoid_spot", "", "medium")},
    ),
    # a spread over named zones is over zones
    (
        "spread the replicas across comb-east and comb-west",
        {
            ("spread_replicas_zones", "", "medium"),
            ("prefer_zones", "zones=['comb-east', 'comb-west']", "medium"),
        },
    ),
]

KILN = ClusterContext(
    name="test-kiln",
    zones=["kl2", "pt7", "gz4"],
    nodes=["wheel-01", "wheel-02", "wheel-03", "wheel-04", "throw-01"],
    apps=["glaze-mixer", "clay-store", "firing-queue", "etcd"],
    node_labels={"heat": ["bisque", "stoneware"], "kiln-class": ["gas-kiln", "wood-kiln"]},
    gpu_models=["l4", "a10"],
    datasets=["glaze-recipes", "kiln-logs-2021"],
)
ROUND_NINE: list[tuple[str, Expected]] = [
    # a striking word takes a listed name back out; what follows it takes its place
    (
        "wheel-01, wheel-03 - no, scratch wheel-03, make that wheel-04",
        {("prefer_nodes", "nodes=['wheel-01', 'wheel-04']", "medium")},
    ),
    (
        "wheel-02 or wheel-03... actually drop wheel-03, just wheel-02",
        {("prefer_nodes", "nodes=['wheel-02']", "medium")},
    ),
    (
        "avoid wheel-01 and wheel-02, oh and strike wheel-01",
        {("avoid_nodes", "nodes=['wheel-02']", "medium")},
    ),
    # "no" before words that take something back refuses nothing
    (
        "stoneware or bisque nodes... no actually only stoneware",
        {("prefer_node_label", "key=heat,value=stoneware", "critical")},
    ),
    ("gz4 - no, sorry, kl2", {("prefer_zones", "zones=['kl2']", "medium")}),
    # a correction after the correcting words, not only right after them
    (
        "I wrote next to etcd before but actually next to clay-store",
        {("colocate_with", "app=clay-store", "medium")},
    ),
    # trouble that seldom happens is reliability
    ("choose a wheel that seldom crashes", {("prefer_reliable_nodes", "", "medium")}),
    ("hosts that rarely fail please", {("prefer_reliable_nodes", "", "medium")}),
    # a lead-in governs a plain "prefer"
    (
        "If you can: prefer the gas-kiln boxes.",
        {("prefer_node_label", "key=kiln-class,value=gas-kiln", "weak")},
    ),
    ("Really important: prefer gz4.", {("prefer_zones", "zones=['gz4']", "strong")}),
    # what a place is for describes it
    ("Run it in pt7. kl2 is for the firing pipeline.", {("prefer_zones", "zones=['pt7']", "medium")}),
    ("the wood-kiln nodes are for overnight batches", set()),
    # asking how to see or what the difference is asks nothing
    ("is there a way to see which wheel has glaze-recipes cached?", set()),
    ("Quick one - what's the difference between bisque and stoneware nodes?", set()),
    ("is there a way to put it on wheel-02?", {("prefer_nodes", "nodes=['wheel-02']", "medium")}),
    # the replicas themselves, together or apart
    ("the glaze-mixer replicas must never share a host", {("spread_replicas_nodes", "", "critical")}),
    ("colocate the replicas please", {("colocate_replicas", "", "medium")}),
    ("colocate the replicas with etcd", {("colocate_with", "app=etcd", "medium")}),
    (
        "firing queue: spread per zone and per node",
        {("spread_replicas_zones", "", "medium"), ("spread_replicas_nodes", "", "medium")},
    ),
    # colos are sites; a misspelt "different" is still different
    ("spread it over the colos", {("spread_replicas_zones", "", "medium")}),
    ("keep the copies in diferent zones", {("spread_replicas_zones", "", "medium")}),
    # "on top of that" adds, it places nothing on top of anything
    (
        "must survive a site outage; on top of that, prefer hosts that rarely crash",
        {("spread_replicas_zones", "", "critical"), ("prefer_reliable_nodes", "", "medium")},
    ),
    # a code of the zones' own shape after "in" is a zone the context does not list
    ("put it in mx3, the new Mexico site", {("prefer_zones", "zones=['mx3']", "medium")}),
    ("run it in v2 mode", set()),
    # a choice by a figure asks for the figure; "whatever box it lands on" is wherever it goes
    (
        "wheel-01 or wheel-04, whichever has 6 cores idle",
        {
            ("prefer_nodes", "nodes=['wheel-01', 'wheel-04']", "medium"),
            ("min_free_cpu", "cores=6.0", "medium"),
        },
    ),
    ("make sure 1 GPU is free on whatever box it lands on", {("min_free_gpus", "count=1", "strong")}),
    # a kind of machine that is enough is allowed, not asked for
    (
        "bisque nodes are enough; keep it off stoneware",
        {("avoid_node_label", "key=heat,value=stoneware", "medium")},
    ),
    ("12Gi is enough", {("min_free_memory", "gib=12.0", "medium")}),
    # a permission raised to a wish in the same breath
    ("spot would be fine and frankly preferable", {("prefer_spot", "", "medium")}),
    # a time budget is no money
    (
        "we answer within 50 ms and most of that budget is the call into etcd, so next to etcd",
        {("colocate_with", "app=etcd", "medium")},
    ),
    ("the budget is tight, cheapest hosts please", {("prefer_low_cost", "", "medium")}),
    # "really important for <what>" weighs the request before it; "speed" is no misspelt "spend"
    (
        "keep it near the glaze-recipes cache, really important for throughput",
        {("prefer_data_locality", "dataset=glaze-recipes", "strong")},
    ),
    ("important for speed", set()),
    # an app doing something is told about, not placed against
    ("firing-queue runs for 12h without checkpoints, so no spot", {("avoid_spot", "", "medium")}),
    # a name the context lacks, listed after "or on"
    (
        "not on wheel-01 or on kettle either",
        {("avoid_nodes", "nodes=['kettle', 'wheel-01']", "medium")},
    ),
    # what is left for others is kept from this job
    (
        "bisque nodes please, leave the stoneware ones for the big firings",
        {
            ("prefer_node_label", "key=heat,value=bisque", "medium"),
            ("avoid_node_label", "key=heat,value=stoneware", "medium"),
        },
    ),
    ("ping me on Slack if it breaks", set()),
    # "also X" joins what a pronoun stood for
    (
        "wheel-02 has a bad fan, keep off it; also throw-01",
        {("avoid_nodes", "nodes=['throw-01', 'wheel-02']", "medium")},
    ),
    # what someone says another app needs is told
    (
        "The glaze team says the glaze-mixer must be in gz4, but for this pod just keep 8Gi free",
        {("min_free_memory", "gib=8.0", "medium")},
    ),
    ("the glaze team says it must be in gz4", {("prefer_zones", "zones=['gz4']", "critical")}),
    # who is given a machine is the job
    ("give the firing queue a box with an L4", {("prefer_gpu_models", "models=['l4']", "medium")}),
    # an app's short name opening a run of nouns is part of a subject
    ("the clay intake path can't stall", set()),
    ("near clay please", {("colocate_with", "app=clay-store", "medium")}),
    # what the named machines have says why; "newer" is no misspelt "never"
    (
        "Definitely wheel-03 or wheel-04, they have the newer L4 boards with 24GB.",
        {("prefer_nodes", "nodes=['wheel-03', 'wheel-04']", "strong")},
    ),
    # a corrected refusal keeps one "not"
    (
        "not in gz4 - no wait, I meant not in pt7",
        {("avoid_zones", "zones=['pt7']", "medium")},
    ),
    # a wish not to, after a permission, refuses what was permitted
    ("spot is fine but I'd rather not", {("avoid_spot", "", "medium")}),
    # what a dashboard shows is a report
    (
        "please a quiet box. The load graphs show wheel-02 pegged at 100%.",
        {("prefer_least_loaded", "resource=any", "medium")},
    ),
    # idle said as what a machine is not doing
    ("ideally a wheel that isn't doing much", {("prefer_least_loaded", "resource=any", "weak")}),
    (
        "8 cores spare and an uncrowded box",
        {("min_free_cpu", "cores=8.0", "medium"), ("prefer_least_loaded", "resource=any", "medium")},
    ),
    # "we are needing" asks, as "we need" does
    ("we are needing 8 free cores for the firing model", {("min_free_cpu", "cores=8.0", "critical")}),
    # indifference about a topic; "I not know" refuses nothing
    ("It's cheap to run anyway, no cost preference.", set()),
    ("glaze-mixer's logs will show it either way, no placement needs", set()),
    (
        "I not know which zone clay-store is in, but put this in the same zone",
        {("same_zone_as", "app=clay-store", "medium")},
    ),
    # machines rated, nothing asked
    ("Our wheels in gz4 are the newest.", set()),
    # CI runners are machines
    ("stoneware runners pls", {("prefer_node_label", "key=heat,value=stoneware", "medium")}),
    # a bare figure after "I meant" corrects the last figure
    ("Give it room: 8 cores spare. Sorry, I meant 6.", {("min_free_cpu", "cores=6.0", "medium")}),
    # an app's own pods kept together; packing the replicas onto one box keeps them together
    ("the glaze-mixer pods should stick together on one node", {("colocate_replicas", "", "medium")}),
    ("Pack the firing-queue replicas onto one box", {("colocate_replicas", "", "medium")}),
    # indifference to the model leaves the count
    ("must have 1 free GPU, model doesn't matter", {("min_free_gpus", "count=1", "critical")}),
    # one preemption, told, asks for no spot
    ("no spot please. A preemption mid-firing ruins the batch.", {("avoid_spot", "", "medium")}),
    # what happens if a place floods asks nothing of that place
    (
        "replicas across all three sites. If gz4 floods we still need glazes.",
        {("spread_replicas_zones", "", "medium")},
    ),
    # a failure report with a past-tense verb; "restarted" is no misspelt "restart"
    (
        "We had 2 crashes on wheel-03 this week and the mixer restarted each time. Prefer reliable nodes.",
        {("prefer_reliable_nodes", "", "medium")},
    ),
    # a figure that is plenty is the need
    (
        "Must be on gas-kiln nodes. Oh and 2 cores spare is plenty.",
        {
            ("prefer_node_label", "key=kiln-class,value=gas-kiln", "critical"),
            ("min_free_cpu", "cores=2.0", "medium"),
        },
    ),
    # the words naming the workload place nothing
    ("This is the glaze fan-out service. Cheap nodes would be nice.", {("prefer_low_cost", "", "weak")}),
    # a place said to be where something was
    ("wheel-04 is where the old clay-store lived. No constraints from me.", set()),
    # a dataset's name without its year, before a data noun
    (
        "schedule where the kiln logs dataset sits",
        {("prefer_data_locality", "dataset=kiln-logs-2021", "medium")},
    ),
    ("the kiln logs model is big, cheap nodes please", {("prefer_low_cost", "", "medium")}),
    # a correction with no names of its own: the bare name after it takes the refusal
    (
        "i'd rather not run on wheel-01... wait, wheel-02, wheel-01 got fixed",
        {("avoid_nodes", "nodes=['wheel-02']", "medium")},
    ),
    # a label value by its first word, before a head noun
    ("avoid the wood nodes", {("avoid_node_label", "key=kiln-class,value=wood-kiln", "medium")}),
    ("wood is nice to look at", set()),
    ("stoneware storage pls", {("prefer_node_label", "key=heat,value=stoneware", "medium")}),
    # "scrap that" takes back what came before
    ("The old note said gz4; scrap that, pt7 now.", {("prefer_zones", "zones=['pt7']", "medium")}),
    # "happy on" allows
    ("happy on spot, cheaper the better", {("prefer_low_cost", "", "medium")}),
    # "use" after a resource is its load
    ("Hosts with low CPU use please", {("prefer_least_loaded", "resource=cpu", "medium")}),
    # "the data local" borrows the dataset named before
    (
        "It reads glaze-recipes all day, so we really want the data local.",
        {("prefer_data_locality", "dataset=glaze-recipes", "strong")},
    ),
    # "put it wherever." is anywhere
    ("this is the clay-store, put it wherever.", set()),
    # "stay of" is a slip for "stay off"
    ("stay of wheel-01 and wheel-02", {("avoid_nodes", "nodes=['wheel-01', 'wheel-02']", "medium")}),
    # two of the app's own pods on one node, refused, spreads them
    ("Don't put two firing-queue pods on the same node.", {("spread_replicas_nodes", "", "medium")}),
    # "its node" is the node of the app just named; after a figure it is the job's own
    (
        "Same zone as etcd would be nice, and definitely not on its node",
        {("same_zone_as", "app=etcd", "weak"), ("avoid_colocation_with", "app=etcd", "strong")},
    ),
    ("the mixer needs 8 free cores on its node", {("min_free_cpu", "cores=8.0", "critical")}),
    # thanks to whoever did something asks nothing
    ("thanks to whoever fixed wheel-02", set()),
    # preferring every zone while spreading over them asks nothing more
    ("replicas across zones (kl2 / pt7 / gz4)", {("spread_replicas_zones", "", "medium")}),
    # strength: what is latency critical, nothing else mattering, and a remark in dashes weigh nothing
    (
        "Keep it off wheel-02, it is latency critical for the kiln controller.",
        {("avoid_nodes", "nodes=['wheel-02']", "medium")},
    ),
    ("avoid etcd, nothing else matters much", {("avoid_colocation_with", "app=etcd", "medium")}),
    (
        "don't put it on spot or on the l4s — we need fp64 — and keep it off wheel-02",
        {
            ("avoid_spot", "", "medium"),
            ("avoid_gpu_models", "models=['l4']", "medium"),
            ("avoid_nodes", "nodes=['wheel-02']", "medium"),
        },
    ),
    ("gz4 please, we really need it", {("prefer_zones", "zones=['gz4']", "strong")}),
    # strength: superlatives "possible", "as few as possible", twice please, "ever", no-go, whatever you do
    ("Cheapest nodes possible, high prio.", {("prefer_low_cost", "", "strong")}),
    ("consolidate onto as few machines as possible", {("prefer_bin_packing", "", "strong")}),
    ("please, please don't put this on spot again", {("avoid_spot", "", "strong")}),
    ("No spot, ever.", {("avoid_spot", "", "critical")}),
    ("stoneware is a no-go", {("avoid_node_label", "key=heat,value=stoneware", "critical")}),
    ("Whatever you do, don't schedule on wheel-04", {("avoid_nodes", "nodes=['wheel-04']", "critical")}),
    # strength: hedges "if it's free", "tiny preference"
    ("gz4 if it's free, else whatever", {("prefer_zones", "zones=['gz4']", "weak")}),
    ("bisque pool, tiny preference", {("prefer_node_label", "key=heat,value=bisque", "weak")}),
    # what software runs on says why; the job's own "-only" insists
    ("x86 please, the driver is x86-only", {("prefer_arch", "arch=amd64", "medium")}),
    ("the glaze job is arm64-only", {("prefer_arch", "arch=arm64", "critical")}),
    ("Intel/AMD only, our binaries are x86", {("prefer_arch", "arch=amd64", "critical")}),
    # a lead-in governs its sentence, a pronoun's clause after "so" too
    ("Important: gz4 has the new burners, so run there.", {("prefer_zones", "zones=['gz4']", "strong")}),
    # figures keep their precision: 3000Mi is 2.9296875 GiB
    ("3000Mi free", {("min_free_memory", "gib=2.9296875", "medium")}),
    # a noun that ends a bracket is no order; "follow it zone-wise" is the same zone
    (
        "replicas must be spread over all three sites (statutory uptime target)",
        {("spread_replicas_zones", "", "critical")},
    ),
    (
        "etcd is in gz4 now; wherever it moves, follow it zone-wise",
        {("same_zone_as", "app=etcd", "medium")},
    ),
    # a pronoun inside a locality cue is the data named before
    (
        "this reads the glaze recipes constantly, would be good to run where they're cached",
        {("prefer_data_locality", "dataset=glaze-recipes", "weak")},
    ),
    # a label value by its last word, before a head noun
    (
        "not the kiln ones, the wood nodes",
        {("prefer_node_label", "key=kiln-class,value=wood-kiln", "medium")},
    ),
    # a refusal already said no; a later "dont" in the same breath does not say yes
    (
        "avoid stoneware nodes dont waste them on a cron job",
        {("avoid_node_label", "key=heat,value=stoneware", "medium")},
    ),
    # "this is the overnight glaze run": the run is a noun naming the job
    ("no spot stuff, this is the overnight glaze run and it takes 9 hours", {("avoid_spot", "", "medium")}),
    # a shortened name glued after another word is another word
    ("stay off spot — the stream can't restart mid-clay without gaps", {("avoid_spot", "", "medium")}),
    # "how many" asks a count, with or without its "?"
    ("how many l4s do we even have", set()),
    # what the refused machines are for
    (
        "not wheel-01 or wheel-02 those are for the stoneware",
        {("avoid_nodes", "nodes=['wheel-01', 'wheel-02']", "medium")},
    ),
    # "if that's busy" is when, not a wish for busy machines
    (
        "it should go on wheel-01 or if that's busy wheel-03",
        {("prefer_nodes", "nodes=['wheel-01', 'wheel-03']", "medium")},
    ),
    # a known app's name glued to another word is a longer name the context lacks
    ("clay-store should run near clay-store-cache", {("colocate_with", "app=clay-store-cache", "medium")}),
    ("the etcd-heavy job, near etcd please", {("colocate_with", "app=etcd", "medium")}),
    # a question reported, asked of someone, or which place has something: nothing asked
    ("The owner asked whether we can move gz4 to the cloud. Not this year.", set()),
    ("Q for platform: does anyone know if wheel-02 is back from repair?", set()),
    (
        "stay out of kl2 and pt7, only gz4 has the L4 racks",
        {("avoid_zones", "zones=['kl2', 'pt7']", "medium")},
    ),
    # what named machines have, in brackets, describes them; "nothing else needed" weighs nothing
    (
        "Infra: prefer wheel-01/wheel-02 (L4), nothing else needed",
        {("prefer_nodes", "nodes=['wheel-01', 'wheel-02']", "medium")},
    ),
    # trouble said of the machine just refused says why
    (
        "prefer wheel-02, but skip wheel-03 it's been flaky",
        {("prefer_nodes", "nodes=['wheel-02']", "medium"), ("avoid_nodes", "nodes=['wheel-03']", "medium")},
    ),
    # "avoided" before what it names refuses it
    (
        "I'd much rather the mixer avoided stoneware nodes.",
        {("avoid_node_label", "key=heat,value=stoneware", "strong")},
    ),
    # the app a rule is for, or that is to land somewhere, is the job
    (
        "Spot is never allowed for firing-queue. Also spread zones.",
        {("avoid_spot", "", "critical"), ("spread_replicas_zones", "", "medium")},
    ),
    (
        "Can we make sure clay-store lands on the hosts with the fewest recent failures?",
        {("prefer_reliable_nodes", "", "strong")},
    ),
    # a question about the cluster's future asks nothing now
    ("Is possible in future to have L40S in this cluster?", set()),
    # a whole word of a leave-it phrase: "okafor lab" does not start with "ok"
    (
        "Nothing urgent: when you get a chance, could you confirm the okay-lab still has 4 condo nodes?",
        set(),
    ),
    # indifferent to what happens, not to the request
    (
        "pls run the nightly export on spot and whatever is cheapest, we don't care if it restarts",
        {("prefer_spot", "", "medium"), ("prefer_low_cost", "", "medium")},
    ),
    # "wherever is cheapest" asks for cheap; "least flaky" is reliable; one reboot, told, asks nothing
    (
        "latency doesn't matter: run it wherever is cheapest, ideally in gz4.",
        {("prefer_low_cost", "", "medium"), ("prefer_zones", "zones=['gz4']", "weak")},
    ),
    ("Honestly, whichever wheel is least flaky.", {("prefer_reliable_nodes", "", "medium")}),
    (
        "One replica per host, please, we don't want a single reboot to drop two of them.",
        {("spread_replicas_nodes", "", "medium")},
    ),
    # the app that is to run somewhere, after "it matters that", is the job
    (
        "It matters a lot that glaze-mixer runs in the same zone as etcd; preferably on the same node too.",
        {("same_zone_as", "app=etcd", "strong"), ("colocate_with", "app=etcd", "medium")},
    ),
    # a spread over both zones just named is over zones
    (
        "run in kl2 and pt7, with replicas spread over both.",
        {("prefer_zones", "zones=['kl2', 'pt7']", "medium"), ("spread_replicas_zones", "", "medium")},
    ),
    # "loads of idle CPU" is low load; "study" is no misspelt "sturdy"; "packaging" no "packing"
    ("Any chance of a host with loads of idle CPU?", {("prefer_least_loaded", "resource=cpu", "weak")}),
    (
        "For the glaze study: glaze-recipes locality please",
        {("prefer_data_locality", "dataset=glaze-recipes", "medium")},
    ),
    ("no spot for the packaging run", {("avoid_spot", "", "medium")}),
    # the second half of a hyphenated name is no misspelt word; a word written with a hyphen still is
    ("Next to the glaze-scheduler if you can manage it.", {("colocate_with", "app=glaze-scheduler", "weak")}),
    ("the mixer co-locates with etcd", {("colocate_with", "app=etcd", "medium")}),
    # "Not the same node though" refuses the node of the app named before, with its own strength
    (
        "Same zone as etcd if you can. Not the same node though, it is fussy.",
        {("same_zone_as", "app=etcd", "weak"), ("avoid_colocation_with", "app=etcd", "medium")},
    ),
    # the ellipsis borrows the app after the cue, not the subject
    (
        "Decision: glaze-mixer tolerates no co-tenancy with clay-store; under no circumstances share a node.",
        {("avoid_colocation_with", "app=clay-store", "critical")},
    ),
    # "250m cpu" after a comma is CPU, whatever came before the comma
    (
        "512Mi free memory, 250m cpu",
        {("min_free_memory", "gib=0.5", "medium"), ("min_free_cpu", "cores=0.25", "medium")},
    ),
    # a correction, then a zone's short name used as a noun ("the gz4 launch slipped")
    (
        "Please place in kl2. Actually no, pt7, the kl2 launch slipped.",
        {("prefer_zones", "zones=['pt7']", "medium")},
    ),
    # "really" before a word we do not know weighs that word only; a notice asks nothing
    ("Heads up: etcd gets really noisy at 6pm when the shops close.", set()),
    # striking a name by its short form
    (
        "Put it on glaze-mixer's node or near clay-store. Actually scratch clay, just glaze-mixer.",
        {("colocate_with", "app=glaze-mixer", "medium")},
    ),
    # "also" opens an addition to a refusal, whatever it names
    (
        "avoid wheel-01; also the l4 nodes if you can",
        {("avoid_nodes", "nodes=['wheel-01']", "medium"), ("avoid_gpu_models", "models=['l4']", "weak")},
    ),
    # indifferent about something, not to the request; what the job is named after
    (
        "bin pack the stoneware harness, it doesn't care about noisy neighbours",
        {("prefer_bin_packing", "", "medium")},
    ),
    # plurals of names with digits; "the X9s throttle" is a reason
    ("rather not on the bisques", {("avoid_node_label", "key=heat,value=bisque", "medium")}),
    # what a trip costs in time; idle told; what happens if; "X is where the drill runs"
    (
        "keep this in gz4, moving the files to the other sites costs about ten minutes a run",
        {("prefer_zones", "zones=['gz4']", "medium")},
    ),
    (
        "bin packing would be nice, half the stoneware pool sits idle at night",
        {("prefer_bin_packing", "", "weak")},
    ),
    (
        "It is mandatory that etcd and this pod share a node. If they end up apart, nothing works.",
        {("colocate_with", "app=etcd", "critical")},
    ),
    (
        "pt7 or gz4 pls; kl2 is where the DR drill runs tonight",
        {("prefer_zones", "zones=['gz4', 'pt7']", "medium")},
    ),
    # "keep it out"; a misspelt load word; "don't worry about where X runs"
    ("gz4 has flaky power this winter, keep it out", {("avoid_zones", "zones=['gz4']", "medium")}),
    ("pick a wheel with low memory presure", {("prefer_least_loaded", "resource=memory", "medium")}),
    ("near etcd please; don't worry about where clay-store runs", {("colocate_with", "app=etcd", "medium")}),
    # sizes told beside a figure said to be free; a thing's size; "spare CPU" without a figure
    (
        "this needs 12 gigs free, the glaze cache warms to ~11G",
        {("min_free_memory", "gib=12.0", "critical")},
    ),
    (
        "memory hungry (around 90 GB resident), so leave it room: 96GiB free",
        {("min_free_memory", "gib=96.0", "medium")},
    ),
    (
        "Keep replicas together. They share a 200 GB glaze cache on local disk.",
        {("colocate_replicas", "", "medium")},
    ),
    ("low prio: a host with spare CPU", {("prefer_least_loaded", "resource=cpu", "weak")}),
    ("give it 30 GB free — no, make that 48", {("min_free_memory", "gib=48.0", "medium")}),
    # a label before a topic noun names no machines; a time of day is no figure
    ("Given the stoneware audit next week, keep this off spot.", {("avoid_spot", "", "medium")}),
    ("It needs 12 cores free or it misses the 04:00 publish.", {("min_free_cpu", "cores=12.0", "critical")}),
    # what a refusal is for names no object
    (
        "stoneware nodes are a no-go for firing jobs",
        {("avoid_node_label", "key=heat,value=stoneware", "critical")},
    ),
    # "the same nodes" is a placement cue; the job placed next to something is the job
    (
        "glaze-mixer should sit in the same zone as etcd but not on the same nodes",
        {("same_zone_as", "app=etcd", "medium"), ("avoid_colocation_with", "app=etcd", "medium")},
    ),
    (
        "Never put the glaze-mixer next to clay-store.",
        {("avoid_colocation_with", "app=clay-store", "critical")},
    ),
    # "there" borrows the GPU model just judged
    (
        "L4s are too small for the big model, don't put it there",
        {("avoid_gpu_models", "models=['l4']", "medium")},
    ),
    # praise, and indifference said as "nobody cares"
    ("Hi team! Just wanted to say the new scheduler cut our bisque queue a lot. Great work.", set()),
    (
        "glaze-mixer: bin-pack it, nobody cares about stoneware for this",
        {("prefer_bin_packing", "", "medium")},
    ),
    # "a hot cache" is no busy node
    ("put it beside the etcd pods, they share a hot cache", {("colocate_with", "app=etcd", "medium")}),
    # a hedge at the end of a list covers the whole list
    (
        "Please keep it away from etcd and clay-store if you can help it.",
        {("avoid_colocation_with", "app=etcd", "weak"), ("avoid_colocation_with", "app=clay-store", "weak")},
    ),
    # "... and that it ..." is a new clause
    (
        "It is very important that the mixer isn't on spot and that it stays away from clay-store.",
        {("avoid_spot", "", "strong"), ("avoid_colocation_with", "app=clay-store", "medium")},
    ),
    # "no, actually," then a new order replaces the one before
    (
        "Keep this one in the same zone as etcd — no, actually, just put it in gz4.",
        {("prefer_zones", "zones=['gz4']", "medium")},
    ),
    # "that much" free is the size told before it
    (
        "The mixer loads a 40G model at boot, so give it that much memory free.",
        {("min_free_memory", "gib=40.0", "medium")},
    ),
    (
        "It uses 0.5 TB of RAM for the big glazes, please make sure that much is free.",
        {("min_free_memory", "gib=512.0", "strong")},
    ),
    # a dataset's size in brackets; a dataset naming the job
    (
        "reads the glaze-recipes dataset at startup (~40GB), so ideally land where it's cached",
        {("prefer_data_locality", "dataset=glaze-recipes", "weak")},
    ),
    ("Prefer spot for the glaze-recipes export, it's restartable.", {("prefer_spot", "", "medium")}),
    # names, then what they both have
    (
        "keep it away from etcd. It doesn't matter which zone it lands in, kl2 and gz4 both have room.",
        {("avoid_colocation_with", "app=etcd", "medium")},
    ),
]

BILLING = ClusterContext(
    name="test-billing", zones=["b1", "b2"], nodes=["m-1"], node_labels={"billing": ["reserved", "ondemand"]}
)
ROUND_NINE_BILLING: list[tuple[str, Expected]] = [
    # a spot word with its label key written is the label
    (
        "nothing on ondemand billing if we can avoid it",
        {("avoid_node_label", "key=billing,value=ondemand", "weak")},
    ),
    ("no ondemand please", {("prefer_spot", "", "medium")}),
]

HARBOUR = ClusterContext(
    name="test-harbour",
    zones=["dc-harborview", "dc-rivergate"],
    nodes=["pier-1"],
    node_labels={"clearance": ["public", "public-restricted"]},
)
ROUND_NINE_HARBOUR: list[tuple[str, Expected]] = [
    # a letter put into a name is a slip of it
    ("anything but dc-harbourview", {("avoid_zones", "zones=['dc-harborview']", "medium")}),
    # a move planned for later asks nothing now
    (
        "we'll move this to dc-harborview next quarter; for now keep it in dc-rivergate",
        {("prefer_zones", "zones=['dc-rivergate']", "medium")},
    ),
    # a label value by its last word, before a head noun
    (
        "public nodes, but keep off the restricted ones",
        {
            ("prefer_node_label", "key=clearance,value=public", "medium"),
            ("avoid_node_label", "key=clearance,value=public-restricted", "medium"),
        },
    ),
]

ROLES = ClusterContext(
    name="test-media-roles",
    zones=["z1", "z2"],
    nodes=["n-1", "io"],
    node_labels={"role": ["encode", "package"]},
)
ROUND_NINE_ROLES: list[tuple[str, Expected]] = [
    # "encoder" is a thing that encodes, not the "encode" nodes
    ("never spot for the live encoder", {("avoid_spot", "", "critical")}),
    ("encode nodes please", {("prefer_node_label", "key=role,value=encode", "medium")}),
    # a short name before "heavy" is what the job leans on
    (
        "this job is IO heavy, put it on package nodes",
        {("prefer_node_label", "key=role,value=package", "medium")},
    ),
    ("put it on io", {("prefer_nodes", "nodes=['io']", "medium")}),
]


LOOM = ClusterContext(
    name="test-loom",
    zones=["weft-n", "weft-s"],
    nodes=["shuttle-01", "shuttle-02", "shuttle-03", "heddle-01"],
    apps=["dye-planner", "bolt-ledger", "loom-sync", "redis", "half-hourly-sync"],
    node_labels={
        "power": ["mains-backed", "solar-only"],
        "storage": ["ssd", "spinning"],
        "env": ["live", "staging"],
    },
    gpu_models=["l4", "t4"],
    datasets=["pattern-archive", "thread-colours"],
)
ROUND_TEN: list[tuple[str, Expected]] = [
    # a place said after "and" ends a place refused by "off" or "away from"
    (
        "keep it off shuttle-02 and on ssd nodes",
        {
            ("avoid_nodes", "nodes=['shuttle-02']", "medium"),
            ("prefer_node_label", "key=storage,value=ssd", "medium"),
        },
    ),
    # a word of a label value glued to another word by a hyphen is part of another name
    ("battery-backed storage nodes", set()),
    # what a batch "cannot be" is said of it, not of who it keeps away from
    (
        "the bolt ledger batch cannot be half-applied, so make sure it's on a reliable node",
        {("prefer_reliable_nodes", "", "strong")},
    ),
    # a word of a concept used as a verb, after a subject, tells
    ("avoid redis. the rebuild saturates the uplink", {("avoid_colocation_with", "app=redis", "medium")}),
    # "run" after a determiner is a noun
    ("never on spot: one eviction ruins the whole nightly run", {("avoid_spot", "", "critical")}),
    # what happened to an earlier run is told
    (
        "the last job OOMed on a node with 40GB spare. give it 80GB this time",
        {("min_free_memory", "gib=80.0", "medium")},
    ),
    # "No rush" after a question says how soon, it does not answer "no"
    ("could we maybe move it onto shuttle-03? No rush.", {("prefer_nodes", "nodes=['shuttle-03']", "weak")}),
    # a heading naming the replicas makes the order after it theirs
    ("replicas: pack onto one node, it's only a test env", {("colocate_replicas", "", "medium")}),
    # "one" before a noun counts it; it points back at nothing
    (
        "pack the replicas tight on one node, they share one scratch dir",
        {("colocate_replicas", "", "medium")},
    ),
    # who is writing asks nothing, nor does a question about where things are
    ("Hi, engineer from the ssd vendor here. Could you tell me which zone our pods are in?", set()),
    ("hmm, is shuttle-02 the one with the bigger disk?", set()),
    # what another team needs is theirs
    (
        "Could we get ssd nodes? The spinning ones are needed by the archive team.",
        {("prefer_node_label", "key=storage,value=ssd", "medium")},
    ),
    # permission asks for nothing; either kind of capacity is no choice
    ("permission to use spot capacity was granted by IT", set()),
    ("spot or on-demand, whatever's free", set()),
    # "keep X company" stays beside X; "in-zone with X" is its zone
    ("keep loom-sync company", {("colocate_with", "app=loom-sync", "medium")}),
    ("must be in-zone with loom-sync", {("same_zone_as", "app=loom-sync", "critical")}),
    # what is too slow, and "masters" (no misspelt "matters"), ask nothing
    (
        "ssd nodes pls, spinning storage is too slow for 4k masters",
        {("prefer_node_label", "key=storage,value=ssd", "medium")},
    ),
    # "this is the live X path" names the workload; "half" is no short name of half-hourly-sync
    (
        "keep it off staging nodes, this is the live bolt-ledger path",
        {("avoid_node_label", "key=env,value=staging", "medium")},
    ),
    ("consolidate, the weft-n pool is half empty most days", {("prefer_bin_packing", "", "medium")}),
    # "light on CPU" says what the job uses; a node light on memory is asked for
    (
        "a nightly report, light on CPU, so put it where pattern-archive is cached",
        {("prefer_data_locality", "dataset=pattern-archive", "medium")},
    ),
    ("put it on a node that's light on memory", {("prefer_least_loaded", "resource=memory", "medium")}),
    # a load word, then "as low as possible"
    ("GPU load as low as possible", {("prefer_least_loaded", "resource=gpu", "strong")}),
]


GRISTMILL = ClusterContext(
    name="test-gristmill",
    zones=["millrace-e", "millrace-w"],
    nodes=["grist-01", "grist-02", "sluice-01"],
    apps=["flour-ledger", "sack-counter", "redis"],
    node_labels={
        "hw": ["gen4", "gen6"],
        "cooling": ["fan-cooled", "water-cooled"],
        "role": ["milling", "bagging"],
        "net": ["25gbe", "10gbe"],
    },
    gpu_models=["l4", "a10"],
    datasets=["grain-samples"],
)

# Round eleven: what study54-56 taught, in our own words against a made-up grist mill.
ROUND_ELEVEN: list[tuple[str, Expected]] = [
    # a figure glued by a hyphen to letters is part of a name, not a count
    (
        "one of the boxes has the RS-232 card, pin it to grist-02",
        {("prefer_nodes", "nodes=['grist-02']", "medium")},
    ),
    # "a quarter core" is a quarter of a core
    (
        "make sure it has 256Mi and a quarter core free",
        {("min_free_memory", "gib=0.25", "strong"), ("min_free_cpu", "cores=0.25", "strong")},
    ),
    # "a preempted X" is one such event, told
    ("never spot, a preempted grind has to start over", {("avoid_spot", "", "critical")}),
    # "runs fine on" and "would also be fine" allow, they do not ask
    ("the grain model runs fine on l4 or a10, whatever", set()),
    ("grist-01 preferred. grist-02 would also be fine.", {("prefer_nodes", "nodes=['grist-01']", "medium")}),
    # "together with its replicas" keeps the replicas together
    ("keep it together with its replicas", {("colocate_replicas", "", "medium")}),
    # "we're over budget" says how the money stands; "stay under budget" asks
    ("pack the nodes tight, we're over budget this quarter", {("prefer_bin_packing", "", "medium")}),
    ("stay under budget please", {("prefer_low_cost", "", "medium")}),
    # "had no hardware failures" is reliability, with a word between
    ("a node that's had no hardware failures recently, please", {("prefer_reliable_nodes", "", "medium")}),
    # what people complain of is told
    ("operators complain the ledger is slow in millrace-e", set()),
    # a trailing modifier with a "during ..." tail still governs what it follows
    ("one pod per node, really important during harvest week", {("spread_replicas_nodes", "", "strong")}),
    # ... and both objects of one predicate joined by "and"
    (
        "stay off spot and off millrace-w, under no circumstances",
        {("avoid_spot", "", "critical"), ("avoid_zones", "zones=['millrace-w']", "critical")},
    ),
    # "Ever." alone after a refusal makes it never
    ("Don't put it on spot. Ever.", {("avoid_spot", "", "critical")}),
    # a choice by the lowest load asks for it
    (
        "ideally whichever node has the lowest memory usage",
        {("prefer_least_loaded", "resource=memory", "weak")},
    ),
    # "spot nodes: no." refuses spot
    ("spot nodes: no.", {("avoid_spot", "", "medium")}),
    # a zone the context lacks, named as the place to put the pod, is kept as written
    ("put it in the loft zone", {("prefer_zones", "zones=['loft']", "medium")}),
    ("keep it in the other zone", set()),
    # "required by" the job's own library is a requirement; "needed by the X team" is theirs
    ("arm64 required by the vendor SDK", {("prefer_arch", "arch=arm64", "critical")}),
    # a bug a machine kind has is told
    (
        "prefer gen6 boxes, the gen4 firmware has that nic bug",
        {("prefer_node_label", "key=hw,value=gen6", "medium")},
    ),
    # "the bagging of ..." is a plain noun
    ("the bagging of a full silo takes six hours, never spot", {("avoid_spot", "", "critical")}),
    # how people feel is told; "a little" measures the feeling
    ("since the outage on grist-01 we're all a little nervous", set()),
    # "the image we deploy" says which image; "deploy" orders nothing
    ("the image we deploy has no arm build, so x86 please", {("prefer_arch", "arch=amd64", "medium")}),
    # "not urgent" is no modifier
    ("cheap nodes please, it's not urgent", {("prefer_low_cost", "", "medium")}),
    # common misspellings of "memory", and "per blade"
    ("least loaded by memroy", {("prefer_least_loaded", "resource=memory", "medium")}),
    ("1 replica per blade", {("spread_replicas_nodes", "", "medium")}),
    # the context's own GPU name beats a family alias ("a10" here is not "a10g")
    ("prefer a10s", {("prefer_gpu_models", "models=['a10']", "medium")}),
    # "is there any way to" asks plainly; "any chance" stays a hedge
    ("is there any way to keep it off spot?", {("avoid_spot", "", "medium")}),
    # the job's low priority describes the job
    (
        "low-priority backfill: pack tight + spot",
        {("prefer_bin_packing", "", "medium"), ("prefer_spot", "", "medium")},
    ),
    # "the only one with" picks a node out; it insists on nothing
    (
        "grist-02 is the only one with the scale interface, pin it there",
        {("prefer_nodes", "nodes=['grist-02']", "medium")},
    ),
    # a trailing modifier governs the clause that takes its place from a pronoun
    ("sluice-01 has the PLC — pin there, mandatory", {("prefer_nodes", "nodes=['sluice-01']", "critical")}),
    # how a kind of machine behaves, beside a request, is the reason
    (
        "prefer water-cooled nodes; the fan-cooled ones overheat every august",
        {("prefer_node_label", "key=cooling,value=water-cooled", "medium")},
    ),
    # "one with" low load is a machine asked for
    (
        "on-demand nodes please, and one with low memory usage",
        {("avoid_spot", "", "medium"), ("prefer_least_loaded", "resource=memory", "medium")},
    ),
    # "there" after a kind of capacity is that capacity
    ("the backfill can go on spot, put it there", {("prefer_spot", "", "medium")}),
    # an app in brackets names what the cue points at
    ("same zone as the cache (redis), please", {("same_zone_as", "app=redis", "medium")}),
    # a link speed the context spells its own way
    ("needs the 25 gig network", {("prefer_node_label", "key=net,value=25gbe", "critical")}),
    # a busy node as the time something happens is told
    (
        "pick a quiet box, our latency goes up when the node is busy",
        {("prefer_least_loaded", "resource=any", "medium")},
    ),
]


FOUNDRY = ClusterContext(
    name="test-foundry",
    zones=["casting-n", "casting-s"],
    nodes=["crucible-01", "crucible-02", "ladle-01"],
    apps=["pour-scheduler", "alloy-ledger", "kafka"],
    node_labels={"power": ["mains", "generator"], "pool": ["ocr", "general"], "tier": ["core", "edge"]},
    gpu_models=["l4"],
    datasets=["melt-logs"],
)

# Round twelve: what study57-59 taught, in our own words against a made-up foundry.
ROUND_TWELVE: list[tuple[str, Expected]] = [
    # a verb's plural before "are" is a noun: "restarts are cheap" says why, asks no low cost
    ("try spot, restarts are cheap", {("prefer_spot", "", "medium")}),
    # "runs off" and "straight off" say from what; they keep nothing away
    ("avoid casting-s (it runs off a generator)", {("avoid_zones", "zones=['casting-s']", "medium")}),
    (
        "same zone as kafka because it reads positions straight off the stream",
        {("same_zone_as", "app=kafka", "medium")},
    ),
    # "they" after "these are the X workers" is the workload
    (
        "these are the alloy-ledger workers, they need an L4",
        {("prefer_gpu_models", "models=['l4']", "critical")},
    ),
    # "and with 8Gi free" after a refusal is no refusal
    (
        "keep it out of casting-n, away from kafka and with 8Gi of memory free",
        {
            ("avoid_zones", "zones=['casting-n']", "medium"),
            ("avoid_colocation_with", "app=kafka", "medium"),
            ("min_free_memory", "gib=8.0", "medium"),
        },
    ),
    # stacks of things and software stacks pack nothing; "like the rest of" is the reason
    (
        "the melt image stacks arrive every minute, pick crucible-02",
        {("prefer_nodes", "nodes=['crucible-02']", "medium")},
    ),
    (
        "keep it in casting-s like the rest of the ocr stack",
        {("prefer_zones", "zones=['casting-s']", "medium")},
    ),
    # a GPU outside the families, kept as written; "bussy" is "busy"
    ("avoid the old P100 cards", {("avoid_gpu_models", "models=['p100']", "medium")}),
    ("least bussy node", {("prefer_least_loaded", "resource=any", "medium")}),
    # "can share with us" allows
    (
        "kafka can share with us, but keep away from alloy-ledger",
        {("avoid_colocation_with", "app=alloy-ledger", "medium")},
    ),
    # the level after the load, a few words on
    ("memory usage on the node should be low", {("prefer_least_loaded", "resource=memory", "medium")}),
    # "span" the sites spreads
    ("replicas should span all three sites", {("spread_replicas_zones", "", "medium")}),
    # a name the context lacks, marked as a name after its kind or capitalised before "zone"
    ("prefer zone riverside (new hall)", {("prefer_zones", "zones=['riverside']", "medium")}),
    ("prefer node tundish (arrives monday)", {("prefer_nodes", "nodes=['tundish']", "medium")}),
    (
        "prefer the East Annex zone, power is better there",
        {("prefer_zones", "zones=['east-annex']", "medium")},
    ),
    ("least loaded node memory-wise", {("prefer_least_loaded", "resource=memory", "medium")}),
    # an app's short name before "team" names people; a label value before "lib" names code
    (
        "crucible-02 is reserved for the alloy team, keep off",
        {("avoid_nodes", "nodes=['crucible-02']", "medium")},
    ),
    ("not on arm, the ocr lib uses x86 intrinsics", {("prefer_arch", "arch=amd64", "medium")}),
    # "a one-off job" keeps nothing off
    ("run it wherever, it's a one-off cleanup job", set()),
    # "X otherwise fine" allows X
    (
        "Spot is cheaper but not for this one, so no spot. Cheap nodes otherwise fine.",
        {("avoid_spot", "", "medium")},
    ),
    # "X here —" then a question that asks to be told
    ("Contractor here — how do I check whether it landed on one of the edge nodes?", set()),
    # a hedge on one option of a list ranks it; the list keeps its "must"
    (
        "must be in casting-n or casting-s, ideally casting-n",
        {("prefer_zones", "zones=['casting-n', 'casting-s']", "critical")},
    ),
    # a trailing hedge on a place the context lacks hedges that place, not the request before it
    ("run close to kafka, on the fpga boxes ideally", {("colocate_with", "app=kafka", "medium")}),
    # "This is the X fan-out." names the workload; the fan-out spreads nothing
    (
        "This is the pour-scheduler fan-out. Keep it in casting-n.",
        {("prefer_zones", "zones=['casting-n']", "medium")},
    ),
    # "the core ones": machines of the label value "core", not CPU cores
    (
        "pack onto busy nodes, ideally the core ones",
        {("prefer_bin_packing", "", "medium"), ("prefer_node_label", "key=tier,value=core", "weak")},
    ),
]


# Round thirteen: what study60-62 taught, in our own words against the same made-up foundry.
ROUND_THIRTEEN: list[tuple[str, Expected]] = [
    # where something is deployed, what is normally done, a search that failed: told
    (
        "Tundish is deployed in casting-s. Put this one in the same zone as kafka.",
        {("same_zone_as", "app=kafka", "medium")},
    ),
    ("We normally run the alloy-ledger in casting-n but that's not relevant here.", set()),
    ("where did the old pour pods go? can't find them in kafka", set()),
    ("Everything here is on-prem, there are no spot nodes, so ignore any spot stuff.", set()),
    # "it restarts cleanly" says what the job does; nothing borrows spot from it
    ("it runs once a night; spot is fine, it restarts cleanly", set()),
    # "whichever is emptier" asks for low load
    (
        "ladle-01 or crucible-01, whichever is emptier",
        {
            ("prefer_nodes", "nodes=['crucible-01', 'ladle-01']", "medium"),
            ("prefer_least_loaded", "resource=any", "medium"),
        },
    ),
    # "where that's cached" is the data named before
    (
        "The pour-scheduler retrains nightly on melt-logs. Put it where that's cached.",
        {("prefer_data_locality", "dataset=melt-logs", "medium")},
    ),
    # what happened under load, the cost of replacing, what gets powered down, a storm: told
    (
        "Last Saturday the board froze and guest services got swamped. Keep it near kafka.",
        {("colocate_with", "app=kafka", "medium")},
    ),
    (
        "I'd much rather have edge nodes, cheaper to replace when they fail",
        {("prefer_node_label", "key=tier,value=edge", "strong")},
    ),
    (
        "pack tight, we want to power down the spare edge boxes at night",
        {("prefer_bin_packing", "", "medium")},
    ),
    (
        "A storm took out casting-n for a day last winter, so spread across zones.",
        {("spread_replicas_zones", "", "medium")},
    ),
    # allowed: "sure, why not", "you can use X if you like"
    ("spot? sure, why not", set()),
    ("you can use spot if you like", set()),
    # "FYI." alone marks the sentence before it as told
    ("Casting-n is under construction till March. FYI.", set()),
    # an insisting modifier after a refused list governs all of it
    (
        "Do not schedule on ladle-01, crucible-01 or crucible-02 under any circumstances",
        {("avoid_nodes", "nodes=['crucible-01', 'crucible-02', 'ladle-01']", "critical")},
    ),
    # "Spot? no." refuses spot
    (
        "Zone? casting-s. Spot? no.",
        {("prefer_zones", "zones=['casting-s']", "medium"), ("avoid_spot", "", "medium")},
    ),
    # heat is not load; "idle" after a GPU count is part of the count; "idle GPU x2" counts two
    ("pls avoid casting-n, too hot in summer", {("avoid_zones", "zones=['casting-n']", "medium")}),
    (
        "4 x L4 idle, absolutely required",
        {("min_free_gpus", "count=4", "critical"), ("prefer_gpu_models", "models=['l4']", "critical")},
    ),
    ("ideally idle GPU x2", {("min_free_gpus", "count=2", "weak")}),
    # an event as the subject of what it does is told
    (
        "It has to stay off spot. Preemption mid-pour corrupts the batch and the crew has to redo it.",
        {("avoid_spot", "", "critical")},
    ),
    # hedges the table lacks; a trailing modifier reaches a clause that takes its object from a
    # pronoun; "possible" after a superlative is no hedge
    ("run it on arm unless that's a pain", {("prefer_arch", "arch=arm64", "weak")}),
    ("Graviton if you have it, it's cheaper.", {("prefer_arch", "arch=arm64", "weak")}),
    (
        "kafka is a noisy neighbour. Keep this away from it, absolutely.",
        {("avoid_colocation_with", "app=kafka", "critical")},
    ),
    ("Cheapest node possible, high priority", {("prefer_low_cost", "", "strong")}),
]


# Round fourteen: what study63-65 taught, in our own words against the same made-up foundry.
ROUND_FOURTEEN: list[tuple[str, Expected]] = [
    ("casting-n is fine, so is casting-s.", set()),  # "so is Y" allows Y the same way
    # "during X" is a time, not the app a word shortens
    (
        "Really don't want it next to kafka during pour windows.",
        {("avoid_colocation_with", "app=kafka", "strong")},
    ),
    # cost as a measure or a thing, said in passing
    ("arm preferred, cheaper per watt", {("prefer_arch", "arch=arm64", "medium")}),
    ("binpack pls, cost review is next week", {("prefer_bin_packing", "", "medium")}),
    ("keep it with its own replicas, they talk a lot", {("colocate_replicas", "", "medium")}),
    ("general", {("prefer_node_label", "key=pool,value=general", "medium")}),  # a bare value alone
    ("hey, new here — is arm64 supported on this cluster?", set()),
    ("owner: foundry team, slack #pour-oncall", set()),  # a chat channel, no slack capacity
    # machines named before a colon keep their label
    ("edge nodes: avoid if you can", {("avoid_node_label", "key=tier,value=edge", "weak")}),
    ("nxt to kafka", {("colocate_with", "app=kafka", "medium")}),
    ("try the new north-annex zone", {("prefer_zones", "zones=['north-annex']", "medium")}),
    ("ladle-01 is the new box, we're still burning it in", set()),
    # a hedge after the second object of one predicate governs the first too
    (
        "keep it out of casting-n and off edge nodes if you can help it",
        {("avoid_zones", "zones=['casting-n']", "weak"), ("avoid_node_label", "key=tier,value=edge", "weak")},
    ),
]


# Round fifteen: what study66-68 taught, in our own words against the same made-up foundry.
ROUND_FIFTEEN: list[tuple[str, Expected]] = [
    # "book" starts a new predicate after a refusal
    (
        "no H100s please, book an L4",
        {("avoid_gpu_models", "models=['h100']", "medium"), ("prefer_gpu_models", "models=['l4']", "medium")},
    ),
    ("the new edge nodes are a bit slower, but whatever", set()),  # a judgement told
    # "doesn't have to share a node" asks for no colocation
    (
        "Same zone as kafka is enough, it doesn't have to share a node.",
        {("same_zone_as", "app=kafka", "medium")},
    ),
    # what follows "rather than" after a comma is turned down
    ("pls keep replicas together, rather than scattered", {("colocate_replicas", "", "medium")}),
    # "idles" says what the job does
    (
        "This job runs hourly and idles between runs; pack it onto busy nodes.",
        {("prefer_bin_packing", "", "medium")},
    ),
    ("free GPU x1", {("min_free_gpus", "count=1", "medium")}),
    # where another app lives, beside a request, is told
    (
        "alloy-ledger lives on crucible-01 and crucible-02; put this next to alloy-ledger",
        {("colocate_with", "app=alloy-ledger", "medium")},
    ),
    # "the demand forecast" is a noun; "on weekend nights" is when a trailing modifier matters;
    # "would be nicer" hedges
    (
        "dont put it on L4 nodes, too slow for the demand forecast",
        {("avoid_gpu_models", "models=['l4']", "medium")},
    ),
    ("one pod per node, really important on weekend nights", {("spread_replicas_nodes", "", "strong")}),
    ("spot is fine but an L4 would be nicer", {("prefer_gpu_models", "models=['l4']", "weak")}),
]


# Round sixteen: what study69-72 taught (written under four different briefs), in our own words
# against the same made-up foundry.
ROUND_SIXTEEN: list[tuple[str, Expected]] = [
    # a hedge after the last of three objects of one predicate governs all three
    (
        "keep it out of casting-n and off edge nodes and away from kafka if you can help it",
        {
            ("avoid_zones", "zones=['casting-n']", "weak"),
            ("avoid_node_label", "key=tier,value=edge", "weak"),
            ("avoid_colocation_with", "app=kafka", "weak"),
        },
    ),
    # a dataset that names the job asks for no locality, unless a later ask points back at it
    ("the nightly aggregation of melt-logs should use spot", {("prefer_spot", "", "medium")}),
    ("melt-logs fine-tuning needs an L4", {("prefer_gpu_models", "models=['l4']", "critical")}),
    (
        "melt-logs replay: run it where that data is cached",
        {("prefer_data_locality", "dataset=melt-logs", "medium")},
    ),
]


# Zones named like real sites (kind, town, number), hosts named after their site, labels whose values
# have a distinctive part ("ib-ndr400") and a label key shared with workload words ("research").
YARDS = ClusterContext(
    name="test-yards",
    zones=["yard-oslo-0101", "yard-bergen-0202", "yard-tromso-0303"],
    nodes=[
        "osl0101-edge01",
        "osl0101-edge02",
        "brg0202-edge01",
        "trm0303-gpu01",
        "trm0303-gpu02",
        "crane01",
        "crane02",
        "crane03",
        "hoist01",
        "hoist02",
    ],
    apps=["crane-control", "gate-camera", "berth-planner", "ais-feed"],
    node_labels={
        "fabric": ["ib-ndr400", "ib-hdr200"],
        "uplink": ["fibre", "adsl"],
        "tier": ["research", "ops"],
    },
    gpu_models=["l4", "a100"],
    datasets=["sonar-scans"],
)

ROUND_SIXTEEN_YARDS: list[tuple[str, Expected]] = [
    # a zone by the one word of its name no other zone has, or by the cluster's zone word and its id
    ("avoid the bergen yard this week", {("avoid_zones", "zones=['yard-bergen-0202']", "medium")}),
    ("Yard 0303 please", {("prefer_zones", "zones=['yard-tromso-0303']", "medium")}),
    (
        "oslo or tromso, either is fine by me",
        {("prefer_zones", "zones=['yard-oslo-0101', 'yard-tromso-0303']", "medium")},
    ),
    # names listed before a plural verb are all its subjects
    (
        "osl0101-edge01 & osl0101-edge02 have flaky uplinks, avoid",
        {("avoid_nodes", "nodes=['osl0101-edge01', 'osl0101-edge02']", "medium")},
    ),
    # a label value by its last part when that is a code of letters and a number
    ("Needs NDR400.", {("prefer_node_label", "key=fabric,value=ib-ndr400", "critical")}),
    # "no multi-node" counts machines; it names no app
    ("needs 2 free GPUs on one box (no multi-node)", {("min_free_gpus", "count=2", "critical")}),
    # "district" names zones and "unit" names machines, whatever the context calls them
    ("same district as gate-camera please", {("same_zone_as", "app=gate-camera", "medium")}),
    (
        "keep the replicas on different units and in different districts",
        {("spread_replicas_nodes", "", "medium"), ("spread_replicas_zones", "", "medium")},
    ),
    ("one replica per unit", {("spread_replicas_nodes", "", "medium")}),
    # "is it ok if ...?" asks leave, and so asks for nothing
    ("is it ok if this lands in yard-oslo-0101?", set()),
    ("would it be fine if it shared a box with ais-feed?", set()),
    # an unknown member of one of two one-word families of one shape, kept as written
    ("can it go on crane07?", {("prefer_nodes", "nodes=['crane07']", "medium")}),
    # a word after a preposition is its object, not a verb that tells what a named thing does
    ("ops tier for the CMS cron jobs", {("prefer_node_label", "key=tier,value=ops", "medium")}),
    # a label value before the work it describes says which work, and asks for no label
    ("consolidate the research dashboards, really", {("prefer_bin_packing", "", "strong")}),
    (
        "it writes to the research share; keep it on ops nodes",
        {("prefer_node_label", "key=tier,value=ops", "medium")},
    ),
    # real words are not misspelt vocabulary ("loader" is no "loaded"), and "the data loader" asks
    # for no locality
    (
        "Last time it landed on a host at 95% CPU and the data loader was super slow. Ideally give it a "
        "node where the CPUs are not busy.",
        {("prefer_least_loaded", "resource=cpu", "weak")},
    ),
    # "when it restarts" tells what happens then; "without any problems" refuses nothing
    (
        "no spot for ais-feed, absolutely not. The cranes stop when it restarts.",
        {("avoid_spot", "", "critical")},
    ),
    (
        "the nightly sonar-scans ETL should use spot if possible, it can restart without any problems",
        {("prefer_spot", "", "weak")},
    ),
    # what the work is for, and work done with people, ask for nothing
    (
        "gate-camera on L4 please, for research it is plenty. We benchmarked it in May together with the "
        "crane team.",
        {("prefer_gpu_models", "models=['l4']", "medium")},
    ),
    ("bonus points for research nodes", {("prefer_node_label", "key=tier,value=research", "weak")}),
    # "since" before a time says from when; trouble "on" a machine is told
    (
        "ais-feed had two OOM kills since three weeks on crane02. It needs about 20 Gi free memory, please.",
        {("min_free_memory", "gib=20.0", "critical")},
    ),
    (
        "berth-planner should go to the most reliable nodes; it was restarted 4 times last week because of "
        "node issues on crane03.",
        {("prefer_reliable_nodes", "", "medium")},
    ),
    # an app on a machine, then what it did there, is told
    ("ais-feed on crane02 dropped 3 frames during the yard-oslo-0101 drill. Not a placement issue.", set()),
    # where a dataset lives is told; "that zone" later still points at the place
    (
        "sonar-scans is only on the research nodes. The planner reads it every minute, so having it local "
        "would be nice.",
        {("prefer_data_locality", "dataset=sonar-scans", "weak")},
    ),
    (
        "sonar-scans is cached on crane01 and crane02 - data locality matters a lot for this job",
        {("prefer_data_locality", "dataset=sonar-scans", "strong")},
    ),
    (
        "sonar-scans is cached in yard-oslo-0101 so run in that zone",
        {("prefer_zones", "zones=['yard-oslo-0101']", "medium")},
    ),
    # "|" separates fields like a comma
    (
        "gpu: l4 | 1 free gpu",
        {("prefer_gpu_models", "models=['l4']", "medium"), ("min_free_gpus", "count=1", "medium")},
    ),
    # "can't leave that yard" keeps it there; "a spot node went away" is what happened
    (
        "Must stay in yard-bergen-0202. The customs data can't leave that yard.",
        {("prefer_zones", "zones=['yard-bergen-0202']", "critical")},
    ),
    (
        "ais-feed got evicted twice last night when a spot node went away. Please make sure it stays off "
        "spot.",
        {("avoid_spot", "", "strong")},
    ),
    # a permission "and preferred" is a wish
    ("Spot nodes are fine and preferred, it's a re-runnable job", {("prefer_spot", "", "medium")}),
    # "should we be worried that ..." asks how to feel, not where to run
    ("Should we be worried that crane03 shows 3 failures this week?", set()),
    # a card's own memory in brackets, after "the"
    (
        "would it be possible to run it on an A100 (the 80GB one)?",
        {("prefer_gpu_models", "models=['a100']", "weak")},
    ),
    # the job's own size, in brackets after how small it is or as its heap, asks for no free capacity
    ("It's pretty light (250m cpu, 512Mi), so put it anywhere", set()),
    (
        "berth-planner is a Java monolith with 32Gi heap. Would prefer nodes with at least 40Gi unrequested "
        "memory.",
        {("min_free_memory", "gib=40.0", "medium")},
    ),
    # a condition on what is there hedges
    (
        "L4 if you've got one free, otherwise any card is fine",
        {("prefer_gpu_models", "models=['l4']", "weak")},
    ),
    (
        "avoid research nodes unless nothing else is free",
        {("avoid_node_label", "key=tier,value=research", "weak")},
    ),
    ("run it on spot if there's any around", {("prefer_spot", "", "weak")}),
    # "put the X there": the app named is what goes, "there" the place told before; "the box with the
    # newest firmware" says what the box has
    (
        "crane02 is the box with the newest firmware. Put the berth-planner there, strongly preferred.",
        {("prefer_nodes", "nodes=['crane02']", "strong")},
    ),
    (
        "yard-tromso-0303 is where our primary database lives. Keep the ais-feed there if you can.",
        {("prefer_zones", "zones=['yard-tromso-0303']", "weak")},
    ),
    # unknown names kept as written: a well-known service before its noun, a code-like dataset
    ("keep it next to the redis cache", {("colocate_with", "app=redis", "medium")}),
    ("wherever hg19 is cached, please", {("prefer_data_locality", "dataset=hg19", "medium")}),
    # a copula's "not" before a placement cue refuses it
    (
        "We would like that berth-planner is not on the same host as the ais-feed.",
        {("avoid_colocation_with", "app=ais-feed", "medium")},
    ),
    # what is spread is the workload itself, refused or not
    (
        "Do not spread the ais-feed across yards. Pack the replicas onto one node.",
        {("colocate_replicas", "", "medium")},
    ),
    # "rather X than Y": Y is refused by preference; a "Slack paste" is a chat; "ok to be preempted" allows
    (
        "Slack paste from Ola: I'd much rather they spread out one per host than pile onto one.",
        {("spread_replicas_nodes", "", "strong")},
    ),
    (
        "ais-feed is ok to be preempted. Ideally on the same host as gate-camera.",
        {("colocate_with", "app=gate-camera", "weak")},
    ),
]


# Zones named by a site and a zone word glued to a number ("bay7"), a dataset, and labels whose values
# carry a distinctive part.
DEPOT = ClusterContext(
    name="test-depot",
    zones=["kx3-bay7", "kx3-bay9", "kx5-annex"],
    nodes=["forge01", "forge02", "forge03", "kiln-gpu1", "kiln-gpu2", "press01"],
    apps=["tile-cutter", "glaze-planner", "kiln-monitor", "order-sync", "license-server"],
    node_labels={
        "fabric": ["infiniband-qdr", "infiniband-fdr", "tcp-25g"],
        "cooling": ["liquid-direct", "liquid-immersion", "air"],
        "power": ["ups-backed", "mains-only"],
        "hugepages": ["2mi", "1gi"],
    },
    gpu_models=["l4", "a100"],
    datasets=["glaze-recipes"],
)

ROUND_SEVENTEEN: list[tuple[str, Expected]] = [
    # a zone by its zone word and the number glued to it, in digits or words, alone or listed
    ("this one belongs in bay 7", {("prefer_zones", "zones=['kx3-bay7']", "medium")}),
    ("not bay nine please", {("avoid_zones", "zones=['kx3-bay9']", "medium")}),
    ("keep clear of bays 7 and 9 today", {("avoid_zones", "zones=['kx3-bay7', 'kx3-bay9']", "medium")}),
    ("bay9 pref", {("prefer_zones", "zones=['kx3-bay9']", "medium")}),
    # a size that a verb of moving data takes, or with a rate or a source, is data, not memory
    (
        "the exporter uploads roughly 3 TB a night, run it on forge02",
        {("prefer_nodes", "nodes=['forge02']", "medium")},
    ),
    (
        "each batch fetches 200 GB from the archive; put it on forge01",
        {("prefer_nodes", "nodes=['forge01']", "medium")},
    ),
    (
        "it reads glaze-recipes (five years, 900 GB). run it where glaze-recipes is cached",
        {("prefer_data_locality", "dataset=glaze-recipes", "medium")},
    ),
    ("it reads a lot, so give it 48 GB free", {("min_free_memory", "gib=48.0", "medium")}),
    ("it streams logs, 16Gi RAM please", {("min_free_memory", "gib=16.0", "medium")}),
    # an idle GPU node is a quiet node, no count of GPUs; a lone "a free GPU" is one
    ("run the sweep on an idle GPU host", {("prefer_least_loaded", "resource=gpu", "medium")}),
    ("a free GPU for the demo please", {("min_free_gpus", "count=1", "medium")}),
    # "not already heavily used" still denies the load
    (
        "put it on a box whose CPU is not already heavily used",
        {("prefer_least_loaded", "resource=cpu", "medium")},
    ),
    # "it wouldn't hurt to" asks weakly; "whichever's freer" asks for low load; "idel" is idle
    ("wouldn't hurt to give it bay 9", {("prefer_zones", "zones=['kx3-bay9']", "weak")}),
    (
        "forge01 or forge02, whichever's freer",
        {
            ("prefer_least_loaded", "resource=any", "medium"),
            ("prefer_nodes", "nodes=['forge01', 'forge02']", "medium"),
        },
    ),
    ("idel boxes please, it is latency bound", {("prefer_least_loaded", "resource=any", "medium")}),
    # values of one key that share their first word: the second word alone, before the first, or
    # before the first's short form names its value
    ("FDR InfiniBand would be great", {("prefer_node_label", "key=fabric,value=infiniband-fdr", "weak")}),
    (
        "qdr or fdr ib, either",
        {
            ("prefer_node_label", "key=fabric,value=infiniband-fdr", "medium"),
            ("prefer_node_label", "key=fabric,value=infiniband-qdr", "medium"),
        },
    ),
    ("no immersion cooling", {("avoid_node_label", "key=cooling,value=liquid-immersion", "medium")}),
    ("direct liquid is best for this", {("prefer_node_label", "key=cooling,value=liquid-direct", "medium")}),
    # a value a node has, at the end of its phrase, or a bare value that is the whole hint
    ("needs to have UPS", {("prefer_node_label", "key=power,value=ups-backed", "critical")}),
    ("any box with UPS, please", {("prefer_node_label", "key=power,value=ups-backed", "medium")}),
    ("ups pref", {("prefer_node_label", "key=power,value=ups-backed", "medium")}),
    ("ups is what the site runs on", set()),
    # "pls" after a value and a noun is a courtesy, not the verb of a clause
    ("tcp-25g vlan pls", {("prefer_node_label", "key=fabric,value=tcp-25g", "medium")}),
    ("needs FDR", {("prefer_node_label", "key=fabric,value=infiniband-fdr", "critical")}),
    ("a direct request from the CTO", set()),
    # where something went, told: "came up in", "landed on", "I see ... on"; a cue in a told clause
    # with nothing to place by after it asks nothing
    ("all good now, the cutter pods came up in bay 9, thanks", set()),
    (
        "Needs a quiet host. Yesterday it landed on forge02 beside two big exports and crawled.",
        {("prefer_least_loaded", "resource=any", "critical")},
    ),
    (
        "please spread the cutters over the hosts; at the moment I see four of them on press01",
        {("spread_replicas_nodes", "", "medium")},
    ),
    ("it landed on forge02 again, move it to forge03", {("prefer_nodes", "nodes=['forge03']", "medium")}),
    # a statement with a tag question asks to have it confirmed
    ("order-sync lives on forge01, right?", set()),
    ("put it on forge01, right?", {("prefer_nodes", "nodes=['forge01']", "medium")}),
    # "the one with the X", "..., with the X": what a node or thing has, no colocation
    (
        "Pin the order-sync to forge01. Sorry, I meant forge03, the one with the spare fans.",
        {("prefer_nodes", "nodes=['forge03']", "medium")},
    ),
    (
        "glaze-planner prints the batch sheets for every order-sync run, with the barcodes and the logo. "
        "keep glaze-planner off press01",
        {("avoid_nodes", "nodes=['press01']", "medium")},
    ),
    # the app before a told relation is the pod itself, the one after it the partner
    (
        "tile-cutter talks to kiln-monitor constantly, so put it on the same node if possible",
        {("colocate_with", "app=kiln-monitor", "weak")},
    ),
    # "not on those": a refusal of the things a plural pronoun points back at
    (
        "Render job, must use L4s. The A100s are reserved for training, so please not on those.",
        {
            ("prefer_gpu_models", "models=['l4']", "critical"),
            ("avoid_gpu_models", "models=['a100']", "medium"),
        },
    ),
    (
        "it needs an idle box, no other heavy jobs on it",
        {("prefer_least_loaded", "resource=any", "critical")},
    ),
    # "a free L4" is one free GPU of that model
    (
        "a spare A100 please",
        {("min_free_gpus", "count=1", "medium"), ("prefer_gpu_models", "models=['a100']", "medium")},
    ),
    # "runs best on" asks for it
    ("The thumbnailer runs best on an A100, ideally.", {("prefer_gpu_models", "models=['a100']", "weak")}),
    ("the thumbnailer works best on forge02", {("prefer_nodes", "nodes=['forge02']", "medium")}),
    # "station" is a zone word; "same unit as", "one unit" are machine words for colocation
    ("same station as kiln-monitor please", {("same_zone_as", "app=kiln-monitor", "medium")}),
    ("spread the cutters over the stations", {("spread_replicas_zones", "", "medium")}),
    ("could it go on the same unit as order-sync?", {("colocate_with", "app=order-sync", "medium")}),
    ("keep all replicas on a single unit", {("colocate_replicas", "", "medium")}),
    # "one node per replica" sets them apart
    ("one host per replica, please", {("spread_replicas_nodes", "", "medium")}),
    # a word of an app's name before a zone word is no app
    ("spread across the kiln sites", {("spread_replicas_zones", "", "medium")}),
    # "shouldn't this be on X?" suggests it should
    ("shouldn't this be on press01?", {("prefer_nodes", "nodes=['press01']", "medium")}),
    ("this shouldn't be on press01", {("avoid_nodes", "nodes=['press01']", "medium")}),
    # "can you make that happen?" corrects nothing
    (
        "we'd like bay 7 for this, can you make that happen?",
        {("prefer_zones", "zones=['kx3-bay7']", "medium")},
    ),
    # "a host that can run it": what the host is able to do, no permission
    ("the cheapest box that can run it", {("prefer_low_cost", "", "medium")}),
    # a figure with a cores adjective, or "16c free"; a page size beside its key is the label
    ("6 pinned cores free", {("min_free_cpu", "cores=6.0", "medium")}),
    ("cpu: 12c free", {("min_free_cpu", "cores=12.0", "medium")}),
    ("it was 12c in the hall today", set()),
    ("2M hugepages please", {("prefer_node_label", "key=hugepages,value=2mi", "medium")}),
    # British spellings of a name and "rgn" for region
    ("same rgn as glaze-planner", {("same_zone_as", "app=glaze-planner", "medium")}),
    # "they wait for the result" is no correction of what came before
    (
        "Also a host that is not too busy, because the operators wait for the cut list.",
        {("prefer_least_loaded", "resource=any", "medium")},
    ),
    ("next to the licence-server please", {("colocate_with", "app=license-server", "medium")}),
    # how a thing is, said: "busy with", "cheap enough", "healthy again", "emptied"; a "slack reply"
    # is a chat message
    (
        "run it on forge01 (not forge02, that one's busy with the nightly glaze export)",
        {("prefer_nodes", "nodes=['forge01']", "medium"), ("avoid_nodes", "nodes=['forge02']", "medium")},
    ),
    ("prefer bay 9 for this, cheap enough", {("prefer_zones", "zones=['kx3-bay9']", "medium")}),
    ("thanks @ops, kiln-monitor healthy again", set()),
    (
        "bay 7 is being emptied this week, so keep it out of bay 7",
        {("avoid_zones", "zones=['kx3-bay7']", "medium")},
    ),
    ("slack reply: sure, pin it to press01", {("prefer_nodes", "nodes=['press01']", "medium")}),
    # a question to be told, then after a dash a question that asks for a placement
    (
        "how does the scheduler choose the bay anyway — could it just follow kiln-monitor's bay?",
        {("same_zone_as", "app=kiln-monitor", "medium")},
    ),
    ("how does the scheduler choose the bay anyway?", set()),
    # a value's first word after a placement ("on a", "make sure it's on") at the end of its phrase
    ("make sure it's on ups", {("prefer_node_label", "key=power,value=ups-backed", "strong")}),
    ("rather not on mains", {("avoid_node_label", "key=power,value=mains-only", "medium")}),
    # "Sorry, no:" corrects what came before
    (
        "tile-cutter should be in the same bay as order-sync. Sorry, no: the same bay as kiln-monitor.",
        {("same_zone_as", "app=kiln-monitor", "medium")},
    ),
    # "NVM" after a version or "the" is firmware, not "never mind"; what the "until" clause names is
    # when the order ends
    (
        "avoid press01 until the fdr firmware is patched, the resets come from the 2.1 NVM",
        {("avoid_nodes", "nodes=['press01']", "medium")},
    ),
    ("avoid press01. nvm", set()),
    # GPUs another team holds, or that should stay free, are the reason, not a request
    (
        "L4s for the preview renderer, the A100s are booked by the research group until March",
        {("prefer_gpu_models", "models=['l4']", "medium")},
    ),
    (
        "it would be lovely if it used the L4 boxes, so the A100s stay free for training",
        {("prefer_gpu_models", "models=['l4']", "weak")},
    ),
    # "this new tool" is the job itself, no pointer back; "only" in what an app is said to do describes it
    (
        "order-sync sits in bay 7, kiln-monitor is in bay 9. This new tool just has to be reachable.",
        set(),
    ),
    ("The order-sync runs in bay 7 and bay 9 only. This job does not care where it runs.", set()),
    ("bay 7 and bay 9 only", {("prefer_zones", "zones=['kx3-bay7', 'kx3-bay9']", "critical")}),
    # "only" in what a zone is said to be describes it; "ended up next to" tells where it was
    ("Never in bay 9. That bay is on mains power only.", {("avoid_zones", "zones=['kx3-bay9']", "critical")}),
    (
        "Last spring glaze-planner ended up next to the kiln-monitor and both crawled. Keep it on forge01",
        {("prefer_nodes", "nodes=['forge01']", "medium")},
    ),
    ("it'd be nice if it sat next to the kiln-monitor", {("colocate_with", "app=kiln-monitor", "weak")}),
    # "can't we put it on X?" suggests it, at medium; "one host for every replica" spreads
    ("can't we put it on press01?", {("prefer_nodes", "nodes=['press01']", "medium")}),
    ("can't you keep it off press01?", {("avoid_nodes", "nodes=['press01']", "medium")}),
    ("we can't put it on press01", {("avoid_nodes", "nodes=['press01']", "critical")}),
    ("one host for every replica", {("spread_replicas_nodes", "", "medium")}),
    ("keep them all on one node for each run", {("colocate_replicas", "", "medium")}),
    # a need after a data verb takes the size itself
    ("it reads from kafka and needs 16 GB", {("min_free_memory", "gib=16.0", "critical")}),
    ("it writes a lot of logs and wants 8 GB", {("min_free_memory", "gib=8.0", "medium")}),
]

ROUND_SEVENTEEN_YARDS: list[tuple[str, Expected]] = [
    # a zone's number alone, once a zone of that shape is named ("avoid 0202 instead")
    (
        "keep off yard 0101 - no wait, 0101 is fine again, keep off 0303 instead",
        {("avoid_zones", "zones=['yard-tromso-0303']", "medium")},
    ),
    (
        "needs 2048 MB, avoid yard 0101",
        {("avoid_zones", "zones=['yard-oslo-0101']", "medium"), ("min_free_memory", "gib=2.0", "critical")},
    ),
]

# Zones named by two words ("mid-meadow"), the shape a new name of the family would have.
PISTE = ClusterContext(
    name="test-piste",
    zones=["low-chairlift", "mid-meadow", "top-cornice", "east-tbar"],
    nodes=["cam-01", "cam-02", "gate-01"],
    apps=["pass-scanner", "snow-gauge"],
    node_labels={"uplink": ["lte", "fibre"], "power": ["solar", "grid"]},
)

ROUND_SEVENTEEN_PISTE: list[tuple[str, Expected]] = [
    # a label value glued to a participle is that label, not a new zone of the family's shape
    ("could it avoid the lte-linked boxes?", {("avoid_node_label", "key=uplink,value=lte", "medium")}),
]

_TABLES: list[tuple[ClusterContext, list[tuple[str, Expected]]]] = [
    (ARENA, ROUND_THREE),
    (MILL, ROUND_TWO),
    (ROUND_TWO_CODES, ROUND_TWO_SITES),
    (MILL, CASES),
    (DOCKS, ROUND_FOUR),
    (PORTS, ROUND_FOUR_CODES),
    (QUAYS, ROUND_FIVE),
    (ORCHARD, ROUND_SIX),
    (HIVE, ROUND_SEVEN),
    (HIVE, ROUND_EIGHT),
    (KILN, ROUND_NINE),
    (ROLES, ROUND_NINE_ROLES),
    (HARBOUR, ROUND_NINE_HARBOUR),
    (BILLING, ROUND_NINE_BILLING),
    (LOOM, ROUND_TEN),
    (GRISTMILL, ROUND_ELEVEN),
    (FOUNDRY, ROUND_TWELVE),
    (FOUNDRY, ROUND_THIRTEEN),
    (FOUNDRY, ROUND_FOURTEEN),
    (FOUNDRY, ROUND_FIFTEEN),
    (FOUNDRY, ROUND_SIXTEEN),
    (YARDS, ROUND_SIXTEEN_YARDS),
    (DEPOT, ROUND_SEVENTEEN),
    (YARDS, ROUND_SEVENTEEN_YARDS),
    (PISTE, ROUND_SEVENTEEN_PISTE),
]


@pytest.mark.parametrize(
    ("context", "hint", "expected"),
    [
        pytest.param(ctx, hint, expected, id=f"{ctx.name}: {hint}")
        for ctx, table in _TABLES
        for hint, expected in table
    ],
)
def test_other_voices(parser: CpuParser, context: ClusterContext, hint: str, expected: Expected) -> None:
    assert summary(parser.parse(hint, context)) == expected
