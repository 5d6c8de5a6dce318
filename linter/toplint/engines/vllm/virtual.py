"""vLLM's V0 engine runs pipeline parallelism as virtual engines (``virtual_engines``).

From pipeline parallelism's first release (vllm-project/vllm#4412, "[Core] Pipeline Parallel
Support", v0.5.1: "support multiple schedulers and cache engines in worker.py") the V0 worker
builds one ``CacheEngine`` per pipeline stage (vllm/worker/worker.py ``_init_cache_engine``:
``for _ in range(self.parallel_config.pipeline_parallel_size)``), each of
``num_gpu_blocks //= parallel_config.pipeline_parallel_size`` blocks
(vllm/worker/cache_engine.py ``CacheEngine.__init__``), and refuses to start when one sequence
of the context does not fit one of them: ``max_seq_len = block_size * (num_gpu_blocks //
pipeline_parallel_size)``, "The model's max seq len ({max_model_len}) is larger than the maximum
number of tokens that can be stored in KV cache ({max_seq_len})" (vllm/worker/worker.py
``raise_if_cache_size_invalid``).  The V1 engine keeps one KV cache per GPU
(vllm/v1/core/kv_cache_utils.py ``check_enough_kv_cache_memory``).

Which engine runs a pipeline: every release before 0.8.0 has only V0.  From 0.8.0 V1 is the
default, but with ``--distributed-executor-backend`` unset a pipeline fell back to V0 until
vllm-project/vllm#18915 (merged 2025-05-30, first in v0.9.1: "We were not checking if the
`distributed_executor_backend` was None (the default) to make the V0 fallback decision ...
Pipeline Parallelism without Ray distributed executor or multiprocessing executor or external
launcher is not supported by the V1 Engine. Falling back to V0").  With the backend written
(``ray``, ``mp``) 0.8.x releases may already run V1 (vllm-project/vllm#16057): not judged, no
split assumed.  ``VLLM_USE_V1=1`` asks for V1.
"""

from __future__ import annotations

from toplint.engines.gpuneeds import VirtualEngines

VIRTUAL_ENGINES = VirtualEngines(
    until="0.9.1",
    key="distributed_executor_backend",
    key_since="0.8.0",
    env="VLLM_USE_V1",
    what="V0 engine's virtual engines",
    source="vllm-project/vllm#4412 vllm/worker/cache_engine.py CacheEngine.__init__, "
    "vllm/worker/worker.py raise_if_cache_size_invalid; vllm-project/vllm#18915 (v0.9.1)",
)
