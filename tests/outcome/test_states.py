"""A hybrid model's recurrent state as vLLM pages it beside the KV cache
(``toplint.outcome.states``): the state's bytes per layer, the block each running sequence
takes, and the sequences vLLM runs by default."""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome import states
from toplint.outcome.memory import kv_per_token
from toplint.record import replace

HYBRID = "Qwen/Qwen3.6-27B"  # 48 Gated DeltaNet + 16 full-attention layers
NANO = "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16"  # 23 Mamba-2, 6 attention, 23 MoE layers


def _model(name: str = HYBRID) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


def _dep(tp: int = 1, model: str = HYBRID, **options: str) -> Deployment:
    return Deployment(
        path="serve.sh", line=1, column=1, engine="vllm", model=model, tp=tp, options=options
    )


def test_a_gated_deltanet_layer_keeps_its_convolution_and_its_fp32_state() -> None:
    # (2 x 16 x 128 + 48 x 128) channels x 3 taps x 2 bytes + 48 x 128 x 128 x 4 bytes
    model = _model()
    assert (model.state_layers, model.state_bytes) == (48, 10240 * 3 * 2 + 48 * 128 * 128 * 4)


def test_the_attention_block_grows_until_its_page_holds_a_layer_s_state() -> None:
    # 4,096 bytes a token per attention layer: 784 tokens (LMCache/LMCache#5079) a page, and a
    # block is one page for each of a group's 16 layers (the 16 attention layers are fewest)
    model, dep = _model(), _dep()
    assert states.block_bytes(dep, model, kv_per_token(model, dep)) == 784 * 4096 * 16


def test_tensor_parallel_ranks_split_the_state_and_the_kv_heads_alike() -> None:
    model, dep = _model(), _dep(tp=2)
    assert states.block_bytes(dep, model, kv_per_token(model, dep)) == 784 * 2048 * 16


def test_a_mamba2_layer_keeps_its_convolution_and_its_fp32_ssm_state() -> None:
    # (64 x 64 + 2 x 8 x 128) channels x 3 taps x 2 bytes + 64 heads x 64 x 128 x 4 bytes; only
    # the 6 attention layers keep a KV cache (the MoE layers keep nothing)
    model = _model(NANO)
    assert (model.state_layers, model.attention_layers) == (23, 6)
    assert model.state_bytes == 6144 * 3 * 2 + 64 * 64 * 128 * 4 == 2_134_016
    assert model.kv_bytes_per_token == 6 * 2 * 2 * 128 * 2


def test_a_mamba2_block_is_a_page_for_each_of_the_six_attention_layers() -> None:
    # 1,024 bytes a token per attention layer (2 KV heads x 128 x 2 x 2 bytes): 2,096 tokens
    # hold one layer's 2,134,016-byte state; the 6 attention layers are the fewest, and 23 is not
    # under 1.25 x 6, so a group holds six layers
    model = _model(NANO)
    dep = _dep(model=NANO)
    assert states.block_bytes(dep, model, kv_per_token(model, dep)) == 2096 * 1024 * 6
    dep2 = _dep(tp=2, model=NANO)
    assert states.block_bytes(dep2, model, kv_per_token(model, dep2)) == 2096 * 512 * 6


def test_a_model_without_recurrent_state_is_not_paged() -> None:
    assert states.paged(_dep(), _model("Qwen/Qwen2.5-0.5B-Instruct")) is None


def test_without_cuda_graphs_or_before_the_refusal_nothing_is_judged() -> None:
    model = _model()
    assert states.paged(_dep(), model) is not None
    assert states.paged(_dep(enforce_eager="true"), model) is None
    assert states.paged(_dep(image="vllm/vllm-openai:v0.18.0"), model) is None
    assert states.paged(_dep(image="vllm/vllm-openai:v0.19.0"), model) is not None


def test_the_default_sequences_depend_on_the_gpu() -> None:
    paging = get_engine("vllm").memory.states
    assert paging is not None
    dep = _dep()
    assert states.sequences(dep, paging, 79.6, "H100-SXM-80GB")[0] == 1024
    assert states.sequences(dep, paging, 79.3, "A100-SXM4-80GB")[0] == 256
    assert states.sequences(dep, paging, 44.4, "L40S")[0] == 256
    assert states.sequences(_dep(max_num_seqs="64"), paging, 79.6, "H100-SXM-80GB") == (
        64,
        "--max-num-seqs 64",
    )


def test_a_rank_keeps_the_mamba_groups_vllm_replicates_to_its_head_shard() -> None:
    # A stack of one Mamba-2 group (Granite 4.0 H's have one): at TP 2 vLLM gives each rank a
    # group (n_groups 1 + 1 extra), so a rank's state is (state + 1 group) / 2, not state / 2.
    # The state here is 16 pages of 16 tokens x 1,024 bytes (the KV of a token in one
    # attention layer at TP 2) exactly: 256 tokens without the extra group; its 1,536 bytes
    # push the page to the next 16 tokens, 272.  2 attention layers are the fewest: a group
    # of two pages
    model = ModelSpec(
        id="granite",
        hidden_size=512,
        num_layers=8,
        num_attention_heads=8,
        num_kv_heads=8,
        head_dim=64,
        intermediate_size=512,
        vocab_size=49152,
        params_total=1e8,
        params_active=1e8,
        kv_bytes_per_token=2 * 2 * 8 * 64 * 2,
        mamba_groups=1,
        state_layers=6,
        state_bytes=2 * 16 * 16 * 1024,
        state_group_bytes=1536,
        attention_layers=2,
    )
    dep = _dep(tp=2, model="granite")
    assert model.mamba_groups == 1 and kv_per_token(model, dep) == 2 * 1024
    assert states.block_bytes(dep, model, kv_per_token(model, dep)) == 272 * 1024 * 2
    # groups that TP divides are split, not replicated
    two = replace(model, mamba_groups=2)
    assert states.block_bytes(dep, two, kv_per_token(two, dep)) == 256 * 1024 * 2


