"""A user-declared reader in toplint.yaml reads an in-house format end to end (issue 24, point 6),
and a reader written wrong is a configuration error at its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.cli import main

ACME = """\
job: chat-70b
runtime: acme-llm
checkpoint: meta-llama/Llama-3.1-70B-Instruct
knobs: {shards: 8, stages: 2}
box: {count: 2, accel: "h100:8"}
"""
READER = """\
readers:
  - name: acme
    files: ["*.serve.yaml"]
    engine: vllm
    set: {tensor-parallel-size: knobs.shards, pipeline-parallel-size: knobs.stages}
    model: checkpoint
    gpus: box.accel
    nodes: box.count
"""
HARDWARE = """\
version: 1
clusters:
  - {name: h100, nodes: 2, gpu: H100-SXM-80GB, gpus_per_node: 8,
     inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8}}
"""


def tree(tmp_path: Path, config: str) -> Path:
    (tmp_path / "acme.serve.yaml").write_text(ACME)
    (tmp_path / "toplint.yaml").write_text(config + "hardware: hw.yaml\n")
    (tmp_path / "hw.yaml").write_text(HARDWARE)
    return tmp_path


def test_a_user_reader_reads_the_in_house_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(tmp_path, READER)
    assert main(["inspect", str(root / "acme.serve.yaml")]) == 0
    out = capsys.readouterr().out
    assert "parallel: tp=8  pp=2" in out and "gpus: nodes=2  gpus_per_node=8  gpus=16" in out
    assert "read: TP 8 from `knobs.shards`, acme.serve.yaml:4" in out
    assert "read by reader `acme`" in out
    code = main(["check", "--format", "text", str(root / "acme.serve.yaml")])
    text = capsys.readouterr().out
    assert code in (0, 1) and "1 checked against hardware" in text


def test_without_the_reader_the_format_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(tmp_path, "")
    main(["inspect", str(root / "acme.serve.yaml")])
    assert "no deployments found" in capsys.readouterr().out


def test_an_option_the_engine_does_not_have_is_a_config_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(tmp_path, READER.replace("tensor-parallel-size", "tensor-paralel-size"))
    assert main(["inspect", str(root / "acme.serve.yaml")]) == 2
    assert "`tensor-paralel-size` is no option of vllm" in capsys.readouterr().err


def test_a_reader_missing_its_files_is_reported_at_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(tmp_path, READER.replace('    files: ["*.serve.yaml"]\n', ""))
    assert main(["inspect", str(root / "acme.serve.yaml")]) == 2
    err = capsys.readouterr().err
    assert "toplint.yaml:2:" in err and "files" in err


def test_the_shipped_records_are_valid_readers() -> None:
    """Each shipped record validates as a `readers:` entry of a configuration (positions in
    its own file); a run reads them without the schema check."""
    from toplint.config.validate import validate_config
    from toplint.infra.pkgdata import package_folder, read_text
    from toplint.infra.yamlsafe import load_documents
    from toplint.parse.generic.declarative import shipped

    folder = Path(package_folder("toplint.parse.generic.records") or "")
    names = sorted(p.name for p in folder.glob("*.yaml"))
    assert names
    for name in names:
        doc = load_documents(read_text("toplint.parse.generic.records", name), name)[0]

        def locate(keys: tuple[str | int, ...], _value: bool, doc=doc) -> tuple[int, int]:  # type: ignore[no-untyped-def]
            at = doc.key_position(tuple(keys[2:]))
            return at.line, at.column

        validate_config({"readers": [doc.data]}, locate, name)  # raises ConfigError if not
    assert "ray-serve-llm" in [r.name for r in shipped()]


def test_the_ray_serve_llm_record_reads_an_llmconfig() -> None:
    from tests.parse.helpers import only

    text = (
        "from ray.serve.llm import LLMConfig\n"
        "cfg = LLMConfig(model_loading_config=dict(model_id='m', model_source='org/m'),\n"
        "                engine_kwargs=dict(tensor_parallel_size=2, pipeline_parallel_size=2))\n"
    )
    dep = only("serve_app.py", text)
    assert (dep.engine, dep.model, dep.tp, dep.pp) == ("vllm", "org/m", 2, 2)
    assert dep.provenance["engine"] == "reader `ray-serve-llm`"


def test_ray_serve_llm_s_accelerator_type_is_the_gpu_it_asks_for() -> None:
    """aws-ia/ecs-blueprints@9c87b668 terraform/ec2-examples/distributed-inference-ray-serve/
    serve_llama_pp.py, shortened: ``accelerator_type="A10G"`` schedules every replica on A10G
    (Ray's LLMConfig: "The type of accelerator runs the model on"); on the H100 manifest it was
    judged on H100s (TL105) instead of TL007."""
    from tests.parse.helpers import only

    text = (
        "from ray.serve.llm import LLMConfig\n"
        "cfg = LLMConfig(model_loading_config=dict(model_id='m',\n"
        "                model_source='unsloth/Meta-Llama-3.1-8B-Instruct'),\n"
        "                accelerator_type='A10G',\n"
        "                engine_kwargs=dict(tensor_parallel_size=4, pipeline_parallel_size=3))\n"
    )
    dep = only("serve_llama_pp.py", text)
    assert dep.options["accelerator_type"] == "A10G" and dep.sources["accelerator_type"].line == 4
    # judged only on A10G: TL007 on an H100 manifest (tests/rules/cases/TL007.yaml)


def test_the_rayllm_record_reads_a_model_configs_tensor_parallelism_degree() -> None:
    """RayLLM's model config sets TP in ``tensor_parallelism.degree``, not in its vLLM
    ``engine_kwargs`` (anyscale/templates@383ab5e archive/reference/e2e-dspy-workflow/content/
    model_config/meta-llama--Meta-Llama-3_1-70B-Instruct.yaml, ``degree: 4``, was read by option
    names at TP 1: TL205 for 70B on one GPU)."""
    from tests.parse.helpers import only

    text = (
        "accelerator_type: A100-80G\nengine_kwargs:\n  enable_chunked_prefill: true\n"
        "  max_num_batched_tokens: 8192\n  max_num_seqs: 256\n  trust_remote_code: true\n"
        "llm_engine: VLLMEngine\nmodel_loading_config:\n  model_id: my-70b\n"
        "  model_source: meta-llama/Meta-Llama-3.1-70B-Instruct\n"
        "tensor_parallelism:\n  degree: 4\n"
    )
    dep = only("meta-llama--Meta-Llama-3_1-70B-Instruct.yaml", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "meta-llama/Meta-Llama-3.1-70B-Instruct", 4)
    assert (dep.sources["tp"].line, dep.provenance["engine"]) == (
        12,
        "reader `rayllm-model-config`",
    )


def test_the_dstack_record_resolves_the_variables_dstack_sets() -> None:
    """DSTACK_GPUS_NUM / DSTACK_NODES_NUM from ``resources.gpu`` (``name:count``,
    ``memory:count``) and ``nodes``; the engine is the one each command starts; ``env``
    gives the model."""
    from tests.parse.helpers import only

    service = (
        "type: service\nenv:\n  - MODEL_ID=org/m\ncommands:\n  - pip install sglang\n"
        "  - python3 -m sglang.launch_server --model-path $MODEL_ID --tp $DSTACK_GPUS_NUM\n"
        "resources:\n  gpu: 80GB:4\n"
    )
    dep = only("svc.dstack.yml", service)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("sglang", "org/m", 4, 4)
    assert dep.provenance["engine"] == "reader `dstack`: `commands`"
    task = (
        "type: task\nnodes: 2\ncommands:\n"
        "  - trtllm-serve org/m --tp_size $DSTACK_GPUS_PER_NODE --pp_size $DSTACK_NODES_NUM\n"
        "resources:\n  gpu: H100:8\n"
    )
    dep = only(".dstack.yml", task)
    assert (dep.engine, dep.tp, dep.pp, dep.nodes, dep.gpus_per_node) == ("trtllm", 8, 2, 2, 8)
    floor = only("m.dstack.yml", service.replace("80GB:4", "24GB"))
    # a memory floor alone is one GPU: GPUSpec.count defaults to DEFAULT_GPU_COUNT = 1..1
    # (dstack src/dstack/_internal/core/models/resources.py @0268145)
    assert (floor.tp, floor.gpus) == (1, 1)


def test_a_readers_env_is_the_environment_its_command_runs_in() -> None:
    """TGI's launcher reads every option from its upper-cased variable (clap ``env``:
    huggingface/text-generation-inference@db931fc launcher/src/main.rs), and a dstack run's
    ``env`` is its commands' environment: the model is ``MODEL_ID`` there
    (dstackai/dstack-examples@82fa730 llms/mixtral/tgi.dstack.yml)."""
    from tests.parse.helpers import only

    service = (
        "type: service\nimage: ghcr.io/huggingface/text-generation-inference:latest\n"
        "env:\n  - MODEL_ID=org/m\ncommands:\n  - text-generation-launcher --num-shard 2\n"
        "resources:\n  gpu: 80GB:2\n"
    )
    dep = only("tgi.dstack.yml", service)
    assert (dep.engine, dep.model, dep.tp) == ("tgi", "org/m", 2)
    assert (dep.sources["model"].line, dep.sources["model"].column) == (4, 5)
    unset = only("tgi2.dstack.yml", service.replace("env:\n  - MODEL_ID=org/m\n", ""))
    assert unset.model is None


def test_the_oci_blueprints_record_reads_flags_the_engine_image_is_given() -> None:
    """OCI AI Blueprints: ``recipe_container_command_args`` holds only flags (the vLLM image's
    entrypoint is the server), ``$(name)`` refers to ``recipe_container_env``'s ``{key, value}``
    items, ``recipe_nvidia_gpu_count`` is GPUs per node and the multi-node key their nodes."""
    import json

    from tests.parse.helpers import only

    blueprint = {
        "recipe_id": "llm_inference_nvidia",
        "recipe_mode": "service",
        "recipe_image_uri": "docker.io/vllm/vllm-openai:v0.9.1",
        "recipe_container_env": [
            {"key": "tensor_parallel_size", "value": "2"},
            {"key": "model_name", "value": "org/m"},
        ],
        "recipe_nvidia_gpu_count": 2,
        "recipe_container_command_args": [
            "--model", "$(model_name)", "--tensor-parallel-size", "$(tensor_parallel_size)",
        ],
    }  # fmt: skip
    dep = only("bp.json", json.dumps(blueprint, indent=2))
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    assert dep.provenance["engine"] == "reader `oci-ai-blueprints`: `recipe_image_uri`"
    multi = {**blueprint, "multinode_num_nodes_to_use_from_shared_pool": 2}
    multi["recipe_container_command_args"] = ["--pipeline-parallel-size", "2", "-tp", "2"]
    dep = only("mn.json", json.dumps(multi, indent=2))
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus_per_node) == (2, 2, 2, 2)
    unknown = {**blueprint, "recipe_container_env": []}
    assert only("u.json", json.dumps(unknown, indent=2)).tp is None  # $(VAR) never guessed


def test_the_djl_serving_record_reads_serving_properties(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``option.rolling_batch`` names the engine, ``option.tensor_parallel_degree`` its TP
    (``max`` is the platform's: unresolved, never TL010); LMI's own backends name none; a
    Neuron entry point is declined (TL011) instead of priced as GPUs."""
    from tests.parse.helpers import only, parse_text

    base = "engine=Python\noption.model_id=org/m\n"
    dep = only(
        "serving.properties", base + "option.rolling_batch=vllm\noption.tensor_parallel_degree=4\n"
    )
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 4)
    assert dep.provenance["tp"] == "`option.tensor_parallel_degree`"
    trt = only(
        "serving.properties",
        base + "option.rolling_batch=trtllm\noption.tensor_parallel_degree=8\n",
    )
    assert (trt.engine, trt.tp) == ("trtllm", 8)
    auto = parse_text(
        "serving.properties",
        base + "option.rolling_batch=vllm\noption.tensor_parallel_degree=max\n",
    )
    assert auto.deployments[0].tp is None and not auto.findings  # not TL010: `max` is DJL's
    assert [u.field for u in auto.deployments[0].unresolved] == ["tp"]
    none = parse_text(
        "serving.properties",
        base + "option.rolling_batch=lmi-dist\noption.tensor_parallel_degree=4\n",
    )
    assert not none.deployments
    neuron = base + "option.entryPoint=djl_python.transformers_neuronx\noption.rolling_batch=vllm\n"
    (tmp_path / "serving.properties").write_text(neuron + "option.tensor_parallel_degree=8\n")
    main(["check", "--format", "text", str(tmp_path / "serving.properties")])
    out = capsys.readouterr().out
    assert "TL011" in out and "AWS Trainium/Inferentia (Neuron)" in out and "TL007" not in out


