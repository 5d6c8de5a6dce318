"""TRL's vLLM server: ``trl vllm-serve`` and ``python -m trl.scripts.vllm_serve``.

The generation server TRL's online trainers (GRPO and its siblings, ``use_vllm=True`` with
``vllm_mode="server"``) send prompts to.  Its options are the fields of ``ScriptArguments``
read by ``TrlParser``, a transformers ``HfArgumentParser`` (``--name`` and
``--name-with-dashes`` alike, a boolean field takes an optional ``true``/``false``, ``--config``
a YAML file of the same fields: ``parse_args_and_config``).  It starts ``data_parallel_size``
workers, each building ``vllm.LLM(tensor_parallel_size=...)`` on its own GPUs (``llm_worker``),
so the deployment is vLLM with that TP and DP; both default to 1.  The vocabulary is the union
of the fields over the releases v0.17.0 (the first with ``trl vllm-serve``) to v1.9.0 and
huggingface/trl@f2cd5771 (trl/scripts/vllm_serve.py ``ScriptArguments``, ``make_parser``;
trl/cli/commands/vllm_serve.py ``VllmServeCommand``, name ``vllm-serve``).
"""

from __future__ import annotations

from toplint.engines.types import EngineSpec, Launch, options

VALUES = """
    config data-parallel-size distributed-executor-backend dtype gpu-memory-utilization host
    kv-cache-dtype log-level max-model-len model port revision speculative-config
    tensor-parallel-size vllm-model-impl
"""
BOOLEANS = "enable-prefix-caching enforce-eager trust-remote-code"

SPEC = EngineSpec(
    name="trl-vllm",
    options=options(VALUES, BOOLEANS),
    fields={"model": "model", "tensor-parallel-size": "tp", "data-parallel-size": "dp"},
    engine="vllm",
    config_options=("config",),
    program="TRL's `trl vllm-serve`",
    bool_values=True,
)

# `trl vllm-serve --model M ...` (the model is an option, never positional)
LAUNCH = Launch(("trl", "vllm-serve"), SPEC.name, positional_model=False)

# the same server run as a module (`python -m trl.scripts.vllm_serve`: ``if __name__ ==
# "__main__"`` parses with ``make_parser()``)
MODULE = "trl.scripts.vllm_serve"
