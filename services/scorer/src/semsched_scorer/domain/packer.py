"""A time-boxed CP-SAT packer for pods the greedy path could not place (docs/decisions.md D24).

Input: nodes with integer capacities, pods already placed (requests, priority, node, whether
they may be moved) and pending pods (requests, priority, optionally a 0-100 intent utility per
node). Output: a `Plan` - where the pending pods go, which placed pods move or are evicted -
with the solver's status, the placed pods per priority tier before and after, whether the plan
improves on the input placement and whether the solver proved that nothing better exists.

The objective is lexicographic, solved one priority tier at a time, highest first:
1. most pods of the tier placed (placed pods kept in place count; an evicted pod is lost),
   keeping every higher tier's count;
2. then the fewest disruptions (a move costs 1, an eviction 2);
3. then (one last solve, only when utilities are given) the most intent utility over the
   pending pods' nodes, with the moves and evictions chosen above.

Priority rule (`MovePolicy.LOWER`, the default): a placed pod is never moved or evicted for a
pod of equal or lower priority. While tier P is solved, placed pods of priority >= P that no
higher tier disturbed stay where they are, and any disturbed pod must be outranked by a
pending pod the plan places. `MovePolicy.ANY` lets any movable pod move (it stays placed, and
no tier may lose pods); only evictions need an outranking pod. Pods marked unmovable never
change.

Everything here is pure (no I/O); the only clock read is the solve budget.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

MOVE_COST = 1
EVICTION_COST = 2


class MovePolicy(enum.StrEnum):
    LOWER = "lower"  # a placed pod moves or is evicted only for a pod of strictly higher priority
    ANY = "any"  # any movable pod may move if no tier loses; eviction still needs a higher pod


class SolveStatus(enum.StrEnum):
    OPTIMAL = "optimal"  # every solve proved optimal
    FEASIBLE = "feasible"  # a plan at least as good as the input, not proved best
    UNKNOWN = "unknown"  # a solve ran out of time without a plan; the input is returned
    INVALID = "invalid"  # the input placement itself breaks a capacity or names an unknown node


@dataclass(frozen=True)
class PackNode:
    name: str
    capacity: Mapping[str, int]


@dataclass(frozen=True)
class PackPod:
    """A pod; `node` None means pending. Requests and capacities share integer units.

    `allowed` restricts the nodes the pod may use (None: any); the node a placed pod runs on
    is always allowed to it. `utility` is the pod's intent score per node (0-100), read only
    for pending pods.
    """

    name: str
    requests: Mapping[str, int]
    priority: int = 0
    node: str | None = None
    movable: bool = True
    allowed: frozenset[str] | None = None
    utility: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PackOptions:
    time_limit_s: float = 1.0
    max_moves: int | None = None  # cap on moves + evictions; None: no cap
    num_workers: int = 2
    seed: int = 0
    policy: MovePolicy = MovePolicy.LOWER


@dataclass(frozen=True)
class Placement:
    pod: str
    node: str


@dataclass(frozen=True)
class Move:
    pod: str
    source: str
    target: str


@dataclass(frozen=True)
class Eviction:
    pod: str
    node: str


@dataclass(frozen=True)
class TierOutcome:
    priority: int
    pods: int
    placed_before: int
    placed_after: int
    status: SolveStatus


@dataclass(frozen=True)
class Plan:
    placements: tuple[Placement, ...]
    moves: tuple[Move, ...]
    evictions: tuple[Eviction, ...]
    status: SolveStatus
    tiers: tuple[TierOutcome, ...]  # highest priority first
    improves: bool
    certified_optimal: bool
    utility: float = 0.0
    solve_seconds: float = 0.0
    detail: str = ""

    @property
    def disruptions(self) -> int:
        return len(self.moves) + len(self.evictions)

    def final_nodes(self, pods: Sequence[PackPod]) -> dict[str, str | None]:
        """Every pod's node once the plan is applied (None: pending or evicted)."""
        where = {pod.name: pod.node for pod in pods}
        where.update({p.pod: p.node for p in self.placements})
        where.update({m.pod: m.target for m in self.moves})
        where.update({e.pod: None for e in self.evictions})
        return where