def test_the_djl_serving_record_reads_the_vllm_async_handler_as_vllm() -> None:
    """LMI's vLLM async mode disables rolling batch and names its handler instead
    (``option.entryPoint=djl_python.lmi_vllm.vllm_async_service``): the handler names the
    engine; another handler with rolling batch disabled names none."""
    from tests.parse.helpers import only, parse_text

    base = "engine=Python\noption.async_mode=true\noption.rolling_batch=disable\n"
    handler = "option.entryPoint=djl_python.lmi_vllm.vllm_async_service\n"
    dep = only("serving.properties", base + handler + "option.tensor_parallel_degree=2\n")
    assert (dep.engine, dep.tp) == ("vllm", 2)
    auto = parse_text("serving.properties", base + handler + "option.tensor_parallel_degree=max\n")
    assert [u.field for u in auto.deployments[0].unresolved] == ["tp"]
    other = base + "option.entryPoint=djl_python.huggingface\noption.tensor_parallel_degree=2\n"
    assert not parse_text("serving.properties", other).deployments


def test_environment_lists_by_any_env_key_and_the_references_put_in() -> None:
    from toplint.parse.infer.scopevars import declared, substitute

    node = {
        "recipe_container_env": [{"key": "TP", "value": 4}, {"name": "M", "value": "org/m"}],
        "extraEnv": {"A": "1"},
        "conda_env": "serve",  # a name, not variables
    }
    env = declared(node)
    assert env == {"TP": "4", "M": "org/m", "A": "1"}
    assert substitute("--tp=$(TP) ${M} $(OTHER) $$", env) == "--tp=4 org/m $(OTHER) $$"


