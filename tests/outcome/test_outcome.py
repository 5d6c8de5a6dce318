"""The outcome model (issue 25): each engine's memory accounting in GiB, the context vLLM must
hold at start-up, latencies with pipeline stages and MoE experts, and how changes are judged."""

from __future__ import annotations

import pytest

from tests.outcome.helpers import serve as _dep
from toplint.cost.types import Workload
from toplint.hardware.models import lookup_model
from toplint.outcome.build import whatif
from toplint.outcome.judge import judge
from toplint.outcome.lengths import AUTO_CONTEXT, context_length
from toplint.outcome.memory import memory, stage_layers, weight_bytes, weights_per_gpu
from toplint.outcome.starts import problems
from toplint.outcome.types import GIB
from toplint.record import replace
from toplint.testing import _hardware

WORK = Workload()


def _cluster(gpu: str, gpus: int = 8, fabric: str = "") -> object:
    raw: dict[str, object] = {"nodes": 1, "gpu": gpu, "gpus_per_node": gpus}
    if fabric:
        raw["intra_node"] = {"fabric": fabric}
    return _hardware(raw).clusters[0]


def _model(name: str):  # type: ignore[no-untyped-def]
    model = lookup_model(name)
    assert model is not None
    return model


def test_gpu_memory_is_binary_gib_as_the_driver_reports() -> None:
    m = memory(_dep("Qwen/Qwen3-8B"), _model("Qwen/Qwen3-8B"), 24)
    assert m.capacity == 24 * GIB
    assert m.budget == pytest.approx(0.9 * 24 * GIB)


