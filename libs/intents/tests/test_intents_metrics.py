"""The evaluation's metric definitions (evals/intents/metrics.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import ModuleType

import pytest


def test_keys_compare_lists_as_sets_and_numbers_to_1e6(metrics: ModuleType) -> None:
    judged = metrics.Judged
    assert metrics.intent_key(judged("prefer_zones", {"zones": ["a", "b"]})) == metrics.intent_key(
        judged("prefer_zones", {"zones": ["b", "a"]})
    )
    assert metrics.intent_key(judged("min_free_cpu", {"cores": 4})) == metrics.intent_key(
        judged("min_free_cpu", {"cores": 4.0000001})
    )
    assert metrics.intent_key(judged("min_free_cpu", {"cores": 4})) != metrics.intent_key(
        judged("min_free_cpu", {"cores": 4.01})
    )


def test_subset_strength_and_exact(metrics: ModuleType) -> None:
    j = metrics.Judged
    s = metrics.Scores()
    gold = [j("avoid_spot", {}, "critical"), j("prefer_zones", {"zones": ["a"]}, "weak")]
    assert s.add(gold, [j("avoid_spot", {}, "critical"), j("prefer_zones", {"zones": ["a"]}, "medium")])
    assert not s.add(gold, [j("avoid_spot", {}, "critical")])
    assert s.subset_accuracy == 0.5
    assert s.exact_accuracy == 0.0
    assert s.strength_accuracy == pytest.approx(2 / 3)  # 3 gold intents found, 2 with the right strength


def test_per_class_counts(metrics: ModuleType) -> None:
    j = metrics.Judged
    s = metrics.Scores()
    s.add([j("avoid_spot", {})], [j("prefer_spot", {})])
    s.add([j("avoid_spot", {})], [j("avoid_spot", {})])
    assert (s.per_class["avoid_spot"].tp, s.per_class["avoid_spot"].fn) == (1, 1)
    assert s.per_class["prefer_spot"].precision == 0.0
    assert s.per_class["avoid_spot"].f1 == pytest.approx(2 / 3)


def test_expected_calibration_error(metrics: ModuleType) -> None:
    assert metrics.expected_calibration_error([(1.0, True), (1.0, True)]) == 0.0
    assert metrics.expected_calibration_error([(0.9, False)]) == pytest.approx(0.9)
    assert metrics.expected_calibration_error([(0.25, True), (0.25, False)]) == pytest.approx(0.25)
    assert math.isnan(metrics.expected_calibration_error([]))


def test_percentile_nearest_rank(metrics: ModuleType) -> None:
    values = list(range(1, 101))
    assert metrics.percentile(values, 50) == 50
    assert metrics.percentile(values, 99) == 99
    assert metrics.percentile([3.0], 99) == 3.0


def test_evaluation_context_names_are_unique() -> None:
    """Hints name their context; two contexts of one name would score a set against the wrong one."""
    data = Path(__file__).resolve().parents[3] / "evals" / "data"
    seen: dict[str, Path] = {}
    for path in sorted(data.glob("**/*.json")):
        body = json.loads(path.read_text())
        if not isinstance(body, dict) or "zones" not in body:
            continue
        name = body.get("name") or path.stem
        assert name not in seen, f"context {name!r} in {seen.get(name)} and {path}"
        seen[name] = path
    assert len(seen) >= 3
