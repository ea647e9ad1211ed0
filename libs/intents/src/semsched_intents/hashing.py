"""Stable hashes of contexts and hints, for caches and deduplication."""

from __future__ import annotations

import hashlib
import json

from semsched_intents.text import sanitise
from semsched_proto.intents import ClusterContext


def context_hash(context: ClusterContext) -> str:
    """sha256 of the context's canonical JSON: keys sorted, lists sorted (order carries no meaning)."""
    canonical = {
        "name": context.name,
        "zones": sorted(context.zones),
        "nodes": sorted(context.nodes),
        "apps": sorted(context.apps),
        "node_labels": {k: sorted(v) for k, v in sorted(context.node_labels.items())},
        "gpu_models": sorted(context.gpu_models),
        "datasets": sorted(context.datasets),
    }
    blob = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def hint_hash(hint: str, context: ClusterContext) -> str:
    """sha256 of the sanitised hint (case kept: `key=value` is kept as written) and the context hash."""
    payload = sanitise(hint) + "\x00" + context_hash(context)
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()
