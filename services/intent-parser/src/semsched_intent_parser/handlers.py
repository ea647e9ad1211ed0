"""Parse on pending-pod events and on request; one parse per (hint, context).

Results are cached in memory (LRU) and in the `intent-cache` bucket, keyed by the hash of
hint and context (salted with the learned reader's identity when one is configured, so that
parses of another configuration are not reused), and identical parses already under way are
awaited rather than repeated, so a 1,000-replica rollout with one hint costs one parse.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict

import structlog
from prometheus_client import Counter, Histogram

from semsched_core.bus import Bus
from semsched_core.kvmirror import KvMirror
from semsched_intent_parser.domain.policy import NamespacePolicy, apply_policy
from semsched_intent_parser.domain.router import ParserRouter
from semsched_intents import hint_hash
from semsched_proto import (
    ClusterContext,
    IntentsParsed,
    ParseReply,
    ParseRequest,
    ParseResult,
    PodPending,
    PodState,
    subjects,
)

log = structlog.get_logger()
PARSES = Counter("semsched_intent_parser_parses_total", "hint parses by outcome", ["outcome"])
PARSE_SECONDS = Histogram(
    "semsched_intent_parser_parse_seconds",
    "time to parse one hint (cache misses)",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5),
)


class ParserHandlers:
    def __init__(
        self,
        router: ParserRouter,
        bus: Bus,
        contexts: KvMirror[ClusterContext],
        cache_size: int,
        policies: dict[str, NamespacePolicy] | None = None,
    ) -> None:
        self.policies = policies or {}
        self.router = router
        self._salt = router.cache_identity  # fixed for the router's life: computed once, not per parse
        self.bus = bus
        self.contexts = contexts
        self.cache_size = cache_size
        self._memory: OrderedDict[str, ParseResult] = OrderedDict()
        self._inflight: dict[str, asyncio.Future[ParseResult]] = {}

    async def _published_context(self) -> ClusterContext | None:
        """The cluster context the state cache published (the mirror, else the bucket), or None."""
        current = self.contexts.items.get(subjects.CONTEXT_KEY)
        if current is None:
            current = await self.bus.get(subjects.KV_CONTEXT, subjects.CONTEXT_KEY, ClusterContext)
        return current

    async def context(self) -> ClusterContext:
        return await self._published_context() or ClusterContext()

    def _cache_key(self, key: str) -> str:
        salt = self._salt
        return key if not salt else hashlib.sha256(f"{key}\x00{salt}".encode()).hexdigest()

    async def parse(self, hint: str, context: ClusterContext) -> tuple[ParseResult, str, bool]:
        """The parse of `hint` against `context`, its hint hash, and whether it came from a cache."""
        key = hint_hash(hint, context)
        result, was_cached = await self._cached_parse(self._cache_key(key), hint, context)
        return result, key, was_cached

    async def _cached_parse(self, key: str, hint: str, context: ClusterContext) -> tuple[ParseResult, bool]:
        cached = self._memory.get(key)
        if cached is not None:
            self._memory.move_to_end(key)
            PARSES.labels("memory_hit").inc()
            return cached, True
        running = self._inflight.get(key)
        if running is not None:
            PARSES.labels("joined").inc()
            return await running, True
        future: asyncio.Future[ParseResult] = asyncio.get_running_loop().create_future()
        self._inflight[key] = future
        try:
            result, was_cached = await self._parse_uncached(key, hint, context)
            future.set_result(result)
            self._remember(key, result)
            return result, was_cached
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: joiners get it, nobody else must
            raise
        finally:
            del self._inflight[key]

    async def _parse_uncached(self, key: str, hint: str, context: ClusterContext) -> tuple[ParseResult, bool]:
        stored = await self.bus.get(subjects.KV_INTENT_CACHE, key, ParseResult)
        if stored is not None:
            PARSES.labels("kv_hit").inc()
            return stored, True
        with PARSE_SECONDS.time():
            result = await self.router.parse(hint, context)
        PARSES.labels("error" if result.error else "parsed").inc()
        await self.bus.put(subjects.KV_INTENT_CACHE, key, result)
        return result, False

    def _remember(self, key: str, result: ParseResult) -> None:
        if self.cache_size <= 0:
            return
        self._memory[key] = result
        while len(self._memory) > self.cache_size:
            self._memory.popitem(last=False)

    async def on_pending(self, event: PodPending) -> None:
        pod = event.pod
        result, key, _ = await self.parse(pod.hint or "", await self.context())
        result = apply_policy(result, pod.namespace, self.policies)
        parsed = IntentsParsed(
            pod_key=pod.key, pod_uid=pod.uid, hint_hash=key, result=result, correlation_id=event.event_id
        )
        await self.bus.put(subjects.KV_POD_INTENTS, pod.key, parsed)
        await self.bus.publish_event(subjects.INTENTS_PARSED, parsed)
        if result.error:
            log.warning("hint_rejected", pod=pod.key, reason=result.error)

    async def catch_up(self) -> int:
        """Parse the hinted pending pods that have no intents yet, and return how many. The pending
        consumer only sees events published after it exists, so a pod the state cache announced while
        this parser was starting (loading a reader model, say) would otherwise never be parsed."""
        if await self._published_context() is None:
            return 0  # the state cache has not published its context: its pending events are still to come
        # Two streamed reads, not a get per pod: the cost follows the buckets' size, not a round trip each.
        parsed = set(await self.bus.keys(subjects.KV_POD_INTENTS))
        done = 0
        for pod in (await self.bus.values(subjects.KV_PODS, PodState)).values():
            if not pod.hint or (pod.node is not None and not pod.tentative) or pod.key in parsed:
                continue
            await self.on_pending(PodPending(pod=pod, context_hash=""))
            done += 1
        return done

    async def on_request(self, request: ParseRequest) -> ParseReply:
        context = request.context or await self.context()
        result, key, cached = await self.parse(request.hint, context)
        result = apply_policy(result, request.namespace, self.policies)
        return ParseReply(result=result, hint_hash=key, cached=cached)
