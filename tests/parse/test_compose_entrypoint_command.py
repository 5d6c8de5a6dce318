"""A compose service that builds its image and writes a ``command`` runs the image's exec-form
``ENTRYPOINT`` with that command as its arguments (Dockerfile reference, "Understand how CMD and
ENTRYPOINT interact": the service's ``command`` replaces ``CMD``).  Before, such a service was no
deployment (only a service that writes no command ran its built image), and the Dockerfile alone
was a deployment naming no model.

userdra99/RAG-15082025@b6fecc63 (sweep 36, development): docker-compose.llama33-70b.yml:1-41
builds Dockerfile.vllm_rtx5090, whose ``ENTRYPOINT ["bash", "/start.sh"]`` runs a script its
``RUN cat <<'EOF' > /start.sh`` writes, ending in ``"$@"`` (excerpts, values verbatim).
informatico-madrid/blackwell-linux-infra-optimizer@4a11ae4a Dockerfile:41 is the engine itself:
``ENTRYPOINT ["python3", "-m", "vllm.entrypoints.openai.api_server"]``.
"""

from __future__ import annotations

from pathlib import Path

from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

DOCKERFILE = """FROM vllm/vllm-openai:v0.10.0
RUN cat <<'EOF' > /start.sh
#!/bin/bash
exec /usr/bin/python3 -m vllm.entrypoints.openai.api_server \\
    --model "${MODEL}" \\
    --port "${PORT:-8000}" \\
    "$@"
EOF
RUN chmod +x /start.sh
ENTRYPOINT ["bash", "/start.sh"]
"""

COMPOSE = """services:
  vllm-llm:
    build:
      context: .
      dockerfile: Dockerfile.vllm_rtx5090
    environment:
      - CUDA_VISIBLE_DEVICES=0,1
      - MODEL=casperhansen/llama-3.3-70b-instruct-awq
    command: >
      --model casperhansen/llama-3.3-70b-instruct-awq
      --max-model-len 4096
      --tensor-parallel-size 2
      --quantization awq
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              device_ids: ['0', '1']
              capabilities: [gpu]
"""

ENGINE_ENTRYPOINT = 'ENTRYPOINT ["python3", "-m", "vllm.entrypoints.openai.api_server"]\n'


def _parse(path: Path) -> ParseResult:
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _compose(root: Path, dockerfile: str = DOCKERFILE) -> tuple[Deployment, ...]:
    (root / ".git").mkdir()
    (root / "Dockerfile.vllm_rtx5090").write_text(dockerfile)
    (root / "docker-compose.yml").write_text(COMPOSE)
    return _parse(root / "docker-compose.yml").deployments


def test_the_command_is_the_entrypoint_scripts_arguments(tmp_path: Path) -> None:
    (dep,) = _compose(tmp_path)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "casperhansen/llama-3.3-70b-instruct-awq", 2)
    assert dep.gpus_per_node == 2
    # an argument of the command is where the service writes it, not at the ENTRYPOINT
    tp = dep.sources["tp"]
    assert (Path(tp.path).name, tp.line) == ("docker-compose.yml", 12)


def test_an_engine_entrypoint_takes_the_command(tmp_path: Path) -> None:
    dockerfile = "FROM nvcr.io/nvidia/pytorch:25.12-py3\nRUN pip install vllm\n" + ENGINE_ENTRYPOINT
    (dep,) = _compose(tmp_path, dockerfile)
    assert (dep.model, dep.tp) == ("casperhansen/llama-3.3-70b-instruct-awq", 2)


def test_an_engine_entrypoint_with_no_cmd_is_an_entrypoint_not_a_deployment(
    tmp_path: Path,
) -> None:
    # the Dockerfile alone: its model and layout come with the arguments it is run with
    (tmp_path / "Dockerfile").write_text(
        "FROM nvcr.io/nvidia/pytorch:25.12-py3\n" + ENGINE_ENTRYPOINT
    )
    result = _parse(tmp_path / "Dockerfile")
    assert result.deployments == ()
    (note,) = result.findings
    assert note.rule == "TL008" and note.severity.value == "info"
    # with a CMD it is a deployment, as before
    (tmp_path / "Dockerfile").write_text(
        "FROM nvcr.io/nvidia/pytorch:25.12-py3\n" + ENGINE_ENTRYPOINT + 'CMD ["--model", "org/m"]\n'
    )
    (dep,) = _parse(tmp_path / "Dockerfile").deployments
    assert dep.model == "org/m"


def test_a_shell_form_entrypoint_ignores_the_command(tmp_path: Path) -> None:
    # Dockerfile reference: a shell-form ENTRYPOINT ignores CMD and run arguments
    dockerfile = (
        "FROM nvcr.io/nvidia/pytorch:25.12-py3\n"
        "ENTRYPOINT python3 -m vllm.entrypoints.openai.api_server --model org/m\n"
    )
    deps = _compose(tmp_path, dockerfile)
    assert all(d.tp != 2 for d in deps)
