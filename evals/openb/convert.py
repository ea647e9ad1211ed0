"""The Alibaba openb GPU trace as a Kubernetes snapshot and pod manifests.

Data: ../shared/research/data/alibaba-gpu-v2023-openb/ (alibaba/clusterdata,
cluster-trace-gpu-v2023, copied byte-for-byte; see SOURCE.txt there). The trace's README asks
users to cite Weng et al., "Beware of Fragmentation: Scheduling GPU-Sharing Workloads with
Fragmentation Gradient Descent", USENIX ATC 2023. No licence is stated for that folder.

What the conversion decides (docs/eval-openb.md says the same):
- Nodes: `openb_node_list_all_node.csv` (1,523 nodes, 310 CPU-only). Allocatable cpu (milli),
  memory (MiB), `nvidia.com/gpu` (whole GPUs) and 110 pod slots. The trace has no zones,
  architectures, taints or prices, so none are invented.
- GPU model labels: `nvidia.com/gpu.product` keeps the trace's model string as written
  (`V100M16`; the baseline's required node affinity uses it), `semsched.io/gpu-model` carries the
  family semsched scores on (GPU_FAMILY below; semsched_kube.gpu reads that label first).
- Pods: one Pod per trace row, in creation_time order (ties by name), namespace `openb`, no
  running pods at the start (the cluster is replayed from empty, as the FGD paper's simulator
  does; deletion times are ignored, so the trace is an arrival sequence that fills the cluster).
  Requests: cpu milli, memory MiB, `nvidia.com/gpu` = num_gpu. A GPU-sharing pod (num_gpu 1,
  gpu_milli < 1000) requests one whole GPU, because kube-scheduler cannot share a device; its
  share is kept in the annotation `openb.alibaba.com/gpu-milli`.
- Hard constraints (both arms): a gpu_spec list becomes required node affinity
  `nvidia.com/gpu.product In [...]`.
- Hints (semsched arm only), from the trace's own columns (HINT TABLE in hint_for).
"""

from __future__ import annotations

import csv
import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = ROOT.parent / "shared" / "research" / "data" / "alibaba-gpu-v2023-openb"
SOURCE_NOTE = (
    "Derived from the Alibaba GPU cluster trace (alibaba/clusterdata, cluster-trace-gpu-v2023, openb); "
    "see ../shared/research/data/alibaba-gpu-v2023-openb/SOURCE.txt. Cite: Weng et al., USENIX ATC 2023."
)
NAMESPACE = "openb"
HINT = "semsched.io/hint"
PRODUCT_LABEL = "nvidia.com/gpu.product"
FAMILY_LABEL = "semsched.io/gpu-model"
GPU = "nvidia.com/gpu"
ANNOTATION_PREFIX = "openb.alibaba.com/"
UID_NAMESPACE = uuid.UUID("6f1b3d0e-8a4c-5e2f-9b7d-0c1a2b3c4d5e")

# Trace model -> GPU family semsched scores on. V100M16/V100M32 are 16 and 32 GB V100s; G2
# and G3 are the trace's own anonymised names and stay as written (lower-cased). A10 maps to
# a10g: the canonical family list (shared/spec/intents.md) has no `a10`, and the CPU parser
# reads "A10" as a10g, so the node label must say a10g for hint and node to agree.
GPU_FAMILY: dict[str, str] = {
    "A10": "a10g",
    "G2": "g2",
    "G3": "g3",
    "P100": "p100",
    "T4": "t4",
    "V100M16": "v100",
    "V100M32": "v100",
}
# How each family is written in a hint (the way a workload owner would name it).
FAMILY_WORD: dict[str, str] = {
    "a10g": "A10",
    "g2": "G2",
    "g3": "G3",
    "p100": "P100",
    "t4": "T4",
    "v100": "V100",
}
# QoS class -> wish (see hint_for). LS and BE are Alibaba's latency-sensitive and best-effort
# classes; Burstable and Guaranteed are Kubernetes QoS classes and say nothing about placement.
QOS_WISH: dict[str, str] = {
    "LS": "ideally a quiet node",
    "BE": "pack it onto busy nodes",
}


@dataclass(frozen=True)
class TraceNode:
    name: str
    cpu_milli: int
    memory_mib: int
    gpus: int
    model: str


@dataclass(frozen=True)
class TracePod:
    name: str
    cpu_milli: int
    memory_mib: int
    num_gpu: int
    gpu_milli: int
    gpu_spec: tuple[str, ...]
    qos: str
    creation_time: int


def read_nodes(path: Path) -> list[TraceNode]:
    with path.open(newline="") as handle:
        return [
            TraceNode(
                name=row["sn"],
                cpu_milli=int(row["cpu_milli"]),
                memory_mib=int(row["memory_mib"]),
                gpus=int(row["gpu"]),
                model=row["model"].strip(),
            )
            for row in csv.DictReader(handle)
        ]


def read_pods(path: Path) -> list[TracePod]:
    """Trace pods in creation_time order (ties by name)."""
    with path.open(newline="") as handle:
        pods = [_pod_row(row) for row in csv.DictReader(handle)]
    return sorted(pods, key=lambda pod: (pod.creation_time, pod.name))


def _pod_row(row: Mapping[str, str]) -> TracePod:
    spec = tuple(sorted({m.strip() for m in (row.get("gpu_spec") or "").split("|") if m.strip()}))
    return TracePod(
        name=row["name"],
        cpu_milli=int(row["cpu_milli"]),
        memory_mib=int(row["memory_mib"]),
        num_gpu=int(row["num_gpu"]),
        gpu_milli=int(row["gpu_milli"] or 0),
        gpu_spec=spec,
        qos=(row.get("qos") or "").strip(),
        creation_time=int(row.get("creation_time") or 0),
    )