def placed_by_tier(pods: Sequence[PackPod], where: Mapping[str, str | None]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for pod in pods:
        counts[pod.priority] = counts.get(pod.priority, 0) + (where.get(pod.name) is not None)
    return counts


def lexicographic_gain(before: Mapping[int, int], after: Mapping[int, int]) -> int:
    """+1 if `after` places more at the highest tier where the two differ, -1 if fewer, else 0."""
    for priority in sorted(set(before) | set(after), reverse=True):
        diff = after.get(priority, 0) - before.get(priority, 0)
        if diff:
            return 1 if diff > 0 else -1
    return 0


# --- the model -----------------------------------------------------------------------------


class _Role(enum.Enum):
    FIXED = enum.auto()  # stays on its current node (constant usage)
    KEEP = enum.auto()  # must stay placed, anywhere it may go
    FREE = enum.auto()  # may be placed anywhere it may go, or not at all
    ABSENT = enum.auto()  # not part of this solve


_RANK = {SolveStatus.OPTIMAL: 0, SolveStatus.FEASIBLE: 1, SolveStatus.UNKNOWN: 2, SolveStatus.INVALID: 3}


def _sum(terms: Sequence[cp_model.LinearExprT]) -> cp_model.LinearExpr:
    return cp_model.LinearExpr.sum(list(terms))


def _worst(statuses: Sequence[SolveStatus]) -> SolveStatus:
    return max(statuses, key=_RANK.__getitem__, default=SolveStatus.OPTIMAL)


class _Packer:
    def __init__(self, nodes: Sequence[PackNode], pods: Sequence[PackPod], options: PackOptions) -> None:
        self.nodes = list(nodes)
        self.pods = list(pods)
        self.options = options
        self.node_index = {n.name: i for i, n in enumerate(self.nodes)}
        self.resources = sorted(
            {r for n in self.nodes for r in n.capacity} | {r for p in pods for r in p.requests}
        )
        self.capacity = [[n.capacity.get(r, 0) for r in self.resources] for n in self.nodes]
        self.requests = [[p.requests.get(r, 0) for r in self.resources] for p in self.pods]
        self.origin: list[int | None] = [self.node_index.get(p.node) if p.node else None for p in self.pods]
        self.candidates = [self._candidates(i) for i in range(len(self.pods))]
        self.deadline = time.monotonic() + max(options.time_limit_s, 0.0)

    def _candidates(self, i: int) -> list[int]:
        pod, req = self.pods[i], self.requests[i]
        out = []
        for j, node in enumerate(self.nodes):
            if j == self.origin[i] or (
                (pod.allowed is None or node.name in pod.allowed)
                and all(q <= c for q, c in zip(req, self.capacity[j], strict=True))
            ):
                out.append(j)
        return out

    def input_problem(self) -> str:
        unknown = [p.name for p in self.pods if p.node and p.node not in self.node_index]
        if unknown:
            return f"pods on unknown nodes: {', '.join(sorted(unknown)[:5])}"
        if len({p.name for p in self.pods}) != len(self.pods):
            return "pod names are not unique"
        used = [[0] * len(self.resources) for _ in self.nodes]
        for i, j in enumerate(self.origin):
            if j is not None:
                used[j] = [u + q for u, q in zip(used[j], self.requests[i], strict=True)]
        for j, node in enumerate(self.nodes):
            over = [r for r, u, c in zip(self.resources, used[j], self.capacity[j], strict=True) if u > c]
            if over:
                return f"node {node.name} is over capacity in the input ({', '.join(over)})"
        return ""

    # roles ---------------------------------------------------------------------------------

    def _role(self, i: int, tier: int, incumbent: Sequence[int | None]) -> _Role:
        pod, origin = self.pods[i], self.origin[i]
        if origin is None:
            return _Role.FREE if pod.priority >= tier else _Role.ABSENT
        if not pod.movable:
            return _Role.FIXED
        if pod.priority < tier:
            return _Role.FREE
        if incumbent[i] == origin and self.options.policy is MovePolicy.LOWER:
            return _Role.FIXED  # not disturbed by a higher tier: never for this one
        return _Role.KEEP if incumbent[i] is not None else _Role.FREE

    def count(self, where: Sequence[int | None], priority: int) -> int:
        return sum(1 for i, p in enumerate(self.pods) if p.priority == priority and where[i] is not None)

    def cost(self, where: Sequence[int | None]) -> int:
        total = 0
        for i, origin in enumerate(self.origin):
            if origin is not None and where[i] != origin:
                total += MOVE_COST if where[i] is not None else EVICTION_COST
        return total

    # one solve -----------------------------------------------------------------------------

    def solve_tier(
        self,
        tier: int | None,
        incumbent: list[int | None],
        floors: Mapping[int, int],
        until: float,
    ) -> tuple[list[int | None], SolveStatus]:
        """Tier solve (tier = its priority), or the utility polish (tier None), by monotonic `until`."""
        model = cp_model.CpModel()
        x: dict[tuple[int, int], cp_model.IntVar] = {}
        roles: list[_Role] = []
        for i in range(len(self.pods)):
            if tier is None:  # polish: placed pods keep the incumbent's decision
                role = _Role.FREE if self.origin[i] is None else _Role.FIXED
            else:
                role = self._role(i, tier, incumbent)
            if role is _Role.FREE and not self.candidates[i]:
                role = _Role.ABSENT  # fits no node at all
            roles.append(role)
            if role in (_Role.KEEP, _Role.FREE):
                for j in self.candidates[i]:
                    x[i, j] = model.new_bool_var(f"x{i}_{j}")
        fixed_node = [
            (incumbent[i] if tier is None else self.origin[i]) if roles[i] is _Role.FIXED else None
            for i in range(len(self.pods))
        ]
        placed: dict[int, cp_model.LinearExprT] = {}
        for i, role in enumerate(roles):
            if role in (_Role.KEEP, _Role.FREE):
                placed[i] = _sum([x[i, j] for j in self.candidates[i]])
                model.add(placed[i] == 1) if role is _Role.KEEP else model.add(placed[i] <= 1)
        self._capacity(model, x, fixed_node)
        for p, floor in floors.items():
            fixed = sum(1 for i, n in enumerate(fixed_node) if n is not None and self.pods[i].priority == p)
            variable = [placed[i] for i in placed if self.pods[i].priority == p]
            if variable:
                model.add(_sum(variable) >= floor - fixed)
        disturbed = self._disturbance(model, x, placed)
        movable = [i for i in placed if self.origin[i] is not None]
        if tier is None:
            terms = [
                (var, round(self.pods[i].utility.get(self.nodes[j].name, 0.0)))
                for (i, j), var in x.items()
                if self.origin[i] is None
            ]
            model.maximize(cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [c for _, c in terms]))
        else:
            # weight * tier count - (sum of EVICTION_COST - placed - at origin over movable pods)
            weight = EVICTION_COST * len(movable) + 1
            in_tier = [placed[i] for i in placed if self.pods[i].priority == tier]
            at_origin = [x[i, self.origin[i]] for i in movable]  # type: ignore[index]
            model.maximize(weight * _sum(in_tier) + _sum([placed[i] for i in movable]) + _sum(at_origin))
        if self.options.max_moves is not None and disturbed:
            model.add(_sum(list(disturbed.values())) <= self.options.max_moves)
        for (i, j), var in x.items():
            model.add_hint(var, incumbent[i] == j)
        budget = until - time.monotonic()  # building the model spent part of the window
        if budget < 0.005:
            return incumbent, SolveStatus.UNKNOWN
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = budget
        solver.parameters.num_workers = max(self.options.num_workers, 1)
        solver.parameters.random_seed = self.options.seed
        # one presolve pass: the hint is a complete solution, and a short window is for search
        solver.parameters.max_presolve_iterations = 1
        solver.parameters.symmetry_level = 0
        code = solver.solve(model)
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return incumbent, SolveStatus.UNKNOWN
        result: list[int | None] = list(incumbent)
        for i in range(len(self.pods)):
            if roles[i] is _Role.FIXED:
                result[i] = fixed_node[i]
            elif roles[i] is _Role.ABSENT:
                result[i] = None
            else:
                result[i] = next((j for j in self.candidates[i] if solver.boolean_value(x[i, j])), None)
        status = SolveStatus.OPTIMAL if code == cp_model.OPTIMAL else SolveStatus.FEASIBLE
        return result, status

    def _capacity(
        self,
        model: cp_model.CpModel,
        x: Mapping[tuple[int, int], cp_model.IntVar],
        fixed_node: Sequence[int | None],
    ) -> None:
        base = [[0] * len(self.resources) for _ in self.nodes]
        for i, j in enumerate(fixed_node):
            if j is not None:
                base[j] = [u + q for u, q in zip(base[j], self.requests[i], strict=True)]
        on_node: dict[int, list[int]] = {}
        for i, j in x:
            on_node.setdefault(j, []).append(i)
        for j, pods in on_node.items():
            for r in range(len(self.resources)):
                users = [i for i in pods if self.requests[i][r]]
                room = self.capacity[j][r] - base[j][r]
                if users and sum(self.requests[i][r] for i in users) > room:
                    model.add(
                        cp_model.LinearExpr.weighted_sum(
                            [x[i, j] for i in users], [self.requests[i][r] for i in users]
                        )
                        <= room
                    )

    def _disturbance(
        self,
        model: cp_model.CpModel,
        x: Mapping[tuple[int, int], cp_model.IntVar],
        placed: Mapping[int, cp_model.LinearExprT],
    ) -> dict[int, cp_model.LinearExprT]:
        """1 - (still on its node) for every placed pod that may change. Each one disturbed (LOWER)
        or evicted (ANY) must be outranked by a pending pod the plan places. An optimal solve never
        disturbs a pod for nothing (it costs); this guards the plans a window cuts short."""
        disturbed: dict[int, cp_model.LinearExprT] = {}
        outranking: dict[int, cp_model.LinearExprT] = {}
        pending = [i for i in placed if self.origin[i] is None]
        for i in placed:
            origin = self.origin[i]
            if origin is None:
                continue
            disturbed[i] = 1 - x[i, origin]
            prio = self.pods[i].priority
            if prio not in outranking:
                outranking[prio] = _sum([placed[k] for k in pending if self.pods[k].priority > prio])
            if self.options.policy is MovePolicy.LOWER:
                model.add(disturbed[i] <= outranking[prio])
            else:
                model.add(1 - placed[i] <= outranking[prio])
        return disturbed

    # the whole run ---------------------------------------------------------------------------

    def run(self) -> Plan:
        started = time.perf_counter()
        problem = self.input_problem()
        before = [self.origin[i] for i in range(len(self.pods))]
        tiers = sorted({p.priority for p in self.pods}, reverse=True)
        if problem:
            return self._plan(before, before, tiers, {}, [SolveStatus.INVALID], started, problem)
        incumbent = list(before)
        floors: dict[int, int] = {}
        statuses: dict[int, SolveStatus] = {}
        for k, tier in enumerate(tiers):
            if not self._worth_solving(tier, incumbent):
                statuses[tier] = SolveStatus.OPTIMAL  # nothing of this tier can change
            else:
                now = time.monotonic()
                solves_left = sum(1 for t in tiers[k:] if self._worth_solving(t, incumbent))
                if now >= self.deadline:
                    statuses[tier] = SolveStatus.UNKNOWN
                else:
                    until = now + (self.deadline - now) / solves_left
                    candidate, statuses[tier] = self.solve_tier(tier, incumbent, floors, until)
                    if self._better(candidate, incumbent, tier, floors):
                        incumbent = candidate
            floors[tier] = self.count(incumbent, tier)
        all_statuses = list(statuses.values())
        if self._has_utility() and time.monotonic() < self.deadline:
            polished, polish_status = self.solve_tier(None, incumbent, floors, self.deadline)
            all_statuses.append(polish_status)
            if self._utility(polished) > self._utility(incumbent) and all(
                self.count(polished, t) >= floors[t] for t in tiers
            ):
                incumbent = polished
        return self._plan(before, incumbent, tiers, statuses, all_statuses, started, "")

    def _worth_solving(self, tier: int, incumbent: Sequence[int | None]) -> bool:
        """A tier can gain only if one of its pods is pending in the incumbent."""
        return any(
            p.priority == tier and incumbent[i] is None for i, p in enumerate(self.pods) if self.candidates[i]
        )

    def _better(
        self,
        candidate: Sequence[int | None],
        incumbent: Sequence[int | None],
        tier: int,
        floors: Mapping[int, int],
    ) -> bool:
        if any(self.count(candidate, t) < f for t, f in floors.items()):
            return False
        gain = self.count(candidate, tier) - self.count(incumbent, tier)
        return gain > 0 or (gain == 0 and self.cost(candidate) < self.cost(incumbent))

    def _has_utility(self) -> bool:
        return any(self.origin[i] is None and self.pods[i].utility for i in range(len(self.pods)))

    def _utility(self, where: Sequence[int | None]) -> float:
        return float(
            sum(
                self.pods[i].utility.get(self.nodes[j].name, 0.0)
                for i, j in enumerate(where)
                if j is not None and self.origin[i] is None
            )
        )

    def _plan(
        self,
        before: Sequence[int | None],
        after: Sequence[int | None],
        tiers: Sequence[int],
        statuses: Mapping[int, SolveStatus],
        all_statuses: Sequence[SolveStatus],
        started: float,
        detail: str,
    ) -> Plan:
        names = [n.name for n in self.nodes]
        placements, moves, evictions = [], [], []
        for i, pod in enumerate(self.pods):
            old, new = before[i], after[i]
            if old == new:
                continue
            if old is None and new is not None:
                placements.append(Placement(pod.name, names[new]))
            elif old is not None and new is not None:
                moves.append(Move(pod.name, names[old], names[new]))
            elif old is not None:
                evictions.append(Eviction(pod.name, names[old]))
        outcomes = tuple(
            TierOutcome(
                priority=t,
                pods=sum(1 for p in self.pods if p.priority == t),
                placed_before=self.count(before, t),
                placed_after=self.count(after, t),
                status=statuses.get(t, SolveStatus.INVALID if detail else SolveStatus.UNKNOWN),
            )
            for t in tiers
        )
        gain = lexicographic_gain(
            {o.priority: o.placed_before for o in outcomes}, {o.priority: o.placed_after for o in outcomes}
        )
        status = _worst(all_statuses)
        tier_status = _worst([o.status for o in outcomes])
        return Plan(
            placements=tuple(placements),
            moves=tuple(moves),
            evictions=tuple(evictions),
            status=status,
            tiers=outcomes,
            improves=gain > 0,
            certified_optimal=gain == 0 and tier_status is SolveStatus.OPTIMAL and not detail,
            utility=self._utility(after),
            solve_seconds=time.perf_counter() - started,
            detail=detail,
        )


def pack(nodes: Sequence[PackNode], pods: Sequence[PackPod], options: PackOptions | None = None) -> Plan:
    """Plan placements for the pending pods among `pods` (see the module docstring)."""
    return _Packer(nodes, pods, options or PackOptions()).run()
