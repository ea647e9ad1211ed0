"""Process lifecycle shared by the services: signals, graceful stop, metrics endpoint."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Awaitable, Callable, Coroutine

import structlog
from prometheus_client import start_http_server

log = structlog.get_logger()


async def stop_task(task: asyncio.Task[object], retry_s: float = 0.5) -> None:
    """Cancel `task` and wait until it has ended, cancelling again every `retry_s` seconds. On
    Python 3.11 `asyncio.wait_for`, which nats-py waits in, can swallow a cancellation that lands
    as its wait completes, and a task cancelled once would then run on. An exception the task
    ended with is raised here, as awaiting it would."""
    while not task.done():
        task.cancel()
        await asyncio.wait([task], timeout=retry_s)
    with contextlib.suppress(asyncio.CancelledError):
        await task


def serve_metrics(port: int) -> None:
    """Expose Prometheus metrics on 127.0.0.1/0.0.0.0:port (0 disables)."""
    if port > 0:
        start_http_server(port)


def run_until_signalled(main: Callable[[asyncio.Event], Awaitable[None]]) -> None:
    """Run `main(stop)` until SIGINT/SIGTERM sets `stop`; `main` returns after cleaning up."""

    async def runner() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await main(stop)

    try:
        _run(runner())
    except KeyboardInterrupt:  # a second Ctrl-C while cleaning up
        log.warning("interrupted")


def _run(main: Coroutine[object, object, None]) -> None:
    """uvloop where it is installed (Linux, macOS), the standard loop elsewhere."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
        return
    uvloop.run(main)