def test_what_changes_the_state_or_its_block_leaves_it_not_judged() -> None:
    # a draft widens the convolution state by its tokens, in any spelling; a written state
    # dtype changes its bytes; prefix caching rounds the block to the Mamba kernel's chunk
    model = _model()
    for options in (
        {"speculative_config": '{"method": "mtp", "num_speculative_tokens": 2}'},
        {"speculative_config.method": "mtp"},
        {"speculative-config.num_speculative_tokens": "2"},
        {"mamba_ssm_cache_dtype": "float16"},
        {"enable_prefix_caching": "true"},
    ):
        assert states.paged(_dep(**options), model) is None, options
    assert states.paged(_dep(enable_prefix_caching="false"), model) is not None


def test_a_written_block_above_the_states_is_kept_and_one_below_it_raised() -> None:
    # vLLM raises the attention block only where it is unset or too small for the state's page
    model = _model()
    dep = _dep(block_size="4096")
    assert states.block_bytes(dep, model, kv_per_token(model, dep)) == 4096 * 4096 * 16
    small = _dep(block_size="16")
    assert states.block_bytes(small, model, kv_per_token(model, small)) == 784 * 4096 * 16


def test_the_fewest_blocks_assume_the_most_a_refusing_release_s_profile_can_allocate() -> None:
    # Qwen3.6-27B in 16 bits on one H100, vLLM 0.20.0's defaults: the profile run of 1,024
    # sequences over a 248,320-token vocabulary can take more than the fixed band's 3.5 GiB
    # high end (its sampler's rows of logits), and the Gated DeltaNet kernels take memory
    # outside PyTorch beside it, so the blocks are a band whose fewest figure assumes both
    # (benchmarks/data/vllm_state_blocks.yaml: 345 blocks stated)
    from toplint.outcome.memory import memory
    from toplint.outcome.profile import high_end
    from toplint.outcome.types import GIB

    model, dep = _model(), _dep(image="vllm/vllm-openai:v0.20.0")
    m = memory(dep, model, 79.65, "H100-SXM-80GB")
    bound = high_end(dep, model, 79.65, model.max_context, since="0.19.0")
    paging = get_engine("vllm").memory.states
    assert bound is not None and bound > m.working and paging is not None
    assert m.state_working == bound + paging.kernels_gib * GIB
    assert 0 < m.state_blocks < 345 < m.state_blocks_low
    per_block = states.block_bytes(dep, model, kv_per_token(model, dep))
    assert m.state_blocks == int((m.budget - m.weights - m.state_working) // per_block)
    assert not m.states_fit and not m.fits_at_low_end  # 1,024 sequences: more than either end


def test_the_bound_takes_the_rows_of_logits_of_the_sequences_the_engine_runs() -> None:
    # On an A100 vLLM keeps 256 sequences whatever its memory: the profile's sampler runs 256
    # rows, not the 1,024 of an H100, and the fewest blocks are more
    from toplint.outcome.memory import memory

    model, dep = _model(), _dep(image="vllm/vllm-openai:v0.20.0")
    a100 = memory(dep, model, 80.0, "A100-SXM4-80GB")
    h100 = memory(dep, model, 80.0, "H100-SXM-80GB")
    assert (a100.sequences, h100.sequences) == (256, 1024)
    assert a100.state_working < h100.state_working
    assert a100.state_blocks > h100.state_blocks


def test_fewer_sequences_are_the_most_a_power_of_two_the_fewest_blocks_hold() -> None:
    from toplint.outcome.fitting import fewer_sequences
    from toplint.outcome.memory import memory

    model, dep = _model(), _dep(image="vllm/vllm-openai:v0.20.0")
    seqs = fewer_sequences(dep, model, 79.65, "H100-SXM-80GB")
    assert seqs is not None and seqs & (seqs - 1) == 0
    fits = memory(replace(dep, options={**dep.options, "max_num_seqs": str(seqs)}), model, 79.65)
    twice = replace(dep, options={**dep.options, "max_num_seqs": str(2 * seqs)})
    assert fits.states_fit and not memory(twice, model, 79.65, "H100-SXM-80GB").states_fit


def test_the_profile_bound_of_the_refusing_releases_leaves_out_earlier_batches() -> None:
    # No release pinned: the bound over every release's batch includes V0's whole-context
    # batches; from 0.19.0 on only V1's (8,192 tokens on a large GPU, the CUDA graphs charged
    # as 0.21.0 and later charge them)
    from toplint.outcome.profile import high_end

    model, dep = _model(), _dep()
    every = high_end(dep, model, 79.65, 262144)
    later = high_end(dep, model, 79.65, 262144, since="0.19.0")
    pinned = high_end(_dep(image="vllm/vllm-openai:v0.21.0"), model, 79.65, 262144)
    assert every is not None and later is not None
    assert later < every and later == pinned