def _uid(kind: str, name: str) -> str:
    return str(uuid.uuid5(UID_NAMESPACE, f"{kind}/{name}"))


def node_manifest(node: TraceNode) -> dict[str, object]:
    labels = {"kubernetes.io/hostname": node.name, "kubernetes.io/os": "linux"}
    if node.model and node.gpus > 0:
        labels[PRODUCT_LABEL] = node.model
        labels[FAMILY_LABEL] = GPU_FAMILY.get(node.model, node.model.lower())
    resources = {
        "cpu": f"{node.cpu_milli}m",
        "memory": f"{node.memory_mib}Mi",
        GPU: str(node.gpus),
        "pods": "110",
    }
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": node.name, "uid": _uid("node", node.name), "labels": labels},
        "spec": {},
        "status": {
            "allocatable": dict(resources),
            "capacity": dict(resources),
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady"}],
        },
    }


def family_words(spec: Iterable[str]) -> list[str]:
    """Trace models -> the family names a hint would use, deduplicated, in a stable order."""
    families = sorted({GPU_FAMILY.get(model, model.lower()) for model in spec})
    return [FAMILY_WORD.get(family, family.upper()) for family in families]


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def hint_for(pod: TracePod) -> str:
    """The hint the trace itself implies (empty when it implies nothing).

    HINT TABLE
    - gpu_spec (a hard constraint in the trace) -> "must run on a T4 or V100 GPU."
      (prefer_gpu_models, critical)
    - num_gpu >= 2 -> "Needs N free GPUs on one node." (min_free_gpus N, critical)
    - qos LS (latency-sensitive) -> "Ideally a quiet node." (prefer_least_loaded any, weak)
    - qos BE (best-effort) -> "Pack it onto busy nodes." (prefer_bin_packing, medium)
    - qos Burstable / Guaranteed, num_gpu 0 or 1, no gpu_spec -> nothing
    """
    sentences: list[str] = []
    if pod.gpu_spec:
        sentences.append(f"must run on a {_either(family_words(pod.gpu_spec))} GPU")
    if pod.num_gpu >= 2:
        sentences.append(f"needs {pod.num_gpu} free GPUs on one node")
    if pod.qos in QOS_WISH:
        sentences.append(QOS_WISH[pod.qos])
    return " ".join(f"{s[0].upper()}{s[1:]}." for s in sentences)


def _requests(pod: TracePod) -> dict[str, dict[str, str]]:
    requests = {"cpu": f"{pod.cpu_milli}m", "memory": f"{pod.memory_mib}Mi"}
    limits: dict[str, str] = {}
    if pod.qos == "Guaranteed":
        limits = dict(requests)
    if pod.num_gpu > 0:  # extended resources: the limit must equal the request
        requests[GPU] = limits[GPU] = str(pod.num_gpu)
    return {"requests": requests, "limits": limits} if limits else {"requests": requests}


def _affinity(pod: TracePod) -> dict[str, object]:
    term = {"matchExpressions": [{"key": PRODUCT_LABEL, "operator": "In", "values": list(pod.gpu_spec)}]}
    return {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [term]}}}


def pod_manifest(pod: TracePod, with_hint: bool) -> dict[str, object]:
    annotations = {
        f"{ANNOTATION_PREFIX}qos": pod.qos,
        f"{ANNOTATION_PREFIX}gpu-milli": str(pod.gpu_milli),
        f"{ANNOTATION_PREFIX}creation-time": str(pod.creation_time),
    }
    if pod.gpu_spec:
        annotations[f"{ANNOTATION_PREFIX}gpu-spec"] = "|".join(pod.gpu_spec)
    hint = hint_for(pod) if with_hint else ""
    if hint:
        annotations[HINT] = hint
    spec: dict[str, object] = {
        "schedulerName": "default-scheduler",
        "containers": [
            {"name": "main", "image": "registry.invalid/openb:trace", "resources": _requests(pod)}
        ],
    }
    if pod.gpu_spec:
        spec["affinity"] = _affinity(pod)
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": pod.name,
            "namespace": NAMESPACE,
            "uid": _uid("pod", pod.name),
            "annotations": annotations,
        },
        "spec": spec,
        "status": {"phase": "Pending"},
    }


def as_list(items: list[dict[str, object]]) -> dict[str, object]:
    return {"apiVersion": "v1", "kind": "List", "metadata": {"comment": SOURCE_NOTE}, "items": items}


@dataclass(frozen=True)
class Converted:
    cluster: Path
    semsched_pods: Path
    baseline_pods: Path
    digest: str


def convert(
    nodes_csv: Path, pods_csv: Path, out_dir: Path, limit: int | None = None
) -> tuple[Converted, list[TracePod]]:
    """Write cluster.json, pods-semsched.json and pods-baseline.json under out_dir (deterministic)."""
    nodes = read_nodes(nodes_csv)
    pods = read_pods(pods_csv)[:limit]
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {
        "cluster.json": as_list([node_manifest(n) for n in nodes]),
        "pods-semsched.json": as_list([pod_manifest(p, with_hint=True) for p in pods]),
        "pods-baseline.json": as_list([pod_manifest(p, with_hint=False) for p in pods]),
    }
    digest = hashlib.sha256()
    for name, obj in files.items():
        raw = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()
        digest.update(raw)
        (out_dir / name).write_bytes(raw)
    converted = Converted(
        cluster=out_dir / "cluster.json",
        semsched_pods=out_dir / "pods-semsched.json",
        baseline_pods=out_dir / "pods-baseline.json",
        digest=digest.hexdigest()[:16],
    )
    return converted, pods
