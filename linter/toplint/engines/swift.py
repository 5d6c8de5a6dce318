"""ms-swift's ``swift deploy``: a platform command that serves a model through the engine its
``--infer_backend`` names (``vllm``, ``sglang``, ``lmdeploy``; the default, ``pt`` or
``transformers``, serves through transformers: no engine).

Its options are the fields of ``DeployArguments`` and the dataclasses it inherits, read by
transformers' ``HfArgumentParser`` (``--name`` and ``--name-with-dashes`` alike, unique
prefixes, a boolean field takes an optional ``true``/``false``), and an argument it does not
know stops it: ``raise ValueError(f'remaining_argv: ...')`` (modelscope/ms-swift@ff512877
swift/pipelines/base.py ``_parse_args``).  The vocabulary below is the union of the fields
over the releases v2.6.1 (@ab38bff0, swift/llm/utils/argument.py), v3.0.0 (@6a34e967),
v3.4.0 (@15b973a7), v3.6.0 (@39bfc8a4), v3.9.0 (@ff3e5836), v3.12.0 (@5effa648), v4.0.0
(@5e853413) and v4.5.2 (@ff512877) (swift/llm/argument/, swift/arguments/,
swift/trainers/arguments.py, swift/rlhf_trainers/args_mixin.py), so an option of any of them is
known.  The engine settings are prefixed from v3.7.0 (``--vllm_tensor_parallel_size``,
``--sglang_tp_size``, ``--lmdeploy_tp``; ``get_vllm_engine_kwargs`` and its siblings pass them
on) and unprefixed before (``--tensor_parallel_size``, ``--tp``), both kept in v3.7-v3.9.
``--vllm_gpu_memory_utilization`` is 0.9 in every release, passed to vLLM whatever vLLM's own
default.
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.engines.types import EngineSpec, Launch, options
from toplint.record import replace

VALUES = """
    adapters agent-template api-key attn-impl bnb-4bit-comp-dtype bnb-4bit-compute-dtype
    bnb-4bit-quant-storage bnb-4bit-quant-type cache-max-entry-count cached-dataset
    cached-val-dataset check-dataset-strategy ckpt-dir columns custom-dataset-info
    custom-register-path custom-train-dataset-path custom-val-dataset-path
    data-parallel-size data-seed dataset dataset-num-proc dataset-seed
    dataset-test-ratio ddp-backend ddp-timeout device-groups device-map
    device-map-config device-map-config-path device-max-memory download-mode dtype
    experts-impl external-plugins gpu-memory-utilization host hqq-axis
    hqq-dynamic-config-path hub-token infer-backend init-strategy instruct-model
    instruct-model-revision interleave-prob limit-mm-per-prompt
    lmdeploy-cache-max-entry-count lmdeploy-quant-policy lmdeploy-session-len
    lmdeploy-tp lmdeploy-vision-batch-size local-repo-path log-interval log-level
    lora-modules loss-scale max-batch-size max-length max-logprobs max-memory
    max-model-len max-new-tokens max-num-seqs max-pixels max-shard-size merge-device-map
    metric model model-author model-cache-dir model-id-or-path model-kwargs model-name
    model-revision model-type new-special-tokens norm-bbox num-beams num-labels owned-by
    packing-cache packing-length packing-num-proc packing-strategy padding-side
    pipeline-parallel-size port problem-type quant-bits quant-method quant-policy
    quantization-bit ray-exp-name repetition-penalty response-prefix result-dir
    result-path rope-scaling seed self-cognition-sample sequence-parallel-size
    served-model-name session-len sft-type sglang-context-length sglang-dp-size
    sglang-ep-size sglang-kv-cache-dtype sglang-mem-fraction-static sglang-pp-size
    sglang-quantization sglang-speculative-algorithm sglang-speculative-eagle-topk
    sglang-speculative-num-draft-tokens sglang-speculative-num-steps sglang-tp-size
    show-dataset-sample shuffle-buffer-size split-dataset-ratio ssl-certfile ssl-keyfile
    stop-words stopping-strategy structured-outputs-regex system task-type temperature
    template template-backend template-type tensor-parallel-size tools-prompt top-k
    top-logprobs top-p torch-dtype tp train-dataset-sample train-type
    truncation-strategy tuner-backend tuner-type val-dataset val-dataset-sample
    vision-batch-size vllm-data-parallel-size vllm-engine-kwargs
    vllm-gpu-memory-utilization vllm-limit-mm-per-prompt vllm-lora-modules
    vllm-max-lora-rank vllm-max-model-len vllm-max-num-seqs vllm-mm-processor-cache-gb
    vllm-pipeline-parallel-size vllm-quantization vllm-reasoning-parser
    vllm-speculative-config vllm-tensor-parallel-size write-batch-size
    writer-buffer-size
