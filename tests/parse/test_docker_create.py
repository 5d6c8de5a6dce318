"""``docker create`` (``docker container create``, ``podman create``) makes the container ``docker
run`` would, from the same options, without starting it ("The docker create command shares most
of its options with the docker run command (which performs a docker create before starting
it)": docs.docker.com, "docker container create"): the deployment a script sets up for a
manager's ``docker start``.  unarmedpuppy/homelab-ai@97dbbf1c scripts/recreate-model-containers.sh
creates two vLLM containers that way."""

from __future__ import annotations

from .helpers import only, parse_text

IMAGE = "vllm/vllm-openai:v0.6.3 --model org/m --tensor-parallel-size 2"


def test_a_created_container_is_read_as_its_run_would_be() -> None:
    dep = only("make.sh", f"docker create --name v --gpus all -p 8002:8000 -e A=1 {IMAGE}\n")
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    assert dep.options.get("gpus_visible") == "all"
    assert dep.options.get("image") == "vllm/vllm-openai:v0.6.3"


def test_the_long_form_and_podman_are_read_alike() -> None:
    for cli in ("docker container create", "podman create"):
        dep = only("make.sh", f"{cli} --gpus all {IMAGE}\n")
        assert (dep.engine, dep.tp) == ("vllm", 2), cli


def test_two_created_containers_are_two_deployments() -> None:
    text = (
        f"docker create --name a --gpus all {IMAGE}\n"
        "docker create --name b --gpus all vllm/vllm-openai:v0.6.3 --model org/n\n"
    )
    deps = parse_text("make.sh", text).deployments
    assert [(d.model, d.tp) for d in deps] == [("org/m", 2), ("org/n", 1)]


def test_other_container_subcommands_with_an_image_start_nothing() -> None:
    for verb in ("start v", "rm -f v", f"pull {IMAGE.split()[0]}"):
        assert not parse_text("make.sh", f"docker {verb}\n").deployments, verb
