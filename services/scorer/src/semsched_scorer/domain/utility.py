"""The weighted additive utility: one pod's 0-100 score on every node, with its explanation.

score(node) = 100 * sum_i(w_i * s_i(node)) / max(sum_i w_i, 1), w_i = strength weight x confidence.

Dividing by at least 1 (not by the sum of weights alone) keeps strength meaningful in
absolute terms: a lone weak wish moves a node by at most 25 points, a critical one by 100,
and several wishes together are rescaled into 0-100.
"""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from semsched_proto import STRENGTH_WEIGHT, Intent, IntentExplanation, PodScores, PodState
from semsched_scorer.domain.satisfaction import POD_DEPENDENT, SATISFIERS, Wish
from semsched_scorer.domain.table import NodeTable


def intent_weight(intent: Intent) -> float:
    return STRENGTH_WEIGHT[intent.strength] * intent.confidence


def score_pod(
    table: NodeTable,
    pod: PodState,
    intents: list[Intent],
    basis: dict[str, int] | None = None,
    hint_hash: str = "",
) -> PodScores:
    total = np.zeros(len(table.names), dtype=np.float64)
    explained: list[IntentExplanation] = []
    warnings: list[str] = []
    weight_sum = 0.0
    wish = Wish(pod, tuple(intents))
    for intent in intents:
        try:
            satisfaction = np.clip(SATISFIERS[intent.type](table, intent, wish), 0.0, 1.0)
        except (TypeError, ValueError) as exc:
            warnings.append(f"{intent.type}: ignored, bad params {intent.params!r}: {exc}")
            continue
        weight = intent_weight(intent)
        weight_sum += weight
        total += weight * satisfaction
        explained.append(
            IntentExplanation(intent=intent, weight=round(weight, 6), satisfaction=_rounded(satisfaction))
        )
    scores = 100.0 * total / max(weight_sum, 1.0)
    return PodScores(
        pod_key=pod.key,
        pod_uid=pod.uid,
        hint_hash=hint_hash,
        nodes=list(table.names),
        scores=_rounded(scores),
        intents=explained,
        dynamic=any(intent.type in POD_DEPENDENT for intent in intents),
        basis=dict(basis or {}),
        computed_at=datetime.now(UTC),
        warnings=warnings,
    )


def _rounded(values: np.ndarray) -> list[float]:
    rounded: list[float] = np.round(values, 4).tolist()  # in C: this runs once per node per view
    return rounded
