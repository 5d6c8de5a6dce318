"""Which GPU a deployment asks for, and when a manifest's GPU is that GPU (hardware.asks)."""

from __future__ import annotations

import pytest

from toplint.hardware.asks import asked_gpu, memory_of, model_of, same_gpu
from toplint.model import Deployment


@pytest.mark.parametrize(
    ("name", "model", "memory"),
    [
        ("NVIDIA-H100-80GB-HBM3", "h100", 80),  # GPU feature discovery's product label
        ("Tesla-T4", "t4", None),
        ("nvidia-tesla-a100", "a100", None),  # GKE's accelerator label
        ("A100-SXM4-40GB", "a100", 40),
        ("gh200", "gh200", None),  # KubeAI's nvidia-gpu-gh200 profile
        ("rtx4070-8gb", "4070", 8),
        ("RTX-4090", "4090", None),
        ("mi300x", "mi300x", None),
        ("A100-80G", "a100", 80),  # Ray's accelerator type
        ("any-gpu", "", None),
        ("RTX-3070-Ti", "3070ti", None),  # a variant word is part of the model
        ("3070ti-8gb", "3070ti", 8),  # a KubeAI cluster's own nvidia-gpu-3070ti-8gb profile
        ("GeForce RTX 4070 Ti SUPER", "4070tisuper", None),
        ("Radeon RX 7900 XTX", "7900xtx", None),
    ],
)
def test_model_and_memory_of_a_name(name: str, model: str, memory: int | None) -> None:
    assert (model_of(name), memory_of(name)) == (model, memory)


@pytest.mark.parametrize(
    ("asked", "have", "same"),
    [
        ("nvidia-l4", "L4", True),
        ("l4", "L40S", False),
        ("a10", "A10G", False),
        ("h100", "H100-PCIe-80GB", True),  # the form factor left open
        ("A100", "A100-SXM4-40GB", True),  # the memory left open
        ("a100-40gb", "A100-SXM4-80GB", False),
        ("nvidia-a100-80gb", "A100-SXM4-80GB", True),
        ("NVIDIA-GH200-480GB", "GH200", True),  # the manifest's name writes no size
        ("gh200", "H100-SXM-80GB", False),
        ("b200", "GB200", False),
        # kubeai-project/kubeai#499 (tests/incidents/cases/kubeai-499): the profile writes the
        # variant joined, the manifest apart; a 3070 Ti is not a 3070, a 4080 SUPER not a 4080
        ("3070ti-8gb", "RTX-3070-Ti", True),
        ("RTX-3070", "RTX-3070-Ti", False),
        ("RTX-4080", "RTX 4080 SUPER", False),
    ],
)
def test_two_names_of_one_gpu(asked: str, have: str, same: bool) -> None:
    assert same_gpu(asked, have) is same


def _dep(**kw: object) -> Deployment:
    return Deployment(path="d.yaml", line=1, column=1, engine="vllm", model=None, **kw)  # type: ignore[arg-type]


def test_an_instance_type_asks_for_its_gpu_before_a_wrapper_field() -> None:
    labels = {"node.kubernetes.io/instance-type": "p5.48xlarge", "kubeai.org/resource-profile": "x"}
    ask = asked_gpu(_dep(labels=labels))
    assert ask is not None and ask.names == ("H100-SXM-80GB",)


def test_node_affinity_values_ask_for_any_of_them() -> None:
    ask = asked_gpu(_dep(labels={"nvidia.com/gpu.product": "NVIDIA-L4,NVIDIA-L40S"}))
    assert ask is not None and ask.shown == "NVIDIA-L4 or NVIDIA-L40S"


def test_a_profile_of_no_gpu_model_asks_for_nothing() -> None:
    assert asked_gpu(_dep(labels={"kubeai.org/resource-profile": "cpu"})) is None
    assert asked_gpu(_dep(options={"accelerator.name": "gpu"})) is None


def test_model_of_is_kept_per_name_and_answers_as_computed_afresh() -> None:
    """``model_of`` is memoized by the name alone (its only input): asked twice, in any order,
    each name gets what the unmemoized function computes."""
    names = ["NVIDIA-H100-80GB-HBM3", "Tesla-T4", "nvidia-gpu-gh200", "A100-SXM4-40GB", "vga"]
    for name in [*names, *reversed(names)]:
        assert model_of(name) == model_of.__wrapped__(name)
    assert model_of("NVIDIA-H100-80GB-HBM3") == "h100" and model_of("vga") == ""
