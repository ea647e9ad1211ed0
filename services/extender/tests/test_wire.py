"""The extender wire format exactly as kube-scheduler speaks it."""

from __future__ import annotations

from datetime import UTC, datetime

import orjson
import pytest

from semsched_extender.domain.views import WireView
from semsched_extender.domain.wire import WireError, filter_result, host_priority_list, parse_args, to_wire
from semsched_proto import PodScores

POD = {
    "metadata": {"name": "p", "namespace": "ns", "uid": "u1", "annotations": {"semsched.io/hint": "near db"}}
}


def test_capitalised_and_lowercase_keys() -> None:
    for body in ({"Pod": POD, "NodeNames": ["a", "b"]}, {"pod": POD, "nodenames": ["a", "b"]}):
        request = parse_args(orjson.dumps(body))
        assert (request.pod_key, request.uid, request.hint, request.node_names) == (
            "ns.p",
            "u1",
            "near db",
            ["a", "b"],
        )


def test_node_list_when_not_node_cache_capable() -> None:
    nodes = {"items": [{"metadata": {"name": "a"}}, {"metadata": {"name": "b"}}]}
    request = parse_args(orjson.dumps({"Pod": POD, "Nodes": nodes}))
    assert request.node_names == ["a", "b"]
    echoed = orjson.loads(filter_result(request))
    assert echoed["Nodes"] == nodes and echoed["FailedNodes"] == {} and echoed["Error"] == ""


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"not json", "not JSON"),
        (b"[]", "JSON object"),
        (b"{}", "Pod is missing"),
        (orjson.dumps({"Pod": {"metadata": {}}}), "metadata.name"),
        (orjson.dumps({"Pod": POD, "NodeNames": "a"}), "list of strings"),
        (orjson.dumps({"Pod": POD, "Nodes": {"items": [{}]}}), r"items\[\]\.metadata\.name"),
        (orjson.dumps({"Pod": {"metadata": {"name": "p", "annotations": []}}}), "annotations"),
    ],
)
def test_malformed_args_give_a_reason(body: bytes, reason: str) -> None:
    with pytest.raises(WireError, match=reason):
        parse_args(body)


def test_scores_convert_to_the_extender_range_and_wire_keys() -> None:
    assert [to_wire(s) for s in (0, 4.9, 5, 47.5, 100, 140, -3)] == [0, 0, 1, 5, 10, 10, 0]
    assert orjson.loads(host_priority_list(["a", "b", "c"], {"c": 2, "a": 7, "b": 0})) == [
        {"Host": "a", "Score": 7},
        {"Host": "c", "Score": 2},
    ]


def test_a_view_ranks_best_first_keeps_the_node_order_on_ties_and_drops_zero_scores() -> None:
    view = PodScores(
        pod_key="ns.p",
        nodes=["a", "b", "c", "d", "e"],
        scores=[4.99, 70.0, 5.0, 70.0, 100.0],
        computed_at=datetime.now(UTC),
    )
    wire = WireView.of(view)
    assert wire.ranked == ("e", "b", "d", "c", "a")
    assert wire.wire == {"b": 7, "c": 1, "d": 7, "e": 10}
