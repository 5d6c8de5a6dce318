"""An image that names no engine, run with a serving engine's options only (issue 24: "images
that name no engine while the command is flags only"), and scripts written as templates."""

from __future__ import annotations

from tests.parse.helpers import parse_text
from toplint.model import Severity
from toplint.parse.text.sourcemap import masked_templates


def test_docker_run_of_an_unnamed_image_with_one_engine_s_options_is_that_engine() -> None:
    text = (
        "docker run --gpus all --ipc=host myorg/llm-server:1 --model org/m "
        "--tensor-parallel-size 2 --trust-remote-code --gpu-memory-utilization 0.9\n"
    )
    (dep,) = parse_text("serve.sh", text).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    assert dep.provenance["engine"] == (
        "vllm's options after the image `myorg/llm-server:1` (run by `docker`)"
    )


def test_an_unwritten_layout_is_the_image_s_to_choose() -> None:
    text = "docker run my/llm:1 --model o/m --gpu-memory-utilization 0.9 --max-model-len 4096\n"
    (dep,) = parse_text("serve.sh", text).deployments
    assert dep.engine == "vllm" and dep.tp is None  # its entrypoint may add the TP


def test_options_several_engines_share_are_a_note_never_a_guess() -> None:
    text = (
        "apptainer run --nv --bind /m:/data $IMAGES/$SIF --model /data/m --port 8000 "
        "--trust-remote-code --tensor-parallel-size 2\n"
    )
    result = parse_text("job.sh", text)
    assert not result.deployments
    (note,) = result.findings
    assert (note.rule, note.severity, note.column) == ("TL008", Severity.INFO, 36)
    assert "sglang and vllm both have" in note.message


def test_a_web_server_s_options_name_no_engine() -> None:
    """Fewer than three of an engine's options, or none saying its model or a parallel size
    (``--host --port --log-level`` are any server's), read nothing and note nothing."""
    for words in ("--port 8000 --model m", "--host 0.0.0.0 --port 8080 --log-level debug"):
        result = parse_text("run.sh", f"docker run myorg/tool:1 {words}\n")
        assert not result.deployments and not result.findings, words


def test_a_script_template_keeps_its_positions_and_its_values_unresolved() -> None:
    text = "{% block command %}\nvllm serve {{ model }} --tensor-parallel-size {{ job.gres }}\n"
    masked = masked_templates(text)
    assert len(masked) == len(text) and masked.splitlines()[0].strip() == ""
    assert "serve {{_______}} --tensor-parallel-size {{__________}}" in masked
    (dep,) = parse_text("job.sh", text).deployments
    assert dep.engine == "vllm" and dep.tp is None and dep.model is None
    assert masked_templates("echo plain\n") == "echo plain\n"


_POD = """apiVersion: apps/v1
kind: Deployment
metadata: {{name: server}}
spec:
  template:
    spec:
      containers:
        - name: server
          image: {image}
          args: [{args}]
          resources:
            limits: {{{resource}: 1}}
"""


def test_a_kubernetes_container_of_an_unnamed_image_with_one_engine_s_options() -> None:
    """A vendor build that names no engine, given vLLM's options only (``--max-model-len`` is
    vLLM's alone), runs vLLM; on a Gaudi request it is then declined as any Gaudi one is."""
    args = (
        '"--model=o/m", "--download-dir", "/c", "--tensor-parallel-size", "1", '
        '"--max-model-len", "6144"'
    )
    text = _POD.format(image="intel/ai-services:ubi9_1.20", args=args, resource="habana.ai/gaudi")
    (dep,) = parse_text("deployment.yaml", text).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "o/m", 1)
    assert dep.options["accelerator.resource"] == "habana.ai/gaudi"
    assert dep.provenance["engine"].startswith("vllm's options after the image")


