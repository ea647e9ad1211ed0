"""The packer's contract: ask the scorer to plan room for pods that stayed unplaceable, and
the plan it publishes. A plan is a recommendation: semsched never applies it to a live
cluster (`semsched simulate --pack` applies it to its own simulation only)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from semsched_proto.base import Envelope, Model

PackPolicy = Literal["lower", "any"]
PackStatus = Literal["optimal", "feasible", "unknown", "invalid"]


class PackRequest(Model):
    """Plan for `pending` pods (pod keys) on the scorer's view of the cluster.

    `placements` overrides where pods run (pod key -> node), for a caller whose placements
    are not bound in the cluster source (a simulation); `allowed_nodes` restricts a pod to
    nodes its own constraints admit (the scorer does not see affinity or taints).
    """

    pending: list[str]
    placements: dict[str, str] = Field(default_factory=dict)
    allowed_nodes: dict[str, list[str]] = Field(default_factory=dict)
    time_limit_s: float = Field(default=1.0, gt=0, le=60)
    max_moves: int | None = Field(default=None, ge=0)
    policy: PackPolicy = "lower"


class PackPlacement(Model):
    pod_key: str
    node: str


class PackMove(Model):
    pod_key: str
    source: str
    target: str


class PackEviction(Model):
    pod_key: str
    node: str


class PackTier(Model):
    """Pods of one priority placed before and after the plan."""

    priority: int
    pods: int
    placed_before: int
    placed_after: int
    status: PackStatus


class PackingRecommended(Envelope):
    """The packer's plan for pods that stayed unplaceable: a recommendation, never applied
    by semsched in a live cluster. `improves`: more pods placed at the highest priority
    where the counts differ; `certified_optimal`: the solver proved no plan places more."""

    pending: list[str]
    placements: list[PackPlacement] = Field(default_factory=list)
    moves: list[PackMove] = Field(default_factory=list)
    evictions: list[PackEviction] = Field(default_factory=list)
    tiers: list[PackTier] = Field(default_factory=list)
    status: PackStatus
    improves: bool = False
    certified_optimal: bool = False
    policy: PackPolicy = "lower"
    solve_ms: float = 0.0
    detail: str = ""
