"""Typed, defensive reads of JSON-shaped Kubernetes objects.

Objects come from YAML/JSON files and the API, so every field may be missing or of the
wrong type. Readers here return an empty value for a missing (or null) field and raise
`ManifestError` naming the object and the field path for a field of the wrong type.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from semsched_kube.errors import ManifestError

K8sObject = Mapping[str, object]
"""A Kubernetes object as decoded JSON: kind, apiVersion, metadata, spec, status."""

_EMPTY: Mapping[str, object] = {}


def describe(obj: K8sObject) -> str:
    """`Kind namespace/name` (or what is known of it), for error messages."""
    meta = obj.get("metadata")
    kind = obj.get("kind") if isinstance(obj.get("kind"), str) else "object"
    if not isinstance(meta, Mapping):
        return str(kind)
    name, ns = meta.get("name"), meta.get("namespace")
    if isinstance(ns, str) and ns:
        return f"{kind} {ns}/{name}"
    return f"{kind} {name}"


def get_map(obj: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    value = obj.get(key)
    if value is None:
        return _EMPTY
    if not isinstance(value, Mapping):
        raise ManifestError(f"{where}.{key}: expected a mapping, got {type(value).__name__}")
    return value


def get_list(obj: Mapping[str, object], key: str, where: str) -> Sequence[object]:
    value = obj.get(key)
    if value is None:
        return ()
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ManifestError(f"{where}.{key}: expected a list, got {type(value).__name__}")
    return value


def get_maps(obj: Mapping[str, object], key: str, where: str) -> list[Mapping[str, object]]:
    """A list field whose items must all be mappings (containers, taints, terms)."""
    out: list[Mapping[str, object]] = []
    for i, item in enumerate(get_list(obj, key, where)):
        if not isinstance(item, Mapping):
            raise ManifestError(f"{where}.{key}[{i}]: expected a mapping, got {type(item).__name__}")
        out.append(item)
    return out


def get_str(obj: Mapping[str, object], key: str, where: str, default: str = "") -> str:
    value = obj.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise ManifestError(f"{where}.{key}: expected a string, got {type(value).__name__}")
    return value


def get_int(obj: Mapping[str, object], key: str, where: str, default: int) -> int:
    value = obj.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise ManifestError(f"{where}.{key}: expected an integer, got {value!r}")
    return value


def get_bool(obj: Mapping[str, object], key: str, where: str, default: bool = False) -> bool:
    value = obj.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise ManifestError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def get_str_map(obj: Mapping[str, object], key: str, where: str) -> dict[str, str]:
    """A string-to-string map (labels, annotations, nodeSelector): values must be strings."""
    out: dict[str, str] = {}
    for k, v in get_map(obj, key, where).items():
        if not isinstance(v, str):
            raise ManifestError(f"{where}.{key}[{k!r}]: expected a string value, got {v!r} (quote it)")
        out[str(k)] = v
    return out


def get_str_list(obj: Mapping[str, object], key: str, where: str) -> list[str]:
    out: list[str] = []
    for i, item in enumerate(get_list(obj, key, where)):
        if not isinstance(item, str):
            raise ManifestError(f"{where}.{key}[{i}]: expected a string, got {item!r}")
        out.append(item)
    return out


def kind_of(obj: K8sObject) -> str:
    return get_str(obj, "kind", "object")


def metadata(obj: K8sObject) -> Mapping[str, object]:
    return get_map(obj, "metadata", describe(obj))


def name_of(obj: K8sObject) -> str:
    """metadata.name, which every object must have."""
    name = get_str(metadata(obj), "name", f"{describe(obj)}: metadata")
    if not name:
        raise ManifestError(f"{describe(obj)}: metadata.name is missing")
    return name


def namespace_of(obj: K8sObject, default: str = "default") -> str:
    return get_str(metadata(obj), "namespace", f"{describe(obj)}: metadata") or default


def labels_of(obj: K8sObject) -> dict[str, str]:
    return get_str_map(metadata(obj), "labels", f"{describe(obj)}: metadata")


def annotations_of(obj: K8sObject) -> dict[str, str]:
    return get_str_map(metadata(obj), "annotations", f"{describe(obj)}: metadata")


def spec_of(obj: K8sObject) -> Mapping[str, object]:
    return get_map(obj, "spec", describe(obj))


def status_of(obj: K8sObject) -> Mapping[str, object]:
    return get_map(obj, "status", describe(obj))
