"""What started a deployment (``Deployment.source_kind``) and what follows from it: one record
per kind, the one table every rule and engine reads instead of its own list of kind names.

A kind says where the engine's processes run (``runs_in``: a host a script or a unit starts
them on, a container ``docker run`` starts, a compose service, a Kubernetes pod), how its GPUs
are asked for (``gpus_by``: the key a fix edits, or ``allocation`` for a launcher's words such as
``#SBATCH --gpus``, spelled too many ways to edit), whether the platform lists the devices the
engine sees (``devices_listed``: a pod's device plugin sets ``NVIDIA_VISIBLE_DEVICES`` to its
allocation, so only a host's indices are the ones a config writes) and, for a container, where
its ``/dev/shm`` is set (``shm_fix``, TL215).

Every kind a reader writes is declared below (``tests/test_sourcekinds.py`` finds every literal
in the readers and checks); the Kubernetes readers' kinds (``k8s-<kind>``, ``kserve-isvc``,
``kaito-workspace``...) are pods, declared by name or by the prefix their reader builds.
"""

from __future__ import annotations

from typing import Literal

from toplint.record import record

RunsIn = Literal["host", "container", "service", "pod", "unplaced"]


@record
class SourceKind:
    name: str
    runs_in: RunsIn
    gpus_by: str  # the key that asks for the GPUs ("allocation": a launcher's own words)
    devices_listed: bool  # the platform lists the devices the engine sees (a pod's allocation)
    shm_fix: str = ""  # where a container's /dev/shm is set (TL215's fix); "" for a host
    # The instances one file declares all run at once on one host: the services of a compose
    # file ("docker compose up" creates and starts every service), the programs of a
    # supervisord configuration (``autostart`` defaults to true).  A script's commands run at
    # once only when it does not wait for them (``toplint.parse.text.together``).
    together: bool = False

    @property
    def unit(self) -> str:
        """What one instance is called in a message: "container", "pod"..."""
        return {"service": "service's container", "unplaced": "pod"}.get(self.runs_in, self.runs_in)

    @property
    def on_a_host(self) -> bool:
        """Started on one host by a script, a unit or a container runtime: nothing lists the
        GPUs the engine sees unless the deployment does."""
        return self.runs_in in ("host", "container", "service")


_POD_SHM = "mount an emptyDir {medium: Memory, sizeLimit: 2Gi} at /dev/shm (or set hostIPC: true)"


def _host(name: str, *, together: bool = False) -> SourceKind:
    return SourceKind(name, "host", "allocation", devices_listed=False, together=together)


def _pod(name: str, key: str = "nvidia.com/gpu") -> SourceKind:
    return SourceKind(name, "pod", key, devices_listed=True, shm_fix=_POD_SHM)


def _unplaced(name: str) -> SourceKind:
    """A format that says what to run but not where (a SkyPilot task, a Ray Serve config, an
    engine's own config, a reader's record): rules speak of a pod and of ``nvidia.com/gpu``,
    and the devices it writes are taken as written."""
    return SourceKind(name, "unplaced", "nvidia.com/gpu", devices_listed=False, shm_fix=_POD_SHM)


KINDS: dict[str, SourceKind] = {
    k.name: k
    for k in (
        _host("shell"),
        _host("justfile"),
        _host("makefile"),
        _host("systemd"),
        _host("supervisord", together=True),
        # a llama-swap model's ``cmd``: a program the proxy starts on its host, one model at a
        # time unless a group keeps several loaded (toplint.parse.structured.llamaswap)
        _host("llama-swap"),
        SourceKind(
            "docker-run",
            "container",
            "--gpus",
            devices_listed=False,
            shm_fix="add --ipc=host (or --shm-size=2g) to docker run",
        ),
        SourceKind(
            "compose",
            "service",
            "count",
            devices_listed=False,
            shm_fix="set ipc: host (or shm_size: 2gb) on the service",
            together=True,
        ),
        # An Akash SDL service runs as a pod (akash-network/provider cluster/kube/builder): its
        # GPUs are its compute profile's ``gpu.units``, its /dev/shm a RAM-class volume.
        SourceKind(
            "akash",
            "pod",
            "units",
            devices_listed=True,
            shm_fix="mount a profile storage volume of class: ram at /dev/shm",
        ),
        # production-stack's chart mounts its own /dev/shm volume for vllmConfig.tensorParallelSize
        # (``toplint.parse.structured.helm.chart_dev_shm``).
        SourceKind(
            "helm-production-stack",
            "pod",
            "requestGPU",
            devices_listed=True,
            shm_fix="set vllmConfig.tensorParallelSize (the chart then mounts an emptyDir "
            "{medium: Memory, sizeLimit: shmSize, 20Gi by default} at /dev/shm)",
        ),
        _pod("helm-llm-d"),
        # The VLLMRuntime operator renders no /dev/shm setting (``helm.runtime_cr``).
        SourceKind(
            "production-stack-runtime",
            "pod",
            "nvidia.com/gpu",
            devices_listed=True,
            shm_fix="the VLLMRuntime pod has no /dev/shm setting: serve tensor parallel from the "
            "Helm chart with vllmConfig.tensorParallelSize (it mounts an emptyDir at /dev/shm)",
        ),
        _pod("aibrix"),
        _pod("dynamo"),
        _pod("kserve-isvc"),
        _pod("kserve-llmisvc"),
        _pod("kserve-runtime"),
        _pod("kthena-modelserving"),
        _pod("kubeai-model"),
        _pod("kuberay"),
        _pod("llmaz-playground"),
        _pod("llmaz-service"),
        _pod("lws"),
        _pod("nebari-llmmodel", "count"),
        _pod("nimservice"),
        _pod("ome-isvc"),
        _pod("ome-runtime"),
        _pod("rbg"),
        _unplaced(""),
        _unplaced("dockerfile"),
        _unplaced("structured"),
        _unplaced("reader"),
        _unplaced("cloudformation"),
        _unplaced("skypilot"),
        # eugr/spark-vllm-docker and sparkrun recipes: launch-cluster.sh runs one container per
        # node of a cluster the recipe does not name (toplint.parse.structured.sparkrecipe).
        _unplaced("spark-recipe"),
        _unplaced("triton"),
        _unplaced("ray-serve-config"),
        _unplaced("llmapi-disaggregated"),
        _unplaced("plan"),
        _unplaced("python"),
        _unplaced("embedded"),
    )
}
# Kinds a reader builds from a resource's own kind: ``k8s-deployment``, ``kaito-workspace``.
PREFIXES: dict[str, SourceKind] = {"k8s-": _pod("k8s-"), "kaito-": _pod("kaito-")}


def declared(name: str) -> SourceKind | None:
    """The record of a ``Deployment.source_kind``, by name or by prefix; None if undeclared."""
    found = KINDS.get(name)
    if found is not None:
        return found
    return next((kind for prefix, kind in PREFIXES.items() if name.startswith(prefix)), None)


def source_kind(name: str) -> SourceKind:
    """The record of a ``Deployment.source_kind``.  Every kind toplint's readers write is
    declared (a test checks each literal); a plugin's reader may write its own, which is read as
    a format that does not say where it runs (``unplaced``), never as a host or a pod."""
    return declared(name) or _unplaced(name)
