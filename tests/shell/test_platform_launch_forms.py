"""Launch forms real platform files use that toplint did not read (open-world set 11's
development half, issue 24): an interpreter named by a path whose directory is a variable, a
``docker run --entrypoint /bin/bash IMAGE -c 'SCRIPT'``, a KServe Hugging Face server told to
use its transformers backend, and a Slurm job that builds the engine's arguments in a variable
from values it reads at run time (``read … <<< "$CFG"``)."""

from __future__ import annotations

from toplint.model import Deployment, Finding
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.options import FORWARDED
from toplint.parse.run import parse_source


def parse(path: str, text: str) -> tuple[list[Deployment], list[Finding]]:
    result = parse_source(Source.from_text(path, text), toplint_parsers())
    return list(result.deployments), list(result.findings)


def test_an_interpreter_under_a_variable_directory_runs_the_engine_module() -> None:
    # SkyPilot `run:` of a pixi env: nohup "$VLLM_ENV/bin/python" -m vllm.entrypoints...
    text = (
        'VLLM_ENV="$HOME/.pixi/envs/vllm"\n'
        'LD_PRELOAD="$VLLM_ENV/lib/libstdc++.so.6" nohup "$VLLM_ENV/bin/python" \\\n'
        "  -m vllm.entrypoints.openai.api_server --model org/m --tensor-parallel-size 2 &\n"
    )
    (dep,), _ = parse("run.sh", text)
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 2, 2)


def test_a_variable_program_name_is_not_taken_for_one() -> None:
    # the last path part is itself unknown: no program is named, so no engine starts here
    text = 'PY="$1"\n"$HOME/bin/$PY" -m vllm.entrypoints.openai.api_server --model org/m\n'
    deps, _ = parse("run.sh", text)
    assert deps == []


def test_a_shell_entrypoint_runs_the_script_after_the_image() -> None:
    text = (
        "docker run -d --gpus all -e CUDA_VISIBLE_DEVICES=0,1 --entrypoint /bin/bash \\\n"
        "  lmsysorg/sglang:latest \\\n"
        '  -c "pip install -U torch && python -m sglang.launch_server '
        '--model-path org/m --tp 2"\n'
    )
    (dep,), _ = parse("deploy.sh", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("sglang", "org/m", 2, 2)


def test_an_entrypoint_written_with_equals_is_moved_too() -> None:
    text = (
        "docker run --gpus all --entrypoint=bash vllm/vllm-openai:v0.8.5 "
        "-lc 'vllm serve org/m --tensor-parallel-size 4'\n"
    )
    (dep,), _ = parse("deploy.sh", text)
    assert (dep.engine, dep.tp) == ("vllm", 4)


def test_a_program_entrypoint_is_read_as_before() -> None:
    text = "docker run --gpus all --entrypoint vllm vllm/vllm-openai:v0.8.5 serve org/m -tp 2\n"
    (dep,), _ = parse("deploy.sh", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)


def isvc(args: str) -> str:
    return f"""\
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: {{name: m}}
spec:
  predictor:
    model:
      modelFormat: {{name: huggingface}}
      args: [{args}]
      storageUri: hf://org/m
      resources: {{limits: {{nvidia.com/gpu: "2"}}}}
"""


def test_the_hugging_face_servers_transformers_backend_runs_no_engine() -> None:
    # kserve python/huggingfaceserver/__main__.py: --backend huggingface serves with
    # transformers; vLLM loads for `vllm` or `auto` only
    deps, findings = parse("isvc.yaml", isvc("--backend=huggingface, --dtype=float16"))
    assert deps == []
    (f,) = findings
    assert (f.rule, f.line, f.column) == ("TL008", 8, 14)
    assert "`--backend huggingface`" in f.message and "transformers" in f.message


def test_the_vllm_and_auto_backends_are_read_as_vllm() -> None:
    for backend in ("vllm", "auto"):
        (dep,), _ = parse("isvc.yaml", isvc(f"--backend={backend}, --tensor-parallel-size=2"))
        assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 2, 2)


