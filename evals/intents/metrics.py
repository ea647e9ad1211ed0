"""Scoring of intent parses, as defined in shared/spec/intents.md ("How a parse is judged").

- subset accuracy: predicted set of (type, params) == gold set (lists as sets, numbers to 1e-6);
- strength accuracy: among gold intents predicted with the right type+params, share with the
  right strength;
- exact accuracy: subset match and every strength right;
- per-class precision / recall / F1 over (type, params) keys;
- expected calibration error of `confidence` over predicted intents (correct = key in gold).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

ParamValue = str | int | float | list[str]
IntentKey = tuple[str, tuple[tuple[str, object], ...]]


@dataclass(frozen=True, slots=True)
class Judged:
    """One intent as judged: its type, params, strength and (for predictions) confidence."""

    type: str
    params: Mapping[str, ParamValue]
    strength: str = "medium"
    confidence: float = 1.0


def _norm(value: ParamValue) -> object:
    if isinstance(value, list):
        return frozenset(value)
    if isinstance(value, bool | str):
        return value
    return round(float(value) * 1e6)  # numbers equal to 1e-6


def intent_key(intent: Judged) -> IntentKey:
    """The identity of an intent for scoring: type and params, strength ignored."""
    return intent.type, tuple(sorted((k, _norm(v)) for k, v in intent.params.items()))


@dataclass(slots=True)
class ClassCounts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else math.nan

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else math.nan

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        if math.isnan(p) or math.isnan(r) or p + r == 0:
            return 0.0 if self.tp + self.fp + self.fn else math.nan
        return 2 * p * r / (p + r)


@dataclass(slots=True)
class Scores:
    """Accumulates judgements hint by hint; read the figures from the properties."""

    hints: int = 0
    subset_hits: int = 0
    exact_hits: int = 0
    strength_total: int = 0
    strength_hits: int = 0
    per_class: dict[str, ClassCounts] = field(default_factory=dict)
    confidences: list[tuple[float, bool]] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)

    def add(self, gold: Sequence[Judged], predicted: Sequence[Judged], latency_ms: float = 0.0) -> bool:
        """Judge one hint; returns whether its subset match held."""
        gold_by = {intent_key(g): g for g in gold}
        pred_by = {intent_key(p): p for p in predicted}
        self.hints += 1
        self.latencies_ms.append(latency_ms)
        subset = set(gold_by) == set(pred_by)
        strengths_ok = True
        for key, g in gold_by.items():
            counts = self.per_class.setdefault(g.type, ClassCounts())
            if key in pred_by:
                counts.tp += 1
                self.strength_total += 1
                ok = pred_by[key].strength == g.strength
                self.strength_hits += ok
                strengths_ok &= ok
            else:
                counts.fn += 1
        for key, p in pred_by.items():
            if key not in gold_by:
                self.per_class.setdefault(p.type, ClassCounts()).fp += 1
            self.confidences.append((p.confidence, key in gold_by))
        self.subset_hits += subset
        self.exact_hits += subset and strengths_ok
        return subset

    @property
    def subset_accuracy(self) -> float:
        return self.subset_hits / self.hints if self.hints else math.nan

    @property
    def exact_accuracy(self) -> float:
        return self.exact_hits / self.hints if self.hints else math.nan

    @property
    def strength_accuracy(self) -> float:
        return self.strength_hits / self.strength_total if self.strength_total else math.nan

    @property
    def ece(self) -> float:
        return expected_calibration_error(self.confidences)

    def latency(self, q: float) -> float:
        return percentile(self.latencies_ms, q)


def expected_calibration_error(pairs: Iterable[tuple[float, bool]], bins: int = 10) -> float:
    """Weighted mean |accuracy - mean confidence| over equal-width confidence bins."""
    buckets: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    total = 0
    for conf, correct in pairs:
        buckets[min(bins - 1, max(0, int(conf * bins)))].append((conf, correct))
        total += 1
    if not total:
        return math.nan
    err = 0.0
    for bucket in buckets:
        if bucket:
            acc = sum(c for _, c in bucket) / len(bucket)
            mean_conf = sum(p for p, _ in bucket) / len(bucket)
            err += len(bucket) / total * abs(acc - mean_conf)
    return err


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile, q in [0, 100]."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]
