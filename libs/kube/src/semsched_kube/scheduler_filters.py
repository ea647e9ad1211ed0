"""Filter plugins (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts,
NodeResourcesFit), each vectorised over all nodes, and the per-pod mask cache they share.

A plugin returns a `Verdict`: which nodes it rejects and why, with kube-scheduler's reason
strings. The emulator runs plugins in kube-scheduler's order and reports, per node, the
first plugin that rejected it (kube-scheduler stops at the first failing filter).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from semsched_kube.requests import CPU, MEMORY
from semsched_kube.scheduler_nodes import BoolArray, IntArray, NodeTable
from semsched_kube.scheduler_pod import PodView, Toleration
from semsched_kube.scheduler_state import Usage

UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable"
FILTER_EFFECTS = ("NoSchedule", "NoExecute")


@dataclass
class Verdict:
    """Nodes a plugin rejects; `codes[i]` picks node i's reason (None: reasons[0] for all)."""

    failed: BoolArray
    reasons: list[str]
    codes: IntArray | None = None


@dataclass
class PodContext:
    """Masks of one pod computed once and shared by its filters and scores."""

    view: PodView
    nodes: NodeTable
    _affinity: BoolArray | None = field(default=None, repr=False)
    _tolerated: BoolArray | None = field(default=None, repr=False)

    @property
    def affinity_mask(self) -> BoolArray:
        """Nodes matching nodeSelector and required node affinity (NodeAffinity's filter)."""
        if self._affinity is None:
            mask = self.nodes.all_of(self.view.node_selector)
            terms = self.view.required_terms
            if terms is not None:
                any_term = np.zeros(self.nodes.size, dtype=bool)
                for term in terms:
                    any_term |= self.nodes.term_mask(term)
                mask = mask & any_term
            self._affinity = mask
        return self._affinity

    @property
    def tolerated_mask(self) -> BoolArray:
        """Nodes whose NoSchedule/NoExecute taints the pod tolerates all of."""
        if self._tolerated is None:
            ok = np.array(
                [untolerated(sig, self.view.tolerations) is None for sig in self.nodes.taint_sigs], dtype=bool
            )
            self._tolerated = ok[self.nodes.taint_sig_of] if self.nodes.size else np.zeros(0, dtype=bool)
        return self._tolerated


def untolerated(
    sig: tuple[tuple[str, str, str], ...],
    tolerations: tuple[Toleration, ...],
    effects: tuple[str, ...] = FILTER_EFFECTS,
) -> tuple[str, str, str] | None:
    """The first taint of `sig` with one of `effects` that no toleration tolerates."""
    for taint in sig:
        if taint[2] in effects and not any(t.tolerates(*taint) for t in tolerations):
            return taint
    return None


def node_unschedulable(ctx: PodContext) -> Verdict:
    tolerated = any(t.tolerates(UNSCHEDULABLE_TAINT, "", "NoSchedule") for t in ctx.view.tolerations)
    failed = np.zeros(ctx.nodes.size, dtype=bool) if tolerated else ctx.nodes.unschedulable
    return Verdict(failed, ["node(s) were unschedulable"])


def node_name(ctx: PodContext) -> Verdict:
    failed = np.zeros(ctx.nodes.size, dtype=bool)
    if ctx.view.node_name:
        failed = ~failed
        if (i := ctx.nodes.index.get(ctx.view.node_name)) is not None:
            failed[i] = False
    return Verdict(failed, ["node(s) didn't match the requested node name"])


def taint_toleration(ctx: PodContext) -> Verdict:
    reasons = ["node(s) had untolerated taint"]
    sig_codes = []
    for sig in ctx.nodes.taint_sigs:
        taint = untolerated(sig, ctx.view.tolerations)
        if taint is None:
            sig_codes.append(0)
        else:
            sig_codes.append(len(reasons))
            reasons.append(f"node(s) had untolerated taint {{{taint[0]}: {taint[1]}}}")
    codes = np.array(sig_codes, dtype=np.int64)[ctx.nodes.taint_sig_of]
    return Verdict(codes > 0, reasons, codes)


def node_affinity(ctx: PodContext) -> Verdict:
    return Verdict(~ctx.affinity_mask, ["node(s) didn't match Pod's node affinity/selector"])


def node_ports(ctx: PodContext, usage: Usage) -> Verdict:
    failed = np.zeros(ctx.nodes.size, dtype=bool)
    for port in ctx.view.host_ports:
        failed[usage.port_conflicts(port)] = True
    return Verdict(failed, ["node(s) didn't have free ports for the requested pod ports"])


def _resource_order(resource: str) -> tuple[int, str]:
    return ({CPU: 0, MEMORY: 1, "ephemeral-storage": 2}.get(resource, 3), resource)


def node_resources_fit(ctx: PodContext, usage: Usage) -> Verdict:
    """Too many pods, then each requested resource the node lacks room for, as kube reports them."""
    nodes = ctx.nodes
    names = ["Too many pods"]
    bits = np.where(usage.pod_count + 1 > nodes.max_pods, 1, 0).astype(np.int64)
    for resource in sorted(ctx.view.requests, key=_resource_order):
        amount = ctx.view.requests[resource]
        if amount > 0:
            free = nodes.allocatable(resource) - usage.requested_of(resource)
            bits |= np.where(amount > free, 1 << len(names), 0)
            names.append(f"Insufficient {resource}")
    combos, codes = np.unique(bits, return_inverse=True)
    reasons = [", ".join(name for b, name in enumerate(names) if int(combo) >> b & 1) for combo in combos]
    return Verdict(bits > 0, reasons, codes.astype(np.int64))
