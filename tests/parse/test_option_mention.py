"""A shell script whose command toplint does not know as an engine's but that sets an engine's
layout option (``toplint.parse.optionmention``): TL008 at info at the option, so the run says
which line it did not read.  The first case is the command of vllm-project/vllm#15182
(``python3 api_server.py ... --tensor-parallel-size 8``), which before yielded no finding at all.
"""

from __future__ import annotations

from toplint.model import Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

UNKNOWN_PROGRAM = (
    "python3 api_server.py --host 0.0.0.0 --port 7803 --model /data/models/DeepSeek-R1-Q2/ "
    "--max-model-len 8192 --gpu-memory-utilization 0.9 --tensor-parallel-size 8\n"
)


def _parse(name: str, text: str):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(name, text), builtin_and_plugin_parsers())


def test_unknown_program_with_a_layout_option_is_named_at_info() -> None:
    result = _parse("serve.sh", UNKNOWN_PROGRAM)
    assert not result.deployments
    (found,) = result.findings
    assert found.rule == "TL008" and found.severity is Severity.INFO
    assert (found.line, found.column) == (1, UNKNOWN_PROGRAM.index("--tensor-parallel-size") + 1)
    assert "`--tensor-parallel-size 8`" in found.message and "`vllm`" in found.message


def test_an_engine_command_is_read_not_mentioned() -> None:
    result = _parse("serve.sh", "vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2\n")
    assert result.deployments and not result.findings


def test_a_commented_option_or_a_short_one_names_nothing() -> None:
    assert not _parse("a.sh", "# python3 api_server.py --tensor-parallel-size 8\n").findings
    assert not _parse("b.sh", "python train.py --tp 8 --dp 2\n").findings


def test_only_shell_scripts_are_read_for_options() -> None:
    assert not _parse("notes.txt", UNKNOWN_PROGRAM).findings
