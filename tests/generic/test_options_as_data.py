"""Engine options as data, anywhere (issue 24, points 1, 2, 3 and 7): invented formats."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only, parse_text

SERVING = """\
serving:
  engine: sglang
  flags: {tp-size: 4, ep-size: 4}
hosts: 2
gpus_per_host: 8
"""


def test_the_issue_example_reads_with_its_provenance() -> None:
    dep = only("serving.yaml", SERVING)
    assert (dep.engine, dep.tp, dep.ep, dep.nodes, dep.gpus) == ("sglang", 4, 4, 2, 16)
    assert dep.provenance["tp"] == "`serving.flags.tp-size`"
    assert dep.provenance["engine"] == "`engine: sglang`"
    assert dep.provenance["gpus"] == "`gpus_per_host` × `hosts`"
    assert dep.sources["tp"].line == 3


def test_any_spelling_of_an_option_is_that_option() -> None:
    for key in ("tensor_parallel_size", "tensorParallelSize", "--tensor-parallel-size"):
        dep = only("x.json", f'{{"backend": "vllm", "engine_args": {{"{key}": 2}}}}')
        assert (dep.engine, dep.tp) == ("vllm", 2), key


def test_vocabulary_only_one_engine_has_names_it() -> None:
    text = "serving:\n  model: org/m\n  gpu-memory-utilization: 0.9\n  max-model-len: 8192\n"
    dep = only("cfg.yaml", text + "  enforce-eager: true\n")
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 1)


def test_a_document_of_only_options_is_an_engine_config_file_not_a_deployment() -> None:
    text = "tensor_parallel_size: 16\nmoe_expert_parallel_size: 16\nenable_attention_dp: true\n"
    assert parse_text("extra-llm-api-config.yaml", text).deployments == ()


STAGES = """\
stages:
  - stage_id: 0
    devices: "0"
    gpu_memory_utilization: 0.6
    max_num_seqs: 4
    max_model_len: 4096
    enable_prefix_caching: false
  - stage_id: 1
    devices: "0"
    gpu_memory_utilization: 0.12
    enforce_eager: true
    max_model_len: 196608
"""

STAGE_ARGS = """\
stage_args:
  - stage_id: 0
    runtime: {process: true, devices: "0"}
    engine_args:
      model_stage: thinker
      gpu_memory_utilization: 0.8
      enforce_eager: true
      trust_remote_code: true
      enable_prefix_caching: false
"""


def test_the_stages_of_a_stage_config_are_read_through_the_command() -> None:
    # vLLM-Omni's stage configs: the model is the command's (vllm serve M --omni
    # --stage-configs-path FILE), each stage an engine of it
    assert parse_text("moss_tts.yaml", STAGES).deployments == ()
    assert parse_text("qwen2_5_omni.yaml", STAGE_ARGS).deployments == ()


def test_stages_in_a_file_that_names_the_model_are_still_read() -> None:
    text = "model: Qwen/Qwen2.5-7B-Instruct\n" + STAGES
    assert parse_text("pipeline.yaml", text).deployments != ()
    unnumbered = STAGES.replace("stage_id", "index")
    assert parse_text("pipeline.yaml", unnumbered).deployments != ()


def test_a_flag_list_under_any_key_of_an_engine_scope() -> None:
    text = "app:\n  kind: sglang\n  model_id: org/m\n  extra: ['--tp', '2', '--dp-size', '2']\n"
    text += "  resources: {gpu: 'L40s:4'}\n"
    dep = only("app.yaml", text)
    assert (dep.tp, dep.dp, dep.gpus, dep.model) == (2, 2, 4, "org/m")


def test_type_count_and_gres_strings_give_gpus() -> None:
    base = "svc:\n  type: vllm\n  tensor_parallel_size: 2\n"
    assert only("a.yaml", base + "  accelerator: H100:2\n").gpus == 2
    assert only("b.yaml", base + "  gpu: 8:H200\n").gpus == 8
    assert only("c.yaml", base + "pool: {nodes: 2, gres: 'gpu:4'}\n").gpus == 8
    assert only("d.yaml", base + "  accelerator: A100\n").gpus == 1
    assert only("e.yaml", base + "  gpu: 24GB\n").gpus is None  # a memory floor, no count


def test_an_accelerator_outside_the_catalog_is_named_for_tl011() -> None:
    from toplint.accelerators import of_deployment

    dep = only("t.yaml", "svc:\n  type: vllm\n  tensor_parallel_size: 4\n  gpu: v5litepod-4\n")
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "tpu" and found[2].line == 4


def test_env_lists_resolve_the_commands_below_them() -> None:
    text = "env:\n  - MODEL_ID=org/m\n  - TP=4\n"
    text += "run:\n  - vllm serve $MODEL_ID --tensor-parallel-size $TP\n"
    dep = only("job.yaml", text)
    assert (dep.model, dep.tp) == ("org/m", 4)


def test_sh_c_strings_are_read_as_the_script_they_run() -> None:
    text = 'start: sh -c "X=$(cat /s) python3 -m sglang.launch_server --model-path org/m --tp 4"\n'
    text += "resources: {accelerator: 'H100:4'}\n"
    dep = only("c.yaml", text)
    assert (dep.engine, dep.tp, dep.gpus) == ("sglang", 4, 4)


def test_keys_that_are_no_options_are_not_a_deployment() -> None:
    assert parse_text("x.yaml", "name: x\ntp: 4\nreplicas: 2\n").deployments == ()
    assert parse_text("y.yaml", "runtime: docker\nsize: 8\n").deployments == ()


def test_a_dotenv_beside_the_file_seeds_its_variables(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text('TP=4\nMODEL="org/m" # the model\n')
    svc = tmp_path / "svc.yaml"
    svc.write_text("job:\n  run: vllm serve ${MODEL} --tensor-parallel-size ${TP:-1}\n")
    from toplint.parse.base import Source
    from toplint.parse.parallel import builtin_and_plugin_parsers
    from toplint.parse.run import parse_source

    parsers = builtin_and_plugin_parsers()
    (dep,) = parse_source(Source.from_text(str(svc), svc.read_text()), parsers).deployments
    assert (dep.model, dep.tp) == ("org/m", 4)


def test_omegaconf_interpolations_resolve_inside_the_document() -> None:
    text = "cluster: {gpus: 4}\nserver:\n  type: vllm\n  tensor_parallel_size: ${cluster.gpus}\n"
    text += "  pipeline_parallel_size: ${oc.env:PP,2}\n  model: ${oc.env:MODEL}\n"
    dep = only("conf.yaml", text)
    assert (dep.tp, dep.pp, dep.model) == (4, 2, None)


SCHEMA = """\
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "SGLang deployment configuration",
  "type": "object",
  "properties": {
    "sglang": {
      "type": "object",
      "properties": {
        "tensor_parallel_size": {"type": "integer", "minimum": 1},
        "ep_size": {"type": "integer", "minimum": 1}
      }
    }
  }
}
"""

CRD = """\
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: servings.example.com}
spec:
  group: example.com
  names: {kind: Serving, plural: servings}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                engine: {type: string, enum: [vllm]}
                tensorParallelSize: {type: integer}
