"""Cluster sources: a snapshot file, or the Kubernetes API."""
