"""Place words: a city, country or region names every zone of the context that its name places there.

The clusters here are made up; their zone names place them the three ways clusters do: a city word,
a city code, a public cloud region."""

from __future__ import annotations

import pytest
from intents_fixtures import summary

from semsched_intents import CpuParser
from semsched_intents.places import place_of
from semsched_intents.text import phrase_tokens
from semsched_proto.intents import ClusterContext

Expected = set[tuple[str, str, str]]

WORDS = ClusterContext(
    name="test-places-words",
    zones=["eu-lisbon-1", "eu-lisbon-2", "eu-warsaw-1", "us-ohio-1", "ap-seoul-1", "ap-mumbai-1"],
    nodes=["pine-01", "pine-02"],
    apps=["quote-api", "fx-feed"],
    node_labels={"tier": ["gold", "bronze"]},
)
CODES = ClusterContext(
    name="test-places-codes",
    zones=["cph1", "hel1", "waw-dc1", "prg-dc1", "yyz1"],
    nodes=["birch-1", "birch-2"],
    apps=["transcoder"],
)
CLOUD = ClusterContext(
    name="test-places-cloud",
    zones=["us-east-1a", "us-east-1b", "eu-central-1a", "ap-southeast-1a"],
    nodes=["ip-10-0-0-1", "ip-10-0-0-2"],
    apps=["checkout"],
)
CAGES = ClusterContext(
    name="test-places-cages",
    zones=["ld4-cage", "ty3-cage", "harrier-cage"],
    nodes=["k1", "k2", "vc-kestrel", "vc-osprey"],
)
PLAIN = ClusterContext(name="test-places-plain", zones=["zone-a", "zone-b"], nodes=["n1", "n2"])

