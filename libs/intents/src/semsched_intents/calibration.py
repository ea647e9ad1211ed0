"""Confidence calibration: a monotone map from the parser's heuristic score to the share of correct
intents observed at that score.

Fitted with `uv run python -m evals.intents.calibrate` on the tune split (evals/data/hints-extra.jsonl,
evals/data/hints-tune2.jsonl) and on the study sets whose before-study score is recorded (never the
holdout split, the blind set, or a set not scored yet): heuristic scores binned at 0.6 / 0.7 / 0.8 /
0.85 / 0.9, each bin's accuracy smoothed toward 0.90 with 10 pseudo-counts, made monotone by
pool-adjacent-violators. Between knots the map is linear; outside them it is flat. The study sets,
written by other people against other clusters, show how much less a low score is worth on unseen
text than the tune split alone suggested (docs/decisions.md, D27).
"""

from __future__ import annotations

from bisect import bisect_left

# (mean heuristic score of a bin, calibrated accuracy)
_KNOTS: tuple[tuple[float, float], ...] = (
    (0.574, 0.5),
    (0.667, 0.839),
    (0.757, 0.918),
    (0.823, 0.955),
    (0.872, 0.981),
    (0.93, 0.994),
)  # fitted on 18,123 predicted intents (tune split and 72 scored study sets), 17,790 correct
_XS = tuple(x for x, _ in _KNOTS)


def calibrate(score: float) -> float:
    """The calibrated confidence of an intent whose heuristic score is `score`."""
    if score <= _XS[0]:
        return _KNOTS[0][1]
    if score >= _XS[-1]:
        return _KNOTS[-1][1]
    k = bisect_left(_XS, score)
    (x0, y0), (x1, y1) = _KNOTS[k - 1], _KNOTS[k]
    return round(y0 + (y1 - y0) * (score - x0) / (x1 - x0), 3)
