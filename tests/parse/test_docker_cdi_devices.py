"""``--device nvidia.com/gpu=…`` (a Container Device Interface name: podman's way, and docker's
with CDI, to hand a container NVIDIA GPUs; NVIDIA Container Toolkit docs, "Support for Container
Device Interface") gives the GPUs ``--gpus`` gives.  karinehei/linux-vllm-infra-lab@1a6ffba
ansible/roles/vllm/templates/vllm.service.j2 runs ``podman run --device nvidia.com/gpu=all``."""

from __future__ import annotations

from .helpers import only

IMAGE = "vllm/vllm-openai:v0.6.3 --model org/m --tensor-parallel-size 2"


def test_every_gpu_by_cdi_is_every_gpu_of_the_host() -> None:
    dep = only("run.sh", f"podman run --device nvidia.com/gpu=all {IMAGE}\n")
    assert dep.options.get("gpus_visible") == "all"


def test_cdi_gpus_by_index_are_counted() -> None:
    text = f"podman run --device nvidia.com/gpu=0 --device nvidia.com/gpu=1 {IMAGE}\n"
    dep = only("run.sh", text)
    assert (dep.gpus_per_node, dep.options.get("gpu_ids")) == (2, "0,1")
