"""The committed JSON Schema / AsyncAPI documents match the models; the models are strict."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from semsched_proto import INTENT_TYPES, Intent, PodPending, PodState, subjects
from semsched_proto.schemagen import SCHEMA_DIR, rendered


def test_committed_schemas_have_not_drifted() -> None:
    expected = rendered()
    committed = {path.name: path.read_text() for path in SCHEMA_DIR.glob("*.json")}
    assert set(committed) == set(expected), "run `uv run task schemas` and commit proto/schemas"
    drifted = [name for name, text in expected.items() if committed[name] != text]
    assert not drifted, f"drifted from the models: {drifted}; run `uv run task schemas`"


def test_models_are_frozen_and_reject_unknown_fields() -> None:
    with pytest.raises(ValidationError):
        Intent.model_validate({"type": "prefer_zones", "params": {}, "surprise": 1})
    with pytest.raises(ValidationError):
        Intent.model_validate({"type": "teleport"})
    pod = PodState(namespace="ns", name="p")
    with pytest.raises(ValidationError):
        pod.name = "q"  # type: ignore[misc]


def test_events_carry_an_envelope() -> None:
    event = PodPending(pod=PodState(namespace="ns", name="p"), context_hash="c")
    assert event.event_id and event.occurred_at.tzinfo is not None


def test_subjects_follow_the_naming_rule() -> None:
    names = [
        v
        for k, v in vars(subjects).items()
        if k.isupper() and isinstance(v, str) and v.startswith("semsched.")
    ]
    for name in names:
        parts = name.split(".")
        assert parts[1] in {"evt", "cmd", "rpc"} and len(parts) == 4 and name == name.lower(), name


def test_twenty_five_classes() -> None:
    assert len(INTENT_TYPES) == 25 == len(set(INTENT_TYPES))
