"""Flag edits on real configs from the shared corpus: only the edited tokens change."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CORPUS

from toplint.fix.apply import apply_edits
from toplint.fix.flagedits import duplicate_edits, flag_edits
from toplint.model import Deployment
from toplint.parse.parallel import parse_file


def _copy(tmp_path: Path, name: str) -> Path:
    source = CORPUS / name
    target = tmp_path / Path(name).name
    shutil.copyfile(source, target)
    return target


def _only(path: Path) -> Deployment:
    deps = parse_file(str(path)).deployments
    assert deps, f"no deployment parsed from {path}"
    return deps[0]


def _fix(path: Path, changes: dict[str, str | None]) -> tuple[str, str]:
    text = path.read_bytes().decode()
    new, _ = apply_edits(text, flag_edits(_only(path), changes, text))
    path.write_bytes(new.encode())
    return text, new


@pytest.mark.shared
def test_k8s_args_list_quoted_value_changes_in_place(tmp_path: Path) -> None:
    path = _copy(tmp_path, "aibrix/deployment-tp.yaml")
    old, new = _fix(path, {"tensor-parallel-size": "1"})
    assert new == old.replace(
        '            - --tensor-parallel-size\n            - "4"\n',
        '            - --tensor-parallel-size\n            - "1"\n',
    )
    assert _only(path).tp == 1


@pytest.mark.shared
def test_k8s_args_list_new_flag_copies_sibling_style(tmp_path: Path) -> None:
    path = _copy(tmp_path, "aibrix/deployment-tp.yaml")
    old, new = _fix(path, {"tensor-parallel-size": "2", "pipeline-parallel-size": "2"})
    expected = old.replace(
        '            - --tensor-parallel-size\n            - "4"\n',
        '            - --tensor-parallel-size\n            - "2"\n'
        '            - --pipeline-parallel-size\n            - "2"\n',
    )
    assert new == expected
    dep = _only(path)
    assert (dep.tp, dep.pp) == (2, 2)


@pytest.mark.shared
def test_compose_command_list_flag_removed_with_its_value(tmp_path: Path) -> None:
    path = _copy(tmp_path, "compose-public/JinwangMok-InferencePack/docker-compose.vllm.yml")
    old, new = _fix(path, {"tensor-parallel-size": None})
    assert new == old.replace('      - --tensor-parallel-size\n      - "4"\n', "")
    assert _only(path).tp == 1


@pytest.mark.shared
def test_script_in_yaml_block_scalar_keeps_continuations(tmp_path: Path) -> None:
    path = _copy(tmp_path, "aibrix/fleet-two-node.yaml")
    old, new = _fix(path, {"tensor-parallel-size": "1", "pipeline-parallel-size": "2"})
    assert new == old.replace(
        "--tensor-parallel-size 2 \\", "--tensor-parallel-size 1 --pipeline-parallel-size 2 \\"
    )
    dep = _only(path)
    assert (dep.tp, dep.pp) == (1, 2)


@pytest.mark.shared
def test_quoted_yaml_command_string_keeps_underscore_spelling(tmp_path: Path) -> None:
    path = _copy(tmp_path, "lws/vllm-gpu-lws.yaml")
    old, new = _fix(path, {"pipeline-parallel-size": "4"})
    assert new == old.replace("--pipeline_parallel_size 2", "--pipeline_parallel_size 4")
    assert _only(path).pp == 4


@pytest.mark.shared
def test_helm_values_key_changes_and_sibling_key_is_added(tmp_path: Path) -> None:
    path = _copy(tmp_path, "production-stack/values-25-v100-multi-gpu-tp2.yaml")
    old, new = _fix(path, {"tensor-parallel-size": "1", "pipeline-parallel-size": "2"})
    assert new == old.replace(
        "      tensorParallelSize: 2\n",
        "      tensorParallelSize: 1\n      pipelineParallelSize: 2\n",
    )


@pytest.mark.shared
def test_sglang_short_flag_with_comment_keeps_the_comment(tmp_path: Path) -> None:
    path = _copy(tmp_path, "lws/sglang-lws.yaml")
    old, new = _fix(path, {"tp-size": "1"})
    assert new == old.replace('- "2" # Size of Tensor', '- "1" # Size of Tensor', 1)


SCRIPT = """\
#!/bin/bash
# two nodes of 4 GPUs
vllm serve meta-llama/Llama-3.1-70B-Instruct \\
    --gpu-memory-utilization 0.95 \\
    --tensor-parallel-size=8 --max-model-len 8192 \\
    --gpu-memory-utilization 0.90
echo done
"""


def _script(tmp_path: Path, text: str = SCRIPT) -> Path:
    path = tmp_path / "serve.sh"
    path.write_text(text)
    return path


def test_duplicate_flag_earlier_occurrence_removed(tmp_path: Path) -> None:
    path = _script(tmp_path)
    text = path.read_text()
    dep = _only(path)
    new, _ = apply_edits(text, duplicate_edits(dep, "gpu-memory-utilization", text))
    assert new == text.replace("    --gpu-memory-utilization 0.95 \\\n", "")


def test_last_line_of_command_removed_with_previous_backslash(tmp_path: Path) -> None:
    path = _script(tmp_path)
    text = path.read_text()
    dep = _only(path)
    new, _ = apply_edits(text, flag_edits(dep, {"gpu-memory-utilization": None}, text))
    assert new == text.replace("    --gpu-memory-utilization 0.95 \\\n", "").replace(
        "8192 \\\n    --gpu-memory-utilization 0.90\n", "8192\n"
    )


def test_equals_form_keeps_its_spelling(tmp_path: Path) -> None:
    path = _script(tmp_path)
    old, new = _fix(path, {"tensor-parallel-size": "4", "pipeline-parallel-size": "2"})
    assert new == old.replace(
        "--tensor-parallel-size=8 ", "--tensor-parallel-size=4 --pipeline-parallel-size=2 "
    )
    dep = _only(path)
    assert (dep.tp, dep.pp) == (4, 2)


def test_overlapping_edits_apply_once() -> None:
    from toplint.model import Edit

    text = "abc\n"
    edits = [Edit("f", (1, 1), (1, 3), "X"), Edit("f", (1, 2), (1, 4), "Y")]
    new, taken = apply_edits(text, edits)
    assert new == "Xc\n" and len(taken) == 1


def test_a_fix_in_the_engines_own_spelling_changes_the_flag_the_parser_read() -> None:
    """trtllm-serve's ``--tp_size 8`` is read as ``tensor_parallel_size``; a fix setting
    ``tp_size`` (the spelling ``Engine.layout`` gives, so TL203's) changes that token instead of
    adding a second ``--tp_size`` the engine would read last (TL209), which ``--fix`` refused.
    Real input: tests/data/corpus2/slurm/trtllm-simple/launch.slurm (NVIDIA/TensorRT-LLM's
    disaggregated Slurm example)."""
    path = Path(__file__).resolve().parents[1] / "data/corpus2/slurm/trtllm-simple/launch.slurm"
    dep = _only(path)
    text = path.read_text(encoding="utf-8")
    fixed, _ = apply_edits(text, flag_edits(dep, {"tp_size": "4", "pp_size": "2"}, text))
    line = fixed.splitlines()[19]
    assert "--tp_size 4 --pp_size 2 --host" in line and "--tp_size 8" not in line
    assert fixed.splitlines()[:19] == text.splitlines()[:19]
