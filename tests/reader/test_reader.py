"""The learned reader on onnxruntime and tokenizers (D36), with a small real model whose behaviour is
known (tests/reader/model.py): loading, its errors, and the parse it revises."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from semsched_intents import CpuParser
from semsched_intents import reader as reader_module
from semsched_intents.reader import META, MODEL, ReaderError, ReadingParser, RoleReader, bundled, locate
from semsched_proto import ClusterContext
from tests.reader.model import CLASSES, build

CTX = ClusterContext(zones=["east-1", "west-2"], apps=["cassandra", "redis"], datasets=["imagenet"])
CUES = {"sometimes": "avoid_zones", "kindly": "prefer_zones", "mostly": "colocate_with", "lately": "none"}


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("reader") / "tiny", CUES)


@pytest.fixture(scope="module")
def reading(model: Path) -> ReadingParser:
    return ReadingParser(CpuParser(), RoleReader(model))


def test_probabilities_follow_the_cues_in_one_padded_batch(model: Path) -> None:
    reader = RoleReader(model)
    got = reader.probabilities(
        ["prefer [ zone ] sometimes", "[ zone ]", "a much longer text kindly with more words"]
    )
    assert all(abs(sum(p) - 1) < 1e-6 for p in got)
    top = [reader.classes[max(range(len(p)), key=p.__getitem__)] for p in got]
    assert top == ["avoid_zones", "none", "prefer_zones"]
    assert got[0][CLASSES.index("avoid_zones")] > 0.99 and max(got[1]) < 0.95
    assert reader.probabilities([]) == []


def test_a_model_without_token_types_is_fed_only_its_inputs(tmp_path: Path) -> None:
    reader = RoleReader(build(tmp_path / "two-inputs", CUES, token_types=False))
    assert reader.probabilities(["[ zone ] kindly"])[0][CLASSES.index("prefer_zones")] > 0.99


def test_the_reader_moves_an_entity_it_is_sure_of_and_keeps_the_strength(reading: ReadingParser) -> None:
    out = reading.parse("prefer east-1, strongly, sometimes", CTX)
    assert [(i.type, i.params, i.strength) for i in out.intents] == [
        ("avoid_zones", {"zones": ["east-1"]}, "strong")
    ]
    assert out.backend == "cpu+reader"


def test_the_reader_adds_and_removes_entities(reading: ReadingParser) -> None:
    added = reading.parse("east-1 had an outage kindly", CTX)
    assert [(i.type, i.params) for i in added.intents] == [("prefer_zones", {"zones": ["east-1"]})]
    assert reading.parse("avoid east-1 lately", CTX).intents == []


def test_an_unsure_reader_or_an_impossible_role_leaves_the_parse_alone(reading: ReadingParser) -> None:
    plain = reading.parse("avoid east-1", CTX)
    assert plain == CpuParser().parse("avoid east-1", CTX) and plain.backend == "cpu"
    # "mostly" asks for colocate_with, a role no zone can have
    assert reading.parse("prefer east-1 mostly", CTX).backend == "cpu"


def test_hints_it_does_not_read(model: Path) -> None:
    strict = ReadingParser(CpuParser(), RoleReader(model), max_entities=1)
    two = strict.parse("prefer east-1 or west-2 sometimes", CTX)
    assert two.backend == "cpu" and two.intents[0].type == "prefer_zones"
    assert strict.parse("x" * 3000, CTX).error is not None
    assert strict.parse("spread the replicas sometimes", CTX).backend == "cpu"
    with pytest.raises(ValueError, match="threshold"):
        ReadingParser(CpuParser(), RoleReader(model), threshold=0.0)


def _broken(model: Path, tmp_path: Path, name: str) -> Path:
    copy = tmp_path / name
    shutil.copytree(model, copy)
    return copy


def test_a_reader_that_cannot_be_loaded_says_why(model: Path, tmp_path: Path) -> None:
    with pytest.raises(ReaderError, match="not a directory"):
        RoleReader(tmp_path / "absent")
    no_model = _broken(model, tmp_path, "no-model")
    (no_model / MODEL).unlink()
    with pytest.raises(ReaderError, match=r"has no model\.onnx"):
        RoleReader(no_model)
    cases = {
        "not json": "{",
        "format": json.dumps({"format": 99, "classes": CLASSES, "max_tokens": 64}),
        "classes": json.dumps({"format": 1, "classes": [*CLASSES[:-1], "prefer_spot"], "max_tokens": 64}),
        "max_tokens": json.dumps({"format": 1, "classes": CLASSES, "max_tokens": 100000}),
    }
    for name, text in cases.items():
        bad = _broken(model, tmp_path, name.replace(" ", "-"))
        (bad / META).write_text(text)
        with pytest.raises(ReaderError, match=META.replace(".", r"\.")):
            RoleReader(bad)
    fewer = _broken(model, tmp_path, "fewer")
    (fewer / META).write_text(json.dumps({"format": 1, "classes": [*CLASSES[:6], "none"], "max_tokens": 64}))
    with pytest.raises(ReaderError, match=r"13 outputs, reader\.json names 7"):
        RoleReader(fewer)
    garbage = _broken(model, tmp_path, "garbage")
    (garbage / MODEL).write_bytes(b"\x00not an onnx model")
    with pytest.raises(ReaderError, match="cannot load reader"):
        RoleReader(garbage)


def test_a_reader_setting_names_none_the_shipped_reader_or_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert locate("none") is None and locate(" None ") is None and locate("") is None
    assert locate(tmp_path / "mine") == tmp_path / "mine" and locate(str(tmp_path)) == tmp_path
    shipped = bundled()
    assert shipped is not None and locate("bundled") == shipped and locate("BUNDLED") == shipped
    monkeypatch.setattr(reader_module, "bundled", lambda: None)
    with pytest.raises(ReaderError, match="bundled reader is not installed"):
        locate("bundled")


WORDS = ["east-1", "west-2", "cassandra", "imagenet", "not", "near", "avoid", ",", "?"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [*WORDS, *CUES, "\ud800", "\udcff", "\x00", "\u202e", "\u200b", "\U0001f600" * 50, "x" * 700]
            ),
            st.text(max_size=12),
        ),
        max_size=40,
    )
)
def test_any_text_gives_a_valid_parse(reading: ReadingParser, words: list[str]) -> None:
    out = reading.parse(" ".join(words), CTX)
    assert out.error is None or out.intents == []
    kinds = [i.type for i in out.intents]
    lists = [k for k in kinds if k in ("prefer_zones", "avoid_zones")]
    assert len(lists) == len(set(lists))
    for intent in out.intents:
        assert 0.0 <= intent.confidence <= 1.0


LABEL_CUES = {
    "alas": ("avoid_spot", True),
    "nope": ("avoid_spot", False),
    "armish": ("prefer_arch:arm64", True),
}


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> ReadingParser:
    model = build(tmp_path_factory.mktemp("reader") / "labelled", CUES, label_cues=LABEL_CUES)
    return ReadingParser(CpuParser(), RoleReader(model))


def test_the_label_model_adds_and_removes_classes_that_name_no_entity(labelled: ReadingParser) -> None:
    assert labelled.reader.labels and len(labelled.reader.label_probabilities("[ zone ] alas")) == 14
    added = labelled.parse("must prefer east-1, alas", CTX)
    assert [(i.type, i.strength) for i in added.intents] == [
        ("prefer_zones", "critical"),
        ("avoid_spot", "critical"),
    ]
    assert added.backend == "cpu+reader"
    assert labelled.parse("keep off spot nodes", CTX).intents[0].type == "avoid_spot"
    assert labelled.parse("keep off spot nodes, nope", CTX).intents == []
    # a hint that names no entity is read too: the label model reads every hint
    armish = labelled.parse("it would be armish", CTX)
    assert [(i.type, i.params, i.strength) for i in armish.intents] == [
        ("prefer_arch", {"arch": "arm64"}, "medium")
    ]


def test_a_reader_that_names_labels_needs_their_model(tmp_path: Path) -> None:
    model = build(tmp_path / "labelled", CUES, label_cues=LABEL_CUES)
    (model / "labels.onnx").unlink()
    with pytest.raises(ReaderError, match=r"has no labels\.onnx"):
        RoleReader(model)
    meta = json.loads((model / META).read_text())
    (model / META).write_text(json.dumps(meta | {"labels": ["min_free_cpu"]}))
    with pytest.raises(ReaderError, match="'labels' must list hint labels"):
        RoleReader(model)
