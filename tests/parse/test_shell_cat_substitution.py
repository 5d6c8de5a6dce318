"""``$(cat FILE)`` reads a small file of the script's repository (bash(1), "Command
Substitution": its text without trailing newlines), and ``${A[@]+"${A[@]}"}`` is the array
when it has elements, nothing when it is empty (bash(1), "Parameter Expansion")
(Oichkatzelesfrettschen/claude-code-localllm@c973ee6 tools/local_llm/runtimes/vllm_docker.sh)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import parse_text

SCRIPT = """\
#!/usr/bin/env bash
set -euo pipefail
MODEL_ID="${1:-Qwen/Qwen2.5-1.5B-Instruct}"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
IMAGE_REF_FILE="${IMAGE_REF_FILE:-${SCRIPT_DIR}/vllm_image.txt}"
IMAGE_REF="$(cat "${IMAGE_REF_FILE}" 2>/dev/null || true)"
rm_flag=()
extra=(--tensor-parallel-size 2)
exec docker run --gpus all ${rm_flag[@]+"${rm_flag[@]}"} "${IMAGE_REF}" "${MODEL_ID}" \\
  ${extra[@]+"${extra[@]}"}
"""


def _deployments(tmp_path: Path, image: str | None) -> list[tuple[str, int | None, str | None]]:
    script = tmp_path / "runtimes" / "vllm_docker.sh"
    script.parent.mkdir()
    script.write_text(SCRIPT)
    if image is not None:
        (script.parent / "vllm_image.txt").write_text(image)
    found = parse_text(str(script), SCRIPT).deployments
    return [(d.engine, d.tp, d.model) for d in found]


def test_the_image_a_file_beside_the_script_names_is_the_one_run(tmp_path: Path) -> None:
    found = _deployments(tmp_path, "vllm/vllm-openai@sha256:" + "d6" * 32 + "\n")
    assert found == [("vllm", 2, "Qwen/Qwen2.5-1.5B-Instruct")]


def test_without_the_file_the_image_is_not_known(tmp_path: Path) -> None:
    assert _deployments(tmp_path, None) == []


def test_a_large_file_is_no_value(tmp_path: Path) -> None:
    assert _deployments(tmp_path, "vllm/vllm-openai:latest\n" + "#" * 5000) == []
