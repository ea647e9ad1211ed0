"""Generate the committed JSON Schema and AsyncAPI documents from the pydantic models.

`python -m semsched_proto.schemagen` writes proto/schemas/; a test regenerates them in
memory and fails when the committed files have drifted from the models.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from semsched_proto import subjects
from semsched_proto.cluster import NodeState, PodState, SourceStatus
from semsched_proto.intents import ClusterContext, ParseResult
from semsched_proto.messages import (
    BindPods,
    IntentsParsed,
    ParseReply,
    ParseRequest,
    PlacementDecided,
    PodPending,
    RefreshRequest,
    ScoreReply,
    ScoreRequest,
    SubmitPods,
)
from semsched_proto.packing import PackingRecommended, PackRequest
from semsched_proto.scores import PodScores, ScorerStatus

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"

# subject -> (kind, owner, payload, reply payload)
CHANNELS: dict[str, tuple[str, str, type[BaseModel], type[BaseModel] | None]] = {
    subjects.POD_PENDING: ("event", "state-cache", PodPending, None),
    subjects.INTENTS_PARSED: ("event", "intent-parser", IntentsParsed, None),
    subjects.PLACEMENT_DECIDED: ("event", "extender", PlacementDecided, None),
    subjects.SUBMIT_PODS: ("command", "state-cache", SubmitPods, None),
    subjects.BIND_PODS: ("command", "state-cache", BindPods, None),
    subjects.RPC_PARSE: ("request", "intent-parser", ParseRequest, ParseReply),
    subjects.RPC_SCORE: ("request", "scorer", ScoreRequest, ScoreReply),
    subjects.RPC_REFRESH: ("request", "scorer", RefreshRequest, ScoreReply),
    subjects.PACKING_RECOMMENDED: ("event", "scorer", PackingRecommended, None),
    subjects.RPC_PACK: ("request", "scorer", PackRequest, PackingRecommended),
}
# bucket -> value model(s)
BUCKETS: dict[str, tuple[type[BaseModel], ...]] = {
    subjects.KV_NODES: (NodeState,),
    subjects.KV_PODS: (PodState,),
    subjects.KV_CONTEXT: (ClusterContext,),
    subjects.KV_SOURCE_STATUS: (SourceStatus,),
    subjects.KV_INTENT_CACHE: (ParseResult,),
    subjects.KV_POD_INTENTS: (IntentsParsed,),
    subjects.KV_SCORES: (PodScores, ScorerStatus),
}


def models() -> list[type[BaseModel]]:
    seen: dict[str, type[BaseModel]] = {}
    for _, _, payload, reply in CHANNELS.values():
        for model in (payload, reply):
            if model is not None:
                seen[model.__name__] = model
    for values in BUCKETS.values():
        for model in values:
            seen[model.__name__] = model
    return [seen[name] for name in sorted(seen)]


def json_schemas() -> dict[str, dict[str, object]]:
    return {model.__name__: model.model_json_schema() for model in models()}


def asyncapi() -> dict[str, object]:
    channels: dict[str, object] = {}
    operations: dict[str, object] = {}
    for subject, (kind, owner, payload, reply) in CHANNELS.items():
        name = subject.replace(".", "_").replace("-", "_")
        channels[name] = {
            "address": subject,
            "messages": {payload.__name__: {"$ref": f"#/components/messages/{payload.__name__}"}},
            "description": f"{kind} owned by {owner}",
        }
        operation: dict[str, object] = {
            "action": "receive" if kind in ("command", "request") else "send",
            "channel": {"$ref": f"#/channels/{name}"},
            "summary": f"{owner}: {payload.__name__}",
        }
        if reply is not None:
            operation["reply"] = {"messages": [{"$ref": f"#/components/messages/{reply.__name__}"}]}
        operations[f"{owner}_{name}"] = operation
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "semsched",
            "version": "semsched.v1",
            "description": "semsched services over NATS; key-value buckets are listed under x-kv-buckets.",
        },
        "defaultContentType": "application/json",
        "channels": channels,
        "operations": operations,
        "components": {
            "messages": {m.__name__: {"payload": {"$ref": f"schemas/{m.__name__}.json"}} for m in models()}
        },
        "x-kv-buckets": {bucket: [m.__name__ for m in values] for bucket, values in BUCKETS.items()},
    }


def rendered() -> dict[str, str]:
    files = {
        f"{name}.json": json.dumps(schema, indent=2, sort_keys=True) + "\n"
        for name, schema in json_schemas().items()
    }
    files["asyncapi.json"] = json.dumps(asyncapi(), indent=2, sort_keys=True) + "\n"
    return files


def main() -> None:
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    files = rendered()
    for stale in SCHEMA_DIR.glob("*.json"):
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        (SCHEMA_DIR / name).write_text(text)
    print(f"wrote {len(files)} documents to {SCHEMA_DIR}")


if __name__ == "__main__":
    main()
