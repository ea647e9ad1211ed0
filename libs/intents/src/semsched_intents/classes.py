"""CLASS_TABLE: the one description of the 25 intent classes (intents.md), for parsers and prompts.

An LLM backend builds its prompt, few-shot examples and constrained-decoding schema from this
table; `intent_json_schema()` is that schema for `{"intents": [...]}`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from semsched_proto.intents import INTENT_TYPES, STRENGTHS


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One param: its name and JSON type; `enum` restricts string values."""

    name: str
    kind: str  # "string" | "number" | "integer" | "string_list"
    enum: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Example:
    """A hint and the intents it should give (type, params, strength) in a small reference cluster."""

    hint: str
    intents: tuple[tuple[str, dict[str, Any], str], ...]


@dataclass(frozen=True, slots=True)
class ClassSpec:
    type: str
    params: tuple[ParamSpec, ...]
    meaning: str
    examples: tuple[Example, ...]


_S, _N, _I, _L = "string", "number", "integer", "string_list"


def _spec(type_: str, params: tuple[ParamSpec, ...], meaning: str, *examples: Example) -> ClassSpec:
    return ClassSpec(type_, params, meaning, examples)


def _ex(hint: str, *intents: tuple[str, dict[str, Any], str]) -> Example:
    return Example(hint, intents)


