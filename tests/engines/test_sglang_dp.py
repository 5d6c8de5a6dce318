"""SGLang's --enable-dp-attention by release (toplint.engines.sglang_dp): what each phase refuses.

Phases read from the sglang wheels' server_args.py: up to 0.4.4 the degree is the TP size;
0.4.4.post1 to 0.5.1.post3 assert dp_size > 1 and tp_size % dp_size == 0; from 0.5.2 a DP size
of 1 turns DP attention off and tp_size % dp_size is still asserted.
"""

from __future__ import annotations

import pytest

from tests.parse.helpers import only
from toplint.engines.registry import get_engine
from toplint.engines.types import Refusal
from toplint.model import Deployment

RELEASE = tuple[int, int, int] | None


def _dep(flags: str) -> Deployment:
    return only("a.sh", f"python -m sglang.launch_server --model-path m {flags}\n")


def _refusal(flags: str, release: RELEASE) -> Refusal | None:
    refuses = get_engine("sglang").refuses
    assert refuses is not None
    return refuses(_dep(flags), release)


@pytest.mark.parametrize("release", [(0, 4, 1), (0, 4, 3)])
def test_up_to_0_4_4_nothing_is_refused(release: RELEASE) -> None:
    assert _refusal("--tp 8 --enable-dp-attention", release) is None
    assert _refusal("--tp 8 --dp 3 --enable-dp-attention", release) is None


@pytest.mark.parametrize("release", [(0, 4, 5), (0, 4, 6), (0, 5, 1)])
def test_0_4_5_to_0_5_1_refuse_dp_one(release: RELEASE) -> None:
    refusal = _refusal("--tp 8 --enable-dp-attention", release)
    assert refusal is not None and refusal.certain
    assert "Please set a dp-size > 1" in refusal.message
    assert refusal.option == "enable-dp-attention"
    assert refusal.fix == (("--enable-dp-attention", ""), ("--dp-size", "8"))
    one = _refusal("--tp 8 --dp 1 --enable-dp-attention", release)
    assert one is not None and one.option == "dp-size"


@pytest.mark.parametrize("release", [(0, 5, 2), (0, 5, 5), (0, 5, 23)])
def test_from_0_5_2_dp_one_starts_with_dp_attention_off(release: RELEASE) -> None:
    # it starts (no refusal): the setting is off, said at info by TL213 (``ignored``)
    for flags, option in (
        ("--tp 8 --enable-dp-attention", "enable-dp-attention"),
        ("--tp 8 --dp 1 --enable-dp-attention", "dp-size"),
    ):
        found = _refusal(flags, release)
        assert found is not None and found.ignored and found.option == option
        assert "starts with DP attention off" in found.message
        assert found.fix == (("--enable-dp-attention", ""), ("--dp-size", "8"))
    assert _refusal("--tp 8 --dp 8 --enable-dp-attention", release) is None


@pytest.mark.parametrize("release", [(0, 4, 6), (0, 5, 5), None])
def test_a_dp_size_that_does_not_divide_tp_is_refused_from_0_4_4_post1(release: RELEASE) -> None:
    refusal = _refusal("--tp 8 --dp 3 --enable-dp-attention", release)
    assert refusal is not None and refusal.certain is (release is not None)
    assert "tp_size % self.dp_size == 0" in refusal.message
    assert refusal.fix == (("--enable-dp-attention", ""), ("--dp-size", "2"))


def test_a_release_not_known_is_a_warning_naming_which_releases_refuse() -> None:
    refusal = _refusal("--tp 8 --enable-dp-attention", None)
    assert refusal is not None and not refusal.certain
    assert "0.4.4.post1 to 0.5.1.post3 refuse" in refusal.message
    assert "up to 0.4.4 it runs DP attention over all 8 TP ranks" in refusal.message
    assert "from 0.5.2 it starts with DP attention off" in refusal.message


def test_0_4_4_is_read_as_0_4_4_or_a_post_release() -> None:
    # image tags and pins read as three numbers: v0.4.4 (DP = TP) and v0.4.4.post1 (refuses)
    refusal = _refusal("--tp 8 --enable-dp-attention", (0, 4, 4))
    assert refusal is not None and not refusal.certain


def test_accepted_sizes_and_no_switch_are_not_refused() -> None:
    assert _refusal("--tp 8 --dp 8 --enable-dp-attention", None) is None
    assert _refusal("--tp 8 --dp 4 --enable-dp-attention", (0, 4, 6)) is None
    assert _refusal("--tp 8", (0, 4, 6)) is None
    assert _refusal("--tp 8 --dp 3", (0, 4, 6)) is None  # DP replicas, not DP attention


# sglang 0.5.22 on: --attn-dp-size N (alias --attention-data-parallel-size) is --dp-size N
# --enable-dp-attention spelt anew (sglang 0.5.23 arg_groups/parallel_hook.py
# handle_deprecated_dp_attention), and 0.5.23 asserts tp_size % attn_dp_size == 0.


@pytest.mark.parametrize("spelling", ["--attn-dp-size", "--attention-data-parallel-size"])
def test_the_new_spelling_runs_dp_attention_at_its_size(spelling: str) -> None:
    dep = _dep(f"--tp 8 {spelling} 4")
    assert (dep.tp, dep.dp, dep.options["enable_dp_attention"]) == (8, 1, "true")
    assert dep.options["attention_dp"] == "4"
    assert get_engine("sglang").attention_dp(dep) == 4


def test_the_new_spelling_at_one_runs_none_and_dp_stays_replicas() -> None:
    dep = _dep("--tp 4 --attn-dp-size 1 --dp 2")
    assert (dep.dp, get_engine("sglang").attention_dp(dep)) == (2, 1)


def test_replicas_beside_the_new_spelling_are_unresolved_not_folded_into_tp() -> None:
    dep = _dep("--tp 8 --attn-dp-size 8 --dp-size 2")
    assert dep.dp is None
    (found,) = [u for u in dep.unresolved if u.field == "dp"]
    assert "--attn-dp-size" in found.why


def test_a_size_that_does_not_divide_tp_is_refused_in_any_release() -> None:
    for release in (None, (0, 5, 23)):
        refusal = _refusal("--tp 8 --attn-dp-size 3", release)
        assert refusal is not None and refusal.certain and refusal.option == "attn-dp-size"
        assert "tp_size % cfg.attn_dp_size" in refusal.message
    assert _refusal("--tp 8 --attn-dp-size 4", None) is None


def test_a_size_not_resolved_leaves_dp_unresolved_through_it() -> None:
    dep = _dep("--tp 8 --attn-dp-size $A")
    assert dep.dp is None and dep.options["enable_dp_attention"] == "true"
    assert [u.variable for u in dep.unresolved if u.field == "dp"] == ["$A"]
