"""One renderer of a layout into an engine's flags (toplint.engines.layout), for fixes and plan."""

from __future__ import annotations

import pytest

from toplint.engines.layout import flags, missing, planned, text
from toplint.engines.registry import all_engines, get_engine
from toplint.engines.types import Layout
from toplint.rulebook.helpers import layout_fix, layout_flags

ODD = Layout(tp="--t", pp="--p", dp="--d", ep_switch="--e", nodes="--n", dp_local="--dl")


def test_sizes_render_in_order_and_none_is_left_out() -> None:
    assert text(flags(ODD, tp=4, pp=None, dp=2, ep=8)) == "--t 4 --d 2 --e"
    assert text(flags(ODD, tp=1, pp=2)) == "--t 1 --p 2"  # 1 is a size a fix may set


def test_a_dimension_without_a_flag_is_missing_not_rendered() -> None:
    assert missing(Layout(tp="--num-shard"), tp=2, pp=2) == ["pp"]
    assert flags(Layout(tp="--num-shard"), tp=2, pp=2) == [("--num-shard", "2")]


def test_plan_renders_sizes_above_one_and_the_head_nodes_rank() -> None:
    with_rank = Layout(tp="--t", pp="--p", nodes="--n", node_rank="--r")
    assert planned(with_rank, 8, 2, 1, 1, 2) == "--t 8 --p 2 --n 2 --r 0"
    assert planned(with_rank, 1, 1, 1, 1, 1) == ""


def test_plan_gives_an_engine_with_a_local_dp_size_that_instead_of_nodes() -> None:
    assert planned(ODD, 1, 1, 16, 16, 2) == "--d 16 --dl 8 --e"
    assert planned(ODD, 8, 1, 1, 1, 2) == "--t 8 --n 2"


PLANNED = [e for e in all_engines() if e.plan_command is not None]


@pytest.mark.parametrize("engine", PLANNED, ids=[e.name for e in PLANNED])
@pytest.mark.parametrize(("tp", "pp", "dp"), [(8, 1, 1), (4, 2, 1), (2, 1, 4), (4, 2, 2)])
def test_plan_and_fixes_spell_a_layout_alike(engine, tp: int, pp: int, dp: int) -> None:
    sizes = {"tp": tp, "pp": pp, "dp": dp}
    if missing(engine.layout, **sizes):
        pytest.skip(f"{engine.name} cannot spell this layout")
    command = engine.plan_command("org/model", tp, pp, dp, 1, 1)
    fix = layout_fix(engine.name, **{k: v for k, v in sizes.items() if v > 1})
    assert fix is not None
    assert command.endswith(" " + fix.message)
    assert fix.message == layout_flags(engine.name, **{k: v for k, v in sizes.items() if v > 1})


def test_plan_commands_keep_each_engines_multi_node_form() -> None:
    vllm, sglang = get_engine("vllm").plan_command, get_engine("sglang").plan_command
    lmdeploy = get_engine("lmdeploy").plan_command
    assert vllm is not None and sglang is not None and lmdeploy is not None
    assert vllm("m", 8, 2, 1, 1, 2) == (
        "vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size 2 --nnodes 2 --node-rank 0"
    )
    assert vllm("m", 1, 1, 16, 16, 2) == (
        "vllm serve m --data-parallel-size 16 --data-parallel-size-local 8 --enable-expert-parallel"
    )
    assert sglang("m", 16, 1, 1, 16, 2) == (
        "python -m sglang.launch_server --model-path m --tp-size 16 --ep-size 16 --nnodes 2 "
        "--node-rank 0"
    )
    assert lmdeploy("m", 8, 1, 2, 1, 2) == (
        "lmdeploy serve api_server m --tp 8 --dp 2 --nnodes 2 --node-rank 0"
    )
