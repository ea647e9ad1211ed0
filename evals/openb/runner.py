"""Scheduling the converted openb trace: the semsched arm (embedded platform, real extender
path) and the baseline arm (the kube-scheduler emulation alone), with per-pod timing."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from evals.openb.convert import PRODUCT_LABEL, TraceNode, TracePod
from evals.openb.metrics import ClusterState, TaskMix, fragmentation
from semsched_cli.natsclient import CliNats
from semsched_cli.platform import Platform
from semsched_cli.simulate import ExtenderClient, K8sObject, Placement, simulate
from semsched_core.embedded_nats import free_port

SUBMIT_CHUNK = 200
PROGRESS_EVERY = 500
CURVE_EVERY = 100


class TimedExtender(ExtenderClient):
    """ExtenderClient that records the wall time of every /prioritize call."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.seconds: list[float] = []

    def prioritize(self, pod: K8sObject, node_names: list[str]) -> dict[str, int]:
        started = time.perf_counter()
        try:
            return super().prioritize(pod, node_names)
        finally:
            self.seconds.append(time.perf_counter() - started)


@dataclass
class ArmResult:
    name: str
    placements: list[Placement] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # per pod: filter + score + extender
    extender_seconds: list[float] = field(default_factory=list)
    wall_s: float = 0.0
    curve: list[tuple[int, float, float]] = field(default_factory=list)  # (pods done, gpu alloc, frag)
    state: ClusterState | None = None
    ready_s: float | None = None
    ready_detail: dict[str, object] = field(default_factory=dict)
    metrics: dict[str, dict[str, float]] = field(default_factory=dict)


class Tracker:
    """on_placement callback: timing, cluster state, curve, a progress line every 500 pods."""

    def __init__(self, result: ArmResult, nodes: list[TraceNode], pods: list[TracePod], mix: TaskMix) -> None:
        self.result = result
        self.state = ClusterState.of(nodes)
        self.pods = {f"openb/{p.name}": p for p in pods}
        self.total = len(pods)
        self.mix = mix
        self.started = time.perf_counter()
        self.last = self.started

    def __call__(self, placement: Placement) -> None:
        now = time.perf_counter()
        self.result.latencies.append(now - self.last)
        self.last = now
        if placement.node is not None:
            self.state.place(self.pods[placement.pod], placement.node)
        self.result.placements.append(placement)
        done = len(self.result.placements)
        if done % CURVE_EVERY == 0 or done == self.total:
            self.result.curve.append((done, self.state.allocation()[2], fragmentation(self.state, self.mix)))
        if done % PROGRESS_EVERY == 0 or done == self.total:
            self._progress(done, now)

    def _progress(self, done: int, now: float) -> None:
        placed = sum(1 for p in self.result.placements if p.node is not None)
        rate = done / max(now - self.started, 1e-9)
        print(
            f"  [{self.result.name}] {done}/{self.total} pods, {placed} placed, "
            f"GPU alloc {self.state.allocation()[2]:.1%}, {rate:.0f} pods/s",
            file=sys.stderr,
            flush=True,
        )


def run_baseline(
    cluster: Path, manifests: list[K8sObject], nodes: list[TraceNode], pods: list[TracePod], mix: TaskMix
) -> ArmResult:
    result = ArmResult("baseline")
    tracker = Tracker(result, nodes, pods, mix)
    started = time.perf_counter()
    tracker.started = tracker.last = started
    simulate(cluster, manifests, None, weight=10, on_placement=tracker)
    result.wall_s = time.perf_counter() - started
    result.state = tracker.state
    return result


def _ready_timeout(pod_count: int) -> float:
    return 60.0 + pod_count / 20.0


def _cache_has(cache_url: str, count: int) -> bool:
    """The state cache holds every submitted pod (its pods gauge; True when it is not exposed)."""
    pods = scrape(cache_url).get("semsched_state_cache_pods")
    return pods is None or pods >= count


