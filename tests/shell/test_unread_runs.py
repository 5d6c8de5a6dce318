"""A script about an engine that runs a script toplint cannot read (its path a value not known
here, a file not in the repository) gets its finding at that run, naming it: the deployment is
in that script, and nothing here was checked (``toplint.parse.text.unreadruns``).  Not at a name
of the engine in a string (``pkill -f "vllm serve …"`` starts nothing), and not silence for a
script that only hands the engine its settings.  Minimal equivalents of
Sanssssssssssssssss/vllm-infra-lab@2086526 scripts/run_eager_graph_tuning_wsl.sh and
scripts/start_vllm_qwen3_awq_fp8kv_wsl.sh."""

from __future__ import annotations

from pathlib import Path

from toplint.model import Finding, Severity
from toplint.pipeline.analyze import run_files
from toplint.pipeline.settings import Settings

TUNE = """#!/usr/bin/env bash
WORKSPACE_DIR="${1:-/srv/lab}"
cd "${WORKSPACE_DIR}"
cleanup() {
  pkill -f "vllm serve ${WORKSPACE_DIR}/models/Qwen3-8B-AWQ" || true
}
run_profile() {
  cleanup
  env VLLM_MAX_NUM_SEQS="$2" \\
    bash scripts/start_awq.sh "${WORKSPACE_DIR}" > "logs/$1.log" 2>&1 &
}
trap cleanup EXIT
run_profile a 2
run_profile b 1
"""


def _findings(tmp_path: Path, text: str) -> list[Finding]:
    (tmp_path / ".git").mkdir(exist_ok=True)
    script = tmp_path / "scripts" / "run.sh"
    script.parent.mkdir(exist_ok=True)
    script.write_text(text)
    run = run_files([str(script)], Settings())
    return [f for file in run.files for f in file.findings]


def test_a_launch_after_a_cd_to_an_unknown_folder_is_where_nothing_was_checked(
    tmp_path: Path,
) -> None:
    (found,) = _findings(tmp_path, TUNE)
    assert (found.rule, found.line, found.column) == ("TL008", 9, 3)
    assert "runs `bash scripts/start_awq.sh`" in found.message
    assert "handing it `VLLM_MAX_NUM_SEQS`" in found.message
    assert "no such file" in found.message


def test_a_script_that_hands_its_settings_to_a_script_of_unknown_path(tmp_path: Path) -> None:
    text = (
        'export VLLM_MAX_MODEL_LEN="${VLLM_MAX_MODEL_LEN:-4096}"\n'
        "export VLLM_KV_CACHE_DTYPE=fp8_e4m3\n"
        'exec bash "${LAB_DIR}/scripts/start_awq.sh"\n'
    )
    (found,) = _findings(tmp_path, text)
    assert (found.rule, found.line, found.column, found.severity) == (
        "TL008",
        3,
        1,
        Severity.WARNING,
    )
    assert "handing it `VLLM_MAX_MODEL_LEN`, `VLLM_KV_CACHE_DTYPE`" in found.message
    assert "its path is a value not known here" in found.message


def test_one_run_from_outside_the_repository_is_needed_when_it_gets_the_settings(
    tmp_path: Path,
) -> None:
    text = (
        'LAB="${1:-/srv/lab}"\n'
        "export VLLM_KV_CACHE_DTYPE=fp8_e4m3\n"
        'exec bash "${LAB}/scripts/start_awq.sh" "${LAB}"\n'
    )
    (found,) = _findings(tmp_path, text)
    assert (found.rule, found.line, found.column) == ("TL009", 3, 11)
    assert found.severity is not Severity.INFO
    assert "runs /srv/lab/scripts/start_awq.sh" in found.message


def test_a_script_about_no_engine_that_runs_a_missing_one_stays_silent(tmp_path: Path) -> None:
    assert _findings(tmp_path, "export PATH=/opt/bin:$PATH\nbash ./install_deps.sh\n") == []


def test_a_script_with_a_deployment_is_checked_there(tmp_path: Path) -> None:
    text = (
        "export VLLM_LOGGING_LEVEL=DEBUG\nbash ./prepare.sh\n"
        "vllm serve org/m --tensor-parallel-size 1\n"
    )
    assert not [f for f in _findings(tmp_path, text) if f.rule in ("TL008", "TL009")]


def test_an_engine_named_only_in_a_comment_leaves_its_note(tmp_path: Path) -> None:
    found = _findings(tmp_path, "# then: vllm serve org/m\nbash ./missing.sh\n")
    assert [(f.rule, f.line, f.severity) for f in found] == [("TL008", 1, Severity.INFO)]


def test_one_finding_a_file_at_the_run_handed_the_settings(tmp_path: Path) -> None:
    text = (
        'pkill -f "vllm serve"\nbash ./setup.sh\nVLLM_USE_V1=1 bash ./start.sh\nbash ./bench.sh\n'
    )
    (found,) = _findings(tmp_path, text)
    assert (found.rule, found.line) == ("TL008", 3)
    assert "(2 more scripts it runs were not read either)" in found.message