def test_each_engine_reads_its_own_memory_setting() -> None:
    model = _model("meta-llama/Llama-3.1-70B")
    vllm = memory(_dep(model.id, tp=4), model, 80)
    sglang = memory(_dep(model.id, "sglang", tp=4, mem_fraction_static="0.8"), model, 80)
    tgi = memory(_dep(model.id, "tgi", tp=4), model, 80)
    trt = memory(_dep(model.id, "trtllm", tp=4), model, 80)
    assert vllm.setting == "--gpu-memory-utilization 0.9 (the default before vLLM 0.20.0)"
    assert sglang.setting == "--mem-fraction-static 0.8" and sglang.budget == 0.8 * 80 * GIB
    assert tgi.budget == 80 * GIB  # --cuda-memory-fraction defaults to 1.0, not vLLM's 0.9
    # SGLang's fraction holds weights + KV pool (working memory outside it)
    assert sglang.kv_tokens == int((0.8 * 80 * GIB - sglang.weights) // sglang.kv_per_token)
    # TensorRT-LLM: the KV cache is 0.9 of what weights and working memory leave
    free = 80 * GIB - trt.weights - trt.working
    assert trt.kv_tokens == int(0.9 * free // trt.kv_per_token)


def test_a_quantized_checkpoint_keeps_embeddings_in_16_bits() -> None:
    model = replace(_model("meta-llama/Llama-3.1-70B"), weight_bytes=1.0)
    embed = 2 * model.vocab_size * model.hidden_size
    assert weight_bytes(model) == pytest.approx(model.params_total + embed)
    four = replace(model, weight_bytes=0.5)
    assert weight_bytes(four) > model.params_total * 0.5 + embed  # group scales


def test_vllm_must_hold_the_models_whole_context_by_default() -> None:
    model = _model("Qwen/Qwen3-8B")
    default = memory(_dep(model.id), model, 24)
    assert default.context == 40960 and not default.fits and default.weights_fit
    assert default.context * default.kv_per_token / GIB == pytest.approx(5.625)
    short = memory(_dep(model.id, max_model_len="16384"), model, 24)
    assert short.context == 16384 and short.fits
    # SGLang caps a long context to its pool instead of refusing to start
    assert memory(_dep(model.id, "sglang"), model, 24).context is None


def test_context_lengths_are_read_as_vllm_reads_them() -> None:
    # vllm/engine/arg_utils.py human_readable_int: decimal lower-case, binary upper-case
    assert context_length("32k") == 32_000 and context_length("32K") == 32_768
    assert context_length("25.6k") == 25_600 and context_length("25.6K") is None
    assert context_length("1M") == 2**20 and context_length("'8192'") == 8192
    assert context_length("auto") == AUTO_CONTEXT == context_length("-1")
    for bad in ("1e3", "32768.0", "-5", "k", "", "１２", "9" * 40):
        assert context_length(bad) is None, bad
    model = _model("Qwen/Qwen3-8B")
    fitted = memory(_dep(model.id, max_model_len="auto"), model, 24)
    assert fitted.context is None and fitted.fits  # the engine fits the context to the cache


def test_pipeline_stages_stream_their_weights_in_turn() -> None:
    model, cluster = _model("meta-llama/Llama-3.1-8B"), _cluster("H100-SXM-80GB")
    one = whatif(_dep(model.id), cluster, model, WORK)
    two = whatif(_dep(model.id, pp=2), cluster, model, WORK)
    assert one.latency is not None and two.latency is not None
    # a token passes both stages: PP 2 is no faster per token than one GPU
    assert two.latency.itl_ms >= one.latency.itl_ms


def test_moe_decode_at_batch_1_pays_its_layers_small_kernels() -> None:
    """DeepSeek-R1-0528 FP8, TP 8 on 8×B200, concurrency 1: 7.18 ms per token in SGLang
    v0.5.12 (SemiAnalysisAI/InferenceX PR #3363; fit half of benchmarks/data/moe_decode):
    58 MoE layers of small kernels, not 60 µs per routed expert (27.8 ms alone)."""
    model, cluster = _model("deepseek-ai/DeepSeek-R1-0528"), _cluster("B200-180GB")
    out = whatif(_dep(model.id, tp=8), cluster, model, WORK)
    assert out.latency is not None
    low, high = out.latency.itl_band
    assert low < 7.18 < high and out.latency.itl_ms < 10


def test_other_moe_models_pay_the_small_kernels_too() -> None:
    """Not only MLA block-FP8: a bf16 Qwen3-30B-A3B on one H100 streams ~3B active parameters
    per token (~2.5 ms) and runs 48 MoE layers of small kernels besides; on an A100 (a third of
    the tensor throughput) those kernels take longer (9.6 ms measured there:
    tenstorrent/tt-inference-server issue #340, fit half)."""
    model = _model("Qwen/Qwen3-30B-A3B")
    h100 = whatif(_dep(model.id), _cluster("H100-SXM-80GB"), model, WORK)
    a100 = whatif(_dep(model.id), _cluster("A100-SXM4-80GB"), model, WORK)
    assert h100.latency is not None and a100.latency is not None
    assert 4 < h100.latency.itl_ms < 10
    assert a100.latency.itl_ms > 2 * h100.latency.itl_ms


def test_the_engine_refuses_heads_that_do_not_divide() -> None:
    model = _model("meta-llama/Llama-3.1-70B")  # 64 heads, 8 KV heads
    assert problems(_dep(model.id, tp=6), model)
    assert problems(_dep(model.id, tp=8), model) == ()
    assert problems(_dep(model.id, "tgi", pp=2), model)  # TGI has no pipeline parallelism


def test_a_change_is_judged_by_its_outcome() -> None:
    model, cluster = _model("meta-llama/Llama-3.1-70B"), _cluster("L40S", fabric="pcie")
    dep = _dep(model.id, tp=8)
    before = whatif(dep, cluster, model, WORK)
    assert judge(dep, before, cluster, model, WORK, tp=8).why == "it is the current layout"
    assert "refuse" in judge(dep, before, cluster, model, WORK, tp=3, pp=1).why
    assert "needs 16 GPUs" in judge(dep, before, cluster, model, WORK, tp=8, pp=2).why
    # TP 1 x PP 8 streams 70B weights one stage after another: slower per token at batch 1
    assert "decode slower" in judge(dep, before, cluster, model, WORK, tp=1, pp=8).why


def test_pipeline_stages_split_layers_as_vllm_does() -> None:
    # vllm/distributed/utils.py get_pp_indices: the remainder goes to the stages before the last
    assert stage_layers(61, 4) == [15, 15, 16, 15]
    assert stage_layers(80, 3) == [27, 27, 26]
    assert stage_layers(32, 4) == [8, 8, 8, 8]


def test_vllm_edge_stages_hold_the_embedding_and_lm_head() -> None:
    model = _model("meta-llama/Llama-3.1-8B")  # 128,256 × 4,096 vocabulary tables
    even = (weight_bytes(model) / 4) / GIB
    pp4 = weights_per_gpu(model, _dep(model.id, pp=4)) / GIB
    tp4 = weights_per_gpu(model, _dep(model.id, tp=4)) / GIB
    assert tp4 == pytest.approx(even)  # TP splits the tables with everything else
    table = 128256 * 4096 * 2 / GIB  # one 16-bit table on each edge stage
    assert pp4 == pytest.approx((weight_bytes(model) / GIB - 2 * table) / 4 + table, rel=1e-6)
    assert pp4 > even
    sglang = weights_per_gpu(model, _dep(model.id, "sglang", pp=4)) / GIB
    assert sglang == pytest.approx(even)  # not read from SGLang's source: an even split


def test_a_fit_inside_the_working_memory_band_is_uncertain() -> None:
    model = _model("meta-llama/Llama-3.1-8B-Instruct")
    # 22 GiB: ~11,000 tokens of KV cache at 3.5 GiB of working memory, ~28,000 at 1.4
    m = memory(_dep(model.id, max_model_len="20000"), model, 22.0)
    assert not m.fits and m.fits_at_low_end
    certain = memory(_dep(model.id, max_model_len="131072"), model, 22.0)
    assert not certain.fits and not certain.fits_at_low_end


def test_a_format_the_gpu_lacks_is_a_refusal_to_start_where_the_engine_refuses() -> None:
    """TL212's refusals are the outcome's: vLLM does not start an FP8 checkpoint on Volta, it runs
    one on Ampere as weight-only kernels (it starts), and a fix or layout on the same GPUs is
    judged by that."""
    model = _model("Qwen/Qwen3-30B-A3B-FP8")
    v100, a100 = _cluster("V100-SXM2-32GB"), _cluster("A100-SXM4-80GB")
    dep = _dep("Qwen/Qwen3-30B-A3B-FP8", tp=2)
    (why,) = problems(dep, model, v100.gpu)  # type: ignore[attr-defined]
    assert "volta GPUs have no FP8 tensor cores; vLLM refuses to start" in why
    assert problems(dep, model, a100.gpu) == ()  # type: ignore[attr-defined]
    assert problems(dep, model) == ()  # no GPU given: the layout alone starts
    out = whatif(dep, v100, model, WORK)
    assert not out.starts and out.verdict() == "refuses to start"
    assert "the engine would refuse it: FP8" in judge(dep, out, v100, model, WORK, tp=1, pp=2).why


def test_weight_only_marlin_needs_whole_tiles_per_rank() -> None:
    """On Ampere an FP8 checkpoint runs as weight-only Marlin, whose repack takes each rank's
    weight in 16 x 64 tiles (vLLM gptq_marlin_repack.cu): Qwen3-30B-A3B-FP8's experts (768 wide)
    at TP 2 give 384 per rank, a merged gate/up of 768 (12 tiles), which starts; a channel-wise
    FP8 dense MLP of 10944 at TP 4 gives 2 x 2736 = 5472, not a whole number of 64-wide tiles,
    which does not; on Hopper (FP8 tensor cores, no Marlin) the same layout starts."""
    a100, h100 = _cluster("A100-SXM4-80GB"), _cluster("H100-SXM-80GB")
    qwen = _model("Qwen/Qwen3-30B-A3B-FP8")
    assert problems(_dep(qwen.id, tp=2), qwen, a100.gpu) == ()  # type: ignore[attr-defined]
    glm = replace(qwen, intermediate_size=10944, quant_block=0)
    dep = _dep("zai-org/GLM-4.5-Air-FP8", tp=4)
    (why,) = problems(dep, glm, a100.gpu)  # type: ignore[attr-defined]
    assert "2 x 2736 = 5472 is not a multiple of Marlin's 64-wide tile" in why
    assert problems(dep, glm, h100.gpu) == ()  # type: ignore[attr-defined]


def test_weight_only_marlin_repacks_the_mamba_input_projection_per_rank() -> None:
    """A hybrid Mamba stack's in_proj is one column-parallel layer (vLLM MambaMixer2): Nemotron-3
    Nano's is 2 x 4096 + 2 x 8 x 128 + 64 = 10304 wide, 5152 per rank at TP 2 - not a whole
    number of Marlin's 64-wide tiles, so the NVFP4 checkpoint does not load on an L4 (Ada: FP4
    runs as weight-only Marlin), while its MLPs (1856 wide) tile; at TP 1 (pipeline stages) it
    starts, and on a Blackwell GPU (FP4 tensor cores, no Marlin) the TP 2 layout starts too
    (tests/incidents/cases/gemmaforge-nemotrontp)."""
    l4, b200 = _cluster("L4", gpus=4), _cluster("B200-180GB")
    name = "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4"
    nano = _model(name)
    assert (nano.mamba_in_proj, nano.mamba_groups) == (10304, 8)
    (why,) = problems(_dep(name, tp=2), nano, l4.gpu)  # type: ignore[attr-defined]
    assert "Mamba in_proj 10304 / TP 2: its output 5152 is not a multiple" in why
    assert problems(_dep(name, tp=1, pp=2), nano, l4.gpu) == ()  # type: ignore[attr-defined]
    assert problems(_dep(name, tp=2), nano, b200.gpu) == ()  # type: ignore[attr-defined]
    # a TP that does not divide the groups pads them (vLLM extra_groups_for_head_shards): the
    # padded width is the engine's, so that layout is not judged by this check
    odd = replace(nano, mamba_groups=3)
    assert problems(_dep(name, tp=2), odd, l4.gpu) == ()  # type: ignore[attr-defined]


def test_an_expert_parallel_size_below_tp_still_splits_the_experts_over_every_tp_rank() -> None:
    # sgl-cookbook's Kimi-K2 on 8 x B200 (`--tp 8 --dp 4 --ep 4 --enable-dp-attention`, run):
    # SGLang's moe_tp_size = tp_size // moe_ep_size, so the experts are over all 8 ranks, not 4.
    model = _model("moonshotai/Kimi-K2")
    base = replace(_dep(model.id, "sglang", tp=8), ep=4)
    tp_only = weights_per_gpu(model, _dep(model.id, "sglang", tp=8))
    assert weights_per_gpu(model, base) == pytest.approx(tp_only)
    assert weights_per_gpu(model, base) / GIB < 150  # ~1 TB of FP8 over 8 GPUs, not over 4
    # vLLM's EP is TP x DP: DP 8 x EP 8 with TP 1 puts 1/8 of the experts on each GPU
    vllm = replace(_dep(model.id, tp=1), dp=8, ep=8)
    assert weights_per_gpu(model, vllm) < weights_per_gpu(model, _dep(model.id, tp=1)) / 4


def test_vllm_splits_the_experts_over_tp_times_dp_without_expert_parallelism() -> None:
    # vllm-project/vllm fused_moe/config.py FusedMoEParallelConfig.make: "TP = 2, DP = 2 and
    # EP = False ... the tensors are sharded across 4 devices" (TP flattened across DP)
    model = _model("moonshotai/Kimi-K2")
    tp4_dp2 = replace(_dep(model.id, tp=4), dp=2, gpus=8)
    tp8 = _dep(model.id, tp=8)
    tp4 = _dep(model.id, tp=4)
    experts_only = weights_per_gpu(model, tp4) - weights_per_gpu(model, tp8)
    assert experts_only > 0
    # the dense layers are still over TP 4: the GPU holds what TP 8 holds plus half its dense
    flattened = weights_per_gpu(model, tp4_dp2)
    assert weights_per_gpu(model, tp8) < flattened < weights_per_gpu(model, tp4)
    # SGLang's DP is attention inside the TP group: its experts stay over TP
    sglang = replace(_dep(model.id, "sglang", tp=4), dp=2, gpus=4)
    assert weights_per_gpu(model, sglang) == pytest.approx(
        weights_per_gpu(model, _dep(model.id, "sglang", tp=4))
    )


def test_each_gpu_streams_the_experts_it_holds_when_ep_is_below_tp() -> None:
    # sgl-cookbook's Qwen3-Coder-480B-A35B-FP8 on 8 x MI300X runs `--tp 8 --ep 2`: MoE-TP 4
    # inside each EP rank, so a decode step streams an eighth of the experts from each GPU (as
    # the memory model holds them), as at --ep 8; not half of them - 225 GB a GPU would not fit.
    model, cluster = _model("Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8"), _cluster("MI300X")
    ep2 = replace(_dep(model.id, "sglang", tp=8), ep=2, ep_enabled=True)
    ep8 = replace(_dep(model.id, "sglang", tp=8), ep=8, ep_enabled=True)
    work = Workload(prompt_tokens=1024, decode_batch=64)
    ep2_out, ep8_out = whatif(ep2, cluster, model, work), whatif(ep8, cluster, model, work)
    assert ep2_out.latency is not None and ep8_out.latency is not None
    stream = [o.latency.parts[0].split(" ms")[0] for o in (ep2_out, ep8_out) if o.latency]
    assert stream[0] == stream[1]
