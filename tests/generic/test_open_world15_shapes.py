"""Shapes of set 15's development half (issue 24, round 15; tests/data/open_world15/SPLIT.md).

- a Vertex AI upload (hanneshapke/DevFest2024-LLM-vllm-k8s@56f6a02
  src/vllm-vertex/deploy-with-vertex.py) that writes the container's command and its arguments
  as two lists, ``serving_container_command`` and ``serving_container_args``: the arguments
  follow the command, as a Kubernetes container's ``args`` follow its ``command``;
- a DJL Serving ``serving.properties`` in LMI's vLLM async mode
  (phrugsa-limbunlom/sagemaker-llm-deployment@b85f409 model/serving.properties): rolling batch
  disabled and the vLLM handler named by ``option.entryPoint`` (tested beside the record's other
  cases in tests/generic/test_declarative_reader.py);
- a Dockerfile that builds vLLM for ROCm on ``gfx1030`` (sar/vllm-rocm-v620-docker@0ffaee9
  Dockerfile: ``ENV PYTORCH_ROCM_ARCH=gfx1030``, ``HSA_OVERRIDE_GFX_VERSION=10.3.0``, a Radeon
  Pro V620): the LLVM target names an AMD part outside the catalog (TL011), and the image's
  ``ENV`` is the environment of the process it starts;
- a RunPod serverless worker's entrypoint (hommayushi3/tgi-runpod-serverless@a9b1226
  entrypoint.sh) that runs ``text-generation-launcher`` with no arguments: the launcher reads
  its model and shard count from the container's environment, so the shard count is unknown;
- a Modal app (realblehhguh/modal-vllm-server@4e68f04 vllmserver.py) whose own helper
  ``get_vllm_config(model, gpu)`` is named after vLLM: a call of a function the module defines
  is the module's code, not the engine's constructor;
- a SageMaker SDK script (phrugsa-limbunlom/sagemaker-llm-deployment@b85f409 deploy_vllm.py)
  that gives an LMI container its settings as environment variables (``OPTION_ROLLING_BATCH``,
  ``OPTION_ENTRYPOINT``, ``TENSOR_PARALLEL_DEGREE``), and that uses Python 3.12's f-string
  quoting, which an older interpreter cannot parse: said (TL008), not passed over in silence.
"""

from __future__ import annotations

import pytest

from tests.parse.helpers import only, parse_text
from toplint.accelerators import amd_targets, of_deployment

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


@pytest.mark.parametrize(
    ("name", "value", "targets"),
    [
        ("HSA_OVERRIDE_GFX_VERSION", "10.3.0", {"gfx1030"}),
        ("HSA_OVERRIDE_GFX_VERSION", "9.0.10", {"gfx90a"}),  # the stepping is a hex digit
        ("HSA_OVERRIDE_GFX_VERSION", "gfx1030", set()),
        ("PYTORCH_ROCM_ARCH", "gfx90a;gfx942", {"gfx90a", "gfx942"}),
        ("PYTORCH_ROCM_ARCH", "gfx90a:xnack-", {"gfx90a"}),
    ],
)
def test_an_amd_target_variable_names_llvm_targets(
    name: str, value: str, targets: set[str]
) -> None:
    assert amd_targets(name, value) == targets


def _declined(path: str, text: str) -> str | None:
    found = of_deployment(only(path, text))
    return found[0].kind if found is not None else None


def test_a_target_outside_the_catalog_declines_the_deployment_and_gfx942_does_not() -> None:
    serve = "vllm serve org/m --tensor-parallel-size 2\n"
    assert _declined("a.sh", "export HSA_OVERRIDE_GFX_VERSION=11.0.0\n" + serve) == "amd-other"
    assert _declined("b.sh", "export PYTORCH_ROCM_ARCH=gfx1201\n" + serve) == "amd-other"
    assert _declined("c.sh", "export HSA_OVERRIDE_GFX_VERSION=9.4.2\n" + serve) is None
    assert _declined("d.sh", 'export PYTORCH_ROCM_ARCH="gfx90a;gfx942"\n' + serve) is None


