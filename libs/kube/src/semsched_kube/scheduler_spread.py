"""PodTopologySpread: the DoNotSchedule filter and the ScheduleAnyway score.

Filter (per hard constraint): matching pods (same namespace as the incoming pod) are
counted per topology domain over the nodes that carry every hard constraint's key and pass
the constraint's inclusion policies (nodeAffinityPolicy Honor by default, nodeTaintsPolicy
Ignore by default). A node fails when it lacks the key, or when
`count(domain) + selfMatch - min(count over domains) > maxSkew`; the minimum is 0 while
there are fewer domains than `minDomains`.

Score (soft constraints, or the system defaults for a pod with no constraints): for each
constraint, `cnt * log(size + 2) + (maxSkew - 1)` summed per node and rounded, where `cnt`
is the matching pods on the node (hostname key) or in its domain, and `size` is the number
of domains among the feasible nodes (nodes for hostname). Feasible nodes lacking a key are
ignored (score 0) unless the constraints are the system defaults, which score what a node
has. NormalizeScore: `100 * (max + min - s) / max` over non-ignored nodes, 100 for all
when max is 0: fewer matching pods, higher score.
"""

from __future__ import annotations

import math

import numpy as np

from semsched_kube.scheduler_filters import PodContext, Verdict
from semsched_kube.scheduler_nodes import BoolArray, FloatArray, IntArray, NodeTable
from semsched_kube.scheduler_pod_terms import HOSTNAME, SpreadConstraint
from semsched_kube.scheduler_state import PodIndex
from semsched_kube.selectors import NamespaceFilter

MAX_SCORE = 100
SKEW_REASON = "node(s) didn't match pod topology spread constraints"
MISSING_REASON = "node(s) didn't match pod topology spread constraints (missing required label)"


def _included(ctx: PodContext, c: SpreadConstraint) -> BoolArray:
    mask = np.ones(ctx.nodes.size, dtype=bool)
    if c.honor_node_affinity:
        mask &= ctx.affinity_mask
    if c.honor_taints:
        mask &= ctx.tolerated_mask
    return mask


def _has_keys(nodes: NodeTable, constraints: list[SpreadConstraint]) -> BoolArray:
    mask = np.ones(nodes.size, dtype=bool)
    for c in constraints:
        mask &= nodes.column(c.topology_key).present
    return mask


def _matching_counts(ctx: PodContext, pods: PodIndex, c: SpreadConstraint) -> IntArray:
    return pods.count(c.selector, NamespaceFilter(frozenset({ctx.view.namespace})))


def spread_filter(ctx: PodContext, pods: PodIndex) -> Verdict:
    hard = [c for c in ctx.view.spread if c.hard]
    nodes = ctx.nodes
    skewed = np.zeros(nodes.size, dtype=bool)
    missing = np.zeros(nodes.size, dtype=bool)
    with_keys = _has_keys(nodes, hard)
    for c in hard:
        col = nodes.column(c.topology_key)
        eligible = with_keys & _included(ctx, c)
        counts = _matching_counts(ctx, pods, c)
        per_domain = np.bincount(col.codes[eligible], weights=counts[eligible], minlength=len(col.values))
        domains = np.unique(col.codes[eligible])
        min_match = float(per_domain[domains].min()) if len(domains) else 0.0
        if len(domains) < c.min_domains:
            min_match = 0.0
        self_match = 1 if c.selector.matches(ctx.view.labels) else 0
        if not len(col.values):  # no node has the key: every node fails as missing it
            missing[:] = True
            continue
        node_count = np.where(col.present, per_domain[np.maximum(col.codes, 0)], 0)
        skewed |= col.present & (node_count + self_match - min_match > c.max_skew)
        missing |= ~col.present
    codes = np.where(missing, 1, 0).astype(np.int64)
    return Verdict(missing | skewed, [SKEW_REASON, MISSING_REASON], codes)


def _round_half_up(values: FloatArray) -> IntArray:
    """Go's math.Round for non-negative values (half away from zero)."""
    floor = np.floor(values)
    rounded: IntArray = (floor + (values - floor >= 0.5)).astype(np.int64)
    return rounded


def _constraint_raw(
    ctx: PodContext,
    pods: PodIndex,
    c: SpreadConstraint,
    feasible: IntArray,
    considered: BoolArray,
    counted: BoolArray,
) -> np.ndarray:
    """One constraint's un-normalised contribution for each feasible node."""
    nodes = ctx.nodes
    col = nodes.column(c.topology_key)
    counts = _matching_counts(ctx, pods, c)
    if c.topology_key == HOSTNAME:
        size = int(considered.sum())
        cnt = counts[feasible].astype(float)
    else:
        # A node without the key falls in the "" domain, as kube's map lookup does.
        domain = np.where(col.present, col.codes, len(col.values))
        size = len(np.unique(domain[feasible[considered]]))
        eligible = counted & _included(ctx, c)
        per_domain = np.bincount(domain[eligible], weights=counts[eligible], minlength=len(col.values) + 1)
        cnt = per_domain[domain[feasible]]
    weight = math.log(size + 2)
    return np.where(col.present[feasible], cnt * weight + (c.max_skew - 1), 0.0)


def spread_score(ctx: PodContext, pods: PodIndex, feasible: IntArray) -> IntArray:
    soft = [c for c in ctx.view.spread if not c.hard]
    if not soft or not len(feasible):
        return np.zeros(len(feasible), dtype=np.int64)
    with_keys = _has_keys(ctx.nodes, soft)
    require_all = not ctx.view.system_spread
    considered = with_keys[feasible] if require_all else np.ones(len(feasible), dtype=bool)
    counted = with_keys if require_all else np.ones(ctx.nodes.size, dtype=bool)
    raw = np.zeros(len(feasible))
    for c in soft:
        raw += _constraint_raw(ctx, pods, c, feasible, considered, counted)
    scores = _round_half_up(raw)
    if not considered.any():
        return np.zeros(len(feasible), dtype=np.int64)
    low, high = int(scores[considered].min()), int(scores[considered].max())
    if high == 0:
        return np.where(considered, MAX_SCORE, 0).astype(np.int64)
    return np.where(considered, MAX_SCORE * (high + low - scores) // high, 0).astype(np.int64)
