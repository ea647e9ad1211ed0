"""Per-class satisfaction in [0, 1] for every node, vectorised (shared/spec/intents.md).

A node lacking the attribute an intent needs scores UNKNOWN (0.5). "Avoid" classes are
the complement of their "prefer" twins, so UNKNOWN stays UNKNOWN.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from semsched_proto import Intent, PodState
from semsched_scorer.domain.table import FloatArray, NodeTable, app_of, request_vector

UNKNOWN = 0.5


@dataclass(frozen=True)
class Wish:
    """The pod and everything its hint asked: some classes read their siblings."""

    pod: PodState
    intents: tuple[Intent, ...] = ()

    @cached_property
    def avoided_zones(self) -> frozenset[str]:
        return frozenset(
            zone
            for intent in self.intents
            if intent.type == "avoid_zones"
            for zone in _as_list(intent.params.get("zones"))
        )


Satisfier = Callable[[NodeTable, Intent, Wish], FloatArray]


def _as_list(value: object) -> list[str]:
    if isinstance(value, list):
        return [str(item) for item in value]
    return [str(value)] if value is not None else []


def _membership(values: list[str | None], wanted: set[str]) -> FloatArray:
    return np.array([UNKNOWN if v is None else float(v in wanted) for v in values], dtype=np.float64)


def _node_label(table: NodeTable, intent: Intent, _: Wish) -> FloatArray:
    key, value = str(intent.params.get("key", "")), str(intent.params.get("value", ""))
    return np.array([float(labels.get(key) == value) for labels in table.labels], dtype=np.float64)


def _nodes(table: NodeTable, intent: Intent, _: Wish) -> FloatArray:
    wanted = set(_as_list(intent.params.get("nodes")))
    return np.array([float(name in wanted) for name in table.names], dtype=np.float64)


def _zones(table: NodeTable, intent: Intent, _: Wish) -> FloatArray:
    return _membership(table.zones, set(_as_list(intent.params.get("zones"))))


def _gpu_models(table: NodeTable, intent: Intent, _: Wish) -> FloatArray:
    return _membership(table.gpu_family, set(_as_list(intent.params.get("models"))))


def _arch(table: NodeTable, intent: Intent, _: Wish) -> FloatArray:
    return _membership(table.arch, {str(intent.params.get("arch", ""))})


def _data_locality(table: NodeTable, intent: Intent, _: Wish) -> FloatArray:
    dataset = str(intent.params.get("dataset", ""))
    return np.array(
        [UNKNOWN if cached is None else float(dataset in cached) for cached in table.datasets],
        dtype=np.float64,
    )


def _colocate_with(table: NodeTable, intent: Intent, wish: Wish) -> FloatArray:
    pod = wish.pod
    running = table.counts_without(table.app_counts, str(intent.params.get("app", "")), pod.key) > 0
    result = running.astype(np.float64)
    zones, zone_of = table.zone_index()
    if zones:
        app_zones = np.zeros(len(zones) + 1, dtype=bool)
        app_zones[zone_of[running]] = True
        app_zones[-1] = False  # index -1: nodes without a zone share no zone with anyone
        result = np.where(~running & app_zones[zone_of], 0.5, result)
    return result


def _same_zone_as(table: NodeTable, intent: Intent, wish: Wish) -> FloatArray:
    pod = wish.pod
    running = table.counts_without(table.app_counts, str(intent.params.get("app", "")), pod.key) > 0
    zones, zone_of = table.zone_index()
    app_zones = np.zeros(len(zones) + 1, dtype=bool)
    app_zones[zone_of[running]] = True
    app_zones[-1] = False
    result = app_zones[zone_of].astype(np.float64)
    return np.where(zone_of < 0, UNKNOWN, result)


def _replica_counts(table: NodeTable, pod: PodState) -> FloatArray:
    workload = pod.workload or app_of(pod)
    return table.counts_without(table.workload_counts, workload, pod.key)


def _colocate_replicas(table: NodeTable, _: Intent, wish: Wish) -> FloatArray:
    """Where replicas run: the most-populated node wins. Before any replica is placed, the
    nodes with the most room left (after this pod) are where the group can stay together."""
    pod = wish.pod
    counts = _replica_counts(table, pod)
    top = counts.max(initial=0.0)
    if top > 0:
        return np.asarray(counts / top, dtype=np.float64)
    after = table.requested_without(pod.key) + request_vector(pod)
    fits = np.all(after <= table.allocatable + 1e-9, axis=1)
    room = 1.0 - np.nanmean(_shares(table, after)[:, :2], axis=1)
    return np.where(fits & ~np.isnan(room), np.clip(room, 0.0, 1.0), 0.0)


def _spread_nodes(table: NodeTable, _: Intent, wish: Wish) -> FloatArray:
    pod = wish.pod
    counts = _replica_counts(table, pod)
    top = counts.max(initial=0.0)
    return 1.0 - counts / top if top > 0 else np.ones_like(counts)


def _spread_zones(table: NodeTable, _: Intent, wish: Wish) -> FloatArray:
    """Zones holding fewer replicas score higher. Zones the same hint avoids take no part:
    "never zone c, spread across zones" means spread over the others, not towards c."""
    counts = _replica_counts(table, wish.pod)
    zones, zone_of = table.zone_index()
    if not zones:
        return np.full(len(table.names), UNKNOWN)
    per_zone = np.bincount(zone_of[zone_of >= 0], weights=counts[zone_of >= 0], minlength=len(zones))
    excluded = np.array([zone in wish.avoided_zones for zone in zones], dtype=bool)
    top = per_zone[~excluded].max(initial=0.0)
    zone_score = 1.0 - per_zone / top if top > 0 else np.ones(len(zones))
    zone_score = np.where(excluded, 0.0, np.clip(zone_score, 0.0, 1.0))
    return np.where(zone_of < 0, UNKNOWN, zone_score[np.maximum(zone_of, 0)])


def _min_free(column: int, param: str) -> Satisfier:
    def satisfy(table: NodeTable, intent: Intent, wish: Wish) -> FloatArray:
        pod = wish.pod
        threshold = float(intent.params.get(param, 0) or 0)  # type: ignore[arg-type]
        free = table.allocatable[:, column] - table.requested_without(pod.key)[:, column]
        if threshold <= 0:
            return np.ones(len(table.names))
        return np.clip(free / threshold, 0.0, 1.0)

    return satisfy


def _shares(table: NodeTable, requested: FloatArray) -> FloatArray:
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(table.allocatable > 0, requested / table.allocatable, np.nan)
    return np.asarray(share, dtype=np.float64)


def _least_loaded(table: NodeTable, intent: Intent, wish: Wish) -> FloatArray:
    pod = wish.pod
    share = _shares(table, table.requested_without(pod.key))
    resource = str(intent.params.get("resource", "any"))
    if resource == "any":
        # the resources the pod uses: a pod without GPUs is not disturbed by busy GPUs, and seeking
        # nodes with idle GPUs would strand them (its CPU and memory taken from GPU pods to come)
        columns = [0, 1, 2] if pod.requests.gpu > 0 else [0, 1]
        load = np.nanmean(share[:, columns], axis=1)  # GPU column is NaN (ignored) without GPUs
    else:
        load = share[:, {"cpu": 0, "memory": 1, "gpu": 2}.get(resource, 0)]
    return np.where(np.isnan(load), UNKNOWN, np.clip(1.0 - load, 0.0, 1.0))


def _bin_packing(table: NodeTable, _: Intent, wish: Wish) -> FloatArray:
    pod = wish.pod
    after = table.requested_without(pod.key) + request_vector(pod)
    fits = np.all(after <= table.allocatable + 1e-9, axis=1)
    share = _shares(table, after)
    columns = [0, 1, 2] if pod.requests.gpu > 0 else [0, 1]
    load = np.nanmean(share[:, columns], axis=1)
    return np.where(fits & ~np.isnan(load), np.clip(load, 0.0, 1.0), 0.0)


def _spot(table: NodeTable, _: Intent, __: Wish) -> FloatArray:
    return table.spot.astype(np.float64)


def _low_cost(table: NodeTable, _: Intent, __: Wish) -> FloatArray:
    known = ~np.isnan(table.cost)
    if not known.any():
        return np.full(len(table.names), UNKNOWN)
    low, high = np.nanmin(table.cost), np.nanmax(table.cost)
    scaled = np.ones_like(table.cost) if high == low else (high - table.cost) / (high - low)
    return np.where(known, scaled, UNKNOWN)


def _reliable(table: NodeTable, _: Intent, __: Wish) -> FloatArray:
    return np.where(np.isnan(table.failures), UNKNOWN, 1.0 / (1.0 + np.nan_to_num(table.failures)))


def _complement(satisfy: Satisfier) -> Satisfier:
    def avoid(table: NodeTable, intent: Intent, wish: Wish) -> FloatArray:
        return 1.0 - satisfy(table, intent, wish)

    return avoid


SATISFIERS: dict[str, Satisfier] = {
    "prefer_node_label": _node_label,
    "avoid_node_label": _complement(_node_label),
    "prefer_nodes": _nodes,
    "avoid_nodes": _complement(_nodes),
    "prefer_zones": _zones,
    "avoid_zones": _complement(_zones),
    "prefer_gpu_models": _gpu_models,
    "avoid_gpu_models": _complement(_gpu_models),
    "prefer_arch": _arch,
    "prefer_data_locality": _data_locality,
    "colocate_with": _colocate_with,
    "avoid_colocation_with": _complement(_colocate_with),
    "same_zone_as": _same_zone_as,
    "colocate_replicas": _colocate_replicas,
    "spread_replicas_nodes": _spread_nodes,
    "spread_replicas_zones": _spread_zones,
    "min_free_cpu": _min_free(0, "cores"),
    "min_free_memory": _min_free(1, "gib"),
    "min_free_gpus": _min_free(2, "count"),
    "prefer_least_loaded": _least_loaded,
    "prefer_bin_packing": _bin_packing,
    "avoid_spot": _complement(_spot),
    "prefer_spot": _spot,
    "prefer_low_cost": _low_cost,
    "prefer_reliable_nodes": _reliable,
}

# Classes whose satisfaction changes when pods are placed, by what they read; the rest read
# node attributes only. The engine recomputes a view when what it reads changes.
RESOURCE_CLASSES = frozenset(
    {"min_free_cpu", "min_free_memory", "min_free_gpus", "prefer_least_loaded", "prefer_bin_packing"}
)
APP_CLASSES = frozenset({"colocate_with", "avoid_colocation_with", "same_zone_as"})
REPLICA_CLASSES = frozenset({"colocate_replicas", "spread_replicas_nodes", "spread_replicas_zones"})
POD_DEPENDENT = RESOURCE_CLASSES | APP_CLASSES | REPLICA_CLASSES
