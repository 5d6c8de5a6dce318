"""Every reader that lexes a script which may convert, build and serve a TensorRT-LLM engine in
one go hands its commands to ``toplint.parse.builtengine.built_from``: a Dockerfile's ``RUN``
lines and its ``CMD`` script, ``docker run IMAGE bash -c``, ``ssh HOST '…'``, a RayJob's
``entrypoint``, a SkyPilot ``run`` and the generic data reader's scripts.  The served engine
runs the size it was converted at, the size the serving command wrote is kept for TL213, and an
engine built from a checkpoint converted elsewhere keeps its sizes unresolved (never 1)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import pytest

from tests.parse.helpers import only
from toplint.optionkeys import BUILT_FROM, BUILT_WRITTEN

IMAGE = "nvcr.io/nvidia/tensorrt-llm/release:0.20.0"
MODEL = "/models/Llama-3.1-8B-Instruct"
CONVERT = f"python3 convert_checkpoint.py --model_dir {MODEL} --output_dir /ckpt --tp_size 2"
BUILD = "trtllm-build --checkpoint_dir /ckpt --output_dir /engine"
SERVE = f"trtllm-serve /engine --tokenizer {MODEL} --tp_size 4"


def _dockerfile_run(steps: list[str]) -> tuple[str, str]:
    # RUN runs at image build time: the engine it builds is in the image the CMD serves.
    run = "".join(f"RUN {s}\n" for s in steps[:-1])
    serve = ", ".join(f'"{w}"' for w in steps[-1].split())
    return "Dockerfile", f"FROM {IMAGE}\n{run}CMD [{serve}]\n"


def _dockerfile_cmd_script(steps: list[str]) -> tuple[str, str]:
    return "Dockerfile", f'FROM {IMAGE}\nCMD ["/bin/bash", "-c", "{" && ".join(steps)}"]\n'


def _docker_run(steps: list[str]) -> tuple[str, str]:
    return "serve.sh", f"docker run --gpus all {IMAGE} bash -c '{' && '.join(steps)}'\n"


def _ssh(steps: list[str]) -> tuple[str, str]:
    return "deploy.sh", f"ssh gpu-node-1 '{' && '.join(steps)}'\n"


def _rayjob(steps: list[str]) -> tuple[str, str]:
    head = "apiVersion: ray.io/v1\nkind: RayJob\nmetadata: {name: trt}\nspec:\n"
    return "rayjob.yaml", f'{head}  entrypoint: bash -c "{" && ".join(steps)}"\n'


def _skypilot(steps: list[str]) -> tuple[str, str]:
    run = textwrap.indent("\n".join(steps), "  ")
    return "task.yaml", f"resources:\n  accelerators: H100:2\nrun: |\n{run}\n"


def _generic(steps: list[str]) -> tuple[str, str]:
    script = textwrap.indent("\n".join(steps), "      ")
    return "deploy.yaml", f"deploy:\n  name: trt\n  startup:\n    script: |\n{script}\n"


READERS: dict[str, Callable[[list[str]], tuple[str, str]]] = {
    "dockerfile-run": _dockerfile_run,
    "dockerfile-cmd-script": _dockerfile_cmd_script,
    "docker-run-bash-c": _docker_run,
    "ssh": _ssh,
    "rayjob-entrypoint": _rayjob,
    "skypilot-run": _skypilot,
    "generic-script": _generic,
}


@pytest.mark.parametrize("reader", READERS)
def test_convert_build_and_serve_serves_the_converted_size(reader: str) -> None:
    name, text = READERS[reader]([CONVERT, BUILD, SERVE])
    dep = only(name, text)
    assert (dep.tp, dep.pp) == (2, 1)
    assert dep.model == MODEL
    assert dep.options[BUILT_FROM].startswith("the checkpoint converted at")
    assert dep.options[BUILT_WRITTEN["tp"]] == "4"  # for TL213: the engine refuses it
    written = dep.sources["tp"]
    line = text.split("\n")[written.line - 1]
    assert line[written.column - 1 :].startswith("--tp_size 2")  # placed at the converter's flag


@pytest.mark.parametrize("reader", READERS)
def test_an_engine_built_from_a_checkpoint_converted_elsewhere_keeps_its_sizes_unresolved(
    reader: str,
) -> None:
    dep = only(*READERS[reader]([BUILD, SERVE]))
    assert dep.tp is None and dep.pp is None
    assert any(u.field == "tp" and u.variable == "--checkpoint_dir" for u in dep.unresolved)
