from collections import Counter

import pytest
from kube_fixtures import anti_affinity, make_node, make_pod

from semsched_kube import KubeError, OwnerIndex, SchedulerEmulator, expand_workloads


def _nodes(n: int = 3) -> list[dict[str, object]]:
    return [make_node(f"n{i}", zone=f"zone-{'ab'[i % 2]}") for i in range(1, n + 1)]


def test_assume_consumes_resources() -> None:
    sched = SchedulerEmulator([make_node("n1"), make_node("n2")])
    sched.assume(make_pod("big", cpu="3"), "n1")
    result = sched.filter(make_pod("next", cpu="3"))
    assert result.feasible == ["n2"]
    assert result.reasons == {"n1": "Insufficient cpu"}
    assert sched.placement_of("default", "big") == "n1"


def test_assume_makes_labels_visible_to_affinity() -> None:
    sched = SchedulerEmulator(_nodes())
    sched.assume(make_pod("web-0", labels={"app": "web"}), "n2")
    pod = make_pod("web-1", labels={"app": "web"}, affinity=anti_affinity({"app": "web"}))
    assert sched.filter(pod).feasible == ["n1", "n3"]
    sched.assume(make_pod("guard", labels={"app": "guard"}, affinity=anti_affinity({"app": "db"})), "n3")
    assert sched.filter(make_pod("db", labels={"app": "db"})).feasible == ["n1", "n2"]


@pytest.mark.parametrize(
    ("node", "message"),
    [("n9", "unknown node 'n9'"), ("n1", "already placed on n1")],
)
def test_assume_errors(node: str, message: str) -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("p", node="n1")])
    with pytest.raises(KubeError, match=message):
        sched.assume(make_pod("p" if node == "n1" else "q"), node)


def test_score_rejects_unknown_node() -> None:
    with pytest.raises(KubeError, match="unknown node"):
        SchedulerEmulator(_nodes()).score(make_pod("p"), ["n1", "zz"])


def test_select_highest_total_and_seeded_ties() -> None:
    sched = SchedulerEmulator(_nodes(), seed=7)
    assert sched.select({"a": 10, "b": 30, "c": 20}) == "b"
    assert sched.select({}) is None
    picks = [sched.select({"a": 5, "b": 5, "c": 1}) for _ in range(60)]
    again = SchedulerEmulator(_nodes(), seed=7)
    again.select({"a": 10, "b": 30, "c": 20})
    assert picks == [again.select({"a": 5, "b": 5, "c": 1}) for _ in range(60)]
    assert set(picks) == {"a", "b"}


def test_select_accepts_score_tables() -> None:
    sched = SchedulerEmulator(_nodes(), [make_pod("busy", node="n1", cpu="3")])
    scores = sched.score(make_pod("p"), ["n1", "n2", "n3"])
    assert sched.select(scores) in {"n2", "n3"}
    assert scores["n2"].total == scores.totals["n2"]
    assert list(scores) == ["n1", "n2", "n3"] and len(scores) == 3


def test_schedule_spreads_a_deployment_by_default() -> None:
    deploy = {
        "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {
            "replicas": 6,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {
                    "containers": [
                        {"name": "c", "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}}}
                    ]
                },
            },
        },
    }
    objs = expand_workloads([deploy])
    sched = SchedulerEmulator(_nodes(), owners=OwnerIndex(o for o in objs if o["kind"] != "Pod"), seed=1)
    placed = Counter(sched.schedule(p) for p in objs if p["kind"] == "Pod")
    assert placed == Counter({"n1": 2, "n2": 2, "n3": 2})


def test_schedule_returns_none_when_unschedulable() -> None:
    sched = SchedulerEmulator([make_node("n1", cpu="1")])
    assert sched.schedule(make_pod("huge", cpu="2")) is None
    assert sched.schedule(make_pod("ok", cpu="500m")) == "n1"
