"""vLLM (vllm-project/vllm): ``vllm serve MODEL``, ``python -m vllm.entrypoints.openai.api_server``.

The engine record (``ENGINE``, listed in ``toplint.engines.registry``); its command-line
vocabulary, and its wrappers', is ``toplint.engines.vllm.cli``.
"""

from __future__ import annotations

from toplint.engines import dynamo
from toplint.engines.gpuneeds import (
    EVERY_CONTEXT,
    FallbackReleases,
    MemoryAccounting,
    ProfileBatch,
    ProfileRun,
    StateBlocks,
)
from toplint.engines.layout import planned
from toplint.engines.types import Engine, Image, Launch, Layout
from toplint.engines.vllm import towers, trl
from toplint.engines.vllm.alltoall import ALL_TO_ALL
from toplint.engines.vllm.cli import CLI, DYNAMO, FASTCHAT_VLLM_WORKER, HUGGINGFACESERVER
from toplint.engines.vllm.drafts import DRAFTS
from toplint.engines.vllm.nccl import by_release
from toplint.engines.vllm.quant import (
    QUANT_FLOOR_BEFORE,
    QUANT_FLOOR_ERRORS,
    QUANT_MIN_CAPABILITY,
    QUANTIZATION_BYTES,
    QUANTIZATION_EXPERT_BYTES,
)
from toplint.engines.vllm.virtual import VIRTUAL_ENGINES
from toplint.engines.vllm.wrappers import PLATFORM_LAUNCHES, WRAPPERS
from toplint.model import Deployment
from toplint.record import replace


def derive(dep: Deployment) -> Deployment:
    """EP is not a size in vLLM: with --enable-expert-parallel EP = TP x DP (vocabulary §1)."""
    tp, dp = dep.tp, dep.dp
    ep = (tp * dp if tp is not None and dp is not None else None) if dep.ep_enabled else 1
    return dep if dep.ep == ep else replace(dep, ep=ep)


LAYOUT = Layout(
    tp="--tensor-parallel-size",
    pp="--pipeline-parallel-size",
    dp="--data-parallel-size",
    ep_switch="--enable-expert-parallel",
    nodes="--nnodes",
    dp_local="--data-parallel-size-local",
    node_rank="--node-rank",
)


def experts_over(dep: Deployment) -> int:
    """vLLM splits one instance's routed experts over all its TP × DP ranks, with or without
    expert parallelism: ``FusedMoEParallelConfig.make`` flattens TP across DP (``tp_size =
    dp_size * tp_size``; "TP = 2, DP = 2 and EP = False ... the tensors are sharded across 4
    devices"), and with ``--enable-expert-parallel`` makes that flattened group the EP group
    (vllm-project/vllm vllm/model_executor/layers/fused_moe/config.py)."""
    return max(dep.ep or 1, (dep.tp or 1) * (dep.dp or 1))


