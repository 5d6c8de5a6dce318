"""Shapes of set 13's development half (issue 24, round 13; tests/data/open_world13/SPLIT.md).

- a Slurm job whose TGI ``--num-shard`` defaults to ``$(python -c 'import torch;
  print(torch.cuda.device_count())')`` (chandar-lab/tgi-for-mila@563661e tgi-server-mila.sh):
  PyTorch counts the devices ``CUDA_VISIBLE_DEVICES`` leaves, which Slurm sets to the GPUs it
  allocated on the node;
- a Python launcher (sunel/runpod-sglang-serverless-qwen35@5acbb05 engine.py) whose table maps
  environment variables to SGLang flags, inside a class named after the engine whose method runs
  the command line: one server, not three;
- a Modal app (MharoonZ/gemma4-modal-vllm-inference@a4cf2a9) whose argv has one option value
  computed by a call (``json.dumps(...)``);
- a Dockerfile (hyunnnchoi/vllm-deployments@c0b8d4c models/exaone-4.0-32b/Dockerfile) whose
  ENTRYPOINT is a script the Dockerfile writes itself with a here-document;
- a KubeAI catalog (cbtham/kubeai-huaweicloud@2619eb9 kubeai-models.yaml) whose one vLLM entry
  is commented out.
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

TGI_JOB = """\
#!/bin/bash
#SBATCH --ntasks=1
#SBATCH --gpus-per-task={gpus}
{export}default_num_shard=$(python -c 'import torch; print(torch.cuda.device_count())')
text-generation-launcher --model-id org/m --num-shard "${{NUM_SHARD:-$default_num_shard}}"
"""


def test_torch_device_count_is_the_gpus_slurm_gives_the_job() -> None:
    dep = only("job.sh", TGI_JOB.format(gpus=2, export=""))
    assert (dep.engine, dep.tp, dep.gpus) == ("tgi", 2, 2)


def test_torch_device_count_is_the_devices_cuda_visible_devices_lists() -> None:
    text = TGI_JOB.format(gpus=4, export="export CUDA_VISIBLE_DEVICES=0,1,2\n")
    assert only("job.sh", text).tp == 3


def test_torch_device_count_of_a_list_that_names_no_count_is_not_guessed() -> None:
    """``all`` is no device list CUDA reads (the container runtime's word): the count is
    unresolved, counted as every other device setting is (``enginecfg.count_devices``)."""
    text = TGI_JOB.format(gpus=4, export="export CUDA_VISIBLE_DEVICES=all\n")
    dep = only("job.sh", text)
    assert dep.tp is None and any(u.field == "tp" for u in dep.unresolved)


def test_torch_device_count_outside_a_job_is_not_guessed() -> None:
    text = "N=$(python3 -c 'import torch; print(torch.cuda.device_count())')\n"
    text += "text-generation-launcher --model-id org/m --num-shard $N\n"
    dep = only("run.sh", text)
    assert dep.tp is None and any(u.field == "tp" for u in dep.unresolved)


LAUNCHER = """\
import os
import subprocess


class SGlangEngine:
    def __init__(self, model=os.getenv("MODEL_NAME"), host=os.getenv("HOST", "0.0.0.0"),
                 port=int(os.getenv("PORT", 30000))):
        self.model = model
        self.host = host
        self.port = port

    def start_server(self):
        command = ["python3", "-m", "sglang.launch_server", "--host", self.host]
        options = {
            "MODEL_NAME": "--model-path",
            "TENSOR_PARALLEL_SIZE": "--tensor-parallel-size",
            "DATA_PARALLEL_SIZE": "--data-parallel-size",
            "EXPERT_PARALLEL_SIZE": "--expert-parallel-size",
        }
        for env_var, option in options.items():
            value = os.getenv(env_var)
            if value:
                command.extend([option, value])
        subprocess.Popen(command)
"""


def test_a_table_of_flag_names_and_the_class_that_runs_the_command_are_one_server() -> None:
    dep = only("engine.py", LAUNCHER)
    assert (dep.engine, dep.tp, dep.line) == ("sglang", 1, 13)


def test_a_mapping_of_values_is_still_options_beside_a_command_elsewhere() -> None:
    text = 'cfg = {"tensor_parallel_size": 4, "model": "org/m", "dtype": "bfloat16"}\n'
    text += "from vllm import LLM\nllm = LLM(**cfg)\n"
    assert only("run.py", text).tp == 4


def test_an_option_value_computed_by_a_call_leaves_the_argv_a_command() -> None:
    text = "import json, subprocess\n"
    text += 'cmd = ["vllm", "serve", "org/m", "--limit-mm-per-prompt", json.dumps({"image": 0}),'
    text += ' "--tensor-parallel-size", "2"]\nsubprocess.Popen(cmd)\n'
    dep = only("app.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)


def test_a_computed_positional_word_still_leaves_the_argv_unread() -> None:
    text = 'import subprocess\nsubprocess.run(["vllm", "serve", pick(), "--port", "8000"])\n'
    assert not parse_text("run.py", text).deployments


DOCKERFILE = """\
FROM vllm/vllm-openai:v0.11.0
RUN cat <<EOF >/start.sh
#!/bin/bash
set -e
cd /vllm && git checkout \\${VLLM_REF:-main}
exec python3 -m vllm.entrypoints.openai.api_server "\\$@"
EOF
RUN chmod +x /start.sh
ENTRYPOINT ["/start.sh"]
CMD ["--model", "/model", "--tensor-parallel-size", "2"]
"""


def test_an_entrypoint_script_the_dockerfile_writes_runs_the_cmd() -> None:
    dep = only("Dockerfile", DOCKERFILE)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "/model", 2)
    assert dep.line == 9  # placed at the ENTRYPOINT


def test_a_written_script_under_another_path_is_not_taken_for_the_entrypoint() -> None:
    text = DOCKERFILE.replace(">/start.sh", ">/other.sh")
    assert not parse_text("Dockerfile", text).deployments


def test_an_engine_chosen_only_in_a_comment_is_an_info_note() -> None:
    text = "catalog:\n  a:\n    enabled: true\n  # b:\n  #   engine: VLLM\n"
    (found,) = parse_text("kubeai-models.yaml", text).findings
    assert (found.rule, found.severity.value, found.line) == ("TL008", "info", 5)
    assert "only in a comment" in found.message


def test_a_commented_name_is_no_choice_of_engine() -> None:
    text = "catalog:\n  a:\n    enabled: true\n# name: vllm\n"
    assert not parse_text("values.yaml", text).findings