def test_the_readme_example_is_this_test() -> None:
    import re

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Read your own format", 1)[1]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert blocks[0] == ACME
    shown = "".join(re.sub(r"\s+#.*", "", line) + "\n" for line in blocks[1].splitlines())
    assert shown == READER


# VectorInstitute/vector-inference@7806bfe44feebc1587a994fa23d3ec78576366e2
# vec_inf/config/models.yaml (two of its entries, verbatim).
VEC_INF = """\
models:
  c4ai-command-r-plus-08-2024:
    model_family: c4ai-command-r
    model_variant: plus-08-2024
    model_type: LLM
    gpus_per_node: 4
    num_nodes: 2
    vocab_size: 256000
    vllm_args:
      --pipeline-parallel-size: 2
      --tensor-parallel-size: 4
      --max-model-len: 65536
    sglang_args:
      --pipeline-parallel-size: 2
      --tensor-parallel-size: 4
      --context-length: 65536
  Meta-Llama-3-70B:
    model_family: Meta-Llama-3
    model_variant: 70B
    model_type: LLM
    gpus_per_node: 4
    num_nodes: 1
    vocab_size: 128256
    vllm_args:
      --tensor-parallel-size: 4
      --max-model-len: 8192
"""


def test_the_vector_inference_record_reads_each_model_entry_once() -> None:
    """Each entry under ``models`` is one engine, named after its checkpoint's directory
    (``model_weights_parent_dir/<name>``); ``vllm_args`` and ``sglang_args`` are the arguments of
    whichever engine runs (vLLM by default), not two servers.  The generic reader read every
    entry twice and named no model: 93 TL007 errors in sweep 29's development half."""
    from tests.parse.helpers import parse_text

    result = parse_text("vec_inf/config/models.yaml", VEC_INF)
    got = [(d.engine, d.model, d.tp, d.pp, d.nodes, d.gpus) for d in result.deployments]
    assert got == [
        ("vllm", "c4ai-command-r-plus-08-2024", 4, 2, 2, 8),
        ("vllm", "Meta-Llama-3-70B", 4, 1, 1, 4),
    ]
    head = result.deployments[0]
    assert (head.line, head.sources["model"].line) == (2, 2)
    assert head.options.get("max_model_len") == "65536"
    assert head.provenance["engine"] == "reader `vector-inference`"
    chosen = VEC_INF.replace("model_type: LLM\n", "model_type: LLM\n    engine: sglang\n", 1)
    sglang = parse_text("m.yaml", chosen)
    first = sglang.deployments[0]
    assert (first.engine, first.options.get("context_length")) == ("sglang", "65536")
