"""The scores bucket held in memory, and waiting (bounded) for it to catch up."""

from __future__ import annotations

import asyncio

from semsched_proto import PodScores, ScorerStatus, subjects


class ViewStore:
    def __init__(self) -> None:
        self.views: dict[str, PodScores] = {}
        self.status: ScorerStatus | None = None
        self._tick = asyncio.Event()

    def on_change(self, key: str, entry: PodScores | ScorerStatus | None) -> None:
        if key == subjects.STATUS_KEY:
            self.status = entry if isinstance(entry, ScorerStatus) else None
        elif isinstance(entry, PodScores):
            self.views[key] = entry
        else:
            self.views.pop(key, None)
        self._tick.set()
        self._tick = asyncio.Event()

    def basis(self, extender_id: str) -> int:
        return 0 if self.status is None else self.status.basis.get(extender_id, 0)

    async def wait_for_basis(self, extender_id: str, seq: int, deadline: float) -> bool:
        """Wait until the scorer has caught up with this extender's decision `seq`, or the deadline."""
        loop = asyncio.get_running_loop()
        while self.basis(extender_id) < seq:
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            tick = self._tick
            try:
                await asyncio.wait_for(tick.wait(), remaining)
            except TimeoutError:
                return False
        return True
