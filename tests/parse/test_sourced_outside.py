"""TL009 for a file a script sources from outside the repository: an error where the check
depends on it, information where it cannot (toplint.parse.text.sourced)."""

from __future__ import annotations

import pytest

from tests.parse.helpers import parse_text
from toplint.model import Severity

ACTIVATE = "source /opt/venv/bin/activate\n"


@pytest.mark.parametrize(
    ("body", "severity"),
    [
        # every value the deployment uses is written in the script
        ("vllm serve org/m --tensor-parallel-size 2\n", Severity.INFO),
        # a value left unresolved: the sourced file may set it
        ("vllm serve org/m --tensor-parallel-size $TP\n", Severity.ERROR),
        # an entrypoint: the caller's arguments, judged where it is called
        # (huggingface/text-generation-inference@db931fcf tgi-entrypoint.sh)
        ("exec text-generation-launcher $@\n", Severity.INFO),
        # names an engine, but no engine command was read: the file may define what starts it
        ('run() { echo "vllm serve org/m"; }\nstart_server\n', Severity.ERROR),
        # starts no engine toplint knows (a training job)
        ("torchrun --nproc-per-node 8 train.py\n", Severity.INFO),
    ],
)
def test_a_sourced_file_outside_is_an_error_only_where_the_check_needs_it(
    body: str, severity: Severity
) -> None:
    result = parse_text("serve.sh", ACTIVATE + body)
    (found,) = [f for f in result.findings if f.rule == "TL009"]
    assert (found.line, found.column, found.severity) == (1, 8, severity)
    assert "not read" in found.message
    if severity is Severity.INFO:
        assert "depend" in found.message or "judged" in found.message
