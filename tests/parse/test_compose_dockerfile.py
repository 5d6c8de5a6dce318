"""docker compose services and Dockerfile CMD/ENTRYPOINT."""

from __future__ import annotations

from .helpers import only, parse_text

COMPOSE = """\
x-gpu: &gpu
  deploy:
    resources:
      reservations:
        devices:
          - driver: nvidia
            count: 4
            capabilities: [gpu]
services:
  engine:
    image: vllm/vllm-openai:latest
    <<: *gpu
    environment:
      - CUDA_VISIBLE_DEVICES=${GPUS:-0,1}
    command: >
      --model ${MODEL:-org/m}
      --tensor-parallel-size ${TP:-2}
"""


def test_compose_folded_command_anchor_merge_and_interpolation() -> None:
    dep = only("stack.yml", COMPOSE)
    assert (dep.engine, dep.model, dep.tp, dep.nodes) == ("vllm", "org/m", 2, 1)
    assert (dep.gpus_per_node, dep.gpus) == (2, 2)  # 4 reserved, narrowed to 0,1


def test_compose_folded_command_positions_point_into_the_file() -> None:
    tp = only("stack.yml", COMPOSE).sources["tp"]
    assert (tp.line, tp.column) == (17, 7)  # the option token


def test_compose_list_command_and_device_ids() -> None:
    text = """\
services:
  s:
    image: lmsysorg/sglang
    command: ["python3", "-m", "sglang.launch_server", "--model-path", "m", "--tp", "2"]
    deploy: {resources: {reservations: {devices: [{capabilities: [gpu], device_ids: ["0", "3"]}]}}}
"""
    dep = only("compose.yaml", text)
    assert (dep.engine, dep.tp, dep.gpus_per_node) == ("sglang", 2, 2)


def test_compose_detected_by_content_not_name() -> None:
    text = "services:\n  a:\n    image: vllm/vllm-openai\n    command: --model m -tp 2\n"
    assert only("whatever.yaml", text).tp == 2


def test_compose_command_of_wrong_type_is_tl001_at_its_value() -> None:
    text = "services:\n  a:\n    image: vllm/vllm-openai\n    command:\n      model: m\n"
    result = parse_text("compose.yaml", text)
    assert [(f.rule, f.line, f.column) for f in result.findings] == [("TL001", 5, 7)]


def test_compose_runtime_nvidia_with_visible_devices() -> None:
    text = """\
services:
  a:
    image: vllm/vllm-openai
    runtime: nvidia
    environment: {NVIDIA_VISIBLE_DEVICES: "2,3,4"}
    command: ["--model", "m"]
"""
    assert only("compose.yaml", text).gpus_per_node == 3


def test_dockerfile_exec_form_entrypoint_plus_cmd() -> None:
    text = (
        "FROM python:3.11\nENV TP=4\n"
        'ENTRYPOINT ["python3", "-m", "sglang.launch_server"]\n'
        'CMD ["--model-path", "m", "--tp", "4"]\n'
    )
    dep = only("Dockerfile", text)
    tp = dep.sources["tp"]
    assert (dep.engine, dep.tp, tp.line, tp.column) == ("sglang", 4, 4, 27)


def test_dockerfile_shell_form_expands_env() -> None:
    text = "FROM base\nENV TP=2 MODEL=org/m\nCMD vllm serve $MODEL \\\n    -tp ${TP}\n"
    dep = only("Dockerfile", text)
    assert (dep.model, dep.tp, dep.sources["tp"].line) == ("org/m", 2, 4)


def test_dockerfile_from_engine_image_supplies_the_entrypoint() -> None:
    text = 'FROM vllm/vllm-openai:v0.9.0\nCMD ["--model", "m", "--tensor-parallel-size", "8"]\n'
    dep = only("build/Dockerfile", text)
    assert (dep.engine, dep.tp) == ("vllm", 8)


def test_compose_entrypoint_script_keeps_its_service_resources() -> None:
    """An entrypoint ``bash -c "pip install ... && python -m vllm..."`` is read as the commands of
    its script, and the service's device reservation stays its GPU count."""
    text = """\
services:
  llm:
    image: vllm/vllm-openai:latest
    entrypoint: >
      /bin/bash -c "
      pip install some-package &&
      python -m vllm.entrypoints.openai.api_server --model org/m --tensor-parallel-size 2
      "
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: 2
              capabilities: [gpu]
"""
    dep = only("docker-compose.yml", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus, dep.name) == ("vllm", "org/m", 2, 2, "llm")


def test_an_exec_form_shell_script_entrypoint_is_read_with_the_env() -> None:
    """``ENTRYPOINT ["sh", "-c", "vllm serve $MODEL --tensor-parallel-size $TP"]``: the script
    runs, with the Dockerfile's ``ENV`` (was TL008 "no CMD that gives the engine's arguments")."""
    from tests.parse.helpers import only

    text = "FROM vllm/vllm-openai:v0.8.5\nENV TP=2 MODEL=org/m\n"
    text += 'ENTRYPOINT ["sh", "-c", "vllm serve $MODEL --tensor-parallel-size $TP"]\n'
    dep = only("Dockerfile", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    assert (dep.line, dep.column) == (3, 26)


def test_a_service_built_on_an_engine_image_runs_its_entrypoint(tmp_path, monkeypatch) -> None:
    # NVIDIA/GenerativeAIExamples@401cb446f550c6dee8048a246e6c5dbc57f38dae industries/energy/
    # simulation-workflow-agent/docker-compose-full.yml:31: `build: {context: sim_agent,
    # dockerfile: Dockerfile.ocr}` (FROM vllm/vllm-openai:nightly + RUN pip install) with
    # `command: ["zai-org/GLM-OCR", ...]` was read by its name only, with no model (TL007 error)
    from pathlib import Path

    from toplint.parse.base import Source
    from toplint.parse.parallel import builtin_and_plugin_parsers
    from toplint.parse.run import parse_source

    monkeypatch.chdir(tmp_path)
    Path(".git").mkdir()
    Path("sim_agent").mkdir()
    Path("sim_agent/Dockerfile.ocr").write_text(
        "FROM vllm/vllm-openai:nightly\nRUN pip install --no-cache-dir transformers\n"
    )
    compose = (
        "services:\n  ocr-vllm:\n    image: glm-ocr-vllm\n    build:\n      context: sim_agent\n"
        "      dockerfile: Dockerfile.ocr\n"
        '    command: ["zai-org/GLM-OCR", "--port", "8080", "--max-model-len", "32768"]\n'
    )
    Path("docker-compose.yml").write_text(compose)
    parsers = builtin_and_plugin_parsers()
    result = parse_source(Source.from_text("docker-compose.yml", compose), parsers)
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.nodes) == ("vllm", "zai-org/GLM-OCR", 1)
    # a Dockerfile with an ENTRYPOINT of its own runs that, not the base image's
    Path("sim_agent/Dockerfile.ocr").write_text(
        'FROM vllm/vllm-openai:nightly\nENTRYPOINT ["/start.sh"]\n'
    )
    result = parse_source(Source.from_text("docker-compose.yml", compose), parsers)
    assert all(d.model != "zai-org/GLM-OCR" for d in result.deployments)
