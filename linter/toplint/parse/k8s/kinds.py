"""Which module reads which Kubernetes kind: the table the manifest reader dispatches on."""

from __future__ import annotations

import importlib

from toplint.parse.k8s.context import Handler

# kind -> the module (under ``toplint.parse``) whose ``KINDS`` handles it.  Written out so that a
# manifest of Deployments does not import the LWS, Ray, KServe and Dynamo readers; a test checks
# it against every KINDS.
HANDLER_MODULES: dict[str, str] = {
    **dict.fromkeys(("Deployment", "StatefulSet", "ReplicaSet", "Pod", "Job"), "k8s.workloads"),
    "LeaderWorkerSet": "k8s.lws",
    "RoleBasedGroup": "k8s.rbg",
    **dict.fromkeys(("RayCluster", "RayService", "RayClusterFleet", "RayJob"), "k8s.ray"),
    **dict.fromkeys(
        ("LLMInferenceService", "InferenceService", "ServingRuntime", "ClusterServingRuntime"),
        "k8s.kserve",
    ),
    **dict.fromkeys(
        ("ome.io/InferenceService", "ome.io/ServingRuntime", "ome.io/ClusterServingRuntime"),
        "k8s.ome",
    ),
    **dict.fromkeys(("DynamoGraphDeployment", "StormService"), "k8s.dynamo"),
    "VLLMRuntime": "structured.helm",
    "ModelServing": "k8s.kthena",
    "Model": "k8s.kubeai",
    **dict.fromkeys(("Workspace", "InferenceSet", "MultiRoleInference"), "k8s.kaito"),
    "NIMService": "k8s.nim",
    "LLMModel": "k8s.nebari",
    **dict.fromkeys(("Service", "Playground", "OpenModel"), "k8s.llmaz"),
    **dict.fromkeys(
        (
            "helm.toolkit.fluxcd.io/HelmRelease",
            "argoproj.io/Application",
            "argoproj.io/ApplicationSet",
        ),
        "generic.gitops",
    ),
}


# Kinds that never hold a container: not walked.
NOT_WORKLOADS = frozenset(
    (
        "ConfigMap",
        "Secret",
        "ServiceAccount",
        "PersistentVolume",
        "PersistentVolumeClaim",
        "Namespace",
        "Role",
        "RoleBinding",
        "ClusterRole",
        "ClusterRoleBinding",
        "Ingress",
        "NetworkPolicy",
        "StorageClass",
        "CustomResourceDefinition",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "PodMonitor",
        "ServiceMonitor",
    )
)


def holds_no_container(data: object) -> bool:
    """A Kubernetes object that never runs a container: a kind of ``NOT_WORKLOADS``, a core
    ``v1`` Service (its ``selector: {app: vllm}`` names the pods it routes to, not an engine it
    runs: highopes/pd-disaggregation-demo@2dc2f876's ``kind: List`` of Services), or a ``List``
    of only such objects."""
    if not isinstance(data, dict):
        return False
    kind, version = data.get("kind"), data.get("apiVersion")
    if kind == "List" and version == "v1":
        items = data.get("items")
        return isinstance(items, list) and bool(items) and all(map(holds_no_container, items))
    return kind in NOT_WORKLOADS or (kind == "Service" and version == "v1")


def handler_for(kind: str, group: str = "") -> Handler | None:
    """The reader of one resource kind, imported on first use (None: not a serving resource).
    A kind two API groups share (OME's and KServe's InferenceService) is keyed ``group/Kind``."""
    key = f"{group}/{kind}"
    if key not in HANDLER_MODULES:
        key = kind
    module = HANDLER_MODULES.get(key)
    if module is None:
        return None
    # Imported by name, on first use: a file of Deployments never loads the LWS or Ray readers.
    handlers: dict[str, Handler] = importlib.import_module(f"toplint.parse.{module}").KINDS
    return handlers[key]
