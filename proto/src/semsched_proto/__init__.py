"""semsched contracts: every message, subject and bucket name (semsched.v1)."""

from semsched_proto.base import Envelope, Model
from semsched_proto.cluster import NodeState, PlacementRef, PodState, Resources, SourceStatus, Taint, pod_key
from semsched_proto.intents import (
    INTENT_TYPES,
    STRENGTH_WEIGHT,
    STRENGTHS,
    ClusterContext,
    Intent,
    IntentType,
    ParamValue,
    ParseResult,
    Strength,
)
from semsched_proto.messages import (
    Ack,
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
from semsched_proto.scores import SCORES_ENTRY, IntentExplanation, PodScores, ScorerStatus

VERSION = "semsched.v1"

__all__ = [
    "INTENT_TYPES",
    "SCORES_ENTRY",
    "STRENGTHS",
    "STRENGTH_WEIGHT",
    "VERSION",
    "Ack",
    "BindPods",
    "ClusterContext",
    "Envelope",
    "Intent",
    "IntentExplanation",
    "IntentType",
    "IntentsParsed",
    "Model",
    "NodeState",
    "ParamValue",
    "ParseReply",
    "ParseRequest",
    "ParseResult",
    "PlacementDecided",
    "PlacementRef",
    "PodPending",
    "PodScores",
    "PodState",
    "RefreshRequest",
    "Resources",
    "ScoreReply",
    "ScoreRequest",
    "ScorerStatus",
    "SourceStatus",
    "Strength",
    "SubmitPods",
    "Taint",
    "pod_key",
]
