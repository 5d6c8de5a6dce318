"""Shapes the spent held-out halves of the open-world sets had and toplint did not read (issue
24, round 10): each test is the shape of a real file, written small."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source


def _parsed(path: Path) -> tuple:  # type: ignore[type-arg]
    source = Source.from_text(str(path), path.read_text())
    return parse_source(source, builtin_and_plugin_parsers()).deployments


# -- a batch job that runs a Python file of the repository (extended-mintaka's run_vllm.sh) ---


def test_a_job_running_a_python_file_that_builds_the_engine_reads_the_engine(
    tmp_path: Path,
) -> None:
    (tmp_path / "infer.py").write_text(
        "from vllm import LLM\n"
        'MODEL = "org/m"\n'
        "llm = LLM(model=MODEL,\n"
        "          tensor_parallel_size=8)\n"
    )
    job = tmp_path / "run.sh"
    job.write_text(
        "#!/bin/bash\n#SBATCH --gres=gpu:8\n"
        "singularity exec --nv /c/vllm.sif python3 -u infer.py --out x.json\n"
    )
    (dep,) = _parsed(job)
    assert (dep.engine, dep.tp, dep.gpus, dep.nodes, dep.model) == ("vllm", 8, 8, 1, "org/m")
    assert (dep.path, dep.line) == (str(job), 3)
    assert dep.sources["tp"].path.endswith("infer.py") and dep.sources["tp"].line == 4
    assert any("python3 -u infer.py" in n for n in dep.notes)


def test_the_visible_gpus_a_python_process_inherits_bound_its_engine(tmp_path: Path) -> None:
    (tmp_path / "serve.py").write_text(
        "import vllm\nengine = vllm.LLM(model='org/m', tensor_parallel_size=2)\n"
    )
    script = tmp_path / "run.sh"
    script.write_text("CUDA_VISIBLE_DEVICES=0,1 python serve.py\n")
    (dep,) = _parsed(script)
    assert (dep.tp, dep.gpus, dep.nodes) == (2, 2, 1)


def test_a_python_file_that_builds_no_engine_is_no_deployment(tmp_path: Path) -> None:
    (tmp_path / "client.py").write_text("import openai\nprint('vllm')\n")
    (tmp_path / "outside.py").write_text("x = 1\n")
    script = tmp_path / "run.sh"
    script.write_text("python3 client.py\npython -m vllm_thing.x\npython -c 'print(1)'\n")
    assert _parsed(script) == ()


# -- a Hydra program's command-line overrides, read by a platform record (verl generation) ----


def test_verl_generation_overrides_are_its_rollout_engine(tmp_path: Path) -> None:
    job = tmp_path / "gen.sh"
    job.write_text(
        "model_path=org/m\n"
        "python3 -m verl.trainer.main_generation \\\n"
        "    trainer.nnodes=2 \\\n"
        "    trainer.n_gpus_per_node=8 \\\n"
        "    model.path=$model_path \\\n"
        "    +model.trust_remote_code=True \\\n"
        "    rollout.tensor_model_parallel_size=16\n"
    )
    (dep,) = _parsed(job)
    assert (dep.engine, dep.tp, dep.gpus, dep.nodes, dep.model) == ("vllm", 16, 16, 2, "org/m")
    assert dep.line == 2 and dep.sources["tp"].line == 7
    assert any("verl-generation" in n for n in dep.notes)


def test_verl_rollouts_smaller_than_the_allocation_are_several_engines(tmp_path: Path) -> None:
    job = tmp_path / "ppo.sh"
    job.write_text(
        "python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.name=sglang "
        "actor_rollout_ref.rollout.tensor_model_parallel_size=2 trainer.n_gpus_per_node=8 "
        "trainer.nnodes=1 actor_rollout_ref.model.path=org/m\n"
    )
    (dep,) = _parsed(job)
    assert (dep.engine, dep.tp, dep.gpus, dep.replicas) == ("sglang", 2, 2, 4)


def test_an_override_holding_a_variable_unknown_here_is_unresolved(tmp_path: Path) -> None:
    """volcengine/verl@b178a3cd examples/grpo_trainer/run_deepseek671b_math_megatron_96gb.sh:
    ``MODEL_PATH=$RAY_DATA_HOME/models/...`` then ``actor_rollout_ref.model.path="${MODEL_PATH}"``;
    the override was dropped, and the job was a TL007 "names no model" error."""
    job = tmp_path / "ppo.sh"
    job.write_text(
        "MODEL_PATH=$RAY_DATA_HOME/models/DeepSeek-V3-config-verl\n"
        'python3 -m verl.trainer.main_ppo actor_rollout_ref.model.path="${MODEL_PATH}" '
        "actor_rollout_ref.rollout.name=vllm actor_rollout_ref.rollout.tensor_model_parallel_size=8"
        " trainer.n_gpus_per_node=8 trainer.nnodes=1\n"
    )
    (dep,) = _parsed(job)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", None, 8)
    assert [u.field for u in dep.unresolved] == ["model"]


def test_a_trainer_whose_rollout_names_no_serving_engine_is_no_deployment(tmp_path: Path) -> None:
    job = tmp_path / "ppo.sh"
    job.write_text(
        "python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.name=hf trainer.nnodes=1\n"
        "python3 -m verl.trainer.main_ppo trainer.nnodes=1\n"  # name: ??? (required)
    )
    assert _parsed(job) == ()


def test_a_user_reader_of_a_program_reads_its_overrides(tmp_path: Path) -> None:
    from toplint.parse.generic import declarative

    reader = declarative.from_data(
        {
            "name": "in-house",
            "files": ["*.sh"],
            "match": {"program": "serve-llm"},
            "engine": "sglang",
            "set": {"tp-size": "engine.tp"},
            "model": "engine.model",
        },
        "toplint.yaml:3:3",
    )
    declarative.activate([reader])
    try:
        job = tmp_path / "run.sh"
        job.write_text("X=1 serve-llm engine.tp=4 engine.model=org/m\n")
        (dep,) = _parsed(job)
    finally:
        declarative.activate([])
    assert (dep.engine, dep.tp, dep.model) == ("sglang", 4, "org/m")


# -- a composite action of the repository, and the workflow that uses it (llm-actions) --------

_ACTION = """name: LLM
runs:
  using: "composite"
  steps:
    - name: Run vLLM server
      shell: bash
      run: |
        docker run -d --name vllm-server \\
          vllm/vllm-openai-cpu:${{ inputs.vllm_version }}-x86_64 \\
          --model "${{ inputs.model }}"
        if ! docker inspect -f '{{.State.Running}}' vllm-server; then exit 1; fi