"""


def test_a_schema_of_a_configuration_sets_no_option() -> None:
    # The shape of aws-samples/awsome-inference@d3236c8c
    # 2.projects/sglang-inference/configs/schema/sglang-config-v1.0.json: its
    # `tensor_parallel_size: {"type": "integer"}` had been read as a TP of that JSON (TL010).
    for name, text in (("config.schema.json", SCHEMA), ("crd.yaml", CRD)):
        result = parse_text(name, text)
        assert result.deployments == (), name
        assert not [f for f in result.findings if f.rule == "TL010"], name


def test_a_flag_list_is_read_as_the_engines_parser_reads_it() -> None:
    """`--tp` is SGLang's `--tp-size` (argparse takes a unique prefix): a flag list with it is
    the engine's flags, though `tp` alone is too short to be read as an option key."""
    dep = only("s.yaml", 'serving:\n  engine: sglang\n  args: ["--tp", "4"]\n')
    assert (dep.engine, dep.tp) == ("sglang", 4)


def test_a_key_naming_the_engine_over_settings_only_is_no_deployment() -> None:
    """``vllm_cfg: {api_key: vllm}``: one vLLM option (``--api-key``) under a key naming vLLM,
    with no model, layout or GPUs around it, is a client's or an app's settings."""
    assert parse_text("app.yaml", "vllm_cfg:\n  api_key: vllm\n").deployments == ()
    text = "llm:\n  provider: openai\nvllm_cfg:\n  api_key: vllm\n  timeout: 30\n"
    assert parse_text("app.yaml", text).deployments == ()


def test_settings_under_the_engine_key_are_a_deployment_with_a_model_or_gpus_around() -> None:
    text = "model: meta-llama/Llama-3.1-8B-Instruct\nvllm:\n  gpu_memory_utilization: 0.8\n"
    dep = only("serve.yaml", text)
    assert (dep.engine, dep.model) == ("vllm", "meta-llama/Llama-3.1-8B-Instruct")
    dep = only("serve.yaml", "resources: {gpus: 2}\nvllm:\n  gpu_memory_utilization: 0.8\n")
    assert (dep.engine, dep.gpus) == ("vllm", 2)


# A Deployment of a local vLLM build whose pod labels name the engine and the model
# (aatchison/deploy-vllm-k8s deploy-gemma4-31B-bf16-tp2.yaml, trimmed).
LABELLED_POD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: vllm, labels: {app: vllm}}
spec:
  selector: {matchLabels: {app: vllm}}
  template:
    metadata:
      labels:
        app: vllm
        model: gemma-4-31B-it
    spec:
      containers:
      - name: vllm
        image: docker.io/library/vllm-gemma4:local
        args: ["--model", "google/gemma-4-31B-it", "--tensor-parallel-size", "2"]
