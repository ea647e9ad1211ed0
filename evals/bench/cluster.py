"""A synthetic cluster of N nodes in the shape `kubectl get nodes,pods -o json` prints.

Deterministic for a seed. Nodes spread over zones, architectures, disk types, spot and
GPU pools; running pods of a handful of apps; pending pods carrying hints.
"""

from __future__ import annotations

import random
from typing import Any

ZONES = ["zone-1a", "zone-1b", "zone-1c", "zone-1d", "zone-1e"]
APPS = ["cassandra", "memcached", "checkout", "search", "ingest", "billing"]
GPUS = [("NVIDIA-A100-SXM4-80GB", 8), ("NVIDIA-H100-80GB-HBM3", 8), ("Tesla-T4", 4), ("NVIDIA-L4", 4)]
STATIC_HINTS = [
    "prefer nvme machines",
    "keep it out of zone-1c",
    "needs an A100 if possible",
    "run in zone-1a or zone-1b",
    "avoid spot nodes, we cannot be preempted",
    "arm64 please",
    "cheapest node you have",
    "stay away from node-0007",
]
DYNAMIC_HINTS = ["next to cassandra", "at least 8 free cores", "a quiet node", "spread across zones"]


def _node(i: int, rng: random.Random) -> dict[str, Any]:
    labels = {
        "kubernetes.io/hostname": f"node-{i:04d}",
        "topology.kubernetes.io/zone": ZONES[i % len(ZONES)],
        "kubernetes.io/arch": "arm64" if i % 7 == 0 else "amd64",
        "disktype": "nvme" if i % 3 == 0 else "hdd",
    }
    allocatable: dict[str, str] = {
        "cpu": str(rng.choice([16, 32, 64])),
        "memory": f"{rng.choice([64, 128, 256])}Gi",
        "pods": "110",
    }
    if i % 5 == 0:
        labels["karpenter.sh/capacity-type"] = "spot"
    if i % 10 == 1:
        product, count = GPUS[(i // 10) % len(GPUS)]
        labels["nvidia.com/gpu.product"] = product
        allocatable["nvidia.com/gpu"] = str(count)
    annotations = {"semsched.io/hourly-cost": f"{rng.uniform(0.5, 12):.2f}"}
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": f"node-{i:04d}", "labels": labels, "annotations": annotations},
        "status": {"allocatable": allocatable},
    }


def _pod(name: str, app: str, node: str | None, hint: str | None, rng: random.Random) -> dict[str, Any]:
    metadata: dict[str, Any] = {
        "name": name,
        "namespace": "bench",
        "uid": f"uid-{name}",
        "labels": {"app": app},
    }
    if hint is not None:
        metadata["annotations"] = {"semsched.io/hint": hint}
    spec: dict[str, Any] = {
        "containers": [
            {
                "name": "c",
                "image": app,
                "resources": {
                    "requests": {
                        "cpu": f"{rng.choice([100, 250, 500, 1000])}m",
                        "memory": f"{rng.choice([128, 512, 1024])}Mi",
                    }
                },
            }
        ]
    }
    if node is not None:
        spec["nodeName"] = node
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": metadata,
        "spec": spec,
        "status": {"phase": "Running" if node else "Pending"},
    }


def generate(nodes: int = 1000, running: int = 3000, pending: int = 100, seed: int = 7) -> dict[str, Any]:
    rng = random.Random(seed)
    items = [_node(i, rng) for i in range(nodes)]
    for i in range(running):
        items.append(_pod(f"run-{i:05d}", rng.choice(APPS), f"node-{rng.randrange(nodes):04d}", None, rng))
    hints = STATIC_HINTS + DYNAMIC_HINTS
    for i in range(pending):
        items.append(_pod(f"pend-{i:04d}", "web", None, hints[i % len(hints)], rng))
    return {"apiVersion": "v1", "kind": "List", "items": items}