"""


def test_a_composite_action_running_the_cpu_image_is_declined(tmp_path: Path) -> None:
    from toplint.accelerators import of_deployment

    action = tmp_path / "action.yml"
    action.write_text(_ACTION)
    (dep,) = _parsed(action)
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "cpu" and dep.line == 9  # the image


def test_a_workflow_using_the_repository_action_starts_it_in_ci(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()  # the repository the runner checks out
    (tmp_path / "action.yml").write_text(_ACTION)
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    workflow = workflows / "test.yml"
    workflow.write_text(
        "on: push\njobs:\n  infer:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "      - uses: ./\n        with:\n          model: org/m\n          max_model_len: 8\n"
    )
    source = Source.from_text(str(workflow), workflow.read_text())
    result = parse_source(source, builtin_and_plugin_parsers())
    assert result.deployments == ()
    (note,) = result.findings
    assert note.rule == "TL008" and note.line == 7 and "CI jobs" in note.message


# -- a container that runs the engine through `bash -c` (WebCoach's start scripts) ---------------


def test_the_gpus_of_a_container_reach_the_engine_its_shell_string_starts(tmp_path: Path) -> None:
    script = tmp_path / "start.sh"
    script.write_text(
        "docker run --gpus '\"device=6, 7\"' --ipc=host \\\n"
        "    lmsysorg/sglang:latest \\\n"
        '    bash -c "pip list && python3 -m sglang.launch_server --model-path org/m --tp-size 2"\n'
    )
    (dep,) = _parsed(script)
    assert (dep.engine, dep.tp, dep.gpus, dep.nodes) == ("sglang", 2, 2, 1)
    assert dep.options.get("image", "").startswith("lmsysorg/sglang")
    assert dep.sources["tp"].line == 3


# -- a platform's GPU requirement that names only a memory size (dstack `gpu: 24GB`) -----------


def test_a_dstack_gpu_spec_without_a_count_is_one_gpu_and_sets_its_variable(
    tmp_path: Path,
) -> None:
    run = tmp_path / ".dstack.yml"
    run.write_text(
        "type: service\nenv:\n  - MODEL_ID=org/m\ncommands:\n  - pip install vllm\n"
        "  - vllm serve $MODEL_ID\n    --tensor-parallel-size $DSTACK_GPUS_NUM\n"
        "resources:\n  gpu: 24GB\n"
    )
    (dep,) = _parsed(run)
    assert (dep.engine, dep.tp, dep.gpus, dep.model) == ("vllm", 1, 1, "org/m")
    run.write_text(run.read_text().replace("gpu: 24GB", "gpu: $GPU"))
    (dep,) = _parsed(run)
    assert dep.gpus is None  # a variable is no spec: its count stays unknown


# -- vLLM's CLI run as a module (FlexKV's launch.sh) ---------------------------------------------


def test_vllm_cli_main_run_as_a_module_is_vllm_serve(tmp_path: Path) -> None:
    script = tmp_path / "launch.sh"
    script.write_text(
        "VLLM_USE_V1=1 python -m vllm.entrypoints.cli.main serve org/m \\\n"
        "    --tensor-parallel-size 8 --port 30001\n"
        "python -m vllm.entrypoints.cli.main bench serve --model org/m\n"
    )
    (dep,) = _parsed(script)
    assert (dep.engine, dep.tp, dep.model) == ("vllm", 8, "org/m")


# -- an engine image named as data carries its accelerator (OPEA's gaudi-values.yaml) ----------


def test_options_read_under_a_vendor_image_keep_the_image(tmp_path: Path) -> None:
    from toplint.accelerators import of_deployment

    values = tmp_path / "gaudi-values.yaml"
    values.write_text(
        "vllm:\n  enabled: true\n  image:\n    repository: opea/vllm-gaudi\n"
        '  extraCmdArgs: ["--tensor-parallel-size", "1", "--block-size", "128"]\n'
    )
    (dep,) = _parsed(values)
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "gaudi"


# -- a manifest a script writes from a here-document (aws-cdk-stacks' install script) ----------

_MANIFEST = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm
spec:
  template:
    spec:
      containers:
      - name: vllm
        image: vllm/vllm-openai:nightly
        command: ["/bin/sh", "-c"]
        args: ["vllm serve org/m --tensor-parallel-size 2"]
        resources:
          limits:
            nvidia.com/gpu: "2"
"""


