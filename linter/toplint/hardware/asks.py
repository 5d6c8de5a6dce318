"""The GPU a deployment asks for, and whether a manifest cluster's GPU is that GPU.

A deployment often names the GPU it must run on: a node selector or required node affinity on a
GPU label (GPU feature discovery's ``nvidia.com/gpu.product``, GKE's
``cloud.google.com/gke-accelerator``, Karpenter's ``karpenter.k8s.aws/instance-gpu-name``,
CoreWeave's ``gpu.nvidia.com/class``), an
instance type, a KubeAI ``resourceProfile`` (the chart's ``nvidia-gpu-<gpu>`` /
``amd-gpu-<gpu>`` profiles), SkyPilot ``accelerators``, an Akash SDL profile's GPU models, a
Ray ``accelerator_type``, a
``gpu: "<type>:<count>"`` string (``options["accelerator.name"]``).  This module is the one
place that reads them: ``toplint.hardware.hints`` builds a catalog system from them when no
manifest cluster applies, and ``toplint.placement.select`` keeps a deployment off a cluster
whose GPU is another (the scheduler would not place it there; pricing it there would judge the
wrong GPU).

Two names are one GPU when they name the same model (``h100``, ``l40s``, ``mi300x``, ``gh200``,
after vendor and line words) and, where both write a memory size (``a100-40gb`` and
``A100-SXM4-80GB``), the same size: a name that leaves the size or form factor open (``A100``,
``H100``) matches every cluster of that model.
"""

from __future__ import annotations

from functools import lru_cache

from toplint.catalog_index import normalize, words
from toplint.hardware import archs, catalog
from toplint.hardware.types import GpuSpec
from toplint.infra.patterns import lazy
from toplint.model import Deployment
from toplint.record import record

GKE_ACCELERATOR = "cloud.google.com/gke-accelerator"
INSTANCE_LABELS = (
    "node.kubernetes.io/instance-type",
    "beta.kubernetes.io/instance-type",
    "kaito.sh/instance-type",
    "nvidia.com/gpu.machine",  # GPU feature discovery: the node's product/system name
)
GPU_LABELS = (
    "nvidia.com/gpu.product",  # GPU feature discovery
    "karpenter.k8s.aws/instance-gpu-name",
    # CoreWeave's GPU class node label (docs.coreweave.com "Advanced Label Selectors"; values as
    # coreweave/kubernetes-cloud@67ae991 selects them: RTX_A5000, A40, A100_NVLINK_80GB)
    "gpu.nvidia.com/class",
)
KUBEAI_PROFILE = "kubeai.org/resource-profile"
# KubeAI's chart: each of these profiles is one GPU of the named kind (charts/kubeai/values.yaml,
# substratusai/kubeai@2f32ef4: nvidia-gpu-l4, nvidia-gpu-gh200, amd-gpu-mi300x, ...).
KUBEAI_GPU_PROFILES = ("nvidia-gpu-", "amd-gpu-")
SKYPILOT = "skypilot.co/accelerators"
# An Akash SDL compute profile's ``resources.gpu.attributes.vendor.<vendor>[].model`` (each with
# its ``ram`` as ``-<N>gb``), joined by ``,``: providers with any of them bid
# (``toplint.parse.structured.akash``).
AKASH_GPU = "akash.network/gpu.model"
# The extended resources the vendors' Kubernetes device plugins advertise, and whose GPUs they
# are: a pod that asks for one is scheduled only on nodes of that vendor (kubernetes.io "Schedule
# GPUs": "nodes ... expose amd.com/gpu or nvidia.com/gpu"; NVIDIA/k8s-device-plugin;
# ROCm/k8s-device-plugin "Exposes AMD GPUs as amd.com/gpu resources"; MIG slices
# ``nvidia.com/mig-<profile>``).  Whether a cluster's GPU is that vendor's: its architecture
# row's ``vendor`` (``toplint.hardware.archs``).
VENDOR_RESOURCES = {"nvidia.com/gpu": "nvidia", "amd.com/gpu": "amd"}
_VENDOR_TITLES = {"nvidia": "an NVIDIA GPU", "amd": "an AMD GPU"}

