"""Issue 18 defects 5 and 7: untrusted numbers and malformed configuration are exit 2 with a
message (or a finding), never a crash, a silent pass or an absurd fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import killed, run_toplint

SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size {tp}\n"
HUGE = "9" * 5000


@pytest.mark.parametrize(
    "tp", ["nan", "inf", "-1", "0", "[2]", "two", "18446744073709551616", "9" * 4000]
)
def test_invalid_tensor_parallel_is_tl010(repo: Path, tp: str) -> None:
    (repo / "s.sh").write_text(SERVE.format(tp=tp))
    run = run_toplint(["check", "s.sh"], repo)
    assert run.returncode == 1, run.output
    assert "TL010" in run.stdout and "crashed" not in run.stdout
    assert "--pipeline-parallel-size" not in run.stdout  # no absurd fix


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ("tool = 5\n", None),
        (f"[tool.toplint]\nselect = {HUGE}\n", "cannot read"),
    ],
)
def test_odd_pyproject(repo: Path, config: str, words: str | None) -> None:
    (repo / "pyproject.toml").write_text(config)
    (repo / "s.sh").write_text(SERVE.format(tp=2))
    run = run_toplint(["check", "s.sh"], repo)
    assert "internal error" not in run.stderr
    if words is None:
        assert run.returncode in (0, 1), run.output
    else:
        assert run.returncode == 2 and words in run.stderr


def test_latin1_toplint_yaml_is_a_config_error(repo: Path) -> None:
    (repo / "toplint.yaml").write_bytes(b"hardware: caf\xe9.yaml\n")
    (repo / "s.sh").write_text(SERVE.format(tp=2))
    run = run_toplint(["check", "s.sh"], repo)
    assert run.returncode == 2 and "not valid UTF-8" in run.stderr


@pytest.mark.parametrize(
    "config",
    [
        f"workload: {{prompt_tokens: {HUGE}}}\n",
        "workload: {prompt_tokens: 99999999999999999999999}\n",
        "budgets: {itl_ms: .nan}\n",
        "budgets: {ttft_ms: .inf}\n",
    ],
)
def test_untrusted_config_numbers_are_exit_2(repo: Path, config: str) -> None:
    (repo / "toplint.yaml").write_text(config)
    (repo / "s.sh").write_text(SERVE.format(tp=2))
    run = run_toplint(["check", "s.sh"], repo)
    assert run.returncode == 2, run.output
    assert "internal error" not in run.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--prompt-tokens", HUGE],
        ["--prompt-tokens", "99999999999999999999999"],
        ["--decode-batch", "0"],
        ["--itl-ms", "nan"],
        ["--ttft-ms", "-5"],
    ],
)
def test_untrusted_command_line_numbers_are_exit_2(repo: Path, args: list[str]) -> None:
    (repo / "s.sh").write_text(SERVE.format(tp=2))
    run = run_toplint(["check", "s.sh", *args], repo)
    assert run.returncode == 2, run.output
    assert len(run.stderr) < 400  # the 5,000 digits are not echoed back whole


def test_manifest_counts_beyond_any_cluster_are_exit_2(repo: Path) -> None:
    (repo / "hw.yaml").write_text(
        "version: 1\nclusters:\n  - name: c\n    nodes: 9999999999999999999999999999\n"
        "    gpu: A100-SXM4-80GB\n    gpus_per_node: 8\n"
        "    inter_node: {network: ethernet, bandwidth: 100 Gb/s}\n"
    )
    (repo / "s.sh").write_text(SERVE.format(tp=2))
    run = run_toplint(["check", "s.sh", "--hardware", "hw.yaml"], repo)
    assert not killed(run)
    assert run.returncode == 2 and "nodes" in run.stderr


def test_baseline_with_huge_numbers_is_exit_2(repo: Path) -> None:
    (repo / "base.json").write_text(
        '{"version": 1, "findings": [{"rule": "TL001", "path": "a", "anchor": "b", '
        f'"count": {HUGE}}}]}}'
    )
    (repo / "s.sh").write_text(SERVE.format(tp=2))
    run = run_toplint(["check", "s.sh", "--baseline", "base.json"], repo)
    assert run.returncode == 2 and "internal error" not in run.stderr


def test_toml_with_a_huge_integer_is_not_an_internal_error(repo: Path) -> None:
    (repo / "a.toml").write_text(f'cmd = "vllm serve m --tensor-parallel-size 2"\nx = {HUGE}\n')
    run = run_toplint(["check", "a.toml"], repo)
    assert run.returncode in (0, 1), run.output
    assert "internal error" not in run.stderr
