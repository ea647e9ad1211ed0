"""The scorer's materialised view of one pod, with its per-intent explanation."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from semsched_proto.base import Model
from semsched_proto.intents import Intent


class IntentExplanation(Model):
    """One intent's satisfaction per node (aligned with `PodScores.nodes`) and its weight."""

    intent: Intent
    weight: float
    satisfaction: list[float]


class PodScores(Model):
    """Scores 0-100 per node for one pod.

    `basis` maps extender id -> the highest placement seq the scorer had seen when it
    computed this view; `dynamic` says whether the view depends on placements at all.
    The extender re-validates a dynamic view whose basis is older than its own decisions.
    """

    kind: Literal["pod-scores"] = "pod-scores"
    pod_key: str
    pod_uid: str = ""
    hint_hash: str = ""
    nodes: list[str]
    scores: list[float]
    intents: list[IntentExplanation] = Field(default_factory=list)
    dynamic: bool = False
    basis: dict[str, int] = Field(default_factory=dict)
    computed_at: datetime
    warnings: list[str] = Field(default_factory=list)


class ScorerStatus(Model):
    """The scorer's progress, kept under `STATUS_KEY` in the scores bucket.

    It is written after the views it covers, in the same bucket (one stream, so a watcher
    sees the views first): once `basis[e] >= s`, every view affected by extender `e`'s
    placements up to seq `s` is current. `pending_without_view` counts pending hinted
    pods that have no view yet; 0 means the materialised view is warm.
    """

    kind: Literal["scorer-status"] = "scorer-status"
    basis: dict[str, int] = Field(default_factory=dict)
    synced: bool = False
    pending_without_view: int = 0
    views: int = 0
    nodes: int = 0
    pods: int = 0
    updated_at: datetime


ScoresEntry = Annotated[PodScores | ScorerStatus, Field(discriminator="kind")]
SCORES_ENTRY: TypeAdapter[PodScores | ScorerStatus] = TypeAdapter(ScoresEntry)