# Words that name a vendor, a product line or a package, never which GPU (``Tesla-T4``,
# ``NVIDIA-H100-80GB-HBM3``, ``RTX-4090``, ``A100-SXM4-80GB``).
_NOISE = lazy(r"^(?:nvidia|tesla|geforce|amd|instinct|radeon|rtx|quadro|apple|hbm\d*e?)")
_FORM = lazy(r"^(?:sxm\d*|pcie\d*|gen\d+)$")
_MEMORY = lazy(r"^(\d+)gb?$")


@record
class GpuAsk:
    key: str  # the label or option that asks ("nvidia.com/gpu.product", "accelerator_type")
    names: tuple[str, ...]  # the GPU as written (several: node affinity ``In`` values)
    evidence: str  # "resourceProfile nvidia-gpu-gh200", "nvidia.com/gpu.product=NVIDIA-L4"
    at: str  # the ``Deployment.sources`` key of the value that asks ("" when none)
    vendor: str = ""  # a device plugin's resource asks for any GPU of this vendor, no model

    @property
    def shown(self) -> str:
        if self.vendor:
            return _VENDOR_TITLES.get(self.vendor, f"a {self.vendor} GPU")
        return " or ".join(n.upper() for n in self.names)


def asked_gpu(dep: Deployment) -> GpuAsk | None:
    """The GPU ``dep`` asks for, the first of its hints that names a GPU model; None when it
    names none (or only a part this module cannot tell a GPU model from)."""
    for ask in gpu_asks(dep):
        if all(model_of(n) for n in ask.names):
            return ask
    return None


def gpu_asks(dep: Deployment) -> list[GpuAsk]:
    """Every hint of ``dep`` that names a GPU, strongest first: an instance type (the whole
    machine), a GPU label, a wrapper's own field."""
    options = dep.options
    vendor = _vendor_ask(
        options.get("gpu.resource", ""),
        options.get("gpu.vendor", ""),
        options.get("gpu.device", ""),
        "gpu.resource" if "gpu.resource" in dep.sources else "gpus_per_node",
    ) or _image_vendor(options.get("image", ""))
    if not dep.labels and "accelerator_type" not in options and "accelerator.name" not in options:
        return [vendor] if vendor is not None else []  # most deployments: no GPU model asked
    out: list[GpuAsk] = []
    for label in INSTANCE_LABELS:
        value = dep.labels.get(label, "")
        spec = catalog.lookup_instance(value) if value and "," not in value else None
        if spec is not None:
            out.append(GpuAsk(label, (spec.gpu.name,), f"{label}={value}", f"label:{label}"))
    for label in (GKE_ACCELERATOR, *GPU_LABELS):
        value = dep.labels.get(label, "")
        names = tuple(n.strip() for n in value.split(",") if n.strip())
        if names:
            out.append(GpuAsk(label, names, f"{label}={value}", f"label:{label}"))
    profile = dep.labels.get(KUBEAI_PROFILE, "")
    for prefix in KUBEAI_GPU_PROFILES:
        if profile.startswith(prefix) and profile[len(prefix) :]:
            name = profile[len(prefix) :]
            out.append(GpuAsk(KUBEAI_PROFILE, (name,), f"resourceProfile {profile}", "gpus"))
    sky = {item.partition(":")[0] for item in dep.labels.get(SKYPILOT, "").split(",") if item}
    if len(sky) == 1:
        name = sky.pop()
        out.append(GpuAsk(SKYPILOT, (name,), f"accelerators {name}", "gpus"))
    akash = dep.labels.get(AKASH_GPU, "")
    if akash:
        names = tuple(akash.split(","))
        out.append(
            GpuAsk(AKASH_GPU, names, f"the SDL profile's gpu model {akash}", f"label:{AKASH_GPU}")
        )
    ray = dep.options.get("accelerator_type", "")
    if ray:
        out.append(
            GpuAsk("accelerator_type", (ray,), f"accelerator_type {ray}", "accelerator_type")
        )
    named = dep.options.get("accelerator.name", "")  # ``gpu: "H100:4"``
    if named:
        out.append(GpuAsk("accelerator.name", (named,), f"`{named}`", "accelerator"))
    return [*out, vendor] if vendor is not None else out


# An engine image built for ROCm runs on AMD GPUs only: vLLM's ``vllm/vllm-openai-rocm``
# (vllm-project/vllm docker/Dockerfile.rocm, target ``vllm-openai``), AMD's ``rocm/vllm`` and
# ``rocm/vllm-dev`` (rocm.docs.amd.com, "vLLM inference"), SGLang's ``…-rocm630`` tags: "rocm"
# as a word of the reference.
_ROCM_IMAGE = lazy(r"(?:^|[/:._-])rocm(?:$|[/:._\-0-9])")


