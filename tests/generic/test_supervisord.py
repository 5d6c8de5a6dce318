"""supervisord programs that start an engine: each ``[program:NAME]``'s ``command=`` with its own
``environment=`` (supervisor docs, "Configuration File"), read as the script it is, and the
configurations a directory walk finds by supervisord's names and places."""

from __future__ import annotations

import pytest

from tests.parse.helpers import parse_text
from toplint.discover.files import wanted

CONF = """\
[supervisord]
nodaemon=true

[program:vllm]
command=vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 --port 8000
autostart=true
environment=CUDA_VISIBLE_DEVICES="0,1",HF_HOME="/data/hf"

[program:sglang]
environment=HF_HOME="/data/hf"
command=python -m sglang.launch_server --model-path %(ENV_MODEL)s --tp 4
    --port 30000

[eventlistener:memmon]
command=memmon -a 200MB
"""


def test_each_program_is_a_deployment_with_its_own_environment() -> None:
    vllm, sglang = parse_text("supervisor/serve.conf", CONF).deployments
    assert (vllm.engine, vllm.model, vllm.tp, vllm.gpus) == (
        "vllm",
        "Qwen/Qwen2.5-7B-Instruct",
        2,
        2,
    )
    assert (vllm.line, vllm.column, vllm.source_kind) == (5, 9, "supervisord")
    assert vllm.sources["tp"].line == 5
    # the first program's CUDA_VISIBLE_DEVICES does not reach the second
    assert (sglang.engine, sglang.tp, sglang.gpus) == ("sglang", 4, None)


def test_supervisords_own_expressions_and_continued_lines() -> None:
    (_, sglang) = parse_text("supervisor/serve.conf", CONF).deployments
    assert [u.variable for u in sglang.unresolved if u.field == "model"] == ["${MODEL}"]
    assert sglang.options.get("port") == "30000"  # the indented line continues the command


def test_a_program_runs_a_script_of_the_repository(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "start_vllm.sh").write_text("vllm serve org/m --tensor-parallel-size 4\n")
    conf = tmp_path / "supervisord.conf"
    text = "[program:llm]\ncommand=bash start_vllm.sh\ndirectory=.\n"
    conf.write_text(text)
    (dep,) = parse_text(str(conf), text).deployments
    assert (dep.model, dep.tp) == ("org/m", 4)


@pytest.mark.parametrize(
    ("name", "folder", "walked"),
    [
        ("supervisord.conf", "deploy", True),
        ("vllm.conf", "deploy/supervisor", True),
        ("app.ini", "etc/supervisord.d", True),
        ("vllm.conf", "etc/supervisor/conf.d", True),
        ("nginx.conf", "deploy", False),  # any other .conf is not walked into
        ("vllm.conf", "conf.d", False),
        ("settings.ini", "", False),
    ],
)
def test_a_walk_finds_supervisord_configurations_by_their_places(
    name: str, folder: str, walked: bool
) -> None:
    assert wanted(name, folder) is walked


def test_a_configuration_a_script_writes_and_runs_supervisord_with_is_read() -> None:
    """A container's entry script writes ``[program:vllm_${i}]`` sections into
    ``$SUPERVISOR_CONF`` from here-documents and ends with ``exec supervisord -c
    "$SUPERVISOR_CONF"`` (a public DotsOCR serving image's entry script, found by search; its
    repository was not shown): the program's vLLM server was a TL008 warning."""
    text = (
        "#!/bin/sh\n"
        "SUPERVISOR_CONF=/etc/supervisord.conf\n"
        'cat > "$SUPERVISOR_CONF" <<EOF\n'
        "[supervisord]\n"
        "nodaemon=true\n"
        "EOF\n"
        "for i in $(seq 1 $ROUTINE_NUM); do\n"
        'cat >> "$SUPERVISOR_CONF" <<EOF\n'
        "[program:vllm_${i}]\n"
        "command=vllm serve ./DotsOCR --port 808${i} --tensor-parallel-size 1 "
        "--gpu-memory-utilization 0.92\n"
        "autostart=true\n"
        "EOF\n"
        "done\n"
        'exec supervisord -c "$SUPERVISOR_CONF"\n'
    )
    (dep,) = parse_text("entrypoint.sh", text).deployments
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "./DotsOCR", 1, 10)
