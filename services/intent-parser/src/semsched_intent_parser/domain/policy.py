"""Per-namespace limits on what a hint may ask, so one team cannot buy `critical` everywhere.

A policy caps strength and restricts classes. It is applied after parsing (and after the
cache, which is shared across namespaces): intents above the cap are lowered to it, and
intents of a class the namespace may not use are dropped and reported in `unparsed`.
The policy for a namespace is its own entry, else the `*` entry, else no limit.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from semsched_proto import STRENGTHS, IntentType, ParseResult, Strength

DEFAULT_KEY = "*"


class NamespacePolicy(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    max_strength: Strength = "critical"
    allowed_classes: frozenset[IntentType] | None = None  # None: every class
    denied_classes: frozenset[IntentType] = frozenset()

    def permits(self, intent_type: str) -> bool:
        if intent_type in self.denied_classes:
            return False
        return self.allowed_classes is None or intent_type in self.allowed_classes


def policy_for(policies: dict[str, NamespacePolicy], namespace: str) -> NamespacePolicy | None:
    return policies.get(namespace) or policies.get(DEFAULT_KEY)


def apply_policy(result: ParseResult, namespace: str, policies: dict[str, NamespacePolicy]) -> ParseResult:
    policy = policy_for(policies, namespace)
    if policy is None or not result.intents:
        return result
    cap = STRENGTHS.index(policy.max_strength)
    kept = []
    refused = []
    for intent in result.intents:
        if not policy.permits(intent.type):
            refused.append(f"policy: {intent.type} is not allowed in namespace {namespace}")
            continue
        if STRENGTHS.index(intent.strength) > cap:
            intent = intent.model_copy(update={"strength": policy.max_strength})
        kept.append(intent)
    if kept == result.intents:
        return result
    return result.model_copy(update={"intents": kept, "unparsed": [*result.unparsed, *refused]})
