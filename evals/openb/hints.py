"""Check that the CPU parser reads the derived hints as the hint table means them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from evals.openb.convert import GPU_FAMILY, TracePod, hint_for
from semsched_intents import CpuParser
from semsched_proto import ClusterContext

Expected = frozenset[tuple[str, str, str]]  # (type, params, strength)


def expected_intents(pod: TracePod) -> Expected:
    items: set[tuple[str, str, str]] = set()
    if pod.gpu_spec:
        models = sorted({GPU_FAMILY.get(m, m.lower()) for m in pod.gpu_spec})
        items.add(("prefer_gpu_models", ",".join(models), "critical"))
    if pod.num_gpu >= 2:
        items.add(("min_free_gpus", str(pod.num_gpu), "critical"))
    if pod.qos == "LS":
        items.add(("prefer_least_loaded", "any", "weak"))
    if pod.qos == "BE":
        items.add(("prefer_bin_packing", "", "medium"))
    return frozenset(items)


def parsed_intents(parser: CpuParser, hint: str, context: ClusterContext) -> Expected:
    items: set[tuple[str, str, str]] = set()
    for intent in parser.parse(hint, context).intents:
        params = intent.params
        value = params.get("models") or params.get("count") or params.get("resource") or ""
        shown = ",".join(sorted(str(v) for v in value)) if isinstance(value, list) else str(value)
        items.add((intent.type, shown, intent.strength))
    return frozenset(items)


@dataclass
class HintCheck:
    hinted_pods: int
    distinct_hints: int
    ok_pods: int
    ok_distinct: int
    failures: list[tuple[str, int, str, str]]  # hint, pods, expected, parsed
    table: list[tuple[str, int]]  # hint, pods (most common first)

    @property
    def rate(self) -> float:
        return self.ok_pods / self.hinted_pods if self.hinted_pods else 1.0


def check_hints(pods: list[TracePod], context: ClusterContext) -> HintCheck:
    parser = CpuParser()
    by_hint: Counter[str] = Counter()
    expected: dict[str, Expected] = {}
    for pod in pods:
        hint = hint_for(pod)
        if hint:
            by_hint[hint] += 1
            expected[hint] = expected_intents(pod)
    failures: list[tuple[str, int, str, str]] = []
    ok_pods = 0
    for hint, count in by_hint.items():
        got = parsed_intents(parser, hint, context)
        if got == expected[hint]:
            ok_pods += count
        else:
            failures.append((hint, count, _show(expected[hint]), _show(got)))
    return HintCheck(
        hinted_pods=sum(by_hint.values()),
        distinct_hints=len(by_hint),
        ok_pods=ok_pods,
        ok_distinct=len(by_hint) - len(failures),
        failures=failures,
        table=by_hint.most_common(),
    )


def _show(items: Expected) -> str:
    return "; ".join(f"{t}({p}) {s}" for t, p, s in sorted(items)) or "nothing"
