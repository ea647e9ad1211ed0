"""The package's exception root and its two kinds of failure."""

from __future__ import annotations


class KubeError(Exception):
    """Root of every error semsched_kube raises."""


class ManifestError(KubeError, ValueError):
    """A Kubernetes object (or a field of one) is malformed: wrong type, bad quantity, missing name."""


class SnapshotError(KubeError):
    """A snapshot file cannot be read: missing, too large, or not parseable YAML/JSON."""
