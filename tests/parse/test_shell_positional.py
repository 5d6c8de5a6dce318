"""``sh -c SCRIPT NAME ARG...``: the words after the script are its $0 and positional parameters
(sh(1) -c), so a script's ``"$@"`` is the container's ``args`` (Kubernetes runs ``command`` then
``args``), the Dockerfile's ``CMD`` after an ``ENTRYPOINT`` or compose's ``command`` after an
``entrypoint``.  kubernetes-sigs/inference-perf@7de5ef2 tests/optional/multimodal/cases/audio/
vllm.yaml starts vLLM this way."""

from __future__ import annotations

from tests.parse.helpers import only

POD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: m}}
spec:
  template:
    spec:
      containers:
      - name: vllm
        image: vllm/vllm-openai:v0.10.0
        command:
        - /bin/sh
        - -c
        - pip install vllm[audio] && exec python3 -m vllm.entrypoints.openai.api_server {passed}
        - dummy-arg
        args:
        - --model=$(MODEL_ID)
        - --tensor-parallel-size
        - "2"
        env:
        - name: MODEL_ID
          value: Qwen/Qwen2-Audio-7B-Instruct
        resources: {{limits: {{nvidia.com/gpu: 2}}}}
"""


def test_the_scripts_positional_parameters_are_the_containers_args() -> None:
    dep = only("deploy.yaml", POD.format(passed='"$@"'))
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "Qwen/Qwen2-Audio-7B-Instruct", 2)
    # each option is placed at its own entry of ``args``
    assert (dep.sources["tp"].line, dep.sources["model"].line) == (17, 16)


def test_a_script_that_passes_no_parameters_does_not_take_the_args() -> None:
    """Without ``"$@"`` the args after the script are only its positional parameters."""
    dep = only("deploy.yaml", POD.format(passed="--model org/other"))
    assert (dep.model, dep.tp) == ("org/other", 1)


DOCKERFILE = """\
FROM vllm/vllm-openai:v0.10.0
ENTRYPOINT ["/bin/sh", "-c", "exec python3 -m vllm.entrypoints.openai.api_server \\"$@\\"", "--"]
CMD ["--model", "org/m", "--tensor-parallel-size", "2"]
"""


def test_a_dockerfile_cmd_is_the_positional_parameters_of_its_sh_c_entrypoint() -> None:
    dep = only("Dockerfile", DOCKERFILE)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    assert dep.sources["tp"].line == 3


COMPOSE = """\
services:
  vllm:
    image: vllm/vllm-openai:v0.10.0
    entrypoint: ["/bin/sh", "-c", "exec vllm serve \\"$@\\"", "--"]
    command: ["--model", "org/m", "--tensor-parallel-size", "4"]
"""


def test_a_compose_command_is_the_positional_parameters_of_its_sh_c_entrypoint() -> None:
    dep = only("docker-compose.yml", COMPOSE)
    assert (dep.engine, dep.model, dep.tp, dep.source_kind) == ("vllm", "org/m", 4, "compose")
    assert dep.sources["tp"].line == 5
