"""Parse handlers: one parse per (hint, context), cached and joined; request/reply over FastStream."""

from __future__ import annotations

import asyncio

import pytest
from faststream.nats import NatsBroker, TestNatsBroker
from pydantic import BaseModel

from semsched_intent_parser.app import register
from semsched_intent_parser.domain.router import ParserRouter
from semsched_intent_parser.handlers import ParserHandlers
from semsched_intents import CpuParser
from semsched_proto import (
    ClusterContext,
    IntentsParsed,
    ParseReply,
    ParseRequest,
    ParseResult,
    PodState,
    subjects,
)

CONTEXT = ClusterContext(zones=["zone-x", "zone-y"], apps=["cassandra"])


class MemoryBus:
    """Our own Bus surface (get/put/publish_event), in memory."""

    def __init__(self) -> None:
        self.kv: dict[tuple[str, str], str] = {}
        self.events: list[tuple[str, BaseModel]] = []

    async def get(self, bucket: str, key: str, model: type[BaseModel]) -> BaseModel | None:
        raw = self.kv.get((bucket, key))
        return None if raw is None else model.model_validate_json(raw)

    async def put(self, bucket: str, key: str, value: BaseModel) -> int:
        self.kv[(bucket, key)] = value.model_dump_json()
        return len(self.kv)

    async def publish_event(self, subject: str, event: BaseModel) -> None:
        self.events.append((subject, event))

    async def keys(self, bucket: str) -> list[str]:
        return [key for held, key in self.kv if held == bucket]

    async def values(self, bucket: str, model: type[BaseModel]) -> dict[str, BaseModel]:
        return {key: model.model_validate_json(raw) for (held, key), raw in self.kv.items() if held == bucket}


class CountingRouter(ParserRouter):
    def __init__(self) -> None:
        super().__init__(CpuParser(), "cpu", None, 0.7)
        self.calls = 0

    async def parse(self, hint: str, context: ClusterContext) -> ParseResult:
        self.calls += 1
        await asyncio.sleep(0.01)  # long enough for concurrent callers to overlap
        return await super().parse(hint, context)


class NoContexts:
    def __init__(self) -> None:
        self.items: dict[str, ClusterContext] = {}


def handlers(router: ParserRouter, bus: MemoryBus, cache_size: int = 100) -> ParserHandlers:
    return ParserHandlers(router, bus, NoContexts(), cache_size)  # type: ignore[arg-type]


async def test_a_rollout_of_one_hint_costs_one_parse() -> None:
    router, bus = CountingRouter(), MemoryBus()
    h = handlers(router, bus)
    replies = await asyncio.gather(*(h.parse("spread across zones", CONTEXT) for _ in range(1000)))
    assert router.calls == 1
    assert {r[0].intents[0].type for r in replies} == {"spread_replicas_zones"}
    assert sum(1 for r in replies if not r[2]) == 1  # one real parse, 999 joined or cached


async def test_the_kv_cache_serves_a_fresh_process() -> None:
    bus = MemoryBus()
    first = CountingRouter()
    await handlers(first, bus).parse("near cassandra", CONTEXT)
    second = CountingRouter()
    result, _, cached = await handlers(second, bus, cache_size=0).parse("near cassandra", CONTEXT)
    assert second.calls == 0 and cached and result.intents[0].params == {"app": "cassandra"}


async def test_another_context_is_another_parse() -> None:
    router, bus = CountingRouter(), MemoryBus()
    h = handlers(router, bus)
    await h.parse("in zone x", CONTEXT)
    await h.parse("in zone x", ClusterContext(zones=["zone-x"]))
    assert router.calls == 2


@pytest.mark.parametrize("hint", ["", "y" * 50_000])
async def test_request_reply_over_the_broker(hint: str) -> None:
    broker = NatsBroker()
    register(broker, handlers(CountingRouter(), MemoryBus()))
    async with TestNatsBroker(broker) as test_broker:
        reply = await test_broker.request(ParseRequest(hint=hint, context=CONTEXT), subjects.RPC_PARSE)
        parsed = ParseReply.model_validate_json(reply.body)
    assert parsed.result.intents == []
    assert (parsed.result.error is not None) == bool(hint)


class ReaderRouter(ParserRouter):
    """A router that says its parses depend on more than hint and context (as a learned reader's do)."""

    def __init__(self, identity: str) -> None:
        super().__init__(CpuParser(), "cpu", None, 0.7)
        self.identity = identity

    @property
    def cache_identity(self) -> str:
        return self.identity


async def test_cached_parses_of_another_configuration_are_not_reused() -> None:
    bus = MemoryBus()
    _, key, _ = await handlers(ParserRouter(CpuParser(), "cpu", None, 0.7), bus).parse(
        "near cassandra", CONTEXT
    )
    assert set(bus.kv) == {(subjects.KV_INTENT_CACHE, key)}
    _, same, cached = await handlers(ReaderRouter("reader:a"), bus).parse("near cassandra", CONTEXT)
    assert same == key and not cached and len(bus.kv) == 2
    _, _, cached = await handlers(ReaderRouter("reader:a"), bus).parse("near cassandra", CONTEXT)
    assert cached
    _, _, cached = await handlers(ReaderRouter("reader:b"), bus).parse("near cassandra", CONTEXT)
    assert not cached and len(bus.kv) == 3


async def test_catch_up_parses_hinted_pending_pods_announced_before_the_parser_subscribed() -> None:
    bus = MemoryBus()
    pods = {
        "shop.a": PodState(namespace="shop", name="a", uid="ua", hint="near cassandra"),
        "shop.b": PodState(namespace="shop", name="b", uid="ub", hint="near cassandra"),  # parsed already
        "shop.c": PodState(namespace="shop", name="c", uid="uc"),  # no hint
        "shop.d": PodState(namespace="shop", name="d", uid="ud", hint="near cassandra", node="n1"),  # placed
    }
    for key, pod in pods.items():
        await bus.put(subjects.KV_PODS, key, pod)
    await bus.put(
        subjects.KV_POD_INTENTS,
        "shop.b",
        IntentsParsed(pod_key="shop.b", hint_hash="h", result=ParseResult()),
    )
    router = CountingRouter()
    assert await handlers(router, bus).catch_up() == 0  # no context yet: the pending events are to come
    await bus.put(subjects.KV_CONTEXT, subjects.CONTEXT_KEY, CONTEXT)
    assert await handlers(router, bus).catch_up() == 1
    parsed = await bus.get(subjects.KV_POD_INTENTS, "shop.a", IntentsParsed)
    assert parsed is not None and [i.type for i in parsed.result.intents] == ["colocate_with"]  # type: ignore[attr-defined]
    assert [subject for subject, _ in bus.events] == [subjects.INTENTS_PARSED]