_KV = (ParamSpec("key", _S), ParamSpec("value", _S))
CLASS_TABLE: tuple[ClassSpec, ...] = (
    _spec(
        "prefer_node_label",
        _KV,
        "nodes carrying label key=value score higher",
        _ex("ssd machines if possible", ("prefer_node_label", {"key": "disktype", "value": "ssd"}, "weak")),
        _ex(
            "must be on nodes labelled team=search",
            ("prefer_node_label", {"key": "team", "value": "search"}, "critical"),
        ),
    ),
    _spec(
        "avoid_node_label",
        _KV,
        "nodes carrying label key=value score lower",
        _ex("stay off the dev tier", ("avoid_node_label", {"key": "tier", "value": "dev"}, "medium")),
    ),
    _spec(
        "prefer_nodes",
        (ParamSpec("nodes", _L),),
        "the named nodes score higher",
        _ex("node 3 or node 4 please", ("prefer_nodes", {"nodes": ["node-3", "node-4"]}, "medium")),
    ),
    _spec(
        "avoid_nodes",
        (ParamSpec("nodes", _L),),
        "the named nodes score lower",
        _ex("never on node-7", ("avoid_nodes", {"nodes": ["node-7"]}, "critical")),
    ),
    _spec(
        "prefer_zones",
        (ParamSpec("zones", _L),),
        "nodes in these zones score higher",
        _ex("zone b or c, ideally", ("prefer_zones", {"zones": ["zone-b", "zone-c"]}, "weak")),
    ),
    _spec(
        "avoid_zones",
        (ParamSpec("zones", _L),),
        "nodes in these zones score lower",
        _ex("anywhere but zone-b", ("avoid_zones", {"zones": ["zone-b"]}, "medium")),
    ),
    _spec(
        "prefer_gpu_models",
        (ParamSpec("models", _L),),
        "nodes whose GPU is of these families score higher",
        _ex("A100 80GB or H100s", ("prefer_gpu_models", {"models": ["a100", "h100"]}, "medium")),
    ),
    _spec(
        "avoid_gpu_models",
        (ParamSpec("models", _L),),
        "nodes whose GPU is of these families score lower",
        _ex("absolutely no T4s", ("avoid_gpu_models", {"models": ["t4"]}, "critical")),
    ),
    _spec(
        "prefer_arch",
        (ParamSpec("arch", _S, ("amd64", "arm64")),),
        "nodes of that CPU architecture score higher",
        _ex("graviton if you can", ("prefer_arch", {"arch": "arm64"}, "weak")),
        _ex("not on arm", ("prefer_arch", {"arch": "amd64"}, "medium")),
    ),
    _spec(
        "prefer_data_locality",
        (ParamSpec("dataset", _S),),
        "nodes that cache that dataset score higher",
        _ex("next to the imagenet cache", ("prefer_data_locality", {"dataset": "imagenet"}, "medium")),
    ),
    _spec(
        "colocate_with",
        (ParamSpec("app", _S),),
        "nodes already running pods of that app score higher",
        _ex(
            "near redis and kafka",
            ("colocate_with", {"app": "redis"}, "medium"),
            ("colocate_with", {"app": "kafka"}, "medium"),
        ),
    ),
    _spec(
        "avoid_colocation_with",
        (ParamSpec("app", _S),),
        "nodes running pods of that app score lower",
        _ex("keep away from the batch-etl pods", ("avoid_colocation_with", {"app": "batch-etl"}, "medium")),
    ),
    _spec(
        "same_zone_as",
        (ParamSpec("app", _S),),
        "nodes in a zone where that app runs score higher",
        _ex("same AZ as postgres, important", ("same_zone_as", {"app": "postgres"}, "strong")),
    ),
    _spec(
        "colocate_replicas",
        (),
        "nodes already running replicas of this workload score higher",
        _ex("keep the replicas together on one node", ("colocate_replicas", {}, "medium")),
    ),
    _spec(
        "spread_replicas_nodes",
        (),
        "nodes running fewer replicas of this workload score higher",
        _ex("never put two replicas on the same node", ("spread_replicas_nodes", {}, "critical")),
    ),
    _spec(
        "spread_replicas_zones",
        (),
        "zones running fewer replicas of this workload score higher",
        _ex("must survive an AZ outage", ("spread_replicas_zones", {}, "critical")),
    ),
    _spec(
        "min_free_cpu",
        (ParamSpec("cores", _N),),
        "nodes with at least that many unrequested cores score higher",
        _ex("4000m free cpu", ("min_free_cpu", {"cores": 4}, "medium")),
    ),
    _spec(
        "min_free_memory",
        (ParamSpec("gib", _N),),
        "nodes with at least that much unrequested memory (GiB)",
        _ex("16 gigs free would be nice", ("min_free_memory", {"gib": 16}, "weak")),
    ),
    _spec(
        "min_free_gpus",
        (ParamSpec("count", _I),),
        "nodes with at least that many unrequested GPUs",
        _ex("8 idle GPUs", ("min_free_gpus", {"count": 8}, "medium")),
    ),
    _spec(
        "prefer_least_loaded",
        (ParamSpec("resource", _S, ("cpu", "memory", "gpu", "any")),),
        "less utilised nodes score higher",
        _ex("a quiet node", ("prefer_least_loaded", {"resource": "any"}, "medium")),
        _ex("lowest GPU utilisation", ("prefer_least_loaded", {"resource": "gpu"}, "medium")),
    ),
    _spec(
        "prefer_bin_packing",
        (),
        "more utilised nodes score higher (consolidate)",
        _ex("pack onto busy nodes", ("prefer_bin_packing", {}, "medium")),
    ),
    _spec(
        "avoid_spot",
        (),
        "spot / preemptible nodes score lower",
        _ex("stay off spot if you can", ("avoid_spot", {}, "weak")),
    ),
    _spec(
        "prefer_spot",
        (),
        "spot / preemptible nodes score higher",
        _ex("run it on preemptible capacity", ("prefer_spot", {}, "medium")),
    ),
    _spec(
        "prefer_low_cost",
        (),
        "cheaper nodes score higher",
        _ex("cheapest node you've got", ("prefer_low_cost", {}, "medium")),
    ),
    _spec(
        "prefer_reliable_nodes",
        (),
        "nodes with fewer recent infrastructure failures score higher",
        _ex("definitely reliable nodes", ("prefer_reliable_nodes", {}, "strong")),
    ),
)
assert tuple(c.type for c in CLASS_TABLE) == INTENT_TYPES, "CLASS_TABLE must list the proto's 25 classes"
CLASS_BY_TYPE: dict[str, ClassSpec] = {c.type: c for c in CLASS_TABLE}


def _param_schema(p: ParamSpec) -> dict[str, Any]:
    if p.kind == _L:
        return {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}
    if p.enum:
        return {"type": "string", "enum": list(p.enum)}
    if p.kind == _S:
        return {"type": "string", "minLength": 1}
    return {"type": p.kind, "minimum": 0}


def _class_schema(c: ClassSpec) -> dict[str, Any]:
    params = {
        "type": "object",
        "properties": {p.name: _param_schema(p) for p in c.params},
        "required": [p.name for p in c.params],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "description": c.meaning,
        "properties": {
            "type": {"const": c.type},
            "params": params,
            "strength": {"type": "string", "enum": list(STRENGTHS)},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "required": ["type", "params", "strength"],
        "additionalProperties": False,
    }


def intent_json_schema() -> dict[str, Any]:
    """JSON Schema of a parse: `intents` items are exactly the 25 classes with their exact params."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "semsched intents",
        "type": "object",
        "properties": {
            "intents": {"type": "array", "items": {"oneOf": [_class_schema(c) for c in CLASS_TABLE]}},
            "unparsed": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["intents"],
        "additionalProperties": False,
    }