"""


def test_labels_naming_the_engine_and_model_are_no_second_deployment() -> None:
    dep = only("deploy.yaml", LABELLED_POD)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "google/gemma-4-31B-it", 2)


# Values of a chart whose optional ServingRuntime is switched off (Siryoos/kserve-vllm-mini
# charts/kserve-vllm-mini/values.yaml, trimmed): only the InferenceService is rendered.
SWITCHED_OFF = """\
inferenceService:
  enabled: true
  predictor:
    runtime: vllm
    resources:
      limits: {nvidia.com/gpu: "1"}
servingRuntime:
  enabled: false
  name: vllm
  image: kserve/vllmserver:v0.12.1
  args: ["--max-model-len", "4096"]
"""


def test_a_part_switched_off_with_enabled_false_is_not_read() -> None:
    dep = only("values.yaml", SWITCHED_OFF)
    assert (dep.engine, dep.gpus, dep.tp) == ("vllm", 1, 1)
    assert dep.provenance["engine"] == "`runtime: vllm`"
    on = SWITCHED_OFF.replace("enabled: false", "enabled: true")
    assert len(parse_text("values.yaml", on).deployments) == 2


# langtech-bsc/magma@9cb03cf4 config.yml, trimmed: each service has its own switch, and the
# job's workflow appends tgi.sh / vllm.sh to the batch script only when it is on
# (actions/addons/action.yml ``if: ${{ inputs.tgi == 'true' }}``).
ENABLE_SWITCH = """\
tgi: # Text generation inference
  enable: false # Default false.
  model: Mistral-7B-Instruct-v0.3
  singularity: text-generation-inference.singularity.1.4.4.sif
vllm: # VLLM api
  enable: false # Default false.
  model: Mistral-7B-Instruct-v0.3
  singularity: vllm-openai-latest.sif
"""


def test_a_part_switched_off_with_enable_false_is_not_read() -> None:
    off = parse_text("config.yml", ENABLE_SWITCH)
    assert off.deployments == ()
    # never silent: the file names an engine it does not start (TL008 at info, at the switch)
    assert [(f.rule, f.severity.value, f.line, f.column) for f in off.findings] == [
        ("TL008", "info", 2, 11)
    ]
    assert "switches it off (`enable: false`)" in off.findings[0].message
    on = ENABLE_SWITCH.replace("enable: false", "enable: true")
    assert {d.engine for d in parse_text("config.yml", on).deployments} == {"tgi", "vllm"}


def test_a_few_generic_option_names_among_a_services_settings_name_no_engine() -> None:
    # opea-project/GenAIExamples@15b0d468f6dd7c8f679a3c7f729ebe8a7655b5b1
    # ChatQnA/docker_compose/intel/cpu/xeon/milvus.yaml: Milvus's `minio:` block writes `port`,
    # `rootPath` and `logLevel` (vLLM has --port, --root-path, --log-level) among 14 keys; it
    # was read as a vLLM deployment "from 3 option names only vllm has as many of"
    text = (
        "minio:\n  address: localhost\n  port: 9000\n  accessKeyID: minioadmin\n"
        "  secretAccessKey: minioadmin\n  useSSL: false\n  bucketName: a-bucket\n"
        "  rootPath: files\n  useIAM: false\n  cloudProvider: aws\n  iamEndpoint:\n"
        "  logLevel: fatal\n  region:\n  useVirtualHost: false\n  requestTimeoutMs: 10000\n"
    )
    assert not parse_text("milvus.yaml", text).deployments
    # the same names as most of a mapping are still that engine's config file
    options = "serving:\n  port: 9000\n  root-path: /v1\n  log-level: debug\n  name: x\n"
    assert parse_text("cfg.yaml", options).deployments


def test_a_namespace_named_after_the_engine_names_no_engine() -> None:
    """PhenixForge/vllm-serving-kubernetes-platform@5916fc6b kubernetes/pvc.yaml, shortened: the
    model cache's PersistentVolumeClaim lives in the namespace `vllm`; it was a TL008 note that
    the file names vLLM but yields no deployment."""
    text = (
        "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: vllm-model-cache\n"
        "  namespace: vllm\nspec:\n  accessModes: [ReadWriteOnce]\n"
        "  resources: {requests: {storage: 50Gi}}\n"
    )
    result = parse_text("pvc.yaml", text)
    assert (result.deployments, result.findings) == ((), ())


def test_a_key_naming_an_engine_that_holds_its_flags_names_the_mapping_s_engine() -> None:
    # An operator's `vllmArgs` beside the model and GPU count it runs them with
    # (nebari-dev/llm-serving-pack@50253626 examples/models/*.yaml): the file had been silent.
    text = "spec:\n  model: org/m\n  gpus: 2\n  vllmArgs: ['--tensor-parallel-size', '2']\n"
    dep = only("serving.yaml", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    assert dep.provenance["engine"] == "`vllmArgs`"


def test_a_key_naming_an_engine_that_holds_no_flags_of_it_names_nothing() -> None:
    text = "spec:\n  model: org/m\n  gpus: 2\n  vllmNotes: ['fast', 'cheap']\n"
    assert parse_text("serving.yaml", text).deployments == ()
