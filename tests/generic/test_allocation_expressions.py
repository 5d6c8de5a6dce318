"""AReaL's allocation expressions (``rollout.backend: sglang:d4t8``): the engine a run starts and
its layout, read from the one string that sets both (inclusionAI/AReaL@4aef98d
areal/api/alloc_mode.py ``ALLOCATION_GRAMMAR``; areal/api/cli_args.py ``backend``)."""

from __future__ import annotations

import pytest

from tests.parse.helpers import only, parse_text
from toplint.model import Severity
from toplint.parse.generic.allocation import inference_components


@pytest.mark.parametrize(
    ("expression", "components"),
    [
        ("sglang:d4t8", [("sglang", 8, 1, 4)]),
        ("sglang:d4p1t1", [("sglang", 1, 1, 4)]),
        ("vllm:d1p1t2", [("vllm", 2, 1, 1)]),
        ("sglang:d8+d8", [("sglang", 1, 1, 8)]),  # the legacy form, training after the "+"
        ("vllm:d4p1t2+d4p1t1c2", [("vllm", 2, 1, 4)]),
        ("sglang[gen]:d2t2 + megatron:d4t2p2", [("sglang", 2, 1, 2)]),
        ("fsdp:d8", []),  # training only
        ("megatron:(attn:d2t4|ffn:e8)", []),
        ("sglang", []),  # a name, not an expression
        ("sglang:", []),
        ("vllm:d0", []),  # AReaL's NUMBER is 1-9 then digits
    ],
)
def test_inference_components_follow_areals_grammar(
    expression: str, components: list[tuple[str, int, int, int]]
) -> None:
    assert inference_components(expression) == components


CONFIG = """\
cluster:
  n_nodes: 10
  n_gpus_per_node: 8
rollout:
  backend: "sglang:d4t8"
  max_concurrent_rollouts: 128
actor:
  path: Qwen/Qwen3-235B-A22B
  backend: "megatron:d8t4p2"
sglang:
  model_path: ${actor.path}
  context_length: 32768
  mem_fraction_static: 0.8
vllm:
  model: ${actor.path}
  max_model_len: 32768
  gpu_memory_utilization: 0.9
"""


def test_the_allocated_engine_runs_with_its_layout_and_the_other_engines_block_does_not() -> None:
    """examples/tau2/config_235b_moe_airline.yaml was two deployments of Qwen3-235B at TP 1 on
    the cluster's 80 GPUs (TL205: 437.9 GiB of weights per GPU): AReaL starts four SGLang
    servers of TP 8 from ``rollout.backend``, and its ``vllm:`` block is the unused backend's."""
    dep = only("config.yaml", CONFIG)
    assert (dep.engine, dep.model, dep.tp, dep.pp) == ("sglang", "Qwen/Qwen3-235B-A22B", 8, 1)
    assert (dep.gpus, dep.gpus_per_node, dep.nodes, dep.replicas) == (8, 8, 1, 4)
    assert dep.sources["tp"].line == dep.sources["gpus"].line == 5
    assert dep.provenance["gpus"] == "`rollout.backend: sglang:d4t8`"


def test_a_layout_wider_than_a_node_spans_whole_nodes_and_vllm_is_read_when_chosen() -> None:
    text = CONFIG.replace("sglang:d4t8", "vllm:d2t8p2")
    dep = only("config.yaml", text)
    assert (dep.engine, dep.tp, dep.pp, dep.replicas) == ("vllm", 8, 2, 2)
    assert (dep.gpus, dep.gpus_per_node, dep.nodes) == (16, 8, 2)


def test_without_an_allocation_both_blocks_are_read_as_before() -> None:
    text = CONFIG.replace('  backend: "sglang:d4t8"\n', "")
    assert sorted(d.engine for d in parse_text("config.yaml", text).deployments) == [
        "sglang",
        "vllm",
    ]


def test_no_fix_edits_the_expression() -> None:
    """TP and PP share the expression's position: no flag there can be edited alone (a fix
    writing ``4`` over ``sglang:d4t8`` would break the run's config)."""
    from toplint.fix.flagedits import FlagIndex

    dep = only("config.yaml", CONFIG)
    index = FlagIndex(dep)
    tp = dep.flag("tp-size") or dep.flag("tensor-parallel-size")
    assert tp is not None and not index.located(tp)


def test_an_override_on_the_launch_line_is_an_info_note_never_silence() -> None:
    """A SkyPilot task that runs ``gsm8k_rl.py --config … rollout.backend=sglang:d1`` starts
    SGLang through AReaL (examples/skypilot/single_node.sky.yaml named it and said nothing)."""
    text = (
        "resources:\n  accelerators: A100:2\nrun: |\n"
        "  python3 examples/math/gsm8k_rl.py \\\n"
        "    --config examples/math/gsm8k_grpo.yaml \\\n"
        "    rollout.backend=sglang:d1 \\\n"
        "    actor.backend=fsdp:d1\n"
    )
    result = parse_text("single_node.sky.yaml", text)
    assert not result.deployments
    (note,) = result.findings
    assert (note.rule, note.severity, note.line, note.column) == ("TL008", Severity.INFO, 6, 5)
    assert "`rollout.backend=sglang:d1`" in note.message
    assert not parse_text("t.sh", "python3 train.py actor.backend=fsdp:d8\n").findings
