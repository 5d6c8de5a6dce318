"""Which images are builds of an engine for an accelerator toplint does not model
(``toplint.accelerators.by_image``): the vendor's own spellings, and a GPU build left alone."""

from __future__ import annotations

import pytest

from toplint.accelerators import by_image


@pytest.mark.parametrize(
    ("image", "kind"),
    [
        # awslabs/ai-on-eks@41a979e blueprints/inference/vllm-llama3.1-405b-trn1
        ("public.ecr.aws/data-on-eks/neuron-sdk2.20-vllm0.5.0-neuron:v8", "neuron"),
        (
            "763104351884.dkr.ecr.us-west-2.amazonaws.com/huggingface-pytorch-tgi-inference:2.1.2-optimum0.0.27-neuronx-py310-ubuntu22.04",
            "neuron",
        ),
        ("ghcr.io/stackhpc/vllm-xpu:v0.9.1", "intel-gpu"),
        ("vllm/vllm-tpu:nightly", "tpu"),
        # tenstorrent/tt-inference-server@11ac526e008e3888e15fe3ec884973a26c8ca5bb
        # release_model_spec.json docker_image, workflows/model_specs/prod/image.yaml
        (
            "ghcr.io/tenstorrent/tt-inference-server/vllm-tt-metal-src-release-ubuntu-22.04-amd64:0.11.1-bac8b34-7c6685a",
            "tenstorrent",
        ),
        ("ghcr.io/tenstorrent/tt-media-inference-server:0.11.1-bac8b34", "tenstorrent"),
        ("ghcr.io/tenstorrent/tt-metal/tt-metalium/ubuntu-22.04-dev-amd64:latest", "tenstorrent"),
        ("vllm/vllm-openai:v0.9.0", None),
        ("public.ecr.aws/data-on-eks/ray2.24.0-py310-vllm-gpu:v1", None),
    ],
)
def test_an_image_names_its_accelerator(image: str, kind: str | None) -> None:
    found = by_image(image)
    assert (found.kind if found else None) == kind
