"""vLLM's pre-built CPU image on its ECR repository, and the layout left to what runs an image
toplint knows only by its name (open-world set 25, development half: Podman and Docker runs of
vLLM's CPU images in dbrugger946/rh-ibm-ai-various@0bd0d2fe vllm-dev/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.parse.helpers import parse_text
from toplint.accelerators import of_deployment
from toplint.cli import main
from toplint.parse.options import CHOSEN_BY


def test_the_cpu_release_repository_is_vllms_image_with_its_entrypoint() -> None:
    """vllm-project/vllm@2d5be1dd .buildkite/scripts/push-release-images-dockerhub.sh retags
    public.ecr.aws/q9t5s3a7/vllm-cpu-release-repo:vX as vllm/vllm-openai-cpu: the same image,
    whose entrypoint serves the arguments after it (TP 1 when none is written)."""
    text = (
        "docker run --rm --shm-size=4g -e VLLM_CPU_KVCACHE_SPACE=30 \\\n"
        "  public.ecr.aws/q9t5s3a7/vllm-cpu-release-repo:v0.9.0 \\\n"
        "  --model=ibm-granite/granite-3.3-2b-instruct --dtype=bfloat16\n"
    )
    (dep,) = parse_text("run.sh", text).deployments
    assert (dep.engine, dep.model, dep.tp, dep.pp, dep.dp) == (
        "vllm",
        "ibm-granite/granite-3.3-2b-instruct",
        1,
        1,
        1,
    )
    assert not dep.unresolved
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "cpu"  # still declined as CPU-only


def test_the_arm64_twin_and_a_mirror_of_the_repository_are_read_alike() -> None:
    for image in (
        "public.ecr.aws/q9t5s3a7/vllm-arm64-cpu-release-repo:v0.10.2",
        "registry.local/mirror/vllm-cpu-release-repo:v0.9.1",
    ):
        (dep,) = parse_text("run.sh", f"docker run {image} --model o/m\n").deployments
        assert (dep.engine, dep.tp) == ("vllm", 1), image


def test_a_layout_an_images_entrypoint_may_set_names_the_image_not_the_runtime() -> None:
    """A local build named after the engine (vLLM's CPU docs tag it ``vllm-cpu-env``): its
    entrypoint is not read, so the layout stays unresolved; podman chooses none of it."""
    text = "podman run --rm vllm-cpu-env:latest --model=o/m --dtype=bfloat16\n"
    (dep,) = parse_text("run.sh", text).deployments
    assert dep.engine == "vllm" and dep.tp is None
    chooser = {u.variable for u in dep.unresolved if u.field == "tp"}
    assert chooser == {f"{CHOSEN_BY}the entrypoint of image vllm-cpu-env:latest (run by podman)"}


def test_a_wrapper_program_still_chooses_its_own_layout() -> None:
    text = "srun ./start.py apptainer /x/sglang-v0.5.sif --auto --mem-fraction-static 0.9\n"
    (dep,) = parse_text("job.sh", text).deployments
    assert {u.variable for u in dep.unresolved} == {f"{CHOSEN_BY}start.py"}


def test_tl003_on_a_chosen_layout_says_to_write_the_sizes_not_to_give_a_literal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "serve.sh"
    script.write_text(
        "docker run my/llm:1 --model o/m --gpu-memory-utilization 0.9 --max-model-len 4096\n"
    )
    main(["check", str(script), "--format", "json", "--exit-zero", "--select", "TL003"])
    (found,) = json.loads(capsys.readouterr().out)["findings"]
    assert "the entrypoint of image my/llm:1 (run by docker)" in found["message"]
    fix = json.dumps(found.get("fix"))
    assert "--tensor-parallel-size N" in fix and "literal value" not in fix
