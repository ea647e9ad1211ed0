"""The ack policy every JetStream subscriber states, in one place.

A payload that does not validate is terminated (redelivery cannot fix it); a transient
failure (NATS unavailable, a timeout) is nacked with a delay, and the consumer's
`max_deliver` bounds the redeliveries; success is acked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import nats.errors
import structlog
from faststream import AckPolicy
from faststream.nats import JStream, NatsMessage, PullSub
from nats.js.api import ConsumerConfig, DeliverPolicy
from pydantic import BaseModel, ValidationError
from semsched_proto import subjects

from semsched_core.errors import BusError

M = TypeVar("M", bound=BaseModel)
log = structlog.get_logger()
TRANSIENT = (BusError, nats.errors.Error, TimeoutError, ConnectionError)


def durable_consumer(durable: str, max_deliver: int = 5) -> dict[str, Any]:
    """Keyword arguments for `broker.subscriber`: a shared pull consumer on the events stream.

    Replicas of a service share the durable name, so each message is handled once.
    """
    return {
        "stream": JStream(name=subjects.EVENTS_STREAM, declare=False),
        "durable": durable,
        "pull_sub": PullSub(batch_size=16, timeout=1.0),
        "config": ConsumerConfig(max_deliver=max_deliver, ack_wait=30.0, deliver_policy=DeliverPolicy.NEW),
        "ack_policy": AckPolicy.MANUAL,
    }


async def consume(
    msg: NatsMessage, model: type[M], handle: Callable[[M], Awaitable[None]], retry_delay_s: float = 1.0
) -> None:
    try:
        payload = model.model_validate_json(msg.body)
    except ValidationError as exc:
        log.warning("message_terminated", subject=msg.raw_message.subject, error=str(exc)[:300])
        await msg.reject()
        return
    try:
        await handle(payload)
    except TRANSIENT as exc:
        log.warning("message_retry", subject=msg.raw_message.subject, error=repr(exc))
        await msg.nack(delay=retry_delay_s)
        return
    await msg.ack()
