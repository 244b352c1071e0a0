"""deploy/kubernetes: the kustomization rendered as kustomize would (resources, labels, images and the ConfigMap its
generator makes), every object validated against the Kubernetes schemas by kubernetes-validate (offline, strict:
an unknown field is an error), and the Deployment held to what the server and the Dockerfile need."""

import copy
import re
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from conftest import DEFAULT_CONFIG, ROOT, Server

BASE = ROOT / "deploy" / "kubernetes"
KUBERNETES_VERSION = "1.33.0"
DEFAULT_BUFFER_LIMIT_MIB = 64
RSS_AT_256_CONNECTIONS_MIB = 26


def load_documents(path):
    return [document for document in yaml.safe_load_all(path.read_text(encoding="utf-8")) if document]


def render(base):
    """The objects `kustomize build base` would give, for the features this kustomization uses."""
    kustomization = yaml.safe_load((base / "kustomization.yaml").read_text(encoding="utf-8"))
    unknown = set(kustomization) - {"apiVersion", "kind", "labels", "resources", "images", "configMapGenerator",
                                    "generatorOptions"}
    assert not unknown, f"the renderer does not know {unknown}: teach it, or the test validates something else"
    objects = [document for resource in kustomization["resources"] for document in load_documents(base / resource)]
    options = kustomization.get("generatorOptions", {})
    assert options.get("disableNameSuffixHash"), "the renderer does not compute kustomize's name hash"
    for generator in kustomization.get("configMapGenerator", []):
        data = {}
        for entry in generator["files"]:
            key, _, path = entry.rpartition("=")
            data[key or Path(path).name] = (base / path).read_text(encoding="utf-8")
        objects.append({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": generator["name"]}, "data": data})
    for labels in kustomization.get("labels", []):
        for item in objects:
            item["metadata"].setdefault("labels", {}).update(labels["pairs"])
    images = {image["name"]: image for image in kustomization.get("images", [])}
    for item in objects:
        for container in item.get("spec", {}).get("template", {}).get("spec", {}).get("containers", []):
            image = images.get(container["image"])
            if image:
                container["image"] = f"{image.get('newName', image['name'])}:{image['newTag']}"
    return objects


@pytest.fixture(scope="module")
def objects():
    return render(BASE)


def by_kind(objects, kind):
    found = [item for item in objects if item["kind"] == kind]
    assert len(found) == 1, f"{len(found)} objects of kind {kind}"
    return found[0]


def flag(arguments, name):
    """The value of `--name=VALUE` in a container's arguments."""
    values = [argument.split("=", 1)[1] for argument in arguments if argument.startswith(f"--{name}=")]
    return values[0] if values else None


def mebibytes(quantity):
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def test_every_object_and_the_example_ingress_are_valid_kubernetes(objects):
    examples = load_documents(BASE / "ingress-example.yaml")
    assert {item["kind"] for item in objects + examples} == {
        "Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler", "ConfigMap", "NetworkPolicy", "Ingress"}
    for item in objects + examples:
        kubernetes_validate.validate(item, KUBERNETES_VERSION, strict=True)


@pytest.mark.parametrize("mutation", ["replicas as text", "unknown field", "probe without a port"])
def test_the_validation_refuses_a_broken_deployment(objects, mutation):
    deployment = copy.deepcopy(by_kind(objects, "Deployment"))
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    if mutation == "replicas as text":
        deployment["spec"]["replicas"] = "three"
    elif mutation == "unknown field":
        container["readinesProbe"] = container["readinessProbe"]
    else:
        del container["readinessProbe"]["httpGet"]["port"]
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSION, strict=True)


def test_the_configmap_holds_the_repository_table(objects):
    assert (BASE / "deeplinkd.yaml").read_text(encoding="utf-8") == DEFAULT_CONFIG.read_text(encoding="utf-8"), (
        "deploy/kubernetes/deeplinkd.yaml is a copy of config/deeplinkd.yaml: copy it again")
    deployment = by_kind(objects, "Deployment")
    config_map = by_kind(objects, "ConfigMap")
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    volume = next(v for v in pod["volumes"] if v.get("configMap", {}).get("name") == config_map["metadata"]["name"])
    mount = next(m for m in container["volumeMounts"] if m["name"] == volume["name"])
    assert "subPath" not in mount, "a subPath mount never sees a ConfigMap update"
    config_path = next(e["value"] for e in container["env"] if e["name"] == "DEEPLINKD_CONFIG")
    assert Path(config_path).parent == Path(mount["mountPath"]) and Path(config_path).name in config_map["data"]


def test_the_deployment_drains_probes_and_runs_as_the_image_does(objects):
    deployment = by_kind(objects, "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    arguments = container["args"]
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert deployment["spec"]["replicas"] == 3
    assert container["image"] == "deeplinkd:latest"
    assert arguments[0] == "serve" and "--watch" in arguments
    drain = int(flag(arguments, "drain-delay")) + int(flag(arguments, "drain-seconds"))
    assert pod["terminationGracePeriodSeconds"] > drain
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert str(pod["securityContext"]["runAsUser"]) in re.search(r"useradd .*--uid (\d+)", dockerfile).group(0)
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    assert f"EXPOSE {ports['http']}" in dockerfile
    assert flag(arguments, "metrics-address").endswith(f":{ports['metrics']}")
    assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert container["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}
    # The memory limit covers the measured RSS plus what --buffer-limit lets requests and answers hold.
    buffer_limit = int(flag(arguments, "buffer-limit") or DEFAULT_BUFFER_LIMIT_MIB * 2**20) // 2**20
    assert mebibytes(container["resources"]["limits"]["memory"]) >= RSS_AT_256_CONNECTIONS_MIB + buffer_limit
    assert mebibytes(container["resources"]["requests"]["memory"]) >= RSS_AT_256_CONNECTIONS_MIB


def test_the_service_budget_and_autoscaler_select_the_deployment(objects):
    deployment = by_kind(objects, "Deployment")
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    for kind in ("Service", "PodDisruptionBudget"):
        spec = by_kind(objects, kind)["spec"]
        selector = spec["selector"] if kind == "Service" else spec["selector"]["matchLabels"]
        assert selector.items() <= pod_labels.items(), kind
    autoscaler = by_kind(objects, "HorizontalPodAutoscaler")["spec"]
    assert autoscaler["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    assert autoscaler["minReplicas"] == deployment["spec"]["replicas"]
    assert [metric["resource"]["name"] for metric in autoscaler["metrics"]] == ["cpu"]
    ingress = load_documents(BASE / "ingress-example.yaml")[0]
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == by_kind(objects, "Service")["metadata"]["name"] and backend["port"]["name"] == "http"
    # Every host of the table's domains (links.example.com and its openInAppDomain) is routed, its certificate naming it.
    hosts = [rule["host"] for rule in ingress["spec"]["rules"]]
    assert ingress["spec"]["tls"][0]["hosts"] == hosts == [str(domain) for domain in yaml.safe_load(DEFAULT_CONFIG.read_text())["domains"]]
    assert all(rule["http"] == ingress["spec"]["rules"][0]["http"] for rule in ingress["spec"]["rules"])


def test_the_network_policy_admits_only_the_scraper_to_the_metrics_port(objects):
    """Every pod of the Deployment is selected; its http port is open to all (Ingress controller, probes); its metrics
    port only to Prometheus; no other port is admitted."""
    deployment = by_kind(objects, "Deployment")
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    policy = by_kind(objects, "NetworkPolicy")["spec"]
    assert policy["podSelector"]["matchLabels"].items() <= deployment["spec"]["template"]["metadata"]["labels"].items()
    assert policy["policyTypes"] == ["Ingress"], "only Ingress rules: without Ingress in policyTypes nothing is enforced"
    rules = {rule["ports"][0]["port"]: rule for rule in policy["ingress"]}
    assert set(rules) == set(ports) == {"http", "metrics"}
    assert all(len(rule["ports"]) == 1 for rule in policy["ingress"])
    assert "from" not in rules["http"], "the http port must stay open to the Ingress controller and the probes"
    scraper = rules["metrics"]["from"]
    assert len(scraper) == 1 and scraper[0]["podSelector"]["matchLabels"] == {"app.kubernetes.io/name": "prometheus"}
    assert scraper[0]["namespaceSelector"]["matchLabels"] == {"kubernetes.io/metadata.name": "monitoring"}
    assert flag(container["args"], "metrics-address").endswith(f":{ports['metrics']}")


def test_the_deployment_arguments_start_the_server(objects, binary, tmp_path):
    """The container's arguments are options `serve` takes: the server starts with them (ports made free ones)."""
    container = by_kind(objects, "Deployment")["spec"]["template"]["spec"]["containers"][0]
    arguments = [re.sub(r"^--metrics-address=.*:", "--metrics-address=127.0.0.1:", a).replace(":9100", ":0")
                 for a in container["args"][1:]]
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), *arguments, "--drain-delay=0"], tmp_path / "server.log")
    assert server.wait_for_log('"message":"serving metrics"'), server.log_text()
    assert server.stop() == 0, server.log_text()[-2000:]
