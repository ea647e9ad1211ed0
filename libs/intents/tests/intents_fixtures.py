"""Helpers for the intent parser tests: a made-up cluster (not cluster-dev) and a compact view of results."""

from __future__ import annotations

from semsched_proto.intents import ClusterContext, ParseResult

TEST_CONTEXT = ClusterContext(
    name="test-harbour",
    zones=["ap-south-1a", "ap-south-1b", "ap-south-1c"],
    nodes=["edge-01", "edge-02", "edge-10", "vault-box"],
    apps=["solr", "etcd-main", "ledger-api", "elasticsearch"],
    node_labels={
        "media": ["nvme", "spinning"],
        "lane": ["fast", "bulk"],
        "tier": ["gold", "bronze"],
        "nic-speed": ["40g", "100g"],
    },
    gpu_models=["h100", "l40s"],
    datasets=["fineweb", "cifar10"],
)


def summary(result: ParseResult) -> set[tuple[str, str, str]]:
    """(type, params as sorted text, strength) per intent: easy to write in tables."""
    out: set[tuple[str, str, str]] = set()
    for i in result.intents:
        params = ",".join(
            f"{k}={sorted(v) if isinstance(v, list) else v}" for k, v in sorted(i.params.items())
        )
        out.add((i.type, params, i.strength))
    return out
