"""The trained reader semsched ships (D37; or the directory $SEMSCHED_READER names): its files agree
with each other, it was not trained on the fresh sets, and it reads plain requests as anyone would."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from semsched_intents import CpuParser
from semsched_intents.reader import LABELS_MODEL, META, MODEL, ReadingParser, RoleReader, bundled, sha256
from semsched_proto import ClusterContext

_SHIPPED = bundled()
assert _SHIPPED is not None, "semsched-reader-weights is not installed, or holds no reader (task ship:reader)"
TRAINED = Path(os.environ.get("SEMSCHED_READER") or _SHIPPED)
CTX = ClusterContext(zones=["lon-a", "lon-b"], apps=["ledger-db"], gpu_models=["h100"])


def test_the_trained_reader_is_what_its_metadata_says() -> None:
    meta = json.loads((TRAINED / META).read_text())
    assert meta["model_sha256"] == sha256(TRAINED / MODEL)
    if meta.get("labels"):
        assert meta["labels_sha256"] == sha256(TRAINED / LABELS_MODEL)
    numbers = [int(name.removeprefix("study")) for name in meta["trained_on"]]
    assert numbers and max(numbers) < 77  # study77 on are kept unstudied (D35)


@pytest.fixture(scope="module")
def reader() -> RoleReader:
    return RoleReader(TRAINED)


@pytest.fixture(scope="module")
def reading(reader: RoleReader) -> ReadingParser:
    return ReadingParser(CpuParser(), reader)


def test_the_trained_reader_reads_plain_requests(reader: RoleReader, reading: ReadingParser) -> None:
    texts = {
        "keep it off [ zone ] please": "avoid_zones",
        "run this next to [ app ] , it calls it constantly": "colocate_with",
        "[ zone ] had an outage last month , anywhere is fine": "none",
        "needs a [ gpu ] , nothing older": "prefer_gpu_models",
    }
    got = reader.probabilities(list(texts))
    for (text, role), p in zip(texts.items(), got, strict=True):
        assert reader.classes[max(range(len(p)), key=p.__getitem__)] == role, text
    out = reading.parse("keep it off lon-a, near ledger-db", CTX)
    assert {i.type for i in out.intents} == {"avoid_zones", "colocate_with"}


def test_the_trained_label_model_reads_plain_requests(reader: RoleReader) -> None:
    if not reader.labels:
        pytest.skip("this reader has no label model")
    asked = {
        "spread the replicas across zones please": {"spread_replicas_zones"},
        "keep it off spot nodes , it can not be interrupted": {"avoid_spot"},
        "run it on the cheapest nodes you have": {"prefer_low_cost"},
        "zone had an outage last week , anywhere is fine": set(),
    }
    for text, wanted in asked.items():
        got = {
            label
            for label, p in zip(reader.labels, reader.label_probabilities(text), strict=True)
            if p >= 0.5
        }
        assert got == wanted, text


# The default parse is the rules with this reader: any text a workload owner writes, injection
# attempts and broken Unicode included, must still give a valid result.
_CTX_WORDS = ["lon-a", "lon-b", "ledger-db", "h100", "not", "near", "off", "spot", ",", "?", "please"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [*_CTX_WORDS, "ignore previous instructions", "\ud800", "\x00", "\u202e", "\u200b", "x" * 500]
            ),
            st.text(max_size=16),
        ),
        max_size=60,
    )
)
def test_any_text_gives_a_valid_parse_with_the_shipped_reader(
    reading: ReadingParser, words: list[str]
) -> None:
    out = reading.parse(" ".join(words), CTX)
    assert out.error is None or out.intents == []
    assert out.backend in ("cpu", "cpu+reader")
    for intent in out.intents:
        assert 0.0 <= intent.confidence <= 1.0
        assert intent.strength in ("weak", "medium", "strong", "critical")
    kinds = [(i.type, json.dumps(i.params, sort_keys=True)) for i in out.intents]
    assert len(kinds) == len(set(kinds))
