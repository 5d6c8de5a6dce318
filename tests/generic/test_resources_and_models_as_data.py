"""Instance types as resources and models written beside or around the options (issue 24,
points 2 and 7): invented formats."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text


def test_an_instance_type_gives_the_gpus_of_its_nodes_from_the_catalog() -> None:
    text = (
        "serving:\n  engine: vllm\n  flags: {tensor-parallel-size: 8}\n"
        "compute:\n  instance_type: p4d.24xlarge\n  nodes: 2\n"
    )
    dep = only("job.yaml", text)
    assert (dep.gpus_per_node, dep.nodes, dep.gpus) == (8, 2, 16)
    assert dep.provenance["gpus"] == "`compute.instance_type` × `compute.nodes`"


def test_azure_and_gcp_machine_types_too_and_an_unknown_one_gives_nothing() -> None:
    base = "serving:\n  engine: vllm\n  flags: {tensor-parallel-size: 8}\n"
    assert only("a.yaml", base + "vm_size: Standard_ND96asr_v4\n").gpus == 8
    assert only("b.yaml", base + "machineType: a2-highgpu-8g\n").gpus == 8
    assert only("c.yaml", base + "instance_type: m5.large\n").gpus is None


def test_any_type_key_holding_a_catalogued_instance_is_one_and_other_types_say_nothing() -> None:
    """``workers: {type: g6e.48xlarge}`` (a launcher's own config) is 8 L40S; a ``type`` the
    catalog does not list (``type: ClusterIP``, ``nodeType: cpu``) gives no GPUs."""
    base = "model: {id: org/m}\nsglang:\n  tp-size: 8\n"
    dep = only("a.yaml", base + "instances:\n  workers:\n    type: g6e.48xlarge\n")
    assert (dep.engine, dep.tp, dep.gpus) == ("sglang", 8, 8)
    assert dep.provenance["gpus"] == "`instances.workers.type`"
    assert only("b.yaml", base + "nodeType: p4d.24xlarge\n").gpus == 8
    assert only("c.yaml", base + "service:\n  type: ClusterIP\n").gpus is None


def test_a_sagemaker_instance_type_is_its_ec2_type() -> None:
    # aws-samples/sagemaker-genai-hosting-examples@80ee5ebf3755815277bce18a7421303aa1d0a663
    # 07-benchmark/sagemaker-inference-benchmark-suite/recipes/glm5-fp8-p5e-vanilla.yaml:
    # `instance: {type: ml.p5e.48xlarge}` (8 H200) was not read, so under `--cluster h100-ib`
    # GLM-5-FP8 at TP 8 was judged on H100s (TL205) instead of TL007 for the GPU it asks for
    text = (
        "deployment:\n  model:\n    id: zai-org/GLM-5-FP8\n  instance:\n"
        "    type: ml.p5e.48xlarge\n    count: 1\n  vllm:\n    tensor_parallel_size: 8\n"
        "    gpu_memory_utilization: 0.85\n    max_model_len: 4096\n"
    )
    dep = only("glm5-fp8-p5e-vanilla.yaml", text)
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 8, 8)
    assert dep.provenance["gpus"] == "`deployment.instance.type`"
    assert only("d.yaml", "sglang:\n  tp-size: 8\nnodeType: ml.m5.large\n").gpus is None


def test_a_model_mapping_is_read_for_its_id() -> None:
    text = (
        "serving:\n  engine: vllm\n  model: {id: org/m, revision: main}\n"
        "  flags: {tensor-parallel-size: 2}\n"
    )
    dep = only("s.yaml", text)
    assert (dep.model, dep.tp) == ("org/m", 2)
    assert dep.provenance["model"] == "`serving.model.id`"


def test_a_model_written_above_the_options_scope_is_its_model() -> None:
    text = "model_id: org/m\nserving:\n  engine: sglang\n  flags: {tp-size: 2}\n"
    assert only("s.yaml", text).model == "org/m"
    display = "model_name: My Model 7B\nserving:\n  engine: sglang\n  flags: {tp-size: 2}\n"
    assert only("s.yaml", display).model is None  # a display name is not a checkpoint


def test_a_repository_id_under_a_path_key_of_the_engine_scope_is_the_model() -> None:
    text = (
        "models:\n  - type: vllm\n    path: org/m-7b\n    model_kwargs: {tensor_parallel_size: 2}\n"
    )
    dep = only("cfg.yaml", text)
    assert (dep.model, dep.tp) == ("org/m-7b", 2)
    local = text.replace("org/m-7b", "/data/ckpt")
    assert only("cfg.yaml", local).model is None  # a file path is not a repository id


def test_a_requirement_list_installing_one_engine_names_it() -> None:
    text = (
        "requirements:\n  - vllm==0.5.1\n  - numpy\nmodel_metadata:\n  repo_id: org/m\n"
        "resources:\n  accelerator: A100\n"
    )
    dep = only("config.yaml", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 1, 1)
    assert dep.provenance["engine"] == "requirement `vllm==0.5.1`"


def test_a_display_name_is_no_model_and_alone_no_deployment() -> None:
    from tests.parse.helpers import parse_text

    text = "model_name: Mixtral 8x7B on A100:2\nrequirements: [vllm]\nresources: {gpu: 2}\n"
    assert parse_text("config.yaml", text).deployments == ()


def test_a_gpu_type_written_beside_a_count_is_that_many_of_it() -> None:
    base = "serving:\n  engine: vllm\n  flags: {tensor-parallel-size: 2}\n"
    dep = only("r.yaml", base + "resources:\n  gpu: A100-40\n  gpu_count: 2\n")
    assert dep.gpus == 2 and dep.provenance["gpus"] == "`resources.gpu_count`"
    assert only("t.yaml", base + "resources:\n  gpu: H100\n").gpus == 1


def test_a_helm_image_mapping_names_the_engine_of_the_values() -> None:
    text = "image:\n  repository: vllm/vllm-openai\n  tag: v0.8.5\nmodel: org/m\n"
    text += "tensorParallelSize: 2\nresources:\n  limits:\n    nvidia.com/gpu: 2\n"
    dep = only("values.yaml", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    assert dep.provenance["engine"] == "image `vllm/vllm-openai:v0.8.5`"


def test_a_model_mapping_above_the_options_names_its_checkpoint() -> None:
    text = "model:\n  name: org/m\ninference:\n  backend: vllm\n  vllm:\n"
    text += "    tensor_parallel_size: 2\n    gpu_memory_utilization: 0.9\n"
    dep = only("cfg.yaml", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    alias = text.replace("org/m", "small")  # above the scope only a repository id is taken
    assert only("cfg.yaml", alias).model is None


def test_a_parallelism_mapping_sizes_the_dimensions_by_name() -> None:
    """``parallelism: {tensor: 8, pipeline: 2}`` under a key naming the engine is its TP and PP;
    ``tensor`` outside such a mapping is no option."""
    text = "tensorrtLLM:\n  parallelism:\n    tensor: 8\n    pipeline: 2\n"
    dep = only("values.yaml", text)
    assert (dep.engine, dep.tp, dep.pp) == ("trtllm", 8, 2)
    assert dep.provenance["tp"] == "`tensorrtLLM.parallelism.tensor`"
    assert not parse_text("v.yaml", "tensorrtLLM:\n  sizes:\n    tensor: 8\n").deployments


def test_gpus_per_node_beside_a_wider_layout_is_as_many_nodes_as_it_needs() -> None:
    text = "gpuPerNode: 8\nvllm:\n  tensor_parallel_size: 8\n  pipeline_parallel_size: 2\n"
    dep = only("job.yaml", text)
    assert (dep.tp, dep.pp, dep.gpus_per_node, dep.nodes, dep.gpus) == (8, 2, 8, 2, 16)
    narrow = only("j.yaml", "gpuPerNode: 8\nvllm:\n  tensor_parallel_size: 4\n")
    assert (narrow.gpus, narrow.nodes) == (8, None)  # one node's GPUs, as before


def test_a_key_choosing_the_engine_and_a_gpu_range_is_the_engine_as_it_starts() -> None:
    # Invented values of an in-house chart: no option written, the engine chosen by `format`,
    # an accelerator profile's request/limit pair (a pod gets its limit).
    text = "model:\n  id: m\n  format: vLLM\n  accelerator:\n    min: '1'\n    max: '2'\n"
    dep = only("values.yaml", text)
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 1, 2)
    assert dep.provenance["engine"] == "`format: vLLM`"
    assert dep.provenance["gpus"] == "`model.accelerator`"


def test_a_title_or_an_image_with_gpus_and_no_options_is_no_deployment() -> None:
    # A display name labels; an image's arguments are given elsewhere (a chart's templates,
    # a Terraform variable): neither is a deployment without options or a model.
    text = '{"title": "vLLM", "resources": {"gpuCount": 1}}'
    assert parse_text("hub.json", text).deployments == ()
    text = "runtime:\n  image: vllm/vllm-openai:latest\n  resources: {gpu: 1}\n"
    assert parse_text("values.yaml", text).deployments == ()


def test_a_device_range_without_a_count_says_nothing() -> None:
    from toplint.parse.infer.resources import gpu_value

    assert gpu_value({"max": "2", "min": "1"}) == (2, "")
    assert gpu_value({"count": 4, "max": 8}) == (4, "")
    assert gpu_value({"min": "1"}) is None and gpu_value({"productName": "A10G"}) is None


RAY_VALUES = """\
engine:
  config:
    model: "/fsx/pretrained-models/deepseek-ai/DeepSeek-R1"
    tensor_parallel_size: 8
    pipeline_parallel_size: 6
    distributed_executor_backend: "{backend}"
resources:
  min_replicas: 6
  requests:
    "nvidia.com/gpu": 8
  limits:
    "nvidia.com/gpu": 8
"""


def test_one_pods_gpus_with_the_ray_executor_are_per_pod() -> None:
    """vLLM's Ray executor places TP x PP over the Ray cluster's pods: 8 GPUs a pod are not
    all the deployment has (aws-samples/amazon-eks-machine-learning-with-terraform-and-kubeflow
    @fa3ce15 examples/inference/rayserve/deepseek-r1-vllm/rayservice.yaml was a TL201 error,
    '8 GPUs requested but the layout uses 48')."""
    dep = only("rayservice.yaml", RAY_VALUES.format(backend="ray"))
    assert (dep.tp, dep.pp, dep.gpus_per_node, dep.nodes, dep.gpus) == (8, 6, 8, 6, 48)
    assert "the Ray executor spans pods" in dep.provenance["gpus"]


def test_one_pods_gpus_with_the_local_executor_are_all_it_has() -> None:
    dep = only("values.yaml", RAY_VALUES.format(backend="mp"))
    assert (dep.gpus, dep.nodes) == (8, None)


def test_a_fine_tuning_configs_base_model_is_what_its_vllm_block_serves() -> None:
    """axolotl's config names the checkpoint ``base_model`` and starts vLLM from its ``vllm:``
    block (``axolotl vllm-serve CONFIG``: axolotl-ai-cloud/axolotl@067b021
    examples/ebft/qwen35-9b-ebft-structured.yaml read as naming no model, a TL007 error)."""
    text = (
        "base_model: Qwen/Qwen3.5-9B\nrl: ebft\n"
        "vllm:\n  gpu_memory_utilization: 0.7\n  max_model_len: 2048\n  enforce_eager: true\n"
    )
    dep = only("qwen35-9b-ebft.yaml", text)
    assert (dep.engine, dep.model) == ("vllm", "Qwen/Qwen3.5-9B")
    assert dep.sources["model"].line == 1


ROLL_CONFIG = """\
pretrain: Qwen/Qwen3-30B-A3B-Base
actor_infer:
  model_args:
    dtype: bf16
  strategy_args:
    strategy_name: vllm
    strategy_config:
      gpu_memory_utilization: 0.85
      load_format: dummy
      tensor_parallel_size: 2
rewards:
  llm_judge:
    model_args:
      model_name_or_path: virtuoussy/Qwen2.5-7B-Instruct-RLVR
      dtype: bf16
    strategy_args:
      strategy_name: vllm
      strategy_config:
        gpu_memory_utilization: 0.8
        block_size: 16
        max_model_len: 8000
"""


def test_a_rollout_engine_serves_the_runs_pretrain_checkpoint_or_its_model_arguments() -> None:
    """ROLL's rollout engine serves ``pretrain`` unless its worker's ``model_args`` name a
    checkpoint (alibaba/ROLL@8eb27cc roll/configs/base_config.py ``__post_init__``; its
    examples/*/rlvr_config.yaml were read as naming no model, a TL007 error each): the actor's
    vLLM serves the run's ``pretrain``, the judge's its ``model_name_or_path``."""
    deps = parse_text("rlvr_config.yaml", ROLL_CONFIG).deployments
    assert [(d.tp, d.model) for d in deps] == [
        (2, "Qwen/Qwen3-30B-A3B-Base"),
        (1, "virtuoussy/Qwen2.5-7B-Instruct-RLVR"),
    ]
    assert [d.sources["model"].line for d in deps] == [1, 14]


def test_a_model_arguments_mapping_with_no_checkpoint_names_nothing() -> None:
    """Without ``pretrain`` the actor's ``model_args`` (only a dtype) name no checkpoint: the
    model stays unnamed, never taken from the judge's mapping beside it."""
    text = ROLL_CONFIG.replace("pretrain: Qwen/Qwen3-30B-A3B-Base\n", "")
    deps = parse_text("rlvr_config.yaml", text).deployments
    assert [d.model for d in deps] == [None, "virtuoussy/Qwen2.5-7B-Instruct-RLVR"]


RAY_LLM_CONFIG = """\
import os

from ray.serve.llm import LLMConfig, build_openai_app

llm_config = LLMConfig(
    model_loading_config=dict(
        model_id="my-llama-3.1-70b",
        model_source="meta-llama/Llama-3.1-70B-Instruct",
    ),
    accelerator_type="L40S",
    # Share your Hugging Face token with the vllm engine so it can access the gated Llama 3.
    runtime_env=dict(env_vars={"HF_TOKEN": os.environ.get("HF_TOKEN")}),
    engine_kwargs=dict(max_model_len=32768, tensor_parallel_size=8),
)
app = build_openai_app({"llm_configs": [llm_config]})
"""


def test_ray_serve_llms_model_loading_config_names_what_its_engine_kwargs_serve() -> None:
    """Engine options read by their names (``engine_kwargs``) serve the checkpoint of the
    ``model_loading_config`` beside them, its ``model_source`` (the weights), not its
    ``model_id`` (the name clients ask for): anyscale/templates@383ab5e
    templates/deployment-serve-llm/medium-size-llm/serve_llama_3_1_70b.py was a TL007 'names no
    model' error.  Its comment naming vLLM makes the Python reader read the options by their names
    before the Ray Serve LLM record could (``provenance``), so the model is found from there."""
    dep = only("serve_llama_3_1_70b.py", RAY_LLM_CONFIG)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "meta-llama/Llama-3.1-70B-Instruct", 8)
    assert dep.sources["model"].line == 8
    assert dep.provenance["engine"] == "2 option names only vllm has as many of"


def test_a_model_loading_config_as_data_and_its_id_alone() -> None:
    """The same as a YAML model config (anyscale/templates@383ab5e archive/reference/
    e2e-dspy-workflow/content/model_config/meta-llama--Llama-3_2-1B-Instruct.yaml); without a
    ``model_source`` the weights default to the ``model_id``."""
    text = (
        "engine_kwargs:\n  enable_chunked_prefill: false\n  max_num_batched_tokens: 8192\n"
        "  max_num_seqs: 64\n  trust_remote_code: true\n  enable_lora: true\n"
        "llm_engine: VLLMEngine\n"
        "model_loading_config:\n  model_id: my-1b\n  model_source: meta-llama/Llama-3.2-1B\n"
    )
    assert only("m.yaml", text).model == "meta-llama/Llama-3.2-1B"
    alone = text.replace("  model_id: my-1b\n", "").replace("model_source", "model_id")
    assert only("m.yaml", alone).model == "meta-llama/Llama-3.2-1B"


def test_a_sections_gpus_are_its_own_not_a_sibling_deployments() -> None:
    """A Dynamo graph config: ``Processor`` names the model and engine options to build its
    tokenizer and asks for no GPU; ``VllmWorker.ServiceArgs.resources.gpu`` sizes the worker
    only (ai-dynamo/dynamo@1266f5b1 examples/llm/components/processor.py, ``@service(resources=
    {"cpu": "10", "memory": "20Gi"})``; the config of ai-dynamo/dynamo#479)."""
    text = (
        "Processor:\n  model: /path/my/model\n  block-size: 64\n  max-model-len: 32768\n"
        "  router: kv\n"
        "VllmWorker:\n  model: /path/my/model\n  block-size: 64\n  max-model-len: 32768\n"
        "  tensor-parallel-size: 4\n  ServiceArgs:\n    workers: 1\n    resources:\n"
        "      gpu: 4\n"
    )
    found = {(d.line, d.tp, d.gpus) for d in parse_text("disagg_router.yaml", text).deployments}
    assert found == {(1, 1, None), (6, 4, 4)}
    # the GPUs of the mapping around both sections still reach each of them
    shared = "resources:\n  gpu: 8\n" + text.replace("      gpu: 4\n", "      cpu: 4\n")
    gpus = {d.gpus for d in parse_text("shared.yaml", shared).deployments}
    assert gpus == {8}


def test_a_start_commands_gpus_are_not_those_written_for_another_command() -> None:
    """Two servers a file starts side by side: the GPUs written beside one command size that
    server, not the other; GPUs written around both still reach each."""
    text = (
        "prefill:\n  command: vllm serve org/m --tensor-parallel-size 2\n"
        "  resources:\n    gpu: 2\n"
        "decode:\n  command: vllm serve org/m\n"
    )
    found = {(d.line, d.gpus) for d in parse_text("stack.yaml", text).deployments}
    assert found == {(2, 2), (6, None)}
    around = "resources:\n  gpu: 4\n" + text.replace("    gpu: 2\n", "    cpu: 2\n")
    assert {d.gpus for d in parse_text("around.yaml", around).deployments} == {4}
