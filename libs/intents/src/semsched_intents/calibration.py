"""Confidence calibration: a monotone map from the parser's heuristic score to the share of correct
intents observed at that score.

Fitted with `uv run python -m evals.intents.calibrate` on the TUNE data only (split "tune" of
evals/data/hints-extra.jsonl and evals/data/hints-tune2.jsonl; never the holdout split or the blind
set): heuristic scores binned at 0.6 / 0.7 / 0.8 / 0.85 / 0.9, each bin's accuracy smoothed toward
0.90 with 10 pseudo-counts (the rules were written while reading the tune hints, so their raw
accuracy overstates unseen hints), made monotone by pool-adjacent-violators. Between knots the map
is linear; outside them it is flat.
"""

from __future__ import annotations

from bisect import bisect_left

# (mean heuristic score of a bin, calibrated accuracy)
_KNOTS: tuple[tuple[float, float], ...] = (
    (0.549, 0.923),
    (0.662, 0.963),
    (0.745, 0.976),
    (0.825, 0.976),
    (0.872, 0.994),
    (0.93, 0.998),
)  # fitted on 965 predicted intents of the tune split, 963 correct
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