def test_a_python_m_huggingfaceserver_with_the_transformers_backend_is_no_deployment() -> None:
    text = (
        "FROM kserve/huggingfaceserver:v0.14.0\n"
        'CMD ["python", "-m", "huggingfaceserver", "--backend", "huggingface", '
        '"--model_id=org/m"]\n'
    )
    deps, findings = parse("Dockerfile", text)
    assert deps == [] and [f.rule for f in findings] == ["TL008"]


def test_a_variable_known_in_part_keeps_its_written_fields() -> None:
    # a Slurm job reading the engine's settings with `python -c` into `read` variables, then
    # building ARGS in steps: the layout written in ARGS is read, the unknown parts unresolved
    text = (
        "#SBATCH --gres=gpu:2\n"
        "CFG=$(python3 -c \"import yaml; print(yaml.safe_load(open('c.yaml'))['m'])\")\n"
        'read HF_MODEL EXTRA <<< "$CFG"\n'
        'ARGS="--model $HF_MODEL"\n'
        'ARGS="$ARGS --tensor-parallel-size 2 --max-model-len 4096"\n'
        "python -m vllm.entrypoints.openai.api_server $ARGS &\n"
    )
    (dep,), _ = parse("serve.slurm", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", None, 2, 2)
    assert dep.options.get("max_model_len") == "4096"
    (unknown,) = dep.unresolved  # TL003 says it, at the expansion
    assert (unknown.field, unknown.variable, unknown.position.line) == ("model", "$HF_MODEL", 6)


def test_an_unknown_variable_added_to_a_partial_one_is_said_to_split() -> None:
    text = (
        "X=$(cat model.txt)\n"
        'ARGS="--model $X --tensor-parallel-size 4"\n'
        'ARGS="$ARGS $EXTRA"\n'
        "vllm serve $ARGS\n"
    )
    (dep,), _ = parse("run.sh", text)
    assert dep.tp == 4
    # what $EXTRA holds may add options: TL003 says the layout is checked as written
    assert [(u.field, u.variable) for u in dep.unresolved] == [
        ("model", "$X"),
        (FORWARDED, "$EXTRA"),
    ]


def test_a_here_string_is_input_not_a_here_document() -> None:
    # bash(1) "Here Strings": `<<< word` supplies the word as input; nothing after it is skipped
    text = 'read A B <<< "$CFG"\nvllm serve org/m --tensor-parallel-size 2\n'
    (dep,), _ = parse("run.sh", text)
    assert (dep.model, dep.tp) == ("org/m", 2)


def test_an_echoed_docker_command_runs_nothing() -> None:
    text = (
        'cmd="docker run --gpus all lmsysorg/sglang:v0.4 python3 -m sglang.launch_server '
        '--model-path org/m --tp 2"\n'
        "echo $cmd\n"
        "$cmd\n"
    )
    (dep,), _ = parse("run.sh", text)
    assert (dep.engine, dep.tp, dep.line) == ("sglang", 2, 3)


def test_a_gpu_cloud_instance_runs_its_image_with_the_arguments() -> None:
    """pyhp2017/vast-vllm-deployer@c8ffdedc deploy-vllm-vast.sh:1141: ``vastai create instance
    OFFER --image vllm/vllm-openai:v0.10.0 … --args "${VLLM_ARGS[@]}"`` (docs.vast.ai, "vastai
    create instance": ``[--args ...]``; the args runtype keeps the image's entrypoint).  It gave
    no deployment, and a TL008 note that no command runs the image."""
    text = (
        'IMAGE="vllm/vllm-openai:v0.10.0"\n'
        "VLLM_ARGS=(--model org/m --tensor-parallel-size 2)\n"
        'vastai --raw create instance "$1" \\\n'
        '  --image "$IMAGE" --env "-p 8000:8000" --disk 120 \\\n'
        '  --args "${VLLM_ARGS[@]}"\n'
    )
    (dep,), findings = parse("deploy.sh", text)
    assert (dep.engine, dep.model, dep.tp, dep.line, dep.nodes) == ("vllm", "org/m", 2, 3, 1)
    assert not [f for f in findings if f.rule == "TL008"]
    override = text.replace(
        "--disk 120", '--entrypoint "python3 -m vllm.entrypoints.openai.api_server"'
    )
    assert parse("deploy.sh", override)[0] == []  # one word naming no program: not read
    plain = text.replace('--args "${VLLM_ARGS[@]}"', "--ssh")
    assert parse("deploy.sh", plain)[0] == []  # no arguments: the image runs as it is


def test_an_image_named_after_an_engine_given_its_arguments_runs_that_engine() -> None:
    """jessedc/vllm-docker-gb10@18e91b50 run.sh: ``docker run … "$IMAGE" "$MODEL"
    --gpu-memory-utilization …`` with ``IMAGE`` a local build, ``vllm-spark:latest`` (FROM
    vLLM's image, its ``vllm serve`` entrypoint inherited).  No deployment was read and no
    finding said so."""
    text = (
        'IMAGE="${IMAGE:-vllm-spark:latest}"\nMODEL="${1:-Qwen/Qwen3-4B}"\n'
        'docker run --gpus all --ipc=host "$IMAGE" "$MODEL" --gpu-memory-utilization 0.85\n'
    )
    (dep,), _ = parse("run.sh", text)
    assert (dep.engine, dep.model, dep.line) == ("vllm", "Qwen/Qwen3-4B", 3)
    assert dep.tp is None and "tp" in {u.field for u in dep.unresolved}  # the image may add it
    layout = text.replace("--gpu-memory-utilization 0.85", "--tensor-parallel-size 2")
    assert parse("run.sh", layout)[0][0].tp == 2
    # a router named after the engine, given a web server's options, is not the engine
    router = "docker run -p 8001:8001 vllm-router:latest --host 0.0.0.0 --port 8001\n"
    deps, findings = parse("run.sh", router)
    assert deps == []  # ... and is said so, never silence
    assert [(f.rule, f.severity.value) for f in findings] == [("TL008", "info")]
    assert "runs the image `vllm-router:latest`, named after an engine" in findings[0].message


def test_an_image_named_after_an_engine_given_the_subcommand_runs_the_program_itself() -> None:
    """albond/DGX_Spark_Qwen3.5-122B-A10B-AR-INT4@1db76a62 configs/launch-baseline.sh (recipes6
    development): ``docker run … vllm-qwen35-v019 serve Intel/Qwen3.5-122B-A10B-int4-AutoRound
    --served-model-name qwen …``, the local build's ``ENTRYPOINT ["vllm"]`` (its
    docker/Dockerfile.v2:48).  Read with vLLM's own images' ``vllm serve`` before it, the model
    was ``serve`` (vllm/entrypoints/cli/main.py: the first word selects the subcommand)."""
    text = (
        "sudo docker run -d --name vllm-qwen35 --gpus all --net=host --ipc=host \\\n"
        "  vllm-qwen35-v019 \\\n"
        "  serve Intel/Qwen3.5-122B-A10B-int4-AutoRound \\\n"
        "  --served-model-name qwen --port 8000 --tensor-parallel-size 1 \\\n"
        "  --max-model-len 32768 --gpu-memory-utilization 0.90\n"
    )
    (dep,), _ = parse("launch-baseline.sh", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "Intel/Qwen3.5-122B-A10B-int4-AutoRound", 1)
    assert dep.options["served_model_name"] == "qwen"
    # the model first, as vLLM's own images take it: read as before
    (dep,), _ = parse("launch-baseline.sh", text.replace("  serve Intel", "  Intel"))
    assert (dep.model, dep.tp) == ("Intel/Qwen3.5-122B-A10B-int4-AutoRound", 1)
