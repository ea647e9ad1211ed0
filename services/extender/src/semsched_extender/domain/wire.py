"""kube-scheduler's extender wire format (shared/spec/kube-extender.md).

Keys on the wire are Go field names (`Pod`, `NodeNames`, `Nodes`, `Host`, `Score`);
Go decodes case-insensitively, so lower-case request keys are accepted too. A request
that cannot be understood raises `WireError`, answered with 400 and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import orjson

HINT_ANNOTATION = "semsched.io/hint"
MAX_EXTENDER_PRIORITY = 10


class WireError(ValueError):
    """The request body is not a usable ExtenderArgs; the message is the 400 reason."""


@dataclass(frozen=True)
class ExtenderRequest:
    pod: Mapping[str, object]
    namespace: str
    name: str
    uid: str
    hint: str | None
    node_names: list[str]
    node_list: Mapping[str, object] | None  # set when kube-scheduler is not nodeCacheCapable

    @property
    def pod_key(self) -> str:
        return f"{self.namespace}.{self.name}"


def _field(obj: Mapping[str, object], name: str) -> object:
    """A key as Go would find it: exact first, then case-insensitively."""
    if name in obj:
        return obj[name]
    lowered = name.lower()
    for key, value in obj.items():
        if key.lower() == lowered:
            return value
    return None


def parse_args(body: bytes) -> ExtenderRequest:
    try:
        args = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise WireError(f"body is not JSON: {exc}") from exc
    if not isinstance(args, dict):
        raise WireError("ExtenderArgs must be a JSON object")
    pod = _field(args, "Pod")
    if not isinstance(pod, dict):
        raise WireError("ExtenderArgs.Pod is missing or not an object")
    metadata = pod.get("metadata")
    if not isinstance(metadata, dict) or not isinstance(metadata.get("name"), str):
        raise WireError("ExtenderArgs.Pod.metadata.name is missing")
    annotations = metadata.get("annotations")
    annotations = {} if annotations is None else annotations
    if not isinstance(annotations, dict):
        raise WireError("ExtenderArgs.Pod.metadata.annotations must be an object")
    hint = annotations.get(HINT_ANNOTATION)
    names, node_list = _node_names(args)
    return ExtenderRequest(
        pod=pod,
        namespace=str(metadata.get("namespace") or "default"),
        name=metadata["name"],
        uid=str(metadata.get("uid") or ""),
        hint=hint if isinstance(hint, str) else None,
        node_names=names,
        node_list=node_list,
    )


def _node_names(args: Mapping[str, object]) -> tuple[list[str], Mapping[str, object] | None]:
    names = _field(args, "NodeNames")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise WireError("ExtenderArgs.NodeNames must be a list of strings")
        return names, None
    nodes = _field(args, "Nodes")
    if nodes is None:
        return [], None
    items = nodes.get("items") if isinstance(nodes, dict) else None
    if not isinstance(items, list):
        raise WireError("ExtenderArgs.Nodes must be a NodeList with items")
    found = []
    for item in items:
        metadata = item.get("metadata") if isinstance(item, dict) else None
        if not isinstance(metadata, dict) or not isinstance(metadata.get("name"), str):
            raise WireError("ExtenderArgs.Nodes.items[].metadata.name is missing")
        found.append(metadata["name"])
    return found, nodes if isinstance(nodes, dict) else None


def to_wire(score: float) -> int:
    """semsched's 0-100 to the extender's 0-10 (kube-scheduler multiplies by weight x 10)."""
    return max(0, min(MAX_EXTENDER_PRIORITY, int(score / 10.0 + 0.5)))


_ENTRIES: dict[tuple[str, int], bytes] = {}
_ENTRIES_MAX = 200_000  # (node, score) pairs: 11 per node, so ~18k nodes before a reset


def _entry(node: str, score: int) -> bytes:
    rendered = _ENTRIES.get((node, score))
    if rendered is None:
        if len(_ENTRIES) >= _ENTRIES_MAX:
            _ENTRIES.clear()
        rendered = _ENTRIES[(node, score)] = orjson.dumps({"Host": node, "Score": score})
    return rendered


def host_priority_list(node_names: list[str], scores: Mapping[str, int]) -> bytes:
    """HostPriorityList of the non-zero scores, in the request's node order.

    kube-scheduler adds an extender's score only for the hosts it returns
    (`prioritizeNodes`), so leaving out a 0 is exactly the same as sending it, and keeps
    the reply small on large clusters. Each entry is rendered once per (node, score).
    """
    entries = [_entry(name, score) for name in node_names if (score := scores.get(name, 0))]
    return b"[" + b",".join(entries) + b"]"


def filter_result(request: ExtenderRequest) -> bytes:
    """Every node passes: semsched's intents are soft and never filter."""
    result: dict[str, object] = {"FailedNodes": {}, "FailedAndUnresolvableNodes": {}, "Error": ""}
    if request.node_list is not None:
        result["Nodes"] = request.node_list
        result["NodeNames"] = None
    else:
        result["NodeNames"] = request.node_names
        result["Nodes"] = None
    return orjson.dumps(result)
