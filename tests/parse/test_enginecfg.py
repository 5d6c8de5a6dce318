"""Engine config files folded in with each engine's precedence."""

from __future__ import annotations

import os

from toplint.engines.vllm import CLI as VLLM
from toplint.parse.enginecfg import fold_engine_config

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
