"""Property tests: any text gives a valid ParseResult with exact params, within bounded work."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from intents_fixtures import TEST_CONTEXT

from semsched_intents import CLASS_BY_TYPE, CLASS_TABLE, CpuParser
from semsched_proto.intents import ParseResult

_PARSER = CpuParser()
_WORDS = [
    "near",
    "solr",
    "never",
    "spot",
    "zone",
    "b",
    "node",
    "12",
    "4",
    "cores",
    "gigs",
    "free",
    "ideally",
    "must",
    "not",
    "avoid",
    ",",
    ".",
    ";",
    "and",
    "but",
    "it",
    "A100",
    "x86",
    "nvme",
    "tier",
    "gold",
    "replicas",
    "together",
    "spread",
    "across",
    "zones",
    "=",
    "team=x",
    "—",
    "(",
    ")",
    "if",
    "possible",
]
_wordy = st.lists(st.sampled_from(_WORDS), max_size=60).map(" ".join)


def _check(result: ParseResult) -> None:
    assert isinstance(result, ParseResult)
    for intent in result.intents:
        spec = CLASS_BY_TYPE[intent.type]
        assert set(intent.params) == {p.name for p in spec.params}
        assert 0.0 <= intent.confidence <= 1.0
    types = [i.type for i in result.intents]
    list_classes = {c.type for c in CLASS_TABLE if any(p.kind == "string_list" for p in c.params)}
    assert all(types.count(t) == 1 for t in list_classes if t in types)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(max_size=400))
def test_arbitrary_text(hint: str) -> None:
    start = time.perf_counter()
    result = _PARSER.parse(hint, TEST_CONTEXT)
    assert time.perf_counter() - start < 1.0  # generous wall bound; typical parses take well under 1 ms
    _check(result)


@settings(max_examples=300, deadline=None)
@given(_wordy)
def test_vocabulary_soup(hint: str) -> None:
    _check(_PARSER.parse(hint, TEST_CONTEXT))


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab -,.0123456789"), min_size=1500, max_size=2000))
def test_long_inputs_are_bounded(hint: str) -> None:
    start = time.perf_counter()
    _check(_PARSER.parse(hint, TEST_CONTEXT))
    assert time.perf_counter() - start < 1.0


def test_deterministic() -> None:
    hint = "must be near solr, ideally on nvme; avoid edge-02 and never spot"
    assert _PARSER.parse(hint, TEST_CONTEXT) == _PARSER.parse(hint, TEST_CONTEXT)