def test_a_kubernetes_container_of_a_named_rebuild_is_not_read_as_unnamed() -> None:
    """``.../vllm-openai-ubi9`` names vLLM: its own readers read it, with vLLM's defaults (TP 1),
    not as an unnamed image whose entrypoint may choose the layout."""
    args = '"--model", "o/m", "--dtype", "float16", "--max-model-len", "6144"'
    text = _POD.format(
        image="quay.io/x/vllm-openai-ubi9:0.4.2", args=args, resource="nvidia.com/gpu"
    )
    (dep,) = parse_text("deployment.yaml", text).deployments
    assert (dep.engine, dep.tp) == ("vllm", 1)


def test_a_kubernetes_container_whose_options_several_engines_share_is_a_note() -> None:
    args = (
        '"--model", "/data/m", "--port", "8000", "--trust-remote-code", '
        '"--tensor-parallel-size", "2"'
    )
    text = _POD.format(image="myorg/server:1", args=args, resource="nvidia.com/gpu")
    result = parse_text("deployment.yaml", text)
    assert not result.deployments
    assert [(f.rule, f.severity) for f in result.findings] == [("TL008", Severity.INFO)]


def test_a_docker_run_that_ends_at_its_image_is_no_deployment_and_no_crash() -> None:
    # kserve/kserve@aaac4e29 Makefile: `${ENGINE} run ... ${IMG}` as a recipe's last word
    for text in ("docker run myorg/server:1\n", "docker run --rm -it myorg/server:1\n"):
        result = parse_text("run.sh", text)
        assert not result.deployments and not result.findings


def test_a_rebuild_holding_a_registered_image_s_name_is_never_silent() -> None:
    # opea-project/GenAIExamples@15b0d468f6dd7c8f679a3c7f729ebe8a7655b5b1
    # CodeGen/docker_compose/intel/cpu/xeon/compose_tgi_openeuler.yaml:7: openEuler's build of
    # huggingface/text-generation-inference, run with `--model-id ${LLM_MODEL_ID}`, gave no
    # deployment and no finding
    text = (
        "services:\n  tgi-service:\n"
        "    image: openeuler/text-generation-inference-cpu:2.4.0-oe2403lts\n"
        "    command: --model-id ${LLM_MODEL_ID} --cuda-graphs 0\n"
    )
    result = parse_text("compose_tgi_openeuler.yaml", text)
    # a CPU build: declined as an accelerator toplint does not model (TL011), at the image
    assert [(f.rule, f.line, f.column) for f in result.findings] == [("TL011", 3, 12)]
    assert "a build of tgi for CPUs only" in result.findings[0].message
    # one word of a registered image's name (`release` of nvidia/tensorrt-llm/release) or a
    # part of a longer one names nothing new
    other = "services:\n  ui:\n    image: myorg/text-generation-webui:1\n    command: --x 1\n"
    assert parse_text("compose.yaml", other).findings == ()


def test_an_engine_image_in_a_file_s_text_is_never_silent() -> None:
    # vllm-project/recipes@8959cf64189c71d36e11c6a30335f923f261b1f7
    # models/inclusionAI/Ling-2.6-flash.yaml:81: a `docker run ... vllm/vllm-openai-rocm:v0.20.2`
    # in the recipe's markdown `guide:` was the file's only engine word: no finding at all
    text = (
        "meta:\n  title: Ling-2.6-flash\nguide: |\n  ```bash\n  docker run --rm -it \\\\\n"
        "    --ipc=host \\\\\n    vllm/vllm-openai-rocm:v0.20.2 \\\\\n"
        "      inclusionAI/Ling-2.6-flash\n  ```\n"
    )
    # vLLM's ROCm image is one of vLLM's own (ENTRYPOINT vllm serve, the model its first
    # argument, as this recipe runs it): named where nothing runs it, as `vllm/vllm-openai` is
    [hit] = parse_text("Ling-2.6-flash.yaml", text).findings
    assert (hit.rule, hit.severity, hit.line, hit.column) == ("TL008", Severity.WARNING, 7, 5)
    assert "names the engine image `vllm/vllm-openai-rocm`" in hit.message
    plain = "meta:\n  title: x\nguide: |\n  see https://example.com/a/b:8080 and org/tool:1.0\n"
    assert parse_text("other.yaml", plain).findings == ()
    # a commented-out line is what an existing finding says ("only in a comment"), not this one
    off = "# spec:\n#   image: nm/ray2.24.0-py310-vllm-gpu:v1\n"
    assert all("in its text" not in f.message for f in parse_text("off.yaml", off).findings)


