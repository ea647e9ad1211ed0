"""Subject, stream and bucket names: the only place they are spelled.

Subjects follow `semsched.<evt|cmd|rpc>.<owner-slug>.<name>`.
"""

from __future__ import annotations

from typing import Final

PREFIX: Final = "semsched"

# events
POD_PENDING: Final = "semsched.evt.state-cache.pod-pending"
INTENTS_PARSED: Final = "semsched.evt.intent-parser.intents-parsed"
PLACEMENT_DECIDED: Final = "semsched.evt.extender.placement-decided"
PACKING_RECOMMENDED: Final = "semsched.evt.scorer.packing-recommended"

# commands
SUBMIT_PODS: Final = "semsched.cmd.state-cache.submit-pods"
BIND_PODS: Final = "semsched.cmd.state-cache.bind-pods"

# request/reply
RPC_PARSE: Final = "semsched.rpc.intent-parser.parse"
RPC_SCORE: Final = "semsched.rpc.scorer.score"
RPC_REFRESH: Final = "semsched.rpc.scorer.refresh"
RPC_PACK: Final = "semsched.rpc.scorer.pack"

# JetStream
EVENTS_STREAM: Final = "SEMSCHED_EVENTS"
EVENTS_SUBJECTS: Final = ("semsched.evt.>", "semsched.cmd.>")

# key-value buckets
KV_NODES: Final = "cluster-nodes"
KV_PODS: Final = "cluster-pods"
KV_CONTEXT: Final = "cluster-context"
KV_INTENT_CACHE: Final = "intent-cache"
KV_POD_INTENTS: Final = "pod-intents"
KV_SCORES: Final = "scores"
KV_SCORES_REFRESHED: Final = "scores-refreshed"  # views rescored on demand, kept for `explain` only
KV_SOURCE_STATUS: Final = "cluster-source"

CONTEXT_KEY: Final = "current"
STATUS_KEY: Final = "_status"
SOURCE_STATUS_KEY: Final = "current"
