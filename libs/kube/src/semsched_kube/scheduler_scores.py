"""Score plugins without inter-pod state, vectorised over the feasible nodes.

Each returns kube-scheduler's post-NormalizeScore value (0-100) per feasible node:
- TaintToleration: count of PreferNoSchedule taints not tolerated (tolerations with
  effect "" or PreferNoSchedule); DefaultNormalizeScore reversed: `100 - 100*c/max`, all
  100 when no node has such a taint.
- NodeAffinity: sum of the weights of matching preferred terms; DefaultNormalizeScore:
  `100*s/max`, all 0 when max is 0.
- NodeResourcesFit (LeastAllocated, cpu:1 memory:1): per resource
  `(alloc - req) * 100 / alloc` (0 when req > alloc), integer-averaged over resources the node
  has; `req` = the node's non-zero requests + the pod's (100m CPU / 200MiB per container
  without a request). No NormalizeScore.
- NodeResourcesBalancedAllocation (cpu, memory): `(1 - |f_cpu - f_mem| / 2) * 100` with
  `f = min(1, requested / alloc)` on actual requests; a node with only one of the two scores
  100. Pods requesting neither cpu nor memory get 0 (newer releases skip the plugin for
  best-effort pods; older ones scored them).
- ImageLocality: sum over the pod's images present on the node of
  `size * nodes_with_image / all_nodes`, clamped to [23MB, 1000MB * containers] and scaled
  to 0-100. Without image data (snapshots rarely carry status.images) every node scores 0,
  which is also what the formula gives.
"""

from __future__ import annotations

import numpy as np

from semsched_kube.scheduler_filters import PodContext, untolerated
from semsched_kube.scheduler_nodes import IntArray
from semsched_kube.scheduler_state import Usage

MAX_SCORE = 100
MB = 1024 * 1024
IMAGE_MIN = 23 * MB
IMAGE_MAX_PER_CONTAINER = 1000 * MB


def default_normalize(scores: IntArray, *, reverse: bool) -> IntArray:
    """kube's DefaultNormalizeScore(MaxNodeScore, reverse)."""
    high = int(scores.max()) if len(scores) else 0
    if high == 0:
        return np.full(len(scores), MAX_SCORE if reverse else 0, dtype=np.int64)
    scaled = MAX_SCORE * scores // high
    return (MAX_SCORE - scaled) if reverse else scaled


def taint_score(ctx: PodContext, feasible: IntArray) -> IntArray:
    tolerations = tuple(t for t in ctx.view.tolerations if t.effect in ("", "PreferNoSchedule"))
    counts = [
        sum(
            1
            for taint in sig
            if taint[2] == "PreferNoSchedule" and untolerated((taint,), tolerations, ("PreferNoSchedule",))
        )
        for sig in ctx.nodes.taint_sigs
    ]
    per_node = np.array(counts, dtype=np.int64)[ctx.nodes.taint_sig_of[feasible]]
    return default_normalize(per_node, reverse=True)


def node_affinity_score(ctx: PodContext, feasible: IntArray) -> IntArray:
    raw = np.zeros(len(feasible), dtype=np.int64)
    for weight, term in ctx.view.preferred_terms:
        raw += np.where(ctx.nodes.term_mask(term)[feasible], weight, 0)
    return default_normalize(raw, reverse=False)


def _least_requested(requested: IntArray, capacity: IntArray) -> IntArray:
    safe = np.maximum(capacity, 1)
    return np.where((capacity == 0) | (requested > capacity), 0, (capacity - requested) * MAX_SCORE // safe)


def least_allocated_score(ctx: PodContext, usage: Usage, feasible: IntArray) -> IntArray:
    cpu_cap = ctx.nodes.allocatable("cpu")[feasible]
    mem_cap = ctx.nodes.allocatable("memory")[feasible]
    cpu = _least_requested(usage.nonzero_cpu[feasible] + ctx.view.nonzero_cpu, cpu_cap)
    mem = _least_requested(usage.nonzero_memory[feasible] + ctx.view.nonzero_memory, mem_cap)
    weight_sum = (cpu_cap > 0).astype(np.int64) + (mem_cap > 0)
    return np.where(weight_sum > 0, (cpu + mem) // np.maximum(weight_sum, 1), 0).astype(np.int64)


def balanced_allocation_score(ctx: PodContext, usage: Usage, feasible: IntArray) -> IntArray:
    pod_cpu, pod_mem = ctx.view.requests.get("cpu", 0), ctx.view.requests.get("memory", 0)
    if pod_cpu == 0 and pod_mem == 0:
        return np.zeros(len(feasible), dtype=np.int64)
    cpu_cap = ctx.nodes.allocatable("cpu")[feasible].astype(float)
    mem_cap = ctx.nodes.allocatable("memory")[feasible].astype(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        f_cpu = np.minimum((usage.cpu[feasible] + pod_cpu) / cpu_cap, 1.0)
        f_mem = np.minimum((usage.memory[feasible] + pod_mem) / mem_cap, 1.0)
    std = np.where((cpu_cap > 0) & (mem_cap > 0), np.abs((f_cpu - f_mem) / 2), 0.0)
    return ((1 - std) * MAX_SCORE).astype(np.int64)


def image_locality_score(ctx: PodContext, feasible: IntArray) -> IntArray:
    nodes, images = ctx.nodes, ctx.view.images
    if not nodes.image_nodes or not images:
        return np.zeros(len(feasible), dtype=np.int64)
    wanted = [_normalized_image(i) for i in images]
    sums = np.array(
        [
            sum(
                int(nodes.images[n][img] * (nodes.image_nodes[img] / nodes.size))
                for img in wanted
                if img in nodes.images[n]
            )
            for n in feasible
        ],
        dtype=np.int64,
    )
    high = IMAGE_MAX_PER_CONTAINER * len(images)
    clamped = np.clip(sums, IMAGE_MIN, high)
    return (MAX_SCORE * (clamped - IMAGE_MIN) // (high - IMAGE_MIN)).astype(np.int64)


def _normalized_image(name: str) -> str:
    """`redis` -> `redis:latest`, as the plugin does; a tag or digest is kept."""
    return name if name.rfind(":") > name.rfind("/") else f"{name}:latest"
