"""What an image reference says of the engine it runs: its last path segment names the image;
the segments before it name who publishes it (vllm-project/semantic-router@3d48f8c deploy/: the
project's router, dashboard and mock server images were each 'a build of vllm', 27 TL008
warnings on one repository)."""

from __future__ import annotations

import pytest

from toplint.parse.generic.evidence import image


@pytest.mark.parametrize(
    "ref",
    [
        "ghcr.io/vllm-project/semantic-router/extproc:latest",
        "ghcr.io/vllm-project/semantic-router/dashboard:latest",
        "ghcr.io/sgl-project/sgl-router:v0.1",
    ],
)
def test_an_image_the_engines_project_publishes_under_another_name_is_no_build(ref: str) -> None:
    assert image(ref) is None


@pytest.mark.parametrize(
    ("ref", "engine"),
    [
        ("rocm/vllm:rocm6.2", "vllm"),
        ("opea/vllm-gaudi:latest", "vllm"),
        ("lmsysorg/sglang:v0.5.2-cu126", "sglang"),
    ],
)
def test_an_image_whose_own_name_names_the_engine_is_one(ref: str, engine: str) -> None:
    found = image(ref)
    assert found is not None and found.engine == engine


def test_an_engine_whose_name_is_an_everyday_word_is_named_only_as_a_word() -> None:
    # ATOM's "atom" is in "atomic": tiammomo/local-inference-stack@0cbeee43's
    # `atomic_write_private_text` had been read as naming ATOM (TL008 on nine files)
    from toplint.parse.generic.evidence import named

    assert named("atomic_write_private_text") is None
    assert named("atom_engine") == "atom"
    assert named("VLLMwithChatTemplate") == "vllm"  # other names still match inside words


def test_a_path_under_an_everyday_word_engine_name_is_no_module_of_it() -> None:
    # mavlite/local-gpu-cluster@7661c428 scripts/rag/sources.yaml lists a feed's `atom.xml`
    from tests.parse.helpers import parse_text

    result = parse_text("sources.yaml", "feeds:\n  - url: https://example.org/atom.xml\n")
    assert result.deployments == () and result.findings == ()


_ROUTER = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm-router
spec:
  template:
    spec:
      containers:
      - name: router
        image: 123.dkr.ecr.us-west-2.amazonaws.com/dev-vllm-repo:router-dp-fallback
        command:
          - {program}
          - --prefill
          - http://prefill:8000
          - --intra-node-data-parallel-size
          - "8"
"""


def test_a_container_that_runs_another_program_named_after_the_engine_runs_no_engine() -> None:
    # yeqcharlotte/router@3fca72da scripts/k8s/llama3/vllm-router/pd-disagg/router-deployment.yaml
    # (tests/recipes9): `vllm-router` (vllm-project/router's console script) in an image named
    # dev-vllm-repo was read as vLLM given the router's options (TL005 on each)
    from tests.parse.helpers import parse_text

    result = parse_text("router.yaml", _ROUTER.format(program="vllm-router"))
    assert result.deployments == () and result.findings == ()


@pytest.mark.parametrize("program", ["/workspace/start.sh", "/opt/vllm_start.sh"])
def test_a_container_whose_command_is_a_script_keeps_its_images_engine(program: str) -> None:
    from tests.parse.helpers import parse_text

    result = parse_text("router.yaml", _ROUTER.format(program=program))
    assert [f.rule for f in result.findings] == ["TL008"]  # the image is vLLM's, its args unread
