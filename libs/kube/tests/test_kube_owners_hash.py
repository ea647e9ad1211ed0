"""A pod seen before its ReplicaSet still resolves to its Deployment through pod-template-hash."""

from __future__ import annotations

from semsched_kube.owners import OwnerIndex, workload_of


def pod(rs: str, labels: dict[str, str]) -> dict[str, object]:
    return {
        "kind": "Pod",
        "metadata": {"name": f"{rs}-x1", "namespace": "shop", "labels": labels,
                     "ownerReferences": [{"kind": "ReplicaSet", "name": rs, "controller": True}]},
    }  # fmt: skip


def test_template_hash_names_the_deployment() -> None:
    assert workload_of(pod("web-7d4b9c8f6", {"pod-template-hash": "7d4b9c8f6"})) == "Deployment/shop/web"


def test_bare_or_mismatched_replicasets_stay_replicasets() -> None:
    assert workload_of(pod("web-7d4b9c8f6", {})) == "ReplicaSet/shop/web-7d4b9c8f6"
    assert workload_of(pod("web-7d4b9c8f6", {"pod-template-hash": "zzz"})) == "ReplicaSet/shop/web-7d4b9c8f6"


def test_a_known_bare_replicaset_wins_over_the_label() -> None:
    bare = {"kind": "ReplicaSet", "metadata": {"name": "web-7d4b9c8f6", "namespace": "shop"}}
    labelled = pod("web-7d4b9c8f6", {"pod-template-hash": "7d4b9c8f6"})
    assert workload_of(labelled, OwnerIndex([bare])) == "ReplicaSet/shop/web-7d4b9c8f6"
