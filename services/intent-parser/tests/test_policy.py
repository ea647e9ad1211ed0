"""Per-namespace policy: strength caps and class restrictions, from settings to replies."""

from __future__ import annotations

import pytest

from semsched_intent_parser.domain.policy import NamespacePolicy, apply_policy
from semsched_intent_parser.settings import IntentParserSettings
from semsched_proto import Intent, ParseResult

PARSED = ParseResult(
    intents=[
        Intent(type="prefer_nodes", params={"nodes": ["n1"]}, strength="critical"),
        Intent(type="avoid_spot", strength="strong"),
        Intent(type="prefer_low_cost", strength="weak"),
    ]
)
POLICIES = {
    "team-a": NamespacePolicy(max_strength="medium"),
    "sandbox": NamespacePolicy(
        allowed_classes=frozenset({"prefer_low_cost", "avoid_spot"}), max_strength="weak"
    ),
    "*": NamespacePolicy(denied_classes=frozenset({"prefer_nodes"})),
}


@pytest.mark.parametrize(
    ("namespace", "expected", "refused"),
    [
        ("team-a", [("prefer_nodes", "medium"), ("avoid_spot", "medium"), ("prefer_low_cost", "weak")], 0),
        ("sandbox", [("avoid_spot", "weak"), ("prefer_low_cost", "weak")], 1),
        ("anyone-else", [("avoid_spot", "strong"), ("prefer_low_cost", "weak")], 1),
    ],
)
def test_policies_cap_and_restrict(namespace: str, expected: list[tuple[str, str]], refused: int) -> None:
    result = apply_policy(PARSED, namespace, POLICIES)
    assert [(i.type, i.strength) for i in result.intents] == expected
    assert sum(1 for line in result.unparsed if line.startswith("policy:")) == refused


def test_no_policy_changes_nothing() -> None:
    assert apply_policy(PARSED, "team-a", {}) is PARSED


def test_policies_come_from_json_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(
        "INTENT_PARSER_NAMESPACE_POLICIES",
        '{"team-a": {"max_strength": "medium"}, "*": {"denied_classes": ["prefer_nodes"]}}',
    )
    settings = IntentParserSettings()
    assert settings.namespace_policies["team-a"].max_strength == "medium"
    assert not settings.namespace_policies["*"].permits("prefer_nodes")


def test_a_policy_naming_an_unknown_class_is_refused_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INTENT_PARSER_NAMESPACE_POLICIES", '{"x": {"denied_classes": ["teleport"]}}')
    with pytest.raises(ValueError, match="teleport"):
        IntentParserSettings()
