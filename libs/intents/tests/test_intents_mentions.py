"""`CpuParser.read`: the entities a hint names, as the learned reader reads them; and `roles.revise`,
which moves an entity between intents when the reader gives it another role (D36)."""

from __future__ import annotations

from semsched_intents import CpuParser
from semsched_intents.mentions import Mention, Reading
from semsched_intents.roles import NONE, has_label, revise, revise_labels, role_of
from semsched_proto.intents import ClusterContext, Intent, ParseResult

CTX = ClusterContext(
    zones=["east-1", "west-2"],
    apps=["cassandra"],
    node_labels={"storage": ["nvme"]},
    gpu_models=["a100"],
    datasets=["imagenet"],
)


def test_read_gives_the_parse_and_each_entity_once_with_names_replaced_by_kinds(parser: CpuParser) -> None:
    hint = "Prefer east-1 or west-2 near cassandra, 64Gi free; east-1 again"
    reading = parser.read(hint, CTX)
    named = reading.mentions
    assert reading.result == parser.parse(hint, CTX)
    assert reading.text == "prefer zone or zone near app , amount ; zone again"
    assert [(m.kind, m.value) for m in named] == [
        ("zone", "east-1"),
        ("zone", "west-2"),
        ("app", "cassandra"),
    ]
    first = named[0].text
    assert first.startswith("prefer [ zone ] or zone near app , amount")
    assert "east-1" not in first and "cassandra" not in first
    assert named[1].text.startswith("prefer zone or [ zone ]")


def test_read_keeps_a_label_key_and_the_clause_strength(parser: CpuParser) -> None:
    named = parser.read("must have storage=nvme", CTX).mentions
    assert [(m.kind, m.key, m.value, m.strength) for m in named] == [("label", "storage", "nvme", "critical")]


def test_read_names_nothing_for_a_rejected_or_empty_hint() -> None:
    assert CpuParser().read("", CTX) == Reading(ParseResult(), [], "")
    rejected = CpuParser().read("x" * 5000, CTX)
    assert rejected.result.error is not None and rejected.mentions == [] and rejected.text == ""


def _zone(value: str, strength: str = "medium") -> Mention:
    return Mention("zone", value, "", f"[ zone ] {value}", strength)


def _intent(kind: str, strength: str = "medium", confidence: float = 0.9, **params: object) -> Intent:
    return Intent.model_validate(
        {"type": kind, "params": params, "strength": strength, "confidence": confidence}
    )


def test_role_of_matches_names_regardless_of_case() -> None:
    intents = [_intent("avoid_zones", zones=["East-1"])]
    assert role_of(_zone("east-1"), intents) == "avoid_zones"
    assert role_of(_zone("west-2"), intents) == NONE
    label = Mention("label", "nvme", "storage", "", "medium")
    assert role_of(label, [_intent("prefer_node_label", key="storage", value="NVMe")]) == "prefer_node_label"


def test_revise_moves_one_zone_out_of_a_list_and_keeps_its_strength() -> None:
    result = ParseResult(intents=[_intent("prefer_zones", "strong", 0.97, zones=["east-1", "west-2"])])
    out = revise(result, [(_zone("west-2"), "avoid_zones", 0.96)])
    assert [(i.type, i.params, i.strength, i.confidence) for i in out.intents] == [
        ("prefer_zones", {"zones": ["east-1"]}, "strong", 0.97),
        ("avoid_zones", {"zones": ["west-2"]}, "strong", 0.96),
    ]
    assert out.backend == "cpu+reader" and result.intents[0].params == {"zones": ["east-1", "west-2"]}


def test_revise_drops_an_emptied_intent_and_joins_an_existing_list() -> None:
    result = ParseResult(
        intents=[
            _intent("prefer_zones", zones=["east-1"]),
            _intent("avoid_zones", "weak", 0.8, zones=["west-2"]),
        ]
    )
    out = revise(result, [(_zone("east-1"), "avoid_zones", 0.99)])
    assert [(i.type, i.params, i.strength, i.confidence) for i in out.intents] == [
        ("avoid_zones", {"zones": ["west-2", "east-1"]}, "weak", 0.8)
    ]


def test_revise_adds_an_unasked_entity_at_its_clause_strength_and_removes_one_to_none() -> None:
    added = revise(ParseResult(), [(_zone("east-1", "strong"), "prefer_zones", 0.97)])
    assert [(i.type, i.params, i.strength, i.confidence) for i in added.intents] == [
        ("prefer_zones", {"zones": ["east-1"]}, "strong", 0.97)
    ]
    app = Mention("app", "cassandra", "", "", "medium")
    removed = revise(ParseResult(intents=[_intent("colocate_with", app="cassandra")]), [(app, NONE, 0.99)])
    assert removed.intents == []


def test_revise_ignores_a_role_the_entity_cannot_have_and_returns_an_unchanged_parse_as_is() -> None:
    result = ParseResult(intents=[_intent("prefer_zones", zones=["east-1"])])
    assert revise(result, [(_zone("east-1"), "colocate_with", 0.99)]) is result
    assert revise(result, [(_zone("east-1"), "prefer_zones", 0.99)]) is result


def test_revise_labels_adds_at_the_usual_strength_and_removes_by_value() -> None:
    result = ParseResult(
        intents=[
            _intent("prefer_zones", "strong", zones=["east-1"]),
            _intent("avoid_nodes", "strong", nodes=["n1"]),
            _intent("prefer_arch", "weak", arch="amd64"),
        ]
    )
    out = revise_labels(
        result,
        [("avoid_spot", True, 0.97), ("prefer_arch:amd64", False, 0.99), ("prefer_arch:arm64", True, 0.96)],
    )
    assert [(i.type, i.params, i.strength, i.confidence) for i in out.intents] == [
        ("prefer_zones", {"zones": ["east-1"]}, "strong", 0.9),
        ("avoid_nodes", {"nodes": ["n1"]}, "strong", 0.9),
        ("avoid_spot", {}, "strong", 0.97),
        ("prefer_arch", {"arch": "arm64"}, "strong", 0.96),
    ]
    assert out.backend == "cpu+reader"
    assert revise_labels(ParseResult(), [("prefer_spot", True, 0.99)]).intents[0].strength == "medium"


def test_revise_labels_leaves_agreement_and_unknown_labels_alone() -> None:
    result = ParseResult(intents=[_intent("avoid_spot")])
    assert revise_labels(result, [("avoid_spot", True, 0.99), ("prefer_spot", False, 0.99)]) is result
    assert revise_labels(result, [("min_free_cpu", True, 0.99), ("prefer_arch:sparc", True, 0.99)]) is result
    assert has_label(result.intents, "avoid_spot") and not has_label(result.intents, "prefer_spot")
