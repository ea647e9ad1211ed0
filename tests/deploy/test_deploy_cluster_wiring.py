"""infra/: RBAC is read-only on nodes and pods, NATS runs JetStream on a volume, settings are known."""

from __future__ import annotations

from urllib.parse import urlsplit

from deploy_support import KNOWN_ENV, Lookup, undeclared_settings

READ_VERBS = {"get", "list", "watch"}
WATCHED = {"nodes", "pods"}


def test_state_cache_role_only_reads_nodes_and_pods(lookup: Lookup) -> None:
    rules = lookup("ClusterRole", "semsched-state-cache")["rules"]
    for rule in rules:
        assert rule["apiGroups"] == [""]
        assert set(rule["resources"]) <= WATCHED
        assert set(rule["verbs"]) <= READ_VERBS
        assert not {"resourceNames", "nonResourceURLs"} & rule.keys()
    assert set().union(*(rule["resources"] for rule in rules)) == WATCHED
    assert set().union(*(rule["verbs"] for rule in rules)) == READ_VERBS


def test_no_other_role_is_granted(lookup: Lookup) -> None:
    roles = lookup.of_kind("ClusterRole") + lookup.of_kind("Role")
    assert [role["metadata"]["name"] for role in roles] == ["semsched-state-cache"]


def test_role_is_bound_to_the_state_cache_account(lookup: Lookup) -> None:
    binding = lookup("ClusterRoleBinding", "semsched-state-cache")
    assert binding["roleRef"] == {
        "apiGroup": "rbac.authorization.k8s.io",
        "kind": "ClusterRole",
        "name": "semsched-state-cache",
    }
    (subject,) = binding["subjects"]
    account = lookup("ServiceAccount", subject["name"])
    assert (subject["kind"], subject["namespace"]) == ("ServiceAccount", account["metadata"]["namespace"])
    pod = lookup("Deployment", "semsched-state-cache")["spec"]["template"]["spec"]
    assert pod["serviceAccountName"] == subject["name"]


def test_nats_config_enables_jetstream_on_the_volume(lookup: Lookup) -> None:
    conf = lookup("ConfigMap", "semsched-nats-config")["data"]["nats.conf"]
    assert "jetstream {" in conf
    assert "store_dir: /data" in conf
    nats = lookup("StatefulSet", "semsched-nats")["spec"]
    (claim,) = nats["volumeClaimTemplates"]
    (container,) = nats["template"]["spec"]["containers"]
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    assert mounts[claim["metadata"]["name"]] == "/data"
    assert container["args"] == ["--config", f"{mounts['config']}/nats.conf"]


def test_nats_services(lookup: Lookup) -> None:
    nats = lookup("StatefulSet", "semsched-nats")["spec"]
    headless = lookup("Service", nats["serviceName"])["spec"]
    assert headless["clusterIP"] == "None"
    client = lookup("Service", "semsched-nats")["spec"]
    labels = nats["template"]["metadata"]["labels"]
    for service in (headless, client):
        assert service["selector"].items() <= labels.items()
    assert {p["port"] for p in client["ports"]} == {4222}


def test_services_find_nats_through_its_client_service(semsched_config: dict[str, str]) -> None:
    url = urlsplit(semsched_config["SEMSCHED_NATS_URL"])
    assert url.scheme == "nats"
    assert url.hostname is not None
    assert url.hostname.split(".")[:2] == ["semsched-nats", "semsched"]
    assert url.port == 4222


def test_config_sets_only_known_settings(semsched_config: dict[str, str]) -> None:
    assert set(semsched_config) <= KNOWN_ENV
    assert all(isinstance(value, str) for value in semsched_config.values())


def test_config_names_settings_the_services_read(semsched_config: dict[str, str]) -> None:
    assert undeclared_settings(set(semsched_config)) == set()


def test_config_runs_the_state_cache_in_cluster(semsched_config: dict[str, str]) -> None:
    assert semsched_config["STATE_CACHE_SOURCE"] == "kubernetes"
    assert semsched_config["STATE_CACHE_KUBECONFIG"] == ""
    assert semsched_config["EXTENDER_PORT"] == "8888"