def _submit_and_wait(
    platform: Platform, manifests: list[K8sObject], result: ArmResult, cache_url: str
) -> None:
    nats = CliNats(platform.nats_url, timeout_s=30.0)
    try:
        started = time.perf_counter()
        for start in range(0, len(manifests), SUBMIT_CHUNK):
            nats.submit(list(manifests[start : start + SUBMIT_CHUNK]))
    finally:
        nats.close()
    deadline = time.perf_counter() + _ready_timeout(len(manifests))
    with httpx.Client(timeout=2.0) as client:
        while time.perf_counter() < deadline:
            platform.check_alive()
            try:
                reply = client.get(f"{platform.extender_url}/readyz")
                result.ready_detail = reply.json()
                if reply.status_code == 200 and _cache_has(cache_url, len(manifests)):
                    result.ready_s = time.perf_counter() - started
                    return
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.5)
    print(f"  warning: not ready after the bounded wait: {result.ready_detail}", file=sys.stderr)


def run_semsched(
    cluster: Path,
    manifests: list[K8sObject],
    nodes: list[TraceNode],
    pods: list[TracePod],
    mix: TaskMix,
    workers: int = 2,
) -> ArmResult:
    result = ArmResult("semsched")
    scorer_port, cache_port = free_port(), free_port()
    env = {"SCORER_METRICS_PORT": str(scorer_port), "STATE_CACHE_METRICS_PORT": str(cache_port)}
    with Platform(cluster, port=free_port(), extender_workers=workers, extra_env=env) as platform:
        platform.wait_ready(timeout_s=180)
        print(f"  platform ready; submitting {len(manifests)} pods", file=sys.stderr, flush=True)
        _submit_and_wait(platform, manifests, result, f"http://127.0.0.1:{cache_port}")
        print(f"  views ready after {result.ready_s or 0:.1f}s; scheduling", file=sys.stderr, flush=True)
        extender = TimedExtender(platform.extender_url)
        tracker = Tracker(result, nodes, pods, mix)
        started = time.perf_counter()
        tracker.started = tracker.last = started
        try:
            simulate(cluster, manifests, extender, weight=10, on_placement=tracker)
        finally:
            result.wall_s = time.perf_counter() - started
            extender.close()
        result.state = tracker.state
        result.extender_seconds = extender.seconds
        result.metrics = {
            "extender": scrape_workers(platform.extender_url, workers),
            "scorer": scrape(f"http://127.0.0.1:{scorer_port}"),
            "state-cache": scrape(f"http://127.0.0.1:{cache_port}"),
        }
    return result


_SAMPLE = re.compile(r"^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?)\s+([-+0-9.eEinfNa]+)$")


def parse_metrics(text: str) -> dict[str, float]:
    samples: dict[str, float] = {}
    for line in text.splitlines():
        match = _SAMPLE.match(line.strip())
        if match and not line.startswith("#"):
            samples[match.group(1)] = float(match.group(2))
    return samples


def scrape(url: str) -> dict[str, float]:
    try:
        return parse_metrics(httpx.get(f"{url}/metrics", timeout=2.0).text)
    except httpx.HTTPError:
        return {}


def scrape_workers(url: str, workers: int, attempts: int = 40) -> dict[str, float]:
    """Sum the counters of every extender worker: each keeps its own registry, and a fresh
    connection reaches one of them (SO_REUSEPORT); workers are told apart by start time."""
    seen: dict[float, dict[str, float]] = {}
    for _ in range(attempts):
        samples = scrape(url)
        seen[samples.get("process_start_time_seconds", 0.0)] = samples
        if len(seen) >= workers:
            break
    total: dict[str, float] = {"workers_seen": float(len(seen))}
    for samples in seen.values():
        for key, value in samples.items():
            if key.startswith("semsched_"):
                total[key] = total.get(key, 0.0) + value
    return total


def gpu_spec_violations(
    placements: list[Placement], pods: Mapping[str, TracePod], node_labels: Callable[[str], Mapping[str, str]]
) -> int:
    """Placed pods whose node's GPU model is not in the pod's gpu_spec."""
    bad = 0
    for placement in placements:
        pod = pods[placement.pod]
        if placement.node is not None and pod.gpu_spec:
            bad += node_labels(placement.node).get(PRODUCT_LABEL, "") not in pod.gpu_spec
    return bad
