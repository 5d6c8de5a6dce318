"""Shapes of set 15's development half (issue 24, round 15; tests/data/open_world15/SPLIT.md).

- a Vertex AI upload (hanneshapke/DevFest2024-LLM-vllm-k8s@56f6a02
  src/vllm-vertex/deploy-with-vertex.py) that writes the container's command and its arguments
  as two lists, ``serving_container_command`` and ``serving_container_args``: the arguments
  follow the command, as a Kubernetes container's ``args`` follow its ``command``;
- a DJL Serving ``serving.properties`` in LMI's vLLM async mode
  (phrugsa-limbunlom/sagemaker-llm-deployment@b85f409 model/serving.properties): rolling batch
  disabled and the vLLM handler named by ``option.entryPoint`` (tested beside the record's other
  cases in tests/generic/test_declarative_reader.py).
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

VERTEX_UPLOAD = """\
from google.cloud import aiplatform

serving_container_command = ["python3", "-m", "vllm.entrypoints.api_server"]
serving_container_args = [
    "--model=org/model-7b",
    "--tensor-parallel-size=2",
]
model = aiplatform.Model.upload(
    display_name="m",
    serving_container_image_uri="us-docker.pkg.dev/x/y/pytorch-vllm-serve:1",
    serving_container_command=serving_container_command,
    serving_container_args=serving_container_args,
)
"""


def test_a_container_specs_args_list_follows_its_command_list() -> None:
    dep = only("deploy.py", VERTEX_UPLOAD)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/model-7b", 2)
    assert dep.sources["tp"].line == 6  # read where the argument is written


def test_a_container_written_as_a_dict_gives_its_args_to_its_command() -> None:
    text = (
        "spec = {\n"
        '    "command": ["python3", "-m", "sglang.launch_server"],\n'
        '    "args": ["--model-path", "org/m", "--tp-size", "4"],\n'
        "}\n"
    )
    dep = only("spec.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", "org/m", 4)


def test_a_list_beside_a_command_under_another_name_is_not_its_arguments() -> None:
    text = (
        'serving_container_command = ["python3", "-m", "vllm.entrypoints.api_server"]\n'
        'extra_flags = ["--tensor-parallel-size=2"]\n'
    )
    dep = only("deploy.py", text)
    assert dep.tp == 1 and not parse_text("deploy.py", text).findings
