"""Events (past tense), commands (imperative) and request/reply pairs."""

from __future__ import annotations

from pydantic import Field, JsonValue

from semsched_proto.base import Envelope, Model
from semsched_proto.cluster import PodState
from semsched_proto.intents import ClusterContext, Intent, ParseResult
from semsched_proto.scores import PodScores


class PodPending(Envelope):
    """A pending pod with a hint appeared (or its hint changed)."""

    pod: PodState
    context_hash: str


class IntentsParsed(Envelope):
    """The parser's result for one pod's hint."""

    pod_key: str
    pod_uid: str = ""
    hint_hash: str
    result: ParseResult


class PlacementDecided(Envelope):
    """The extender's best node for a pod: a tentative placement for the hybrid view."""

    pod: PodState
    node: str
    extender_id: str
    seq: int


class SubmitPods(Envelope):
    """Create objects (Pods, and the ReplicaSets/Deployments that own them) in a snapshot
    cluster source, as the API server would on create (simulation only)."""

    objects: list[dict[str, JsonValue]]


class BindPods(Envelope):
    """Bind pods to nodes in a snapshot cluster source, as the API server would on /binding."""

    bindings: dict[str, str] = Field(description="pod key -> node name")


class ParseRequest(Model):
    hint: str
    namespace: str = "default"
    context: ClusterContext | None = Field(
        default=None, description="the cluster context; the parser's current one when omitted"
    )


class ParseReply(Model):
    result: ParseResult
    hint_hash: str
    cached: bool = False


class ScoreRequest(Model):
    pod: PodState
    intents: list[Intent]
    hint_hash: str = ""
    min_basis: dict[str, int] = Field(
        default_factory=dict, description="score only once these placement decisions are applied"
    )
    wait_ms: float = Field(default=100.0, ge=0, description="how long the scorer may wait for min_basis")


class RefreshRequest(Model):
    """Score a known pod now, with its stored intents, once the scorer has applied `min_basis`."""

    pod_key: str
    pod_uid: str = ""
    min_basis: dict[str, int] = Field(default_factory=dict)
    wait_ms: float = Field(default=100.0, ge=0)


class ScoreReply(Model):
    view: PodScores | None = None
    error: str | None = None


class Ack(Model):
    ok: bool = True
    error: str | None = None
