"""Read cluster objects from what `kubectl get nodes,pods -o json|yaml` prints, or manifests.

Accepted: a v1 List (`kind: List` or any `*List` with `items`), a multi-document YAML
stream, a single object, or a JSON array of objects; Lists nest. Timestamps stay strings
(YAML's implicit timestamp type is disabled) so objects look exactly as JSON would.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from semsched_kube.access import K8sObject, kind_of, metadata
from semsched_kube.errors import ManifestError, SnapshotError

MAX_BYTES = 256 * 1024 * 1024
OWNER_KINDS = frozenset(
    {"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob", "ReplicationController"}
)

if TYPE_CHECKING:
    _BaseLoader = yaml.SafeLoader
else:  # the libyaml-backed loader when PyYAML was built with it: ~10x faster on large dumps
    _BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BaseLoader):
    """Safe loader without the implicit timestamp type (creationTimestamp stays a string)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in _BaseLoader.yaml_implicit_resolvers.items()
}


@dataclass
class Snapshot:
    """A cluster's objects split by role; other kinds (Services, ConfigMaps...) are dropped."""

    nodes: list[K8sObject] = field(default_factory=list)
    pods: list[K8sObject] = field(default_factory=list)
    owners: list[K8sObject] = field(default_factory=list)

    @classmethod
    def from_objects(cls, objects: list[K8sObject]) -> Snapshot:
        snap = cls()
        for obj in objects:
            kind = kind_of(obj)
            if kind == "Node":
                snap.nodes.append(obj)
            elif kind == "Pod":
                snap.pods.append(obj)
            elif kind in OWNER_KINDS:
                snap.owners.append(obj)
        return snap


def _read_text(path: Path) -> str:
    try:
        size = path.stat().st_size
    except FileNotFoundError as exc:
        raise SnapshotError(f"{path}: no such file") from exc
    except OSError as exc:
        raise SnapshotError(f"{path}: cannot read ({exc.strerror})") from exc
    if size > MAX_BYTES:
        raise SnapshotError(f"{path}: {size} bytes is over the {MAX_BYTES // (1024 * 1024)} MiB limit")
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SnapshotError(f"{path}: cannot read as UTF-8 text ({exc})") from exc


def _documents(text: str, path: Path) -> list[object]:
    if text.lstrip().startswith(("{", "[")):
        try:
            return [json.loads(text)]
        except json.JSONDecodeError as exc:
            raise SnapshotError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from exc
    try:
        return list(yaml.load_all(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise SnapshotError(f"{where}: invalid YAML: {exc.problem or exc.context}") from exc
    except yaml.YAMLError as exc:
        raise SnapshotError(f"{path}: invalid YAML: {exc}") from exc


def _flatten(doc: object, where: str) -> Iterator[tuple[str, K8sObject]]:
    if doc is None:
        return
    if isinstance(doc, list):
        for i, item in enumerate(doc):
            yield from _flatten(item, f"{where}[{i}]")
        return
    if not isinstance(doc, Mapping):
        raise ManifestError(f"{where}: expected a Kubernetes object, got {type(doc).__name__}")
    kind = doc.get("kind")
    if isinstance(kind, str) and kind.endswith("List") and "items" in doc:
        items = doc["items"]
        if items is None:
            return
        if not isinstance(items, list):
            raise ManifestError(f"{where}.items: expected a list")
        for i, item in enumerate(items):
            yield from _flatten(item, f"{where}.items[{i}]")
        return
    yield where, doc


def _validate(obj: K8sObject, where: str) -> None:
    kind = obj.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ManifestError(f"{where}: object has no kind")
    meta = metadata(obj)
    name = meta.get("name")
    if not isinstance(name, str) or not name:
        raise ManifestError(f"{where}: {kind} has no metadata.name")


def objects_from_text(text: str, source: str = "<text>") -> list[K8sObject]:
    """Objects in a YAML/JSON text; `source` names it in error messages."""
    path = Path(source)
    objects: list[K8sObject] = []
    for d, doc in enumerate(_documents(text, path)):
        for where, obj in _flatten(doc, f"{source}: document {d + 1}"):
            _validate(obj, where)
            objects.append(obj)
    return objects


def load_objects(path: str | Path) -> list[K8sObject]:
    """Every object in the file, Lists flattened, in file order."""
    path = Path(path)
    return objects_from_text(_read_text(path), str(path))


def load_snapshot(path: str | Path) -> Snapshot:
    return Snapshot.from_objects(load_objects(path))
