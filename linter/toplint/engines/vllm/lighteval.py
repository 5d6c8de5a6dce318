"""lighteval's vLLM backend: ``lighteval vllm MODEL_ARGS TASKS``.

An evaluation harness that builds ``vllm.LLM`` in its own process from ``MODEL_ARGS``, one word of
comma-separated ``key=value`` settings (a bare ``key`` is true; ``generation_parameters={…}``
are sampling settings, not the engine's): ``ModelConfig._parse_args`` and ``VLLMModelConfig``
(huggingface/lighteval@3fd15266 src/lighteval/models/abstract_model.py,
src/lighteval/models/vllm/vllm_model.py; src/lighteval/main_vllm.py reads a word ending in
``.yaml`` as a file of ``model_parameters`` instead).  The model is ``model_name`` (``pretrained``
in releases before 0.10, e.g. @v0.8.0 src/lighteval/models/vllm/vllm_model.py).  It starts
``data_parallel_size`` engines of ``tensor_parallel_size`` x ``pipeline_parallel_size`` GPUs
(all default 1) and passes vLLM ``enforce_eager=True``, ``max_num_seqs`` 128 and
``max_num_batched_tokens`` 2048 unless written (``VLLMModel._create_auto_model``).
"""

from __future__ import annotations

from toplint.engines.types import EngineSpec, Launch, options

VALUES = """
    cache-dir data-parallel-size dtype gpu-memory-utilization load-format max-model-length
    max-num-batched-tokens max-num-seqs model-name pipeline-parallel-size pretrained
    quantization revision seed subfolder swap-space system-prompt tensor-parallel-size tokenizer
"""
BOOLEANS = """
    add-special-tokens enable-prefix-caching is-async multichoice-continuations-start-space
    override-chat-template pairwise-tokenization trust-remote-code use-chat-template
"""

SPEC = EngineSpec(
    name="lighteval-vllm",
    options=options(VALUES, BOOLEANS),
    fields={
        "model-name": "model",
        "pretrained": "model",
        "tensor-parallel-size": "tp",
        "pipeline-parallel-size": "pp",
        "data-parallel-size": "dp",
        "max-model-length": "max_model_len",
    },
    engine="vllm",
    program="lighteval's `lighteval vllm`",
    bool_values=True,
    implied={"enforce_eager": "true", "max_num_seqs": "128", "max_num_batched_tokens": "2048"},
)

# `lighteval vllm "model_name=M,tensor_parallel_size=2,..." "TASKS"`
LAUNCH = Launch(("lighteval", "vllm"), SPEC.name, positional_model=False, key_values=True)
