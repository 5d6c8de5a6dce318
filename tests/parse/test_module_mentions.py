"""An engine module counts as named where something would run it (after ``-m``, on a command
line or as the next item of an argument list), at the module's own line and column; the same
word in a path or an image name names nothing (kserve/kserve@aaac4e29 workflows)."""

from __future__ import annotations

import pytest

from toplint.model import Severity
from toplint.parse.base import Source
from toplint.parse.mentions import engine_mention


def _at(text: str) -> tuple[int, int, str] | None:
    found = engine_mention(Source("x.yaml", text, "x.yaml"))
    return None if found is None else (found.line, found.column, found.anchor)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('CMD="python -m vllm.entrypoints.openai.api_server --tp 8"\n', (1, 16)),
        ("python -mvllm.entrypoints.openai.api_server\n", (1, 10)),
        ('x: ["python", "-m", "huggingfaceserver", "--model_id=x"]\n', (1, 22)),
        ("command:\n  - python\n  - -m\n  - huggingfaceserver\n", (4, 5)),
    ],
)
def test_module_run_with_dash_m_is_named_where_it_is_written(
    text: str, where: tuple[int, int]
) -> None:
    found = _at(text)
    assert found is not None and found[:2] == where


@pytest.mark.parametrize(
    "text",
    [
        'paths:\n  - "python/huggingfaceserver/**"\n',
        "env:\n  IMAGE_NAME: huggingfaceserver\n",
        "file: python/huggingfaceserver-cpu.Dockerfile\n",
    ],
)
def test_module_name_that_runs_nothing_is_not_a_mention(text: str) -> None:
    assert _at(text) is None


def test_a_module_named_only_in_a_comment_is_an_info_note_at_the_comment() -> None:
    found = engine_mention(
        Source("x.sh", "# python -m vllm.entrypoints.openai.api_server\n", "x.sh")
    )
    assert found is not None and found.severity is Severity.INFO
    assert (found.line, found.column) == (1, 13) and "only in a comment" in found.message
