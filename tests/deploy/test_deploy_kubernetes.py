"""infra/: every object validates against Kubernetes' own JSON schemas, offline, and the objects agree.

The schemas come from the kubernetes-validate wheel (generated from the Kubernetes OpenAPI documents,
one folder per minor version); strict mode rejects unknown fields, so a misspelt key fails here.
"""

from __future__ import annotations

from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]  # the wheel ships no py.typed
import pytest
import yaml
from deploy_support import INFRA, PLATFORM, Lookup, Manifest, PlatformService, iter_containers, manifest_paths

CLUSTER_SCOPED = frozenset({"Namespace", "ClusterRole", "ClusterRoleBinding"})
AUTOSCALED = ("intent-parser", "scorer", "extender")


def resolve_version(k8s_version: str) -> str:
    return kubernetes_validate.latest_version() if k8s_version == "latest" else k8s_version


def test_manifest_matches_the_kubernetes_schema(manifest: Manifest, k8s_version: str) -> None:
    # Raises ValidationError on a bad field and SchemaNotFoundError on an unknown kind or apiVersion.
    checked = kubernetes_validate.validate(manifest.body, resolve_version(k8s_version), strict=True)
    assert checked


def test_schema_validation_rejects_an_unknown_field() -> None:
    bad = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "x"}, "spec": {"portz": []}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(bad, "1.31.0", strict=True)


def test_kustomization_lists_every_manifest_file() -> None:
    kustomization = yaml.safe_load((INFRA / "kustomization.yaml").read_text(encoding="utf-8"))
    listed = set(kustomization["resources"])
    on_disk = {str(p.relative_to(INFRA)) for p in manifest_paths()}
    assert listed == on_disk
    assert kustomization["namespace"] == "semsched"


def test_objects_belong_to_semsched(manifest: Manifest) -> None:
    metadata = manifest.body["metadata"]
    assert metadata["labels"]["app.kubernetes.io/part-of"] == "semsched"
    if manifest.kind in CLUSTER_SCOPED:
        assert "namespace" not in metadata
    else:
        assert metadata["namespace"] == "semsched"


def pod_spec_of(lookup: Lookup, service: PlatformService) -> dict[str, Any]:
    deployment = lookup("Deployment", f"semsched-{service.slug}")
    spec: dict[str, Any] = deployment["spec"]["template"]["spec"]
    return spec


def test_deployment_labels_and_selector(lookup: Lookup, service: PlatformService) -> None:
    deployment = lookup("Deployment", f"semsched-{service.slug}")
    expected = {"app.kubernetes.io/name": service.slug, "app.kubernetes.io/part-of": "semsched"}
    assert expected.items() <= deployment["metadata"]["labels"].items()
    selector = deployment["spec"]["selector"]["matchLabels"]
    assert selector == expected
    assert selector.items() <= deployment["spec"]["template"]["metadata"]["labels"].items()


def test_deployment_container(lookup: Lookup, service: PlatformService) -> None:
    (container,) = pod_spec_of(lookup, service)["containers"]
    assert container["image"].split(":")[0] == f"semsched/{service.slug}"
    assert {"configMapRef": {"name": "semsched-config"}} in container["envFrom"]
    assert service.port in {p["containerPort"] for p in container["ports"]}
    for bound in ("requests", "limits"):
        assert {"cpu", "memory"} <= container["resources"][bound].keys()


def test_deployment_is_locked_down(lookup: Lookup, service: PlatformService) -> None:
    pod = pod_spec_of(lookup, service)
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] != 0
    for container in iter_containers(pod):
        context = container["securityContext"]
        assert context["readOnlyRootFilesystem"] is True
        assert context["allowPrivilegeEscalation"] is False
        assert context["capabilities"]["drop"] == ["ALL"]


def test_only_state_cache_gets_an_api_token(lookup: Lookup, service: PlatformService) -> None:
    pod = pod_spec_of(lookup, service)
    if service.slug == "state-cache":
        assert pod["serviceAccountName"] == "semsched-state-cache"
    else:
        assert pod["automountServiceAccountToken"] is False


def test_extender_probes_use_its_health_endpoints(lookup: Lookup) -> None:
    (container,) = pod_spec_of(lookup, PLATFORM[-1])["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    for probe, path in (("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")):
        get = container[probe]["httpGet"]
        assert get["path"] == path
        assert ports[get["port"]] == 8888


def test_extender_service_reaches_the_extender_pods(lookup: Lookup) -> None:
    service = lookup("Service", "semsched-extender")
    pod = lookup("Deployment", "semsched-extender")["spec"]["template"]
    assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
    (port,) = service["spec"]["ports"]
    assert port["port"] == 8888
    assert port["targetPort"] in {p["name"] for p in pod["spec"]["containers"][0]["ports"]}


@pytest.mark.parametrize("slug", AUTOSCALED)
def test_autoscaled_deployment_has_an_hpa(lookup: Lookup, slug: str) -> None:
    hpa = lookup("HorizontalPodAutoscaler", f"semsched-{slug}")
    assert hpa["apiVersion"] == "autoscaling/v2"
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", f"semsched-{slug}")
    assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]
    # The HPA owns the replica count; a fixed spec.replicas would be reset on every apply.
    assert "replicas" not in lookup("Deployment", f"semsched-{slug}")["spec"]


def test_hpas_cover_exactly_the_stateless_services(lookup: Lookup) -> None:
    names = {hpa["metadata"]["name"] for hpa in lookup.of_kind("HorizontalPodAutoscaler")}
    assert names == {f"semsched-{slug}" for slug in AUTOSCALED}


def test_extender_disruption_budget_selects_its_pods(lookup: Lookup) -> None:
    pdb = lookup("PodDisruptionBudget", "semsched-extender")
    labels = lookup("Deployment", "semsched-extender")["spec"]["template"]["metadata"]["labels"]
    assert pdb["spec"]["selector"]["matchLabels"].items() <= labels.items()
    # A drain may evict one extender at a time and still leave minAvailable serving.
    hpa = lookup("HorizontalPodAutoscaler", "semsched-extender")
    assert 1 <= pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"]
