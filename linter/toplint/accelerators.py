"""Accelerators toplint's cost model does not model, and how a deployment names them.

The placement and cost stages describe NVIDIA and AMD GPUs joined by NVLink/xGMI, PCIe and
InfiniBand/RoCE/Ethernet (../shared/reference/cost-model.md).  Intel Gaudi (HPU), AWS
Trainium/Inferentia (Neuron), Google TPU, Huawei Ascend and Tenstorrent (Wormhole, Blackhole)
have other interconnects (Gaudi's on-chip RoCE ports, NeuronLink, the TPU ICI torus, Ascend's
HCCS, the Ethernet links between Tenstorrent chips in a mesh) and other collective libraries
(HCCL on Ascend, TT-Metal's CCL ops), so their deployments are
declined with one finding (TL011) instead of being priced with GPU formulas.

Evidence, each read from where the deployment writes it:

* Kubernetes extended resources of the vendors' device plugins: ``habana.ai/gaudi`` (Intel Gaudi
  device plugin), ``aws.amazon.com/neuron`` / ``neuroncore`` / ``neurondevice`` (AWS Neuron device
  plugin), ``google.com/tpu`` (GKE TPUs), ``huawei.com/Ascend910`` / ``Ascend310`` /
  ``Ascend310P`` (Ascend device plugin; Project-HAMi/HAMi docs/ascend910b-support.md);
* node labels: ``cloud.google.com/gke-tpu-accelerator`` / ``gke-tpu-topology`` (GKE), and the
  instance type of Trainium/Inferentia (``trn1``, ``trn2``, ``inf1``, ``inf2``) and TPU
  (``ct4p``, ``ct5lp``, ``ct5p``, ``ct6e``) machines in ``node.kubernetes.io/instance-type``;
* the container image (the vendors' serving images: ``vault.habana.ai/gaudi-docker`` and the
  engines' ``-gaudi`` builds; AWS ``neuronx`` deep-learning containers, ``optimum-neuron``; the
  engines' ``-tpu`` builds and JetStream; the Ascend images under ``quay.io/ascend/``, MindIE);
* the engine's ``--device`` option (vLLM's older ``--device {cuda,neuron,tpu,hpu,...}``);
* the environment variables only that vendor's runtime reads to pick its devices, set for the
  engine's process (``export ZE_FLAT_DEVICE_HIERARCHY=FLAT`` before ``vllm serve``, a container's
  env): each vLLM platform's ``device_control_env_var`` (vllm-project/vllm
  ``vllm/platforms/xpu.py`` ``ZE_AFFINITY_MASK``, ``hpu.py`` ``HABANA_VISIBLE_MODULES``,
  ``neuron.py`` ``NEURON_RT_VISIBLE_CORES``, ``tpu.py`` ``TPU_VISIBLE_CHIPS``; vllm-ascend's
  ``ASCEND_RT_VISIBLE_DEVICES``, as Ray's accelerator managers name them too), Habana's
  container runtime's ``HABANA_VISIBLE_DEVICES`` (HabanaAI/habana-container-runtime), and Level
  Zero's ``ZE_FLAT_DEVICE_HIERARCHY`` (FLAT/COMPOSITE/COMBINED device hierarchy of Intel's
  multi-tile GPUs: oneAPI Level Zero specification, Sysman device mapping; Intel's "Flattening
  GPU Tile Hierarchy"), and the settings of Ascend's collective library only CANN's HCCL reads,
  ``HCCL_BUFFSIZE`` (the buffer between two NPUs of a communicator) and
  ``HCCL_OP_EXPANSION_MODE`` (where collectives are expanded: ``AI_CPU``/``AIV``) (CANN
  environment variable reference, hiascend.com envref_07_0080 and hcclenvref_07_0009; Habana's
  HCCL shares the library's name but not these variables).  CUDA's and ROCm's device
  variables (``CUDA_VISIBLE_DEVICES``, ``HIP_VISIBLE_DEVICES``) name priced GPUs and are not
  here; ROCm's LLVM-target variables name the AMD part (below);
* the vendor's device-management command run by the program that starts the engine
  (``tools``), as ``nvidia-smi`` is NVIDIA's: Ascend's ``npu-smi`` (vllm-ascend's own
  environment report runs ``npu-smi info`` where vLLM's runs ``nvidia-smi``:
  vllm-project/vllm-ascend@34d204e0 collect_env.py ``get_npu_info``); a launcher that queries
  the NPUs before it starts vLLM runs where they are
  (qiuhanzhang616-arch/qwen3.6-27b-modelarts-standard@4271fb72 startup/supervisor.py);
* the accelerator a hardware manifest names for a cluster (``names``), and a manifest part
  outside the catalog that gives not even its memory (an unknown vendor's part), see
  ``of_cluster``; one that gives its memory but not its bandwidth or compute is checked, its
  latency reported unpriced (``toplint.outcome.types.Outcome.unpriced``).

* words of a serving stack only that vendor's parts run (``servers``): MindIE's program
  ``mindieservice_daemon`` and config key ``npuDeviceIds`` (gpustack/gpustack@47277d79
  gpustack/worker/backends/ascend_mindie.py writes one and runs the other).

Tenstorrent, read from their own sources:

* ``MESH_DEVICE``, the system the engine opens as one mesh of chips: their vLLM fork's worker
  maps ``N150``, ``N300``, ``T3K``, ``TG`` (Galaxy), ``P100``, ``P150``, ``P300``… to a mesh grid
  (tenstorrent/vllm@7c6685a5f264a5a137b7ff33c37212d80ae6f99b vllm/v1/worker/tt_worker.py
  ``get_mesh_grid``; vllm/v1/engine/tt_core_launcher.py passes it to remote engines), and
  tt-inference-server sets it for every model it serves
  (tenstorrent/tt-inference-server@11ac526e008e3888e15fe3ec884973a26c8ca5bb
  release_model_spec.json ``env_vars``, vllm-tt-metal/src/run_vllm_api_server.py);
  ``TT_METAL_HOME``, the TT-Metal runtime's root
  (tenstorrent/tt-metal@00a21394d924f374ef1dfe49a64fcf50fcc24810 tt_metal/llrt/rtoptions.cpp
  ``TT_METAL_HOME_ENV_VAR``; set in tt-inference-server's
  vllm-tt-metal/vllm.tt-metal.src.dev.Dockerfile); and ``TT_VISIBLE_DEVICES``, the devices the
  user-mode driver opens (tenstorrent/tt-umd@3ed9cb6d0533011deeba2e7d158457c86c4a1c47
  device/pcie/pci_device.cpp, device/cluster_descriptor.cpp).  Not ``ARCH_NAME``
  (``wormhole_b0``/``blackhole`` beside ``MESH_DEVICE`` there): other projects use the name
  for the host's CPU architecture, and the table matches names, not values;
* the images their serving stack is published as, under ``ghcr.io/tenstorrent/`` (the
  ``docker_image`` of each release_model_spec.json entry,
  ``…/tt-inference-server/vllm-tt-metal-src-release-ubuntu-22.04-amd64``, and TT-Metal's
  ``…/tt-metal/tt-metalium/…``), and their engine builds on TT-Metal (``…-tt-metal-src-…``)
  re-pushed elsewhere;
* their product names in a manifest (``names``): Wormhole, Blackhole, N150, N300, T3K/T3000
  ("LoudBox"), QuietBox, Galaxy (tt-inference-server's
  scripts/release/generate_model_support_docs.py links each device type to its
  tenstorrent.com/hardware page).  The Blackhole boards' ``P100``/``P150``/``P300`` are not
  words here (a word is a prefix: ``p100`` is NVIDIA's Tesla P100, ``p300`` begins the Quadro
  P3000); ``blackhole`` names them.

Their vLLM fork has no ``--device`` option (the platform is found by importing ``ttnn``:
vllm/platforms/__init__.py ``tt_platform_plugin``), and Kubernetes pods get their boards by
Dynamic Resource Allocation (a ``ResourceClaim`` of ``deviceClassName: tenstorrent.com``:
tenstorrent/tt-operator@889df62c docs/components/dra.md), not an extended resource, so
neither is here.

Intel's data-centre GPUs (Max series, "Ponte Vecchio") join over Xe Link and run oneCCL, which
the cost model does not describe either: Intel's device plugin requests ``gpu.intel.com/i915``
or ``gpu.intel.com/xe`` (intel/intel-device-plugins-for-kubernetes, cmd/gpu_plugin/README.md),
vLLM and SGLang run them as ``--device xpu``.

AMD GPUs other than the catalog's (MI300X and MI325X, LLVM target ``gfx942``) are declined by
the LLVM target a ROCm build or runtime is pinned to, which names the part: ``gfx90a`` the
MI200 series, ``gfx950`` MI350X/MI355X, ``gfx1030`` Radeon Pro V620/RX 6800, ``gfx1100`` the
RX 7900 series, ``gfx1201`` the RX 9070 and Radeon AI PRO R9700 (LLVM, AMDGPUUsage "Processors").
It is written in ``PYTORCH_ROCM_ARCH`` (the targets a PyTorch/vLLM ROCm build compiles its
kernels for, ``;``-separated: vllm-project/vllm docker/Dockerfile.rocm), ``GPU_TARGETS`` /
``AMDGPU_TARGETS`` (the same, for CMake builds of ROCm libraries) and
``HSA_OVERRIDE_GFX_VERSION`` (``major.minor.stepping``, the target ROCm's runtime reports the GPU
as, the stepping a hex digit: ``10.3.0`` is ``gfx1030``, ``9.0.10`` ``gfx90a``; ROCm docs,
"Environment variables", ROCR-Runtime).  Only when every target written is outside the catalog:
a build for ``gfx90a;gfx942`` may run on an MI300X.

Moore Threads GPUs (MUSA, MTLink, MCCL): ``MTHREADS_VISIBLE_DEVICES`` and ``mthreads-gmi``
(gpustack/gpustack@b0387f30 docs/installation/mthreads/installation.md), ``MUSA_VISIBLE_DEVICES``
(containers/ramalama ramalama/common.py), HAMi's ``mthreads.com/vgpu``, ``registry.mthreads.com/``.

A deployment that runs on CPUs only is declined the same way (no GPU memory, link or collective
applies): vLLM's ``--device cpu``, the engines' CPU builds (vLLM's
``vllm-cpu-release-repo`` and ``…-cpu`` tags, TGI's ``…-intel-cpu``), a KubeAI
``resourceProfile`` named ``cpu`` (its chart's ``cpu`` profile requests CPU and memory only and
runs the ``substratusai/vllm:…-cpu`` image: charts/kubeai/values.yaml, substratusai/kubeai@2f32ef4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Position
from toplint.record import record


@record
class Accelerator:
    kind: str  # "gaudi", "neuron", "tpu", "ascend", "tenstorrent", "musa"
    title: str  # how the finding names it
    resources: tuple[str, ...]  # Kubernetes extended resources
    images: tuple[str, ...]  # substrings of an image reference, lower-cased
    devices: tuple[str, ...]  # values of an engine's --device option
    label_keys: tuple[str, ...] = ()  # node labels whose presence names it
    instance_prefixes: tuple[str, ...] = ()  # node.kubernetes.io/instance-type prefixes
    names: tuple[str, ...] = ()  # lower-cased words of a manifest's name for the part
    env: tuple[str, ...] = ()  # environment variables only this vendor's runtime reads
    tools: tuple[str, ...] = ()  # the vendor's device-management command (what nvidia-smi is)
    servers: tuple[str, ...] = ()  # words of a serving stack only this vendor's parts run


ACCELERATORS: tuple[Accelerator, ...] = (
    Accelerator(
        "gaudi",
        "Intel Gaudi (HPU)",
        ("habana.ai/gaudi",),
        ("gaudi", "habana"),
        ("hpu",),
        names=("gaudi", "habana", "hpu"),
        env=("HABANA_VISIBLE_MODULES", "HABANA_VISIBLE_DEVICES"),
    ),
    Accelerator(
        "neuron",
        "AWS Trainium/Inferentia (Neuron)",
        ("aws.amazon.com/neuron", "aws.amazon.com/neuroncore", "aws.amazon.com/neurondevice"),
        # ``-neuron``, ``/neuron-``: awslabs/ai-on-eks@41a979e's vLLM build for Trainium,
        # public.ecr.aws/data-on-eks/neuron-sdk2.20-vllm0.5.0-neuron
        ("neuronx", "optimum-neuron", "/neuron/", "-neuron", "/neuron-"),
        ("neuron",),
        instance_prefixes=("trn1.", "trn1n.", "trn2.", "inf1.", "inf2."),
        names=("trainium", "inferentia", "neuron", "trn1", "trn2", "inf1", "inf2"),
        env=("NEURON_RT_VISIBLE_CORES",),
    ),
    Accelerator(
        "tpu",
        "Google TPU",
        ("google.com/tpu",),
        ("-tpu", "/tpu", "jetstream"),
        ("tpu",),
        label_keys=("cloud.google.com/gke-tpu-accelerator", "cloud.google.com/gke-tpu-topology"),
        instance_prefixes=("ct4p-", "ct5lp-", "ct5p-", "ct6e-"),
        names=("tpu", "v5litepod", "v5e", "v5p", "v6e"),
        env=("TPU_VISIBLE_CHIPS",),
    ),
    Accelerator(
        "ascend",
        "Huawei Ascend (NPU)",
        ("huawei.com/Ascend910", "huawei.com/Ascend310", "huawei.com/Ascend310P"),
        ("/ascend/", "mindie"),
        ("npu",),
        names=("ascend", "npu", "910b"),
        env=("ASCEND_RT_VISIBLE_DEVICES", "HCCL_BUFFSIZE", "HCCL_OP_EXPANSION_MODE"),
        tools=("npu-smi",),
        servers=("mindieservice_daemon", "npuDeviceIds"),
    ),
    Accelerator(
        "intel-gpu",
        "Intel Data Center GPU (Xe)",
        ("gpu.intel.com/i915", "gpu.intel.com/xe"),
        ("-xpu", "/xpu"),
        ("xpu",),
        names=("gpu max", "data center gpu", "ponte vecchio", "pvc", "xpu"),
        env=("ZE_AFFINITY_MASK", "ZE_FLAT_DEVICE_HIERARCHY"),
    ),
    Accelerator(
        "tenstorrent",
        "Tenstorrent (Wormhole/Blackhole)",
        (),
        ("ghcr.io/tenstorrent/", "-tt-metal-", "/tt-metalium/"),
        (),
        names=(
            "tenstorrent",
            "wormhole",
            "blackhole",
            "n150",
            "n300",
            "t3k",
            "t3000",
            "loudbox",
            "quietbox",
            "galaxy",
        ),
        env=("MESH_DEVICE", "TT_METAL_HOME", "TT_VISIBLE_DEVICES"),
    ),
    Accelerator(
        "musa",
        "Moore Threads (MUSA)",
        ("mthreads.com/vgpu",),
        ("registry.mthreads.com/",),
        ("musa",),
        names=("moore threads", "mthreads", "mtt s"),
        env=("MTHREADS_VISIBLE_DEVICES", "MUSA_VISIBLE_DEVICES"),
        tools=("mthreads-gmi",),
    ),
    Accelerator(
        "amd-other",
        "an AMD GPU outside the GPU catalog",
        (),
        (),
        (),
        env=("PYTORCH_ROCM_ARCH", "GPU_TARGETS", "AMDGPU_TARGETS", "HSA_OVERRIDE_GFX_VERSION"),
    ),
    Accelerator(
        "cpu",
        "CPUs only",
        (),
        ("-cpu",),
        ("cpu",),
        names=("cpu",),
    ),
)

_INSTANCE_TYPE = ("node.kubernetes.io/instance-type", "beta.kubernetes.io/instance-type")


def by_resource(name: str) -> Accelerator | None:
    return next((a for a in ACCELERATORS if name in a.resources), None)


def by_image(image: str) -> Accelerator | None:
    low = image.lower()
    return next((a for a in ACCELERATORS if any(s in low for s in a.images)), None)


# Every vendor runtime's device variables (``Accelerator.env``): the shell interpreter carries
# them, exported, to the processes a script starts, as it carries CUDA_VISIBLE_DEVICES.
RUNTIME_ENV: frozenset[str] = frozenset(v for a in ACCELERATORS for v in a.env)


def by_tool(word: str) -> Accelerator | None:
    """The accelerator whose device-management command ``word`` runs (a path's last part)."""
    name = word.rsplit("/", 1)[-1]
    return next((a for a in ACCELERATORS if name in a.tools), None)


def by_env(name: str) -> Accelerator | None:
    return next((a for a in ACCELERATORS if name in a.env), None)


# The catalog's AMD parts by LLVM target: gfx942 is MI300X and MI325X (gfx940/gfx941, the first
# MI300 targets, were folded into it in LLVM 18).
_PRICED_AMD_TARGETS = frozenset({"gfx940", "gfx941", "gfx942"})
_AMD_TARGET = lazy(r"gfx[0-9a-f]+")
_GFX_VERSION = lazy(r"(\d+)\.(\d+)\.(\d+)")


def amd_targets(name: str, value: str) -> frozenset[str]:
    """The LLVM targets an AMD target variable writes (``PYTORCH_ROCM_ARCH="gfx90a;gfx942"``,
    ``HSA_OVERRIDE_GFX_VERSION=10.3.0`` -> gfx1030), empty when it writes none."""
    low = value.strip().lower()
    if name != "HSA_OVERRIDE_GFX_VERSION":
        return frozenset(_AMD_TARGET.findall(low))
    found = _GFX_VERSION.fullmatch(low)
    if found is None or int(found.group(3)) > 15:
        return frozenset()
    major, minor, stepping = (int(g) for g in found.groups())
    return frozenset({f"gfx{major}{minor}{stepping:x}"})


def runs_unpriced(name: str, value: str | None) -> bool:
    """The variable, with this value, says the process runs on an accelerator the cost model
    does not price: a runtime only that vendor's stack reads (``ZE_AFFINITY_MASK``), or AMD
    LLVM targets none of which is a catalogued part."""
    acc = by_env(name)
    if acc is None:
        return False
    if acc.kind != "amd-other":
        return True
    targets = amd_targets(name, value or "")
    return bool(targets) and not targets & _PRICED_AMD_TARGETS


def by_name(name: str) -> Accelerator | None:
    """The accelerator a manifest's part name names (``Gaudi2``, ``Intel GPU Max 1550``), if any."""
    words = " ".join(re.split(r"[^a-z0-9]+", name.lower()))
    return next(
        (a for a in ACCELERATORS if any(re.search(rf"\b{n}", words) for n in a.names)), None
    )


class Part(Protocol):
    """What ``of_cluster`` reads of a manifest's part (``hardware.types.GpuSpec``)."""

    @property
    def name(self) -> str: ...

    @property
    def memory_gb(self) -> float: ...


def of_cluster(gpu: Part, cataloged: bool) -> str | None:
    """Why a manifest's accelerator is outside what toplint checks, or None.

    A part whose name names a non-GPU accelerator (``by_name``) is declined even when described;
    a part outside the catalog that gives not even its memory is an unknown vendor's (no fit,
    no budget to judge).  One that gives its memory is checked as a GPU: its fit, start-up and
    placement need nothing else, and a latency its memory bandwidth or compute rate would price
    is reported unpriced (``toplint.outcome.types.Outcome.unpriced``), as the manifest schema
    promises."""
    acc = by_name(gpu.name) if not cataloged else None
    if acc is not None:
        return f"{acc.title} (the manifest's `{gpu.name}`)"
    if cataloged or gpu.memory_gb > 0:
        return None
    return f"`{gpu.name}`, a part outside the GPU catalog with no memory"


def by_labels(labels: Mapping[str, str]) -> tuple[Accelerator, str] | None:
    """The accelerator node labels name, with the label that says so."""
    if not labels:
        return None
    for acc in ACCELERATORS:
        for key in acc.label_keys:
            if key in labels:
                return acc, key
        for key in _INSTANCE_TYPE:
            value = labels.get(key, "")
            if value.startswith(acc.instance_prefixes) and acc.instance_prefixes:
                return acc, f"{key}={value}"
    return None


def of_deployment(dep: Deployment) -> tuple[Accelerator, str, Position] | None:
    """The unmodelled accelerator a deployment runs on: (it, the evidence, where), or None."""
    here = Position(dep.path, dep.line, dep.column)
    for key, at in (("accelerator.resource", "accelerator"), ("gpu.resource", "gpus_per_node")):
        resource = dep.options.get(key)
        acc = by_resource(resource) if resource else None
        if acc is not None:
            return acc, f"requests `{resource}`", dep.sources.get(at, here)
    named = dep.options.get("accelerator.name")
    acc = by_name(named) if named else None
    if acc is not None:
        return acc, f"`{named}`", dep.sources.get("accelerator", dep.sources.get("gpus", here))
    # Ray Serve LLM's ``accelerator_type`` (ray.util.accelerators: "TPU-V6E", "TPU-V5LITEPOD")
    ray = dep.options.get("accelerator_type")
    acc = by_name(ray) if ray else None
    if acc is not None:
        return acc, f"`accelerator_type: {ray}`", dep.sources.get("accelerator_type", here)
    variable = dep.options.get("accelerator.env")  # ``deployment_from_invocation`` sets it
    acc = by_env(variable) if variable else None
    if acc is not None:
        return acc, f"`{variable}` in its environment", dep.sources.get("accelerator", here)
    tool = dep.options.get("accelerator.tool")  # ``argv.device_tool`` sets it
    acc = by_tool(tool) if tool else None
    if acc is not None:
        return acc, f"runs `{tool}` beside it", dep.sources.get("accelerator", here)
    device = dep.flag("device")
    if device is not None and device.value:
        acc = next((a for a in ACCELERATORS if device.value.lower() in a.devices), None)
        if acc is not None:
            return acc, f"`{device.raw} {device.value}`", device.position
    software = dep.options.get("accelerator.software")  # a reader's ``accelerator_at``
    acc = by_image(software) if software else None
    if acc is not None:
        return acc, f"`{software}`", dep.sources.get("accelerator", here)
    image = dep.options.get("image")
    if image:
        acc = by_image(image)
        if acc is not None:
            return acc, f"image `{image}`", dep.sources.get("image", here)
    found = by_labels(dep.labels)
    if found is not None:
        return found[0], f"node label `{found[1]}`", dep.sources.get("labels", here)
    return None
