"""The ack policy every JetStream subscriber states, in one place.

A payload that does not validate is terminated (redelivery cannot fix it); a transient
failure (NATS unavailable, a timeout) is nacked with a delay, and the consumer's
`max_deliver` bounds the redeliveries; success is acked.
"""

from __future__ import annotations

import warnings
from collections.abc import Awaitable, Callable
from typing import TypeVar

import nats.errors
import structlog
from faststream import AckPolicy
from faststream.nats import JStream, NatsBroker, NatsMessage
from nats.js.api import ConsumerConfig, DeliverPolicy
from pydantic import BaseModel, ValidationError

from semsched_core.errors import BusError
from semsched_proto import subjects

M = TypeVar("M", bound=BaseModel)
# FastStream warns that a durable push consumer cannot scale out; with a deliver group (queue) it does:
# NATS hands each message to one member of the group.
warnings.filterwarnings("ignore", message="The JetStream Push consumer with the `durable` option")
log = structlog.get_logger()
TRANSIENT = (BusError, nats.errors.Error, TimeoutError, ConnectionError)


Handler = Callable[[NatsMessage], Awaitable[None]]
H = TypeVar("H", bound=Handler)


def durable_subscriber(
    broker: NatsBroker, subject: str, durable: str, max_deliver: int = 5
) -> Callable[[H], H]:
    """Subscribe a handler to `subject` on the events stream through a durable push consumer
    delivered to a queue group of the same name: replicas of a service share the work, each
    message is handled once, and the handler acks itself (`consume`)."""
    subscriber = broker.subscriber(
        subject,
        stream=JStream(name=subjects.EVENTS_STREAM, declare=False),
        durable=durable,
        queue=durable,
        config=ConsumerConfig(max_deliver=max_deliver, ack_wait=30.0, deliver_policy=DeliverPolicy.NEW),
        ack_policy=AckPolicy.MANUAL,
    )

    def decorate(handler: H) -> H:
        subscriber(handler)
        return handler

    return decorate


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
