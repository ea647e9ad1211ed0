"""CLASS_TABLE and the JSON schema a constrained-decoding backend uses."""

from __future__ import annotations

import pytest

from semsched_intents import CLASS_TABLE, CpuParser, context_hash, hint_hash, intent_json_schema
from semsched_proto.intents import INTENT_TYPES, ClusterContext

jsonschema = pytest.importorskip("jsonschema")


def test_table_covers_the_25_classes_in_order() -> None:
    assert [c.type for c in CLASS_TABLE] == list(INTENT_TYPES)
    assert all(c.meaning and c.examples for c in CLASS_TABLE)


def test_examples_validate_against_the_schema() -> None:
    schema = intent_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for spec in CLASS_TABLE:
        for ex in spec.examples:
            doc = {"intents": [{"type": t, "params": p, "strength": s} for t, p, s in ex.intents]}
            jsonschema.validate(doc, schema)


@pytest.mark.parametrize(
    "bad",
    [
        {"intents": [{"type": "prefer_zones", "params": {"zone": ["a"]}, "strength": "weak"}]},
        {"intents": [{"type": "prefer_arch", "params": {"arch": "riscv"}, "strength": "weak"}]},
        {"intents": [{"type": "avoid_spot", "params": {"x": 1}, "strength": "weak"}]},
        {"intents": [{"type": "teleport", "params": {}, "strength": "weak"}]},
        {"intents": [{"type": "avoid_spot", "params": {}, "strength": "extreme"}]},
        {"intents": [], "extra": True},
    ],
)
def test_schema_rejects_wrong_shapes(bad: dict[str, object]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, intent_json_schema())


def test_parser_output_validates(parser: CpuParser, ctx: ClusterContext) -> None:
    result = parser.parse("must be near solr, ideally on nvme, 4 cores free, never on spot, zone b", ctx)
    jsonschema.validate(result.model_dump(include={"intents", "unparsed"}), intent_json_schema())


def test_hashes_are_stable_and_sensitive(ctx: ClusterContext) -> None:
    shuffled = ctx.model_copy(update={"zones": list(reversed(ctx.zones))})
    assert context_hash(ctx) == context_hash(shuffled)  # list order carries no meaning
    assert context_hash(ctx) != context_hash(ctx.model_copy(update={"apps": ["other"]}))
    assert hint_hash("near solr", ctx) == hint_hash("near  solr\x00", ctx)
    assert hint_hash("near solr", ctx) != hint_hash("near etcd", ctx)
    assert len(hint_hash("x", ctx)) == 64
