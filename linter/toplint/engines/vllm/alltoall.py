"""vLLM's MoE all-to-all backend option (``Engine.all_to_all``, TL110 and the EP exchange's
price): the values it accepts, what each sends, and when any of them runs."""

from __future__ import annotations

from toplint.engines.types import AllToAll

ALL_TO_ALL = AllToAll(
    key="all2all_backend",
    default="allgather_reducescatter",
    flag="--all2all-backend",
    sparse="deepep_low_latency",
    env="VLLM_ALL2ALL_BACKEND",
    backends={
        "allgather_reducescatter": "dense",
        "naive": "dense",  # "naive all2all implementation using broadcasts" (envs.py)
        "pplx": "pplx",
        "deepep_high_throughput": "deepep-normal",
        "deepep_low_latency": "deepep-ll",
        "deepep_v2": "unmodelled",
        "mori_high_throughput": "sends",
        "mori_low_latency": "sends",
        "mori": "sends",  # earlier releases' single MoRI value
        "nixl_ep": "sends",
        "flashinfer_all2allv": "sends",  # alias of flashinfer_nvlink_two_sided
        "flashinfer_nvlink_two_sided": "sends",
        "flashinfer_nvlink_one_sided": "sends",
    },
    backends_source="vllm-project/vllm@00193b82 vllm/config/parallel.py All2AllBackend "
    "(and vllm/envs.py VLLM_ALL2ALL_BACKEND env_with_choices)",
    # Every backend's kernels run only with --enable-expert-parallel: use_all2all_kernels is
    # ``use_ep and (dp_size > 1 or ...)``; without it FusedMoEParallelConfig.make shards each
    # expert by tensor parallelism over the flattened DP x TP ranks, so every rank needs every
    # token whatever --all2all-backend says (vllm-project/vllm@002d6073
    # vllm/model_executor/layers/fused_moe/config.py FusedMoEParallelConfig)
    needs_ep=True,
)