def _image_vendor(image: str) -> GpuAsk | None:
    """The vendor the container image is built for (``_ROCM_IMAGE``: AMD), None otherwise:
    Vercantez/deepseek-v4-flash-mi300x@63912908 compose.yaml runs ``vllm/vllm-openai-rocm``
    with ``devices: /dev/kfd`` on MI300X, and was sized on the manifest's H100."""
    if not image or not _ROCM_IMAGE.search(image.lower()):
        return None
    return GpuAsk("image", (), f"the ROCm image `{image}`", "image", "amd")


def _vendor_ask(
    resource: str, vendor_of_device: str, device: str, at: str = "gpus_per_node"
) -> GpuAsk | None:
    """The vendor a pod's GPU resource asks for (``amd.com/gpu``, ``nvidia.com/gpu``,
    ``nvidia.com/mig-1g.10gb``), or a container runtime's device flag gives
    (``options["gpu.vendor"]`` of ``--device /dev/kfd``); None otherwise."""
    if vendor_of_device in _VENDOR_TITLES:
        return GpuAsk("--device", (), f"`--device {device}`", "gpu.vendor", vendor_of_device)
    vendor = VENDOR_RESOURCES.get(resource)
    if vendor is None and resource.startswith("nvidia.com/mig-"):
        vendor = "nvidia"
    if vendor is None:
        return None
    return GpuAsk(resource, (), f"requests `{resource}`", at, vendor=vendor)


@lru_cache(maxsize=1024)  # a tree's labels name a few GPUs, each asked for per deployment
def model_of(name: str) -> str:
    """The GPU model a name writes (``NVIDIA-H100-80GB-HBM3`` -> ``h100``, ``Tesla-T4`` ->
    ``t4``, ``RTX-4090`` -> ``4090``, ``nvidia-tesla-a100`` -> ``a100``), "" when it writes
    none."""
    for word in _words(name):
        if any(c.isdigit() for c in word) and not _MEMORY.match(word) and not _FORM.match(word):
            return word
    return ""


def memory_of(name: str) -> int | None:
    """The memory size a name writes in GB (``a100-40gb`` -> 40), None when it writes none."""
    for word in _words(name):
        found = _MEMORY.match(word)
        if found and any(c.isalpha() for c in word):
            return int(found.group(1))
    return None


# A variant written as a word of its own after the model number is part of the model: an RTX
# 3070 Ti is not an RTX 3070 (nor a 4080 SUPER a 4080; a Radeon RX 7900 XTX not an XT), and a
# profile or label writes it joined (``nvidia-gpu-3070ti-8gb``) as often as apart.
_VARIANTS = frozenset({"ti", "super", "xt", "xtx", "gre"})


def _words(name: str) -> list[str]:
    """A name's words with vendor and line words dropped; letters and the digits that follow
    them stay one word (``a100``, ``l40s``, ``80gb``, ``mi300x``), and a variant word joins the
    model number before it (``RTX-3070-Ti`` -> ``3070ti``)."""
    out: list[str] = []
    for part in (_NOISE.sub("", part) for part in words(name)):
        if part in _VARIANTS and out and any(c.isdigit() for c in out[-1]):
            out[-1] += part
        elif part:
            out.append(part)
    return out


def matches(ask: GpuAsk, gpu: GpuSpec) -> bool:
    """``gpu`` (a manifest cluster's) is one of the GPUs ``ask`` names, or of the vendor it asks
    for (a GPU whose vendor is not known is not held against it)."""
    if ask.vendor:
        have = archs.of_gpu(gpu.arch, gpu.name).vendor
        return not have or have == ask.vendor
    return any(same_gpu(name, gpu.name) for name in ask.names)


def same_gpu(asked: str, have: str) -> bool:
    """Two names of one GPU: the same catalog entry, or the same model with no memory size
    that differs."""
    a, b = catalog.lookup_gpu(asked), catalog.lookup_gpu(have)
    if a is not None and b is not None and a.name == b.name:
        return True
    if model_of(asked) != model_of(have) or not model_of(asked):
        return normalize(asked) == normalize(have)
    mine, theirs = memory_of(asked), memory_of(b.name if b is not None else have)
    return mine is None or theirs is None or mine == theirs