def test_an_images_env_reaches_the_process_it_starts_and_its_args_do_not() -> None:
    head = "FROM vllm/vllm-openai:v0.9.0\n"
    cmd = 'CMD ["--model", "org/m"]\n'
    assert _declined("Dockerfile", head + "ENV PYTORCH_ROCM_ARCH=gfx1030\n" + cmd) == "amd-other"
    assert _declined("Dockerfile", head + "ENV ZE_AFFINITY_MASK=0\n" + cmd) == "intel-gpu"
    assert _declined("Dockerfile", head + "ARG PYTORCH_ROCM_ARCH=gfx1030\n" + cmd) is None
    # a later stage starts with its own environment
    staged = "FROM x AS build\nENV ZE_AFFINITY_MASK=0\n" + head + cmd
    assert _declined("Dockerfile", staged) is None


def test_a_tgi_launcher_given_no_model_takes_its_shards_from_the_environment_too() -> None:
    bare = only("entrypoint.sh", "#!/bin/bash\ntext-generation-launcher &\nsleep inf\n")
    assert (bare.engine, bare.tp) == ("tgi", None)
    given = only("run.sh", "text-generation-launcher --model-id org/m --port 8080\n")
    assert given.tp == 1  # a host's launcher with nothing listing the GPUs: one shard
    written = only("run.sh", "export MODEL_ID=org/m\ntext-generation-launcher\n")
    assert written.tp == 1


HELPER = """\
import subprocess

def get_vllm_config(model, gpu):
    return {"tensor_parallel_size": 2 if gpu == "H100" else 1}

def serve(model):
    cfg = get_vllm_config(model, "H100")
    subprocess.Popen(["vllm", "serve", model, "--tensor-parallel-size", str(cfg["tp"])])

def info():
    print(get_vllm_config("org/shown-only", "A100"))
"""


def test_a_call_of_the_modules_own_helper_named_after_an_engine_is_no_deployment() -> None:
    deps = parse_text("app.py", HELPER).deployments
    assert [(d.engine, d.model) for d in deps] == [("vllm", None)]


def test_the_modules_own_function_given_engine_options_is_still_read() -> None:
    text = (
        "def run_vllm(**kwargs):\n    pass\n\n"
        'run_vllm(model="org/m", tensor_parallel_size=2, gpu_memory_utilization=0.9)\n'
    )
    dep = only("app.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)


LMI_ENV = """\
from sagemaker.huggingface import HuggingFaceModel

env = {{
    "HF_MODEL_ID": "org/m",
    "OPTION_ROLLING_BATCH": "{rolling}",
    "OPTION_ENTRYPOINT": "djl_python.lmi_vllm.vllm_async_service",
    "TENSOR_PARALLEL_DEGREE": "{tp}",
}}
image = "x.dkr.ecr.amazonaws.com/djl-inference:0.33.0"
model = HuggingFaceModel(env=env, role="r", image_uri=image)
"""


def test_an_lmi_containers_environment_in_python_is_read_as_its_serving_properties() -> None:
    dep = only("deploy.py", LMI_ENV.format(rolling="disable", tp="4"))
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 4)
    auto = only("deploy.py", LMI_ENV.format(rolling="disable", tp="max"))
    assert auto.tp is None and [u.field for u in auto.unresolved] == ["tp"]
    assert only("deploy.py", LMI_ENV.format(rolling="trtllm", tp="2")).engine == "trtllm"


def test_a_module_naming_an_engine_that_does_not_parse_is_said_not_read() -> None:
    text = "import vllm\nx = (\n"  # unclosed: a SyntaxError on every Python
    found = parse_text("app.py", text)
    assert not found.deployments
    assert [(f.rule, f.line) for f in found.findings] == [("TL008", 2)]
    assert not parse_text("other.py", "x = (\n").findings  # names no engine: not ours
