import json
from pathlib import Path

import pytest

from semsched_kube import ManifestError, SnapshotError, load_objects, load_snapshot
from semsched_kube import snapshot as snapshot_module

LIST_JSON = {
    "apiVersion": "v1",
    "kind": "List",
    "items": [
        {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1"}},
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p1", "namespace": "default"}},
        {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "rs", "namespace": "default"}},
        {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "svc"}},
    ],
    "metadata": {"resourceVersion": ""},
}

LIST_YAML = """\
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: n1
    creationTimestamp: 2024-05-01T10:00:00Z
- apiVersion: v1
  kind: Pod
  metadata:
    name: p1
"""

MULTI_DOC = """\
apiVersion: v1
kind: Pod
metadata: {name: a}
---
# a comment-only document and an empty one are skipped
---
apiVersion: v1
kind: NodeList
items:
- {kind: Node, metadata: {name: n1}}
---
kind: Pod
metadata: {name: b}
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("name", "text", "names"),
    [
        ("list.json", json.dumps(LIST_JSON), ["n1", "p1", "rs", "svc"]),
        ("list.yaml", LIST_YAML, ["n1", "p1"]),
        ("multi.yaml", MULTI_DOC, ["a", "n1", "b"]),
        ("single.yaml", "kind: Node\nmetadata:\n  name: solo\n", ["solo"]),
        ("single.json", '{"kind": "Pod", "metadata": {"name": "solo"}}', ["solo"]),
        ("array.json", '[{"kind": "Pod", "metadata": {"name": "x"}}]', ["x"]),
        ("empty.yaml", "", []),
    ],
)
def test_formats(tmp_path: Path, name: str, text: str, names: list[str]) -> None:
    objs = load_objects(_write(tmp_path, name, text))
    assert [o["metadata"]["name"] for o in objs] == names  # type: ignore[index]


def test_timestamps_stay_strings(tmp_path: Path) -> None:
    node = load_objects(_write(tmp_path, "l.yaml", LIST_YAML))[0]
    assert node["metadata"]["creationTimestamp"] == "2024-05-01T10:00:00Z"  # type: ignore[index]


def test_snapshot_splits_by_role(tmp_path: Path) -> None:
    snap = load_snapshot(_write(tmp_path, "l.json", json.dumps(LIST_JSON)))
    assert [o["kind"] for o in snap.nodes] == ["Node"]
    assert [o["kind"] for o in snap.pods] == ["Pod"]
    assert [o["kind"] for o in snap.owners] == ["ReplicaSet"]


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("kind: Pod\nmetadata: {name: a}\n  bad: indent\n", SnapshotError, r"bad\.yaml:3:\d+: invalid YAML"),
        ('{"kind": "Pod",\n "metadata": }', SnapshotError, r"bad\.yaml:2:\d+: invalid JSON"),
        ("metadata: {name: a}\n", ManifestError, "document 1: object has no kind"),
        ("kind: Pod\nmetadata: {}\n", ManifestError, "Pod has no metadata.name"),
        (
            "kind: List\nitems:\n- kind: Pod\n  metadata: {name: a}\n- kind: Pod\n",
            ManifestError,
            r"items\[1\]: Pod has no",
        ),
        ("- 1\n- 2\n", ManifestError, "expected a Kubernetes object, got int"),
        ("kind: Pod\nmetadata: [a]\n", ManifestError, "metadata: expected a mapping"),
    ],
)
def test_errors_name_the_place(tmp_path: Path, text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        load_objects(_write(tmp_path, "bad.yaml", text))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SnapshotError, match="no such file"):
        load_objects(tmp_path / "nope.yaml")


def test_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot_module, "MAX_BYTES", 10)
    with pytest.raises(SnapshotError, match="over the"):
        load_objects(_write(tmp_path, "big.yaml", "kind: Pod\nmetadata: {name: a}\n"))


def test_kube_errors_are_value_errors_with_one_root() -> None:
    from semsched_kube import KubeError

    assert issubclass(ManifestError, KubeError) and issubclass(ManifestError, ValueError)
    assert issubclass(SnapshotError, KubeError)