def test_a_manifest_written_from_a_here_document_is_read_at_its_lines(tmp_path: Path) -> None:
    script = tmp_path / "install.sh"
    script.write_text(
        f"set -e\ncat <<EOF >>vllm.yaml\n{_MANIFEST}EOF\nkubectl apply -f vllm.yaml\n"
    )
    (dep,) = _parsed(script)
    assert (dep.engine, dep.tp, dep.gpus, dep.path) == ("vllm", 2, 2, str(script))
    assert dep.sources["tp"].line == 14  # line 12 of the manifest, two lines down the script


def test_a_here_document_that_is_no_data_file_or_tab_stripped_is_not_read(tmp_path: Path) -> None:
    script = tmp_path / "install.sh"
    tabbed = "".join(f"\t{line}\n" for line in _MANIFEST.splitlines())
    script.write_text(
        f"cat <<EOF > notes.txt\n{_MANIFEST}EOF\nkubectl apply -f - <<-EOF\n{tabbed}\tEOF\n"
    )
    assert _parsed(script) == ()


# -- a chart installed by Terraform with its values inline (self-hosted-genai's vllm.tf) -------


def test_a_terraform_helm_release_of_a_known_chart_reads_its_set_values(tmp_path: Path) -> None:
    (tmp_path / "locals.tf").write_text(
        'locals {\n  model_url = "org/m"\n  request_gpu = 2\n}\n'
        'variable "tp" {\n  type = number\n  default = 2\n}\n'
    )
    tf = tmp_path / "vllm.tf"
    tf.write_text(
        'resource "helm_release" "stack" {\n'
        '  name  = "vllm"\n'
        '  chart = "vllm-stack"\n'
        "  values = [yamlencode({\n"
        '    servingEngineSpec = { modelSpec = [{ name = "m", repository = "vllm/vllm" }] }\n'
        "  })]\n"
        "  set = [\n"
        '    { name = "servingEngineSpec.modelSpec[0].modelURL", value = local.model_url },\n'
        '    { name = "servingEngineSpec.modelSpec[0].requestGPU", value = local.request_gpu },\n'
        "    {\n"
        '      name  = "servingEngineSpec.modelSpec[0].vllmConfig.tensorParallelSize"\n'
        "      value = var.tp\n"
        "    },\n"
        "  ]\n"
        "}\n"
        'resource "helm_release" "other" {\n  chart = "ingress-nginx"\n}\n'
    )
    (dep,) = _parsed(tf)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    assert dep.sources["tp"].line == 12  # the `set` value that gives it


# -- a wrapper library named after the engine is not the engine (BentoML's rag-tutorials) -------


def test_a_package_that_only_contains_an_engines_name_is_not_its_package(tmp_path: Path) -> None:
    from toplint.parse.generic.pyimports import imported

    found = imported(
        {
            "openai_endpoints": "bentovllm_openai.utils",
            "AsyncEngineArgs": "vllm",
            "Plugin": "vllm_ascend.platform",
            "LLM": "tensorrt_llm",
        }
    )
    assert found == {"AsyncEngineArgs": "vllm", "Plugin": "vllm", "LLM": "trtllm"}
    app = tmp_path / "llm.py"
    app.write_text(
        "import bentoml\nfrom bentovllm_openai.utils import openai_endpoints\n"
        "@openai_endpoints(model_id='org/m')\n@bentoml.service(resources={'gpu': 1})\n"
        "class VLLM:\n    def __init__(self):\n        from vllm import AsyncEngineArgs\n"
        "        self.args = AsyncEngineArgs(model='org/m', max_model_len=4096)\n"
    )
    (dep,) = _parsed(app)
    assert (dep.engine, dep.model, dep.line) == ("vllm", "org/m", 8)