def test_a_bare_image_name_a_built_service_runs_is_never_silent() -> None:
    # ikki-league/vllm-config@766a0f78fd627bdbec0b590a067a271f0f68bd3d docker-compose.yml (set
    # 20, development): `image: ikki-spark-vllm` built from a Dockerfile the repository lacks, its
    # command vLLM's arguments across two DGX Spark nodes, gave no deployment and no finding
    text = (
        "services:\n  vllm:\n    build:\n      context: .\n      dockerfile: Dockerfile\n"
        "    image: ikki-spark-vllm\n    container_name: qwen38-vllm\n"
        "    command: >\n      Qwen/Qwen3.8-27B-FP8\n      --tensor-parallel-size 2\n"
        "      --distributed-executor-backend mp\n      --nnodes 2\n"
    )
    result = parse_text("docker-compose.yml", text)
    assert not result.deployments  # what the image's entrypoint runs is not in the repository
    assert [(f.rule, f.line, f.column) for f in result.findings] == [("TL008", 6, 12)]
    assert "the image `ikki-spark-vllm`, a build of vllm" in result.findings[0].message
    # a shell variable's word stays a word: `IMAGE=vllm` may name no image
    (note,) = parse_text("run.sh", "IMAGE=vllm\necho $IMAGE\n").findings
    assert note.severity is Severity.INFO and "image" not in note.message.split("`")[0]


_COMPOSE = """\
services:
  llm:
    image: {image}
    command: [{args}]
    deploy:
      resources:
        reservations:
          devices: [{{driver: nvidia, count: 2, capabilities: [gpu]}}]
"""


def test_a_compose_service_of_an_unnamed_image_is_read_as_docker_run_is() -> None:
    """A compose service whose image names no engine and whose command is one engine's options
    only (ow21's finding: compose was silent where docker run of the same image was read)."""
    args = '"--model", "org/m", "--tensor-parallel-size", "2", "--gpu-memory-utilization", "0.9"'
    text = _COMPOSE.format(image="myorg/llm-server:1", args=args + ', "--trust-remote-code"')
    (dep,) = parse_text("docker-compose.yml", text).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    shared = (
        '"--model", "/m", "--port", "8000", "--trust-remote-code", "--tensor-parallel-size", "2"'
    )
    result = parse_text("docker-compose.yml", _COMPOSE.format(image="myorg/llm:1", args=shared))
    assert not result.deployments
    (note,) = result.findings
    assert (note.rule, note.severity) == ("TL008", Severity.INFO)
    assert "sglang and vllm both have" in note.message
    # a web server's options name no engine
    plain = _COMPOSE.format(image="myorg/tool:1", args='"--host", "0.0.0.0", "--port", "8080"')
    assert not parse_text("docker-compose.yml", plain).findings


def test_a_compose_service_of_an_image_named_after_an_engine_is_read_as_docker_run_is() -> None:
    """A repository's own build named after vLLM (``vllm-spark:latest``), given vLLM's arguments
    as the service's command, is that engine's launch with them, as ``docker run`` of it is;
    given a router's ``--host``/``--port`` only, the YAML evidence reader's deployment of the
    engine the image names, its layout unknown (no second note for it)."""
    args = '"--model", "org/m", "--tensor-parallel-size", "2", "--gpu-memory-utilization", "0.9"'
    (dep,) = parse_text(
        "docker-compose.yml", _COMPOSE.format(image="vllm-spark:latest", args=args)
    ).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    router = _COMPOSE.format(image="vllm-spark:latest", args='"--host", "0.0.0.0", "--port", "80"')
    result = parse_text("docker-compose.yml", router)
    (dep,) = result.deployments
    assert dep.engine == "vllm" and dep.model is None and not result.findings
