"""`semsched simulate`: schedule pods one by one as kube-scheduler would.

Each pod goes through the emulated default filters and score plugins (semsched_kube),
then, unless `--baseline`, through the extender's /prioritize over HTTP exactly as
kube-scheduler calls it; the extender's 0-10 score counts x weight x 10. The chosen
node is assumed (kube-scheduler's own cache) but not bound in the cluster source, so
semsched learns each decision only through its own tentative placements.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson

from semsched_kube.scheduler import SchedulerEmulator
from semsched_kube.snapshot import load_objects, load_snapshot
from semsched_kube.workloads import expand_workloads

K8sObject = Mapping[str, object]


@dataclass
class Placement:
    pod: str
    node: str | None
    extender_score: int | None
    default_score: float | None = None
    reason: str = ""
    explanation: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {"pod": self.pod, "node": self.node, "extender_score": self.extender_score}


def pod_name(obj: K8sObject) -> str:
    metadata = obj.get("metadata")
    assert isinstance(metadata, dict)
    return f"{metadata.get('namespace') or 'default'}/{metadata.get('name')}"


def load_pods(path: Path) -> tuple[list[K8sObject], list[K8sObject]]:
    """Pods in scheduling order, and everything to create (owners first, then pods)."""
    expanded = expand_workloads(load_objects(path))
    pods = [obj for obj in expanded if obj.get("kind") == "Pod"]
    owners = [obj for obj in expanded if obj.get("kind") != "Pod"]
    return pods, owners + pods


class ExtenderClient:
    """Calls /prioritize the way kube-scheduler's HTTPExtender does (nodeCacheCapable)."""

    def __init__(self, url: str, timeout_s: float = 5.0, fresh_connections: bool = False) -> None:
        limits = httpx.Limits(max_keepalive_connections=0) if fresh_connections else httpx.Limits()
        self._client = httpx.Client(base_url=url.rstrip("/"), timeout=timeout_s, limits=limits)

    def prioritize(self, pod: K8sObject, node_names: list[str]) -> dict[str, int]:
        body = orjson.dumps({"Pod": pod, "NodeNames": node_names})
        reply = self._client.post("/prioritize", content=body, headers={"Content-Type": "application/json"})
        if reply.status_code != 200:  # kube-scheduler ignores a failing ignorable extender
            return {}
        return {str(item["Host"]): int(item["Score"]) for item in orjson.loads(reply.content)}

    def close(self) -> None:
        self._client.close()


def simulate(
    cluster: Path,
    pods: list[K8sObject],
    extender: ExtenderClient | None,
    weight: int,
    seed: int = 0,
    on_placement: Callable[[Placement], None] | None = None,
) -> list[Placement]:
    snapshot = load_snapshot(cluster)
    emulator = SchedulerEmulator(snapshot.nodes, snapshot.pods, owners=snapshot.owners, seed=seed)
    rng = random.Random(seed)
    placements: list[Placement] = []
    for pod in pods:
        placement = _schedule_one(emulator, extender, weight, pod, rng)
        if placement.node is not None:
            emulator.assume(pod, placement.node)
        placements.append(placement)
        if on_placement is not None:
            on_placement(placement)
    return placements


def _schedule_one(
    emulator: SchedulerEmulator,
    extender: ExtenderClient | None,
    weight: int,
    pod: K8sObject,
    rng: random.Random,
) -> Placement:
    name = pod_name(pod)
    feasible = emulator.filter(pod)
    if not feasible.feasible:
        reasons = sorted(set(feasible.reasons.values()))
        return Placement(name, None, None, reason="; ".join(reasons[:3]) or "no nodes")
    breakdown = emulator.score(pod, feasible.feasible)
    extender_scores = extender.prioritize(pod, feasible.feasible) if extender is not None else {}
    base = breakdown.totals
    totals = {node: base[node] + extender_scores.get(node, 0) * weight * 10 for node in feasible.feasible}
    best = max(totals.values())
    chosen = rng.choice(sorted(node for node, total in totals.items() if total == best))
    return Placement(
        name,
        chosen,
        extender_scores.get(chosen) if extender is not None else None,
        default_score=breakdown[chosen].total,
    )


def write_output(
    path: Path, placements: list[Placement], packing: Mapping[str, object] | None = None
) -> None:
    document: dict[str, object] = {"placements": [p.as_json() for p in placements]}
    if packing is not None:
        document["packing"] = packing
    path.write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2))
