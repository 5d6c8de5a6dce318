"""Engine config files folded in with each engine's precedence."""

from __future__ import annotations

import os

import pytest

from toplint.engines.vllm.cli import CLI as VLLM
from toplint.parse.enginecfg import fold_engine_config, narrow_ids

from .helpers import only, parse_text

DATA = os.path.join(os.path.dirname(__file__), "data")


def read(name: str) -> tuple[str, str]:
    path = os.path.join(DATA, name)
    with open(path, encoding="utf-8") as fh:
        return path, fh.read()


def test_vllm_command_line_wins_over_config_file() -> None:
    path, text = read("serve-with-config.sh")
    dep = parse_text(path, text).deployments[0]
    assert (dep.tp, dep.pp, dep.ep_enabled, dep.ep) == (8, 2, True, 8)


def test_vllm_config_values_point_into_the_config_file() -> None:
    path, text = read("serve-with-config.sh")
    dep = parse_text(path, text).deployments[0]
    pp = dep.sources["pp"]
    assert (os.path.basename(pp.path), pp.line) == ("vllm-config.yaml", 2)


def test_vllm_unknown_config_key_is_tl005_in_the_config_file() -> None:
    path, text = read("serve-with-config.sh")
    (finding,) = parse_text(path, text).findings
    assert (finding.rule, os.path.basename(finding.path), finding.line) == (
        "TL005",
        "vllm-config.yaml",
        5,
    )


def test_trtllm_yaml_wins_over_the_command_line() -> None:
    path, text = read("trtllm-serve.sh")
    dep = parse_text(path, text).deployments[0]
    assert (dep.tp, dep.ep, dep.options["kv_cache_config.free_gpu_memory_fraction"]) == (
        8,
        8,
        "0.8",
    )


def test_missing_config_file_is_a_note_not_a_guess() -> None:
    dep = only("x/run.sh", "vllm serve m --config absent.yaml -tp 2\n")
    assert dep.tp == 2 and any("absent.yaml" in n for n in dep.notes)


def test_loader_can_supply_text_from_elsewhere() -> None:
    dep = only("k.sh", "vllm serve m --config cm.yaml\n")
    folded, findings = fold_engine_config(
        dep, VLLM, lambda ref: ("manifest.yaml", "data-parallel-size: 4\n")
    )
    assert (folded.dp, findings) == (4, ())


@pytest.mark.parametrize(
    ("chain", "ids"),
    [
        (["0,2"], ["0", "2"]),
        (["device=1,2,3", "0,2"], ["1", "3"]),
        (["all", "3,1"], ["3", "1"]),
        (["GPU-5a1b", "0"], None),
        (["0,1", "5"], None),
    ],
)
def test_device_lists_narrow_to_host_indices(chain: list[str], ids: list[str] | None) -> None:
    seen: list[str] | None = []
    for spec in chain:
        seen = narrow_ids(seen, spec)
    assert seen == ids