def command(model: str, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """``toplint plan``: multi-node with the mp backend (vocabulary §1 --nnodes): the head node
    runs this with --node-rank 0, the others with their rank and --headless; DP across nodes
    gives each node its --data-parallel-size-local instead."""
    return " ".join(p for p in ("vllm serve", model, planned(LAYOUT, tp, pp, dp, ep, nodes)) if p)


# The V0 engine's profile batch from 0.5.3: a whole context of at most 32K tokens (at least
# 2,048), else 512-token chunks; 256 sequences; the whole process's memory taken as the peak
# (before 0.6.4).  The profile's sources are cited at ``ProfileRun`` below.
_V0_BATCH = ProfileBatch(
    since="0.5.3",
    tokens=(512, 512),
    seqs=(256, 256),
    whole_context_up_to=32768,
    whole_context_at_least=2048,
    whole_process=True,
)

ENGINE = Engine(
    name="vllm",
    title="vLLM",
    cli=CLI,
    # ``ParallelConfig.__post_init__`` (vllm 0.11.0 wheel, vllm/config/parallel.py L453-464):
    # without --distributed-executor-backend, "ray" when cuda_device_count_stateless() <
    # world_size
    ray_executor=("distributed-executor-backend", "ray"),
    # ... until 0.11.1, whose vllm#25775 "removed the automatic fallback to Ray" (vllm#30140,
    # fixing #29447); since, vllm/config/parallel.py (@00193b82) raises "World size (N) is larger
    # than the number of available GPUs (M) in this node" unless the executor is written
    ray_fallback_until="0.11.1",
    quantization_option="quantization",
    quantization_bytes=QUANTIZATION_BYTES,
    quantization_expert_bytes=QUANTIZATION_EXPERT_BYTES,
    # FP8 below compute capability 8.9 runs as weight-only W8A16 FP8 Marlin ("FP8 models will
    # run on compute capability >= 7.5 (Turing) as weight-only W8A16", docs/features/
    # quantization/llm_compressor/fp8.md v0.32.0; 8.0 before: marlin_utils_fp8.py
    # is_fp8_marlin_supported); FP4 below Blackwell as weight-only FP4 Marlin ("Your GPU does not
    # have native support for FP4 computation ... Weight-only FP4 compression will be used
    # leveraging the Marlin kernel", marlin_utils_fp4.py; seen on Ada, Hopper: vllm#47749).
    low_precision_fallback={
        "fp8": frozenset({"turing", "ampere"}),
        "fp4": frozenset({"ampere", "ada", "hopper"}),
    },
    # GPTQ, AWQ and AutoRound (GPTQ/AWQ packing) weights: ``choose_mp_linear_kernel`` tries
    # Machete, which "requires compute capability of 90 (Hopper)", then Marlin (capability 80 up;
    # AllSpark takes only Ampere's per-channel scales), and Marlin refuses a rank's layer whose
    # ``output_size_per_partition`` is not a multiple of ``min_thread_n`` = 64 (vllm-project/
    # vllm@04aa528e vllm/model_executor/layers/quantization/kernels/mixed_precision/marlin.py,
    # utils/marlin_utils.py ``check_marlin_supports_shape``; auto_round.py
    # ``apply_gptq_quant_layer``)
    int_marlin_archs=frozenset({"ampere", "ada", "blackwell"}),
    # MoE experts: the FP8 fallback's fused-MoE kernel came after 0.8.5, which stopped at
    # start-up on Ampere (vllm-project/vllm#17581, #17764: "type fp8e4nv not supported"); NVFP4
    # experts are repacked, expert by expert, for the weight-only Marlin MoE kernel
    # (vllm-project/vllm@00d52e93 vllm/model_executor/layers/quantization/utils/
    # marlin_utils_fp4.py ``prepare_nvfp4_moe_layer_for_marlin``: "Weight-only FP4 compression
    # will be used leveraging the Marlin kernel"; ``prepare_moe_fp4_layer_for_marlin``), and no
    # release known here refuses them, so an FP4 MoE checkpoint gets no note.
    low_precision_releases=FallbackReleases(
        moe_note={
            "fp8": "MoE experts need a fused-MoE kernel for it, which older releases lack (vLLM "
            "0.8.5 stopped at start-up: 'type fp8e4nv not supported')"
        }
    ),
    # BF16 below compute capability 8.0: ``--dtype bfloat16`` is refused at start-up ("Bfloat16
    # is only supported on GPUs with compute capability of at least 8.0", vllm-project/vllm
    # @002db495 vllm/platforms/cuda.py ``check_if_supports_dtype``; ``supported_dtypes`` lists
    # float16/float32 only for 6.0-7.5); ``--dtype auto`` on a bfloat16 checkpoint was refused
    # the same way until vllm-project/vllm#17265 (merged 2025-04-27, after the 0.8.4 release)
    # made it cast to float16 with a warning: images up to 0.8.4 refuse.
    dtype_option="dtype",
    bf16_auto_cast_since="0.8.5",
    # the compute capability each quantization method's kernels need (toplint.engines.vllm.quant)
    quant_min_capability=QUANT_MIN_CAPABILITY,
    quant_floor_errors=QUANT_FLOOR_ERRORS,
    quant_floor_before=QUANT_FLOOR_BEFORE,
    # The TP group's all-reduce tries vLLM's custom all-reduce kernel first and falls back to
    # pynccl (vllm/distributed/device_communicators/cuda_communicator.py @00b5a01
    # ``CudaCommunicator.all_reduce``; kernel: custom_all_reduce.py, off with
    # --disable-custom-all-reduce).
    allreduce="vllm-custom",
    allreduce_options={"disable_custom_all_reduce": "nccl"},
    layout=LAYOUT,
    launches=(Launch(("vllm", "serve"), "vllm"),),
    platform_launches=PLATFORM_LAUNCHES,
    # Triton's vLLM backend hands model.json to AsyncEngineArgs(**config)
    # (triton-inference-server/vllm_backend@00ea75bc src/model.py _init_engine_args)
    triton_backend="vllm",
    # `python -m vllm.entrypoints.cli.main serve …` is the `vllm` console script run as a module
    # (vllm/entrypoints/cli/main.py @00a5fdd20935ba7679750db22997dcf539ca4591: `main()` under
    # `if __name__ == "__main__"`, the same CLI and `serve` sub-command).
    cli_modules=("vllm.entrypoints.cli.main",),
    modules={
        "vllm.entrypoints.openai.api_server": "vllm",
        "vllm.entrypoints.api_server": "vllm",
        # vLLM's gRPC server: its own --host/--port, then AsyncEngineArgs.add_cli_args (the
        # engine's arguments, the layout among them) into AsyncLLM (vllm-project/vllm@029329a8
        # vllm/entrypoints/grpc_server.py); SMG's prefill/decode workers run it.
        "vllm.entrypoints.grpc_server": "vllm",
        dynamo.module("vllm"): DYNAMO.name,
        "huggingfaceserver": HUGGINGFACESERVER.name,
        "fastchat.serve.vllm_worker": FASTCHAT_VLLM_WORKER.name,
        trl.MODULE: trl.SPEC.name,
    },
    # vllm/vllm-openai: ENTRYPOINT ["vllm", "serve"] (vllm docker/Dockerfile, target
    # vllm-openai; older tags: python3 -m vllm.entrypoints.openai.api_server, same engine args).
    # kserve/huggingfaceserver: ENTRYPOINT python -m huggingfaceserver (kserve python/
    # huggingface_server.Dockerfile).  vllm/vllm-openai-cpu: the CPU build's release target
    # (vllm docker/Dockerfile.cpu @002c42b2b4358cc689ec19f2e591a38de6694718, target vllm-openai,
    # ENTRYPOINT ["vllm", "serve"]; declined as CPU-only by toplint.accelerators).
    # vllm/vllm-openai-rocm: the ROCm build's release target (vllm docker/Dockerfile.rocm
    # @00305ee5, ``FROM final AS vllm-openai``, ENTRYPOINT ["vllm", "serve"]; an AMD GPU's:
    # toplint.hardware.asks).  public.ecr.aws/q9t5s3a7/vllm-cpu-release-repo (and its arm64
    # twin): the same CPU release image before Docker Hub, which the release retags as
    # vllm/vllm-openai-cpu (vllm-project/vllm@2d5be1dd .buildkite/scripts/
    # push-release-images-dockerhub.sh, "## CPU"); vLLM's CPU install docs name it as the
    # pre-built image.  Older tags ran python3 -m vllm.entrypoints.openai.api_server: the same
    # engine arguments.
    images=(
        Image("vllm/vllm-openai", ("vllm", "serve")),
        Image("vllm/vllm-openai-cpu", ("vllm", "serve")),
        Image("q9t5s3a7/vllm-cpu-release-repo", ("vllm", "serve")),
        Image("q9t5s3a7/vllm-arm64-cpu-release-repo", ("vllm", "serve")),
        Image("vllm/vllm-openai-rocm", ("vllm", "serve")),
        # tagged with KServe's release (v0.15.0), not vLLM's
        Image("kserve/huggingfaceserver", ("python", "-m", "huggingfaceserver"), release_tag=False),
    ),
    packages=("vllm",),
    wrappers=WRAPPERS,
    # Formats that always run vLLM: the production-stack chart and its operator CR, llm-d's
    # chart, KServe's LLMInferenceService and huggingfaceserver InferenceService, Ray Serve LLM.
    runs_in=(
        "helm-production-stack",
        "vllm-runtime",
        "helm-llm-d",
        "kserve-llmisvc",
        "kserve-isvc",
        "ray-serve-llm",
        # KAITO writes a vLLM command unless its runtime annotation says transformers
        # (kaito-project/kaito pkg/model/interface.go GetInferenceCommand)
        "kaito",
        # llmaz's default backend runtime (chart/templates/backends/vllm.yaml)
        "llmaz",
        # Nebari's LLMModel: its operator runs python3 -m vllm.entrypoints.openai.api_server
        # (nebari-dev/llm-serving-pack operator/internal/controller/reconcilers/modelservice.go)
        "nebari-llmmodel",
    ),
    env_prefixes=("VLLM_",),
    # vllm/entrypoints/openai/: serving_chat.py ``OpenAIServingChat(engine_client, ...)``,
    # serving_models.py ``BaseModelPath(name, model_path)`` (later chat_completion/serving.py,
    # models/serving.py), protocol.py's request models: wrap the engine a caller built.
    frontend_modules=("vllm.entrypoints.openai",),
    # KServe's LLMInferenceService splices it into the vLLM command (engine-vocabulary.md §0)
    args_env=("VLLM_ADDITIONAL_ARGS",),
    derive=derive,
    by_release=by_release,  # NCCL_CUMEM_ENABLE=0 from 0.5 to 0.10 (engines/vllm/nccl.py)
    experts_over=experts_over,
    ep_layout="dp_x_tp",
    all_to_all=ALL_TO_ALL,
    # vLLM EPLB (docs/serving/expert_parallel_deployment.md; engine-vocabulary.md §1)
    redundant_experts="--enable-eplb --eplb-config '{\"num_redundant_experts\": {n}}'",
    plan_command=command,
    memory=MemoryAccounting(
        refuses_long_context=True,
        context_keys=("max_model_len",),
        # _get_and_verify_max_len refuses a --max-model-len above the derived context unless
        # VLLM_ALLOW_LONG_MAX_MODEL_LEN is set (vllm-project/vllm@0004438383 vllm/config.py)
        beyond_positions_env="VLLM_ALLOW_LONG_MAX_MODEL_LEN",
        # ModelConfig lays --hf-overrides over the loaded config (nested configs such as
        # text_config updated key by key: ModelConfig._apply_dict_overrides) before
        # _get_and_verify_max_len derives the context (vllm-project/vllm vllm/config/model.py);
        # --rope-scaling was the rope dictionary itself (vllm@0004438383 vllm/config.py)
        config_overrides=("hf_overrides", "rope_scaling"),
        source="vllm-project/vllm vllm/config/cache.py gpu_memory_utilization (of total); "
        "vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory @bbf906a8",
        # vLLM asks for its fraction of the total once its CUDA context is up and refuses when
        # less is free: ``request_memory``, "Free memory on device … on startup is less than
        # desired GPU memory utilization" (vllm-project/vllm@0027b027 vllm/v1/worker/utils.py)
        beside="requests",
        beside_source="vllm-project/vllm@0027b027 vllm/v1/worker/utils.py request_memory",
        graphs_off=("enforce_eager",),  # EngineArgs.enforce_eager: eager PyTorch, no graphs
        # earlier releases took the fraction as a limit on the whole GPU's use ("a global gpu
        # memory utilization limit … if 50% of the gpu memory is already used before vLLM
        # starts and --gpu-memory-utilization is set to 0.9, then only 40% … will be
        # allocated": docs.vllm.ai v0.6.4 engine_args), as V1 did again until the start-up
        # check, which v0.9.1 raises (vllm-project/vllm#20305, #19125)
        beside_since="0.9.1",
        beside_before_source="docs.vllm.ai/en/v0.6.4/models/engine_args.html "
        "--gpu-memory-utilization; vllm-project/vllm#19125",
        # The default share was 0.9 up to 0.19.1 and is 0.92 from 0.20.0 (CacheConfig
        # ``gpu_memory_utilization``, vllm/config/cache.py of the 0.19.1 and 0.20.0 releases,
        # vllm-project/vllm@b8160878f).  From 0.34.0 an unset share is 1.0 with the extensible
        # KV cache, on by default on CUDA and ROCm: its pages are committed after warm-up,
        # sized from the memory then free (less a 0.5 GiB non-torch reserve and a tenth of the
        # headroom), and ``request_memory`` no longer refuses a start for less free memory
        # ("With the extensible KV cache the budget is only a cap": the share a cap;
        # ``CacheConfig.resolved_gpu_memory_utilization``, vllm/v1/worker/
        # extensible_kv_cache.py and utils.py, vllm-project/vllm@62d4bc3c7, 0.34.0).
        beside_later=(
            (
                "0.34.0",
                "caps",
                "vllm-project/vllm@62d4bc3c7 vllm/v1/worker/utils.py request_memory",
            ),
        ),
        defaults_since=(
            ("0.20.0", 0.92, ""),
            ("0.34.0", 1.0, "the KV cache sized from the memory free after start-up"),
        ),
        pp_tables="edges",
        pp_tables_source="vllm-project/vllm@e06c9ba2 vllm/model_executor/models/llama.py "
        "LlamaModel/LlamaForCausalLM (embed_tokens on the first rank, or the last when tied; "
        "lm_head on the last rank; PPMissingLayer elsewhere); @5a6541db "
        "vllm/distributed/utils.py get_pp_indices (remainder layers to the middle stages)",
        pp_partition_env="VLLM_PP_LAYER_PARTITION",
        virtual_engines=VIRTUAL_ENGINES,  # V0's one KV cache per pipeline stage (.virtual)
        # The start-up profile run (``toplint.outcome.profile``): one dummy batch of
        # --max-num-batched-tokens tokens over --max-num-seqs sequences, then the sampler over
        # one row of logits per sequence (V0: vllm-project/vllm v0.6.3 vllm/worker/
        # model_runner.py profile_run, SamplingParams(top_p=0.99, top_k=vocab - 1); the batch
        # max(max_model_len, 2048) without chunked prefill, 512 with it, which from 0.5.3 the
        # OpenAI server turns on above 32K: vllm/config.py SchedulerConfig, vllm/engine/
        # arg_utils.py use_long_context, absent from 0.5.2); up to 0.6.3 the peak was the
        # whole process's memory in use, ``total - free`` (vllm-project/vllm#2031), from 0.6.4
        # what PyTorch allocated during the run plus the non-torch increase (vllm#10511).
        # V1 from 0.8.0: vllm/v1/worker/gpu_model_runner.py profile_run,
        # _dummy_run (min(max_num_seqs, tokens) rows of logits), _dummy_sampler_run
        # (top_p 0.9, top_k vocab - 1), FlashInfer's top-k/top-p when installed
        # (vllm/v1/sample/ops/topk_topp_sampler.py); the OpenAI server's defaults in
        # vllm/engine/arg_utils.py: 0.8.0 2,048 tokens (8,192 on H100/H200) and 1,024
        # sequences; 0.8.5 2,048 / 256 below 70 GiB and 8,192 / 1,024 from it (0.9.0 on keeps
        # the smaller ones for the A100; read in 0.9.0, 0.10.0, 0.11.0).  From 0.21.0 the
        # budget also holds the CUDA graphs' estimated memory (v0.20.0
        # vllm/v1/worker/gpu_worker.py determine_available_memory: "default since v0.21.0").
        profile=ProfileRun(
            tokens_key="max_num_batched_tokens",
            seqs_key="max_num_seqs",
            batches=(
                replace(_V0_BATCH, since="", whole_context_up_to=EVERY_CONTEXT),
                _V0_BATCH,
                replace(_V0_BATCH, since="0.6.4", whole_process=False),
                ProfileBatch(since="0.8.0", tokens=(2048, 8192), seqs=(1024, 1024)),
                ProfileBatch(since="0.8.5", tokens=(2048, 8192), seqs=(256, 1024)),
            ),
            large_gib=70.0,
            graphs_since="0.21.0",
            eager_key="enforce_eager",
            source="vllm-project/vllm v0.6.3 vllm/worker/model_runner.py profile_run; "
            "v0.8.0, v0.8.5, v0.11.0 vllm/v1/worker/gpu_model_runner.py profile_run and "
            "vllm/engine/arg_utils.py; v0.20.0 vllm/v1/worker/gpu_worker.py",
        ),
        # vllm-project/vllm@001cabc1 vllm/v1/kv_cache_interface.py FullAttentionSpec,
        # SlidingWindowSpec (``toplint.outcome.windows``)
        full_window_key="disable_hybrid_kv_cache_manager",
        offload_key="cpu_offload_gb",  # --cpu-offload-gb (models/utils.py maybe_offload_to_cpu)
        # a KV connector (written, or made from the offloading options) turns the manager off
        # when its class lacks HMA support, which differs by connector and release (@000fc94b
        # vllm/config/vllm.py VllmConfig.__post_init__, _post_init_kv_transfer_config)
        window_off_keys=(
            ("kv_transfer_config", "kv_transfer"),
            ("kv_offloading_size",),
            ("kv_offloading_backend",),
        ),
        # and for chunked local attention unless this is 1, whose default was "0" from
        # vllm-project/vllm#21761 and "1" from #29627 (envs.py)
        chunked_window_env="VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE",
        profile_images_key="max_num_seqs",
        profile_images_default=256,
        profile_images_source=towers.PROFILE_IMAGES,
        language_only_key="language_model_only",
        language_only_source=towers.LANGUAGE_ONLY,
        # InternViT builds unsharded attention when TP does not divide its heads (25 in the 6B
        # tower): vllm-project/vllm@1d1fc660 vllm/model_executor/models/intern_vit.py _init_attn
        tower_attention_whole=frozenset({"internvl_chat"}),
        # A hybrid model's recurrent state: one block per decode sequence out of the KV pool;
        # with full decode CUDA graphs (the default), more --max-num-seqs than blocks is a
        # ValueError at start-up from vllm-project/vllm#38270 (merged 2026-03-30, first in
        # 0.19.0; before it the graphs' sizes were capped, #34571); the default is 1024 on a
        # GPU from 70 GiB that is not an A100, else 256 (vllm/engine/arg_utils.py, 0.8.5 on).
        states=StateBlocks(
            seqs_key="max_num_seqs",
            seqs_default=(256, 1024),
            large_gib=70.0,
            small_on=("A100",),
            since="0.19.0",
            eager_key="enforce_eager",
            # written state dtypes change its bytes; prefix caching rounds the block up to the Mamba
            # kernel's chunk (vllm-project/vllm@1936cf38 vllm/model_executor/models/config.py
            # HybridAttentionMambaModelConfig); a draft widens the convolution state by its tokens
            # (mamba2_state_shape ``num_spec``): toplint.outcome.states asks DRAFTS' reading
            not_judged_keys=(
                "compilation_config",
                *("mamba_ssm_cache_dtype", "mamba_cache_dtype", "mamba_block_size"),
                "mamba_cache_mode",
            ),
            # both 16-bit: vllm-project/vllm@6365b387 models/qwen3_next.py get_mamba_state_dtype...
            ssm_in_model_dtype=frozenset({"qwen3_next"}),
            not_judged_when_on=("enable_prefix_caching",),
            # "override attention block size if either (a) the user has not set it or (b) the
            # user has set it too small" (the same function)
            block_key="block_size",
            refusal="max_num_seqs ({seqs}) exceeds available Mamba cache blocks ({blocks})",
            # a vLLM 0.18.0 debug log of Qwen3.5: "non-torch forward increase: 3.81 GiB", ~2.0 GiB
            # of it from that release's Triton/FLA Gated DeltaNet prefill kernel (0.17.1's: ~1.8
            # GiB; public index file 56727442879, notes on vLLM 0.18.0 with Qwen3.5-4B and -9B at
            # DEBUG); the profile's bound counts 0.4 GiB outside PyTorch (profile.NON_TORCH_GIB)
            kernels_gib=2.0,
            source="vllm-project/vllm@cc06b4e8 vllm/config/compilation.py "
            "resolve_cudagraph_mode_and_sizes; vllm/v1/core/kv_cache_utils.py "
            "(one page size for attention and Mamba layers, grouped)",
        ),
        # a speculative-decoding draft's weights and KV layers (toplint.engines.vllm.drafts)
        drafts=DRAFTS,
    ),
    # VocabParallelEmbedding (input embedding and ParallelLMHead) pads the vocabulary to a
    # multiple of DEFAULT_VOCAB_PADDING_SIZE = 64 and splits it with divide(padded, tp_size),
    # which asserts "{padded} is not divisible by {tp}" (vllm-project/vllm@00db0119
    # vllm/model_executor/layers/vocab_parallel_embedding.py; vllm/distributed/utils.py divide);
    # still so for GLM-4.7's 151552 at TP 6, vllm-project/vllm#31474 (December 2025).
    served="toplint.engines.vllm.served",
    vocab_padding=64,
    # The GLM-4V and Qwen2.5-VL vision encoders split their heads with
    # dist_utils.divide(num_heads, tp_size) ("12 is not divisible by 8": GLM-4.5V at TP 8,
    # vllm-project/vllm#24004) unless --mm-encoder-tp-mode data replicates the encoder
    # (use_data_parallel): vllm-project/vllm@002d181a vllm/model_executor/models/glm4_1v.py
    # Glm4vVisionAttention (GLM-4.1V and GLM-4.5V) and qwen2_5_vl.py Qwen2_5_VisionAttention.
    # InternViT is not listed: vLLM falls back to unsharded attention when TP does not divide
    # its heads (intern_vit.py _init_attn, "fallback to sdpa attention if tp unavailable").
    vision_heads_split=frozenset({"glm4v", "glm4v_moe", "qwen2_5_vl"}),
    vision_replicated="mm_encoder_tp_mode=data",
)