CASES: list[tuple[ClusterContext, str, Expected]] = [
    # a city names its zones; a misspelt city too
    (WORDS, "lisbon pls", {("prefer_zones", "zones=['eu-lisbon-1', 'eu-lisbon-2']", "medium")}),
    (WORDS, "Lisboa, either zone", {("prefer_zones", "zones=['eu-lisbon-1', 'eu-lisbon-2']", "medium")}),
    (WORDS, "somewhere in Lsibon", {("prefer_zones", "zones=['eu-lisbon-1', 'eu-lisbon-2']", "medium")}),
    # countries and regions
    (WORDS, "keep it in Poland", {("prefer_zones", "zones=['eu-warsaw-1']", "medium")}),
    (WORDS, "not in the US please", {("avoid_zones", "zones=['us-ohio-1']", "medium")}),
    (
        WORDS,
        "must stay in the EU",
        {("prefer_zones", "zones=['eu-lisbon-1', 'eu-lisbon-2', 'eu-warsaw-1']", "critical")},
    ),
    (WORDS, "nowhere in APAC", {("avoid_zones", "zones=['ap-mumbai-1', 'ap-seoul-1']", "medium")}),
    # a people's name is a place next to a zone word or after "close to"; else it says who
    (WORDS, "close to our Korean users", {("prefer_zones", "zones=['ap-seoul-1']", "medium")}),
    (WORDS, "Polish DCs please", {("prefer_zones", "zones=['eu-warsaw-1']", "medium")}),
    (
        WORDS,
        "for our Korean customers: gold nodes please",
        {("prefer_node_label", "key=tier,value=gold", "medium")},
    ),
    # a place before a noun of its own is no placement; a pronoun in capitals is no country
    (
        WORDS,
        "EU data residency applies; put it on pine-01",
        {("prefer_nodes", "nodes=['pine-01']", "medium")},
    ),
    (WORDS, "GIVE US A GOLD NODE", {("prefer_node_label", "key=tier,value=gold", "medium")}),
    (WORDS, "leave Mumbai alone", {("avoid_zones", "zones=['ap-mumbai-1']", "medium")}),
    # city codes in zone names
    (CODES, "Copenhagen please", {("prefer_zones", "zones=['cph1']", "medium")}),
    (CODES, "avoid Prague and Warsaw", {("avoid_zones", "zones=['prg-dc1', 'waw-dc1']", "medium")}),
    (CODES, "the Nordics, please", {("prefer_zones", "zones=['cph1', 'hel1']", "medium")}),
    (CODES, "Toronto if possible", {("prefer_zones", "zones=['yyz1']", "weak")}),
    (
        CODES,
        "continental Europe please",
        {("prefer_zones", "zones=['cph1', 'hel1', 'prg-dc1', 'waw-dc1']", "medium")},
    ),
    # German "nicht"; points of presence are zones; a listed subject described; a passive narrates
    (
        CODES,
        "cph1 oder hel1, aber nicht Prag",
        {
            ("prefer_zones", "zones=['cph1', 'hel1']", "medium"),
            ("avoid_zones", "zones=['prg-dc1']", "medium"),
        },
    ),
    (
        CODES,
        "spread across PoPs so one PoP outage can't take it down",
        {("spread_replicas_zones", "", "medium")},
    ),
    (
        CODES,
        "avoid Prague, cph1 and hel1 are both over quota",
        {("avoid_zones", "zones=['prg-dc1']", "medium")},
    ),
    (CODES, "not in hel1, the Helsinki DC is being migrated", {("avoid_zones", "zones=['hel1']", "medium")}),
    # a zone's first part, when the rest is shared ("ld4" for ld4-cage), misspelt too
    (CAGES, "keep this in ld4", {("prefer_zones", "zones=['ld4-cage']", "medium")}),
    (CAGES, "zone: harier", {("prefer_zones", "zones=['harrier-cage']", "medium")}),
    # a zone's first part before a noun of its own is an adjective ("the harrier barrier controller")
    (CAGES, "never on spot, this is the harrier barrier controller", {("avoid_spot", "", "critical")}),
    # a node's distinct last word names it
    (
        CAGES,
        "kestrel or osprey, whichever has room",
        {("prefer_nodes", "nodes=['vc-kestrel', 'vc-osprey']", "medium")},
    ),
    # public cloud regions; a zone's own name is that zone only
    (CLOUD, "Virginia", {("prefer_zones", "zones=['us-east-1a', 'us-east-1b']", "medium")}),
    (
        CLOUD,
        "Frankfurt or Singapore",
        {("prefer_zones", "zones=['ap-southeast-1a', 'eu-central-1a']", "medium")},
    ),
    (CLOUD, "never the eu-central-1a zone", {("avoid_zones", "zones=['eu-central-1a']", "critical")}),
    # a place the cluster has no zone in names nothing
    (CLOUD, "Tokyo please", set()),
    (PLAIN, "Frankfurt please", set()),
]


@pytest.mark.parametrize(
    ("context", "hint", "expected"), [pytest.param(*case, id=f"{case[0].name}: {case[1]}") for case in CASES]
)
def test_places(parser: CpuParser, context: ClusterContext, hint: str, expected: Expected) -> None:
    assert summary(parser.parse(hint, context)) == expected


@pytest.mark.parametrize(
    ("zone", "city", "country"),
    [
        ("eu-lisbon-1", "lisbon", "pt"),
        ("sa-saopaulo-1", "sao paulo", "br"),
        ("waw-dc1", "warsaw", "pl"),
        ("us-east-1a", "ashburn", "us"),
        ("europe-west4-b", "amsterdam", "nl"),
        ("westeurope", "amsterdam", "nl"),
    ],
)
def test_place_of_a_zone(zone: str, city: str, country: str) -> None:
    place = place_of(zone, phrase_tokens(zone))
    assert place is not None and (place.city, place.country) == (city, country)


@pytest.mark.parametrize("zone", ["zone-a", "bay1", "rack-2", "hall3", "gpu-pool"])
def test_zones_that_name_no_place(zone: str) -> None:
    assert place_of(zone, phrase_tokens(zone)) is None
