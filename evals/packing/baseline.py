"""The default scheduler for a scenario: kube-scheduler's emulation (`SchedulerEmulator`) plus a
resource-only emulation of its DefaultPreemption PostFilter (the emulator has none).

Pods arrive in the scenario's order; each is filtered, scored and bound as kube-scheduler
would. A pod that fits nowhere may preempt: on every node it may use, all pods of lower
priority are removed; if it then fits, they are reprieved one by one, most important first
(priority, then arrival), while it still fits; the rest are the node's victims. The node
chosen has the lowest highest-victim priority, then the lowest sum of victim priorities, then
the fewest victims, then comes first (kube's pickOneNodeForPreemption without PDBs and start
times). Victims are evicted and queued again (a controller recreates them). After the arrivals,
the queue is retried highest priority first, as kube's PrioritySort queue does, until a round
changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from evals.packing.scenarios import Scenario, priority_of, with_spec
from semsched_kube.scheduler import SchedulerEmulator

MAX_ROUNDS = 5


@dataclass
class BaselineResult:
    placement: dict[str, str | None]
    preemptions: int = 0
    evictions: int = 0

    @property
    def pending(self) -> list[str]:
        return [name for name, node in self.placement.items() if node is None]


class Greedy:
    def __init__(self, scenario: Scenario, seed: int, preemption: bool) -> None:
        self.scenario = scenario
        self.seed = seed
        self.preemption = preemption
        self.nodes = scenario.node_objects()
        self.objects = {p.name: obj for p, obj in zip(scenario.pods, scenario.pod_objects(), strict=True)}
        self.trace = {p.name: p for p in scenario.pods}
        self.order = {p.name: i for i, p in enumerate(scenario.pods)}
        self.result = BaselineResult({p.name: None for p in scenario.pods})
        self.rebuilds = 0
        self.emulator = SchedulerEmulator(self.nodes, seed=seed)

    def _rebuild(self) -> None:
        self.rebuilds += 1
        placed = [
            with_spec(self.objects[n], "nodeName", node)
            for n, node in self.result.placement.items()
            if node is not None
        ]
        self.emulator = SchedulerEmulator(self.nodes, placed, seed=self.seed + self.rebuilds)

    def _free(self) -> dict[str, dict[str, int]]:
        free = {n.name: self.scenario.capacity(n) for n in self.scenario.nodes}
        for name, node in self.result.placement.items():
            if node is not None:
                for resource, amount in Scenario.requests(self.trace[name]).items():
                    free[node][resource] -= amount
        return free

    def victims(self, name: str) -> tuple[str, list[str]] | None:
        """The node and victims DefaultPreemption would pick for `name`, or None."""
        pod = self.trace[name]
        want, prio, allowed = Scenario.requests(pod), priority_of(pod), self.scenario.allowed(pod)
        free = self._free()
        best: tuple[tuple[int, int, int, int], str, list[str]] | None = None
        for rank, node in enumerate(self.scenario.nodes):
            if allowed is not None and node.name not in allowed:
                continue
            lower = [
                n for n, at in self.result.placement.items()
                if at == node.name and priority_of(self.trace[n]) < prio
            ]  # fmt: skip
            room = dict(free[node.name])
            for n in lower:
                for resource, amount in Scenario.requests(self.trace[n]).items():
                    room[resource] += amount
            if not lower or any(want[r] > room[r] for r in want):
                continue
            chosen: list[str] = []
            for n in sorted(lower, key=lambda n: (-priority_of(self.trace[n]), self.order[n])):
                need = Scenario.requests(self.trace[n])
                if all(want[r] + need[r] <= room[r] for r in want):
                    room = {r: room[r] - need[r] for r in room}  # reprieved: it stays
                else:
                    chosen.append(n)
            prios = [priority_of(self.trace[n]) for n in chosen]
            key = (max(prios), sum(prios), len(chosen), rank)
            if best is None or key < best[0]:
                best = (key, node.name, chosen)
        return None if best is None else (best[1], best[2])

    def place(self, name: str) -> list[str]:
        """Schedule one pod (preempting if allowed); returns the pods it evicted."""
        node = self.emulator.schedule(self.objects[name])
        if node is not None:
            self.result.placement[name] = node
            return []
        if not self.preemption:
            return []
        found = self.victims(name)
        if found is None:
            return []
        target, evicted = found
        for victim in evicted:
            self.result.placement[victim] = None
        self.result.placement[name] = target
        self.result.preemptions += 1
        self.result.evictions += len(evicted)
        self._rebuild()
        return evicted

    def run(self) -> BaselineResult:
        for pod in self.scenario.pods:
            self.place(pod.name)  # victims are pending now: the rounds below retry them
        for _ in range(MAX_ROUNDS):
            retry = sorted(self.result.pending, key=lambda n: (-priority_of(self.trace[n]), self.order[n]))
            before = dict(self.result.placement)
            for name in retry:
                if self.result.placement[name] is None:
                    self.place(name)
            if self.result.placement == before:
                break
        return self.result


def run_baseline(scenario: Scenario, seed: int = 0, preemption: bool = True) -> BaselineResult:
    return Greedy(scenario, seed, preemption).run()


def placed_counts(scenario: Scenario, placement: Mapping[str, str | None]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for pod in scenario.pods:
        prio = priority_of(pod)
        counts[prio] = counts.get(prio, 0) + (placement.get(pod.name) is not None)
    return counts
