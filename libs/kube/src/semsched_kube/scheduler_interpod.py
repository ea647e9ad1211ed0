"""InterPodAffinity: required (anti-)affinity filter and preferred-term score.

Filter, in kube-scheduler's order:
1. the pod's required affinity: every term's topology key must exist on the node, and the
   node's domain must hold an existing pod matching *all* terms; if no such pod exists
   anywhere and the pod matches its own terms, it may go anywhere (first of a group);
2. the pod's required anti-affinity: no pod matching a term in the node's domain;
3. existing pods' required anti-affinity: no existing pod in the node's domain has a term
   matching this pod (symmetry).
A term's namespaces are its `namespaces` list, plus namespaces matched by
`namespaceSelector` on `kubernetes.io/metadata.name`; both absent means the owner's own.

Score: per topology key and value, +weight for each existing pod matching a preferred
affinity term of the pod, -weight for a preferred anti-affinity term, and symmetrically the
existing pods' preferred terms and (with hardPodAffinityWeight=1) required affinity terms
that match this pod. A node scores the sum over its own label values. NormalizeScore:
min-max to 0-100 over the feasible nodes (`int(100 * (s - min) / (max - min))`), all 0
when max == min.
"""

from __future__ import annotations

import numpy as np

from semsched_kube.scheduler_filters import PodContext, Verdict
from semsched_kube.scheduler_nodes import IntArray, NodeTable
from semsched_kube.scheduler_pod_terms import AffinityTerm
from semsched_kube.scheduler_state import ExistingTerms, PodIndex

MAX_SCORE = 100
AFFINITY_REASON = "node(s) didn't match pod affinity rules"
ANTI_AFFINITY_REASON = "node(s) didn't match pod anti-affinity rules"
EXISTING_ANTI_REASON = "node(s) didn't satisfy existing pods anti-affinity rules"


def _domain_totals(nodes: NodeTable, key: str, per_node: np.ndarray) -> np.ndarray:
    """Sum of `per_node` over each value of label `key` (nodes without the key dropped)."""
    col = nodes.column(key)
    return np.bincount(col.codes[col.present], weights=per_node[col.present], minlength=len(col.values))


def _node_domain_value(nodes: NodeTable, key: str, per_domain: np.ndarray) -> np.ndarray:
    """Each node's domain total; 0 for nodes without the key."""
    col = nodes.column(key)
    if not len(col.values):
        return np.zeros(nodes.size)
    return np.where(col.present, per_domain[np.maximum(col.codes, 0)], 0)


def _affinity_failed(ctx: PodContext, pods: PodIndex) -> np.ndarray:
    nodes, terms = ctx.nodes, ctx.view.affinity
    failed = np.zeros(nodes.size, dtype=bool)
    if not terms:
        return failed
    matched = set.intersection(*(pods.matching(t.selector, t.namespaces) for t in terms))
    counts = pods.node_counts(matched).astype(float)
    missing_key = np.zeros(nodes.size, dtype=bool)
    empty_domain = np.zeros(nodes.size, dtype=bool)
    any_pair = False
    for term in terms:
        per_domain = _domain_totals(nodes, term.topology_key, counts)
        any_pair = any_pair or bool(per_domain.sum() > 0)
        missing_key |= ~nodes.column(term.topology_key).present
        empty_domain |= _node_domain_value(nodes, term.topology_key, per_domain) <= 0
    self_match = all(t.matches(ctx.view.namespace, ctx.view.labels) for t in terms)
    if not any_pair and self_match:
        return missing_key
    return missing_key | empty_domain


def _anti_affinity_failed(ctx: PodContext, pods: PodIndex) -> np.ndarray:
    failed = np.zeros(ctx.nodes.size, dtype=bool)
    for term in ctx.view.anti_affinity:
        counts = pods.count(term.selector, term.namespaces).astype(float)
        per_domain = _domain_totals(ctx.nodes, term.topology_key, counts)
        failed |= _node_domain_value(ctx.nodes, term.topology_key, per_domain) > 0
    return failed


def _existing_anti_failed(ctx: PodContext, existing: ExistingTerms) -> np.ndarray:
    failed = np.zeros(ctx.nodes.size, dtype=bool)
    for key, per_value in existing.forbidden_for(ctx.view).items():
        failed |= ctx.nodes.column(key).isin({v for v, n in per_value.items() if n > 0})
    return failed


def interpod_filter(ctx: PodContext, pods: PodIndex, existing: ExistingTerms) -> Verdict:
    affinity = _affinity_failed(ctx, pods)
    anti = _anti_affinity_failed(ctx, pods)
    existing_anti = _existing_anti_failed(ctx, existing)
    codes = np.where(affinity, 0, np.where(anti, 1, 2)).astype(np.int64)
    return Verdict(
        affinity | anti | existing_anti, [AFFINITY_REASON, ANTI_AFFINITY_REASON, EXISTING_ANTI_REASON], codes
    )


def _term_scores(
    ctx: PodContext, pods: PodIndex, terms: tuple[AffinityTerm, ...], sign: int
) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for term in terms:
        counts = pods.count(term.selector, term.namespaces).astype(float)
        per_domain = _domain_totals(ctx.nodes, term.topology_key, counts) * (sign * term.weight)
        out[term.topology_key] = out.get(term.topology_key, 0) + per_domain
    return out


def interpod_score(ctx: PodContext, pods: PodIndex, existing: ExistingTerms, feasible: IntArray) -> IntArray:
    nodes = ctx.nodes
    topology = _term_scores(ctx, pods, ctx.view.preferred_affinity, 1)
    for key, per_domain in _term_scores(ctx, pods, ctx.view.preferred_anti_affinity, -1).items():
        topology[key] = topology.get(key, 0) + per_domain
    for key, per_value in existing.score_for(ctx.view).items():
        col = nodes.column(key)
        extra = np.zeros(len(col.values))
        for value, weight in per_value.items():
            extra[col.lookup[value]] += weight
        topology[key] = topology.get(key, 0) + extra
    raw = np.zeros(nodes.size)
    for key, per_domain in topology.items():
        raw += _node_domain_value(nodes, key, per_domain)
    scores = raw[feasible].astype(np.int64)
    if not len(scores):
        return scores
    low, high = int(scores.min()), int(scores.max())
    if high == low:
        return np.zeros(len(scores), dtype=np.int64)
    return (MAX_SCORE * ((scores - low) / (high - low))).astype(np.int64)
