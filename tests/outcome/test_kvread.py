"""A decode step reads its sequences' KV cache besides the weights (toplint.outcome.kvread), and
an ITL whose engine replays no CUDA graphs says it is a lower bound (toplint.outcome.latency)."""

from __future__ import annotations

import pytest

from tests.outcome.helpers import serve as _dep
from toplint.cost.compute import HBM_EFFICIENCY
from toplint.cost.types import Workload
from toplint.hardware.models import lookup_model
from toplint.outcome.build import whatif
from toplint.outcome.kvread import kv_read_ms, note, read_bytes
from toplint.outcome.latency import floor
from toplint.outcome.weights import kv_rank_bytes
from toplint.testing import _hardware


def _cluster(gpu: str = "H100-SXM-80GB") -> object:
    return _hardware({"nodes": 1, "gpu": gpu, "gpus_per_node": 8}).clusters[0]


def _model(name: str):  # type: ignore[no-untyped-def]
    model = lookup_model(name)
    assert model is not None
    return model


def test_a_step_reads_every_sequences_whole_context_at_the_weights_bandwidth_share() -> None:
    """Llama-3.1-8B: 32 layers x 8 KV heads x 128 x (K, V) x 2 bytes = 128 KiB a token; 32
    sequences at 8k tokens read 32 GiB a step, ~12.8 ms on an H100's 3.35 TB/s at 0.8."""
    model, cluster = _model("meta-llama/Llama-3.1-8B"), _cluster()
    dep, work = _dep(model.id), Workload(prompt_tokens=8192, decode_batch=32)
    assert kv_rank_bytes(model, dep) == 32 * 8 * 128 * 2 * 2
    expected = 32 * 8192 * 131072 / (HBM_EFFICIENCY * 3350 * 1e6)
    assert kv_read_ms(dep, cluster.gpu, model, work) == pytest.approx(expected, rel=0.01)


def test_kv_heads_split_over_tp_and_are_replicated_beyond() -> None:
    model = _model("meta-llama/Llama-3.1-70B")  # 8 KV heads
    one, eight = kv_rank_bytes(model, _dep(model.id)), kv_rank_bytes(model, _dep(model.id, tp=8))
    assert eight == pytest.approx(one / 8)
    assert kv_rank_bytes(model, _dep(model.id, tp=16)) == pytest.approx(eight)


def test_the_mla_latent_is_whole_on_every_tp_rank() -> None:
    model = _model("deepseek-ai/DeepSeek-R1-0528")
    tp1 = kv_rank_bytes(model, _dep(model.id, "sglang"))
    assert kv_rank_bytes(model, _dep(model.id, "sglang", tp=8)) == tp1
    assert tp1 == model.num_layers * (model.kv_lora_rank + model.qk_rope_head_dim) * 2


def test_an_fp8_kv_cache_halves_the_read() -> None:
    model = _model("meta-llama/Llama-3.1-8B")
    work = Workload(prompt_tokens=32768, decode_batch=8)
    auto = read_bytes(_dep(model.id), model, work)
    assert read_bytes(_dep(model.id, kv_cache_dtype="fp8"), model, work) == pytest.approx(auto / 2)


def test_a_hybrid_models_recurrent_state_is_read_whatever_the_context() -> None:
    """Qwen3-Next's Gated DeltaNet layers keep a fixed state a sequence: at a one-token context
    the step still reads (and writes back) every sequence's state."""
    model = _model("Qwen/Qwen3-Next-80B-A3B-Instruct")
    assert model.state_layers > 0
    short = read_bytes(_dep(model.id, tp=4), model, Workload(prompt_tokens=1, decode_batch=16))
    assert short > 16 * kv_rank_bytes(model, _dep(model.id, tp=4))


def test_the_itl_grows_with_the_context_and_says_what_it_read() -> None:
    model, cluster = _model("meta-llama/Llama-3.1-8B"), _cluster()
    short = whatif(_dep(model.id), cluster, model, Workload(prompt_tokens=1024, decode_batch=32))
    long = whatif(_dep(model.id), cluster, model, Workload(prompt_tokens=16384, decode_batch=32))
    assert short.latency is not None and long.latency is not None
    assert long.latency.itl_ms - short.latency.itl_ms == pytest.approx(
        32 * (16384 - 1024) * 131072 / (HBM_EFFICIENCY * 3350 * 1e6), rel=0.02
    )
    assert "KV reads" in long.latency.parts[0]
    assert any(p.startswith("KV reads: 32 sequence(s) x 16384 tokens") for p in long.latency.parts)


def test_the_floor_a_layout_is_pruned_by_stays_below_its_latency() -> None:
    model, cluster = _model("meta-llama/Llama-3.1-8B"), _cluster()
    work = Workload(prompt_tokens=32768, decode_batch=16)
    dep = _dep(model.id, tp=2)
    least = floor(dep, cluster.gpu, model, work)
    out = whatif(dep, cluster, model, work)
    assert least is not None and out.latency is not None
    assert least[0] <= out.latency.itl_ms
    assert least[0] > kv_read_ms(dep, cluster.gpu, model, work) > 0


@pytest.mark.parametrize("switch", ["disable_cuda_graph", "disable_decode_cuda_graph"])
def test_sglang_without_decode_cuda_graphs_says_its_itl_is_a_lower_bound(switch: str) -> None:
    model, cluster = _model("Qwen/Qwen3-8B"), _cluster()
    graphs = whatif(_dep(model.id, "sglang"), cluster, model, Workload())
    eager = whatif(_dep(model.id, "sglang", **{switch: "true"}), cluster, model, Workload())
    assert graphs.latency is not None and eager.latency is not None
    assert "lower bound" not in graphs.latency.parts[0]
    assert f"lower bound: --{switch.replace('_', '-')} turns" in eager.latency.parts[0]


def test_window_layers_read_their_window_and_the_note_says_so() -> None:
    """gpt-oss-120b's sliding-window layers (every other one of 36, a 128-token window: its
    config.json's layer_types and sliding_window) read min(128, context) tokens a step, at 8
    KV heads x 64 x (K, V) x 2 bytes a layer (vllm/v1/attention/backends/flash_attn.py
    ``self.sliding_window = (sliding_window - 1, 0)``); nothing is left out, so no lower bound."""
    gptoss, llama = _model("openai/gpt-oss-120b"), _model("meta-llama/Llama-3.1-8B")
    assert (gptoss.window_layers, gptoss.window_tokens) == (18, 128)
    work, dep = Workload(prompt_tokens=8192, decode_batch=4), _dep(gptoss.id)
    growing = 4 * 8192 * kv_rank_bytes(gptoss, dep)
    assert read_bytes(dep, gptoss, work) == pytest.approx(growing + 4 * 128 * 18 * 8 * 64 * 4)
    short = Workload(prompt_tokens=100, decode_batch=4)  # a context shorter than the window
    assert read_bytes(dep, gptoss, short) == pytest.approx(
        4 * 100 * (kv_rank_bytes(gptoss, dep) + 18 * 8 * 64 * 4)
    )
    said = note(dep, gptoss, work)
    assert "lower bound" not in said and "128 tokens of 18 windowed layers" in said
    assert "lower bound" not in note(_dep(llama.id), llama, work)
