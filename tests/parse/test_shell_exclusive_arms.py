"""Arms of one ``if`` never both run (bash(1) "Compound Commands": the first arm whose test
succeeds), so arms that start the same engine the same way, read undecided, are one deployment
(toplint.parse.text.together.one_per_arm); karinehei/linux-vllm-infra-lab@1a6ffba
ansible/roles/vllm/templates/vllm.service.j2 starts vLLM through podman or docker."""

from __future__ import annotations

from .helpers import parse_text

IMAGE = "vllm/vllm-openai:v0.6.3 --model org/m --tensor-parallel-size 1"
BOTH = f"""\
if [ "$RUNTIME" = docker ]; then
  docker run --gpus all {IMAGE}
else
  podman run --device nvidia.com/gpu=all {IMAGE}
fi
"""


def test_arms_starting_the_same_engine_the_same_way_are_one_deployment() -> None:
    (dep,) = parse_text("run.sh", BOTH).deployments
    assert (dep.model, dep.tp, dep.options.get("undecided")) == ("org/m", 1, "true")


def test_arms_of_two_conditionals_may_both_run() -> None:
    text = BOTH + BOTH.replace("RUNTIME", "OTHER")
    assert len(parse_text("run.sh", text).deployments) == 2


def test_arms_starting_different_layouts_are_each_read() -> None:
    text = BOTH.replace("podman run --device nvidia.com/gpu=all", "podman run --gpus 2")
    assert len(parse_text("run.sh", text).deployments) == 2
