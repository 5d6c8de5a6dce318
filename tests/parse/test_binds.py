"""A model given as a container path that a bind mount fills is the host folder mounted there
(``toplint.parse.binds``); the model stays as written."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only
from toplint.parse.binds import MODEL_HOST, bind_of, compose_binds, host_path
from toplint.pipeline.deployment import _model
from toplint.pipeline.settings import Settings


def test_binds_are_host_paths_mounted_at_a_container_path() -> None:
    assert bind_of("-v", "$PWD/models/Qwen2-7B-Instruct-GPTQ-Int4:/data") == (
        "$PWD/models/Qwen2-7B-Instruct-GPTQ-Int4",
        "/data",
    )
    assert bind_of("-v", "./models/m/:/models/m:ro") == ("./models/m", "/models/m")
    assert bind_of("--mount", "type=bind,source=/srv/m,target=/model") == ("/srv/m", "/model")
    # a named volume, an anonymous one and a tmpfs hold nothing the tree names
    assert bind_of("-v", "hf-cache:/root/.cache/huggingface") is None
    assert bind_of("-v", "/data") is None
    assert bind_of("--mount", "type=volume,source=models,target=/data") is None
    long = [{"type": "bind", "source": "./m", "target": "/m"}, {"type": "volume", "source": "v"}]
    assert compose_binds(["./a:/a", "named:/b", *long]) == (("./a", "/a"), ("./m", "/m"))


def test_the_deepest_bind_holding_the_path_gives_its_host_folder() -> None:
    binds = [("/srv", "/data"), ("./models/X", "/data/x")]
    assert host_path("/data/x", binds) == "./models/X"
    assert host_path("/data/x/snapshots/1", binds) == "./models/X/snapshots/1"
    assert host_path("/data", binds) == "/srv"
    assert host_path("/datax", binds) is None
    assert host_path("org/model", binds) is None


def test_docker_runs_model_path_is_looked_up_as_the_mounted_folder() -> None:
    text = (
        "docker run --gpus all -v $PWD/models/Qwen3-30B-A3B:/data "
        "ghcr.io/huggingface/text-generation-inference:3.0.1 --model-id /data --num-shard 2\n"
    )
    dep = only("run.sh", text)
    assert dep.model == "/data"
    assert dep.options[MODEL_HOST] == "$PWD/models/Qwen3-30B-A3B"
    found = _model(dep, Settings())
    assert found is not None and found.id == "Qwen/Qwen3-30B-A3B"


def test_compose_volumes_fill_the_model_path(tmp_path: Path) -> None:
    text = (
        "services:\n  llm:\n    image: vllm/vllm-openai:v0.9.2\n"
        "    volumes: [./models/Qwen3-30B-A3B:/models/qwen, hf:/root/.cache]\n"
        "    command: [--model, /models/qwen, --tensor-parallel-size, '2']\n"
    )
    dep = only("compose.yaml", text)
    assert dep.options[MODEL_HOST] == "./models/Qwen3-30B-A3B"
    unmounted = only("compose.yaml", text.replace("./models/Qwen3-30B-A3B:", "named:"))
    assert MODEL_HOST not in unmounted.options
