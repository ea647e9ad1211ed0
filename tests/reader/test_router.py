"""The intent-parser service with a learned reader: the reader revises on its own thread, within a time
limit, and any failure keeps the rules' reading (D36)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from semsched_intent_parser.app import create_router
from semsched_intent_parser.domain.router import READER, ParserRouter
from semsched_intent_parser.settings import IntentParserSettings
from semsched_intents import CpuParser
from semsched_intents import reader as reader_module
from semsched_intents.reader import ReaderError, ReadingParser, RoleReader, bundled
from semsched_proto import ClusterContext
from tests.reader.model import build

CTX = ClusterContext(zones=["east-1", "west-2"], apps=["cassandra"])
CUES = {"sometimes": "avoid_zones"}


class SlowReader(RoleReader):
    def probabilities(self, texts: Sequence[str]) -> list[list[float]]:
        time.sleep(0.6)
        return super().probabilities(texts)


class BrokenReader(RoleReader):
    def probabilities(self, texts: Sequence[str]) -> list[list[float]]:
        raise RuntimeError("onnxruntime went away")


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("reader") / "tiny", CUES)


def _router(reader: RoleReader, timeout_s: float = 2.0) -> ParserRouter:
    cpu = CpuParser()
    return ParserRouter(cpu, "cpu", None, 0.7, ReadingParser(cpu, reader), timeout_s)


def _count(outcome: str) -> float:
    return READER.labels(outcome)._value.get()  # type: ignore[attr-defined,no-any-return]


async def test_the_service_parse_is_revised_by_the_reader(model: Path) -> None:
    router = _router(RoleReader(model))
    before = _count("revised")
    out = await router.parse("prefer east-1 sometimes", CTX)
    assert [i.type for i in out.intents] == ["avoid_zones"] and out.backend == "cpu+reader"
    assert _count("revised") == before + 1
    assert (await router.parse("spread the replicas", CTX)).backend == "cpu"
    router.close()


async def test_a_slow_reader_times_out_without_blocking_the_loop(model: Path) -> None:
    router = _router(SlowReader(model), timeout_s=0.1)
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    before = _count("timeout")
    out = await router.parse("prefer east-1 sometimes", CTX)
    ticker.cancel()
    assert [i.type for i in out.intents] == ["prefer_zones"] and out.backend == "cpu"
    assert _count("timeout") == before + 1 and ticks >= 3
    router.close()


async def test_a_failing_reader_keeps_the_rules_reading(model: Path) -> None:
    router = _router(BrokenReader(model))
    out = await router.parse("prefer east-1 sometimes", CTX)
    assert [i.type for i in out.intents] == ["prefer_zones"] and out.backend == "cpu"
    router.close()


def test_settings_build_the_reader_or_refuse_a_bad_one(model: Path, tmp_path: Path) -> None:
    router = create_router(IntentParserSettings(reader_dir=str(model), reader_threshold=0.9))
    assert router.reading is not None and router.reading.threshold == 0.9
    router.close()
    for off in ("none", "", "None"):
        assert create_router(IntentParserSettings(reader_dir=off)).reading is None
    with pytest.raises(ReaderError, match="not a directory"):
        create_router(IntentParserSettings(reader_dir=str(tmp_path / "nowhere")))


def test_the_service_reads_with_the_shipped_reader_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("INTENT_PARSER_READER_DIR", raising=False)
    router = create_router(IntentParserSettings())
    assert router.reading is not None and router.reading.reader.directory == bundled()
    router.close()
    monkeypatch.setattr(reader_module, "bundled", lambda: None)  # the weights package not installed
    with pytest.raises(ReaderError, match="bundled reader is not installed"):
        create_router(IntentParserSettings(reader_dir="bundled"))


def test_the_cache_identity_names_the_models_and_the_threshold(model: Path) -> None:
    assert ParserRouter(CpuParser(), "cpu", None, 0.7).cache_identity == ""
    reader = RoleReader(model)
    one, two = (
        _router(reader),
        ParserRouter(CpuParser(), "cpu", None, 0.7, ReadingParser(CpuParser(), reader, threshold=0.9)),
    )
    assert one.cache_identity.startswith("reader:") and one.cache_identity != two.cache_identity
    one.close()
    two.close()
