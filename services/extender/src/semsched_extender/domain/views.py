"""The scores bucket held in memory, and waiting (bounded) for it to catch up.

Each view is turned once, when it arrives, into what /prioritize needs: the nodes ranked
best-first and the non-zero 0-10 scores. A request then costs a lookup per candidate node,
not a conversion.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass

from semsched_extender.domain.wire import to_wire
from semsched_proto import PodScores, ScorerStatus, subjects

_LOWEST_NONZERO = 5.0  # the lowest 0-100 score that to_wire does not round to 0


@dataclass(frozen=True, slots=True)
class WireView:
    """What /prioritize needs of a view, and nothing more.

    Node names are interned and the containers hold only strings and small ints, which
    CPython's garbage collector does not track: thousands of views over thousands of
    nodes add nothing to a collection pass (per-node float lists and explanations did,
    and showed up as 30-50 ms pauses in the p99).
    """

    pod_uid: str
    dynamic: bool
    has_intents: bool
    ranked: tuple[str, ...]  # best first; ties keep the view's node order
    wire: dict[str, int]  # non-zero 0-10 scores only: kube-scheduler adds nothing for a missing host
    basis: dict[str, int]  # the placement decisions the scorer had applied when it computed the view

    @classmethod
    def of(cls, view: PodScores) -> WireView:
        names = [sys.intern(node) for node in view.nodes]
        scores = view.scores
        order = sorted(range(len(names)), key=scores.__getitem__, reverse=True)  # stable: ties keep order
        # once per node of every view that arrives: scores that round to 0 are skipped unconverted
        pairs = zip(names, scores, strict=True)
        wire = {node: to_wire(score) for node, score in pairs if score >= _LOWEST_NONZERO}
        return cls(
            pod_uid=view.pod_uid,
            dynamic=view.dynamic,
            has_intents=bool(view.intents),
            ranked=tuple(names[i] for i in order),
            wire=wire,
            basis=dict(view.basis),
        )


class ViewStore:
    """Views by pod, the scorer's status, and the placement decisions known to this process.

    Decisions come from this extender and from its peers (other workers or replicas, via
    `placement-decided`). A view that depends on placements is current when its own basis
    (what the scorer had applied when computing it) covers every known decision; otherwise
    the extender has that one view refreshed.
    A decision the scorer never reflects (its pod was bound meanwhile, its event lost) is
    waived after one refresh fails, so it costs one deadline at most.
    """

    def __init__(self) -> None:
        self.views: dict[str, WireView] = {}
        self.status: ScorerStatus | None = None
        self.decisions: dict[str, int] = {}
        self._waived: dict[str, int] = {}
        self._tick = asyncio.Event()

    def on_change(self, key: str, entry: PodScores | ScorerStatus | None) -> None:
        if key == subjects.STATUS_KEY:
            self.status = entry if isinstance(entry, ScorerStatus) else None
        elif isinstance(entry, PodScores):
            self.views[key] = WireView.of(entry)
        else:
            self.views.pop(key, None)
        self._tick.set()
        self._tick = asyncio.Event()

    def note_decision(self, extender_id: str, seq: int) -> None:
        if seq > self.decisions.get(extender_id, 0):
            self.decisions[extender_id] = seq

    def basis(self, extender_id: str) -> int:
        return 0 if self.status is None else self.status.basis.get(extender_id, 0)

    def stale(self, view: WireView) -> bool:
        """Whether a view predates a placement decision it should include (its own basis)."""
        return any(view.basis.get(ext, 0) < seq for ext, seq in self.required().items())

    def required(self) -> dict[str, int]:
        """The decisions a fresh view must include: every known one not yet waived."""
        return {ext: seq for ext, seq in self.decisions.items() if self._waived.get(ext, 0) < seq}

    def waive(self, decisions: dict[str, int]) -> None:
        self._waived.update(decisions)