"""
BOOLEANS = """
    add-non-thinking-prefix bnb-4bit-use-double-quant dataset-shuffle
    disable-auto-column-mapping disable-custom-all-reduce disable-ignore-empty-think
    do-sample enable-cache enable-npu-model-patch enable-prefix-caching enable-thinking
    enforce-eager eval-human ignore-args-error is-binary-loss-scale lazy-tokenize
    load-args load-args-from-ckpt-dir load-data-args load-dataset-config
    load-from-cache-file logprobs merge-lora merge-lora-and-save
    overwrite-generation-config packing padding-free preserve-thinking
    remove-unused-columns reranker-use-activation safe-serialization save-result
    save-safetensors sglang-disable-cuda-graph sglang-disable-custom-all-reduce
    sglang-enable-dp-attention sglang-enable-ep-moe stream streaming strict
    use-async-engine use-chat-template use-flash-attn use-hf use-merge-kit use-ray
    use-swift-lora val-dataset-shuffle verbose vllm-disable-cascade-attn
    vllm-disable-custom-all-reduce vllm-enable-expert-parallel vllm-enable-lora
    vllm-enable-prefix-caching vllm-enforce-eager vllm-use-async-engine
"""
OPTIONS = options(VALUES, BOOLEANS)

# The option whose value chooses the engine, and the program as its users name it.
CHOOSER = "infer-backend"
PROGRAM = "ms-swift's `swift deploy`"

# the checkpoint, in every release's spelling (``--model``; v2's ``--model_id_or_path`` and
# ``--ckpt_dir``): each engine's ``deploy`` fields add its own settings
MODEL = {"model": "model", "model-id-or-path": "model", "ckpt-dir": "model"}

# Options ``swift deploy`` reads but passes only to its transformers backend (``pt``): the
# engine built for ``--infer_backend vllm|sglang|lmdeploy`` gets its own ``get_*_engine_kwargs``
# and never ``ModelArguments.get_model_kwargs()``, which carries ``device_map`` and
# ``max_memory`` (``SwiftInfer.get_infer_engine``, modelscope/ms-swift@v3.2.0
# swift/llm/infer/infer.py and @3602360a swift/pipelines/infer/infer.py; the maintainer in
# modelscope/ms-swift#3363: "max_memory 这个参数只对infer_backend pt生效 ... vllm请使用
# tensor_parallel_size").  Read as ``ignored.<name>``: TL209 reports them.
TRANSFORMERS_ONLY = {"device-map": "ignored.device_map", "max-memory": "ignored.max_memory"}


def deploy(
    engine: str, fields: Mapping[str, str], implied: Mapping[str, str] | None = None
) -> EngineSpec:
    """``swift deploy --infer_backend ENGINE``'s vocabulary, read for ``engine``: ``fields``
    maps the settings ``swift deploy`` passes to that engine (its ``get_*_engine_kwargs``) to
    the deployment's fields and the engine's options; ``implied``, what it passes when they are
    not written."""
    return EngineSpec(
        name=f"swift-{engine}",
        options=OPTIONS,
        fields={**MODEL, **TRANSFORMERS_ONLY, **fields},
        engine=engine,
        program=PROGRAM,
        bool_values=True,
        implied=implied or {},
    )


def launch(engine: str) -> Launch:
    """``swift deploy …`` read as ``engine``'s when its ``--infer_backend`` names it."""
    return Launch(
        ("swift", "deploy"), f"swift-{engine}", positional_model=False, when=(CHOOSER, engine)
    )


# ``swift rollout``: the vLLM server ms-swift's GRPO trainers send prompts to
# (``SwiftRolloutDeploy``).  It always serves through vLLM - ``get_infer_engine`` sets
# ``infer_backend = 'vllm'`` whatever was written (modelscope/ms-swift@v3.5.0
# swift/llm/infer/rollout.py, the first release with the command, to @3602360a
# swift/pipelines/infer/rollout.py) - with ``get_vllm_engine_kwargs``, the settings
# ``swift deploy --infer_backend vllm`` passes.  Its options are ``DeployArguments``' (v3.5.0)
# and from v3.6.0 ``RolloutArguments``', which add these (v3.6.0 @39bfc8a4, v3.9.0, v3.12.0,
# v4.0.0 and @3602360a swift/llm/argument/deploy_args.py, swift/arguments/deploy_args.py).
ROLLOUT_VALUES = " context-manager gym-env max-turns multi-turn-scheduler"
ROLLOUT_BOOLEANS = " use-gym-env"
ROLLOUT_PROGRAM = "ms-swift's `swift rollout`"


def rollout(deploy_engine: EngineSpec) -> EngineSpec:
    """``swift rollout``'s vocabulary: ``swift deploy``'s for the engine it serves through
    (``deploy_engine``, vLLM's) with the rollout server's own options."""
    return replace(
        deploy_engine,
        name=f"swift-rollout-{deploy_engine.engine_name}",
        options=options(VALUES + ROLLOUT_VALUES, BOOLEANS + ROLLOUT_BOOLEANS),
        program=ROLLOUT_PROGRAM,
    )


def rollout_launch(spec: EngineSpec) -> Launch:
    """``swift rollout --model M ...`` read with ``spec``: it serves through one engine whatever
    ``--infer_backend`` says, so no ``when``."""
    return Launch(("swift", "rollout"), spec.name, positional_model=False)
