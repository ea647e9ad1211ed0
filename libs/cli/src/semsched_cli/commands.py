"""The commands that need a platform: up, simulate, explain."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import httpx

from semsched_cli import packing
from semsched_cli.explain import explain, summary
from semsched_cli.natsclient import CliNats
from semsched_cli.options import parser_env
from semsched_cli.platform import Platform, PlatformError, forget_state, pick_port, running_platform
from semsched_cli.simulate import ExtenderClient, K8sObject, Placement, load_pods, simulate, write_output
from semsched_proto import PackingRecommended

SUBMIT_CHUNK = 200


def _progress(detail: dict[str, object]) -> None:
    if sys.stderr.isatty():
        shown = ", ".join(f"{k}={v}" for k, v in detail.items() if k != "ready")
        print(f"\r  waiting for the view: {shown or 'starting services'}   ", end="", file=sys.stderr)


def _stop_on_signals() -> None:
    """Ctrl-C and SIGTERM both stop the platform (SIGINT is ignored in a background job)."""

    def interrupt(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)


def cmd_up(
    cluster: Path,
    port: int,
    data_dir: Path | None,
    extender_workers: int = 2,
    env: dict[str, str] | None = None,
) -> int:
    _stop_on_signals()
    platform = Platform(
        cluster, port=port, data_dir=data_dir, extender_workers=extender_workers, extra_env=env or {}
    )
    print(f"starting semsched on {cluster} (nats-server with JetStream + 4 services)", file=sys.stderr)
    try:
        platform.start()
        started = time.monotonic()
        platform.wait_ready(timeout_s=120, on_wait=_progress)
        platform.write_state()
        print(
            f"\nready in {time.monotonic() - started:.1f}s: extender {platform.extender_url} "
            f"(POST /prioritize, /filter; GET /readyz /metrics), NATS {platform.nats_url}; "
            f"logs in {platform.data_dir}. Ctrl-C stops everything."
        )
        while True:
            time.sleep(1.0)
            platform.check_alive()
    except KeyboardInterrupt:
        print("\nstopping", file=sys.stderr)
        return 0
    finally:
        platform.stop()
        forget_state()


def cmd_simulate(args: argparse.Namespace) -> int:
    pods, to_create = load_pods(args.pods)
    if args.baseline:
        placements = simulate(
            args.cluster, pods, None, args.extender_weight, args.seed, _printer(None, args.quiet)
        )
        plan = _pack(args, pods, placements, None)
        return _finish(placements, args.output, plan)
    running = running_platform()
    if running is not None and Path(running["cluster"]) == args.cluster.resolve():
        print(f"using the running platform at {running['extender_url']}", file=sys.stderr)
        return _simulate_on(args, pods, to_create, running["extender_url"], running["nats_url"])
    _stop_on_signals()
    with Platform(args.cluster, port=pick_port(args.port), extra_env=parser_env(args)) as platform:
        print("starting an embedded platform (nats-server + 4 services)...", file=sys.stderr)
        platform.wait_ready(timeout_s=120, on_wait=_progress)
        return _simulate_on(args, pods, to_create, platform.extender_url, platform.nats_url)


def _simulate_on(
    args: argparse.Namespace,
    pods: Sequence[K8sObject],
    to_create: Sequence[K8sObject],
    extender_url: str,
    nats_url: str,
) -> int:
    nats = CliNats(nats_url)
    extender = ExtenderClient(extender_url)
    try:
        for start in range(0, len(to_create), SUBMIT_CHUNK):
            nats.submit(list(to_create[start : start + SUBMIT_CHUNK]))
        _wait_warm(extender_url, timeout_s=30.0)
        printer = _printer(nats, args.quiet)
        placements = simulate(args.cluster, list(pods), extender, args.extender_weight, args.seed, printer)
        plan = _pack(args, pods, placements, nats)
    finally:
        extender.close()
        nats.close()
    return _finish(placements, args.output, plan)


def _pack(
    args: argparse.Namespace, pods: Sequence[K8sObject], placements: list[Placement], nats: CliNats | None
) -> PackingRecommended | None:
    """`--pack`: the packer's recommendation for the pods left pending, applied to the simulation."""
    if not getattr(args, "pack", False) or all(p.node is not None for p in placements):
        return None
    request = packing.build_request(
        args.cluster, pods, placements, args.pack_window, args.pack_policy, args.pack_max_moves
    )
    plan = nats.pack(request) if nats is not None else packing.recommend_here(args.cluster, pods, request)
    print("\n".join(["", *packing.describe(plan, args.pack_window)]))
    packing.apply(placements, plan)
    return plan


def _wait_warm(extender_url: str, timeout_s: float) -> None:
    """Pods were just created: give the event-driven path time to build their views, as
    kube-scheduler's queue would, without ever blocking longer than `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    with httpx.Client(timeout=1.0) as client:
        while time.monotonic() < deadline:
            try:
                if client.get(f"{extender_url}/readyz").status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
    print("warning: views not all ready; the extender's bounded sync path covers the rest", file=sys.stderr)


def _printer(nats: CliNats | None, quiet: bool) -> Callable[[Placement], None]:
    def show(placement: Placement) -> None:
        if quiet:
            return
        where = placement.node or f"UNSCHEDULABLE ({placement.reason})"
        extender = "" if placement.extender_score is None else f" ext={placement.extender_score}"
        why = ""
        if nats is not None and placement.node is not None:
            namespace, name = placement.pod.split("/", 1)
            view = nats.view(f"{namespace}.{name}")
            why = f"  [{summary(view, placement.node)}]" if view is not None else ""
        print(f"{placement.pod:<44} -> {where}{extender}{why}")

    return show


def _finish(placements: list[Placement], output: Path | None, plan: PackingRecommended | None = None) -> int:
    placed = [p for p in placements if p.node is not None]
    nodes = Counter(p.node for p in placed)
    print(
        f"\n{len(placed)}/{len(placements)} pods placed, {len(placements) - len(placed)} pending, "
        f"on {len(nodes)} node(s)"
    )
    if plan is not None:
        print("(the plan is applied to this simulation only; semsched never applies it to a cluster)")
    if output is not None:
        write_output(output, placements, packing.as_json(plan) if plan is not None else None)
        print(f"placements written to {output}")
    return 0


def cmd_explain(pod: str, nats_url: str | None, top: int) -> int:
    url = nats_url or os.environ.get("SEMSCHED_NATS_URL")
    if url is None:
        running = running_platform()
        if running is None:
            raise PlatformError("no running platform found: start `semsched up` or pass --nats-url")
        url = running["nats_url"]
    namespace, _, name = pod.rpartition("/")
    nats = CliNats(url)
    try:
        view = nats.view(f"{namespace or 'default'}.{name}")
    finally:
        nats.close()
    if view is None:
        print(f"no view for {namespace or 'default'}/{name}: is it a pending pod with a semsched.io/hint?")
        return 1
    print("\n".join(explain(view, top)))
    return 0
