"""Words a command line holds beyond what it writes.  An unquoted variable alone in a word
after an engine's model (``vllm serve org/m $EXTRA_ARGS``, compose ``command: --model org/m
${EXTRA_ARGS}``) is split into arguments by the shell: unknown here, it may set or override the
layout, so TL003 says so instead of the checks judging the written layout without a word.  A
quoted one, or an option's value, is one word.  A string that ``eval``, ``tmux`` or ``ssh`` runs
is a command line."""

from __future__ import annotations

from tests.parse.helpers import only
from toplint.parse.options import FORWARDED


def _forwarded(path: str, text: str) -> list[str]:
    return [u.variable for u in only(path, text).unresolved if u.field == FORWARDED]


def test_an_unquoted_variable_after_the_model_may_add_options() -> None:
    assert _forwarded("s.sh", "vllm serve org/m $EXTRA_ARGS\n") == ["$EXTRA_ARGS"]
    compose = "services:\n  llm:\n    image: vllm/vllm-openai:v0.8.5\n"
    compose += "    command: --model org/m ${EXTRA_ARGS}\n"
    assert _forwarded("docker-compose.yml", compose) == ["${EXTRA_ARGS}"]


def test_a_quoted_variable_or_an_option_value_is_one_word() -> None:
    assert _forwarded("s.sh", 'vllm serve org/m "$EXTRA"\n') == []
    assert _forwarded("s.sh", "vllm serve org/m --tensor-parallel-size $TP\n") == []
    assert _forwarded("s.sh", "vllm serve org/m --max-model-len=4096 $EXTRA\n") == ["$EXTRA"]


def test_a_command_run_from_a_string_by_eval_tmux_or_ssh_is_read() -> None:
    for line in (
        'eval "vllm serve org/m --tensor-parallel-size 2"\n',
        'tmux new-session -d -s llm "vllm serve org/m --tensor-parallel-size 2"\n',
        'ssh gpu01 "vllm serve org/m --tensor-parallel-size 2"\n',
    ):
        dep = only("run.sh", line)
        assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2), line


def test_a_backquoted_comment_between_continued_lines_is_no_word() -> None:
    """`# note` inside a continued command runs nothing and leaves no word (bash(1), "Command
    Substitution"), so the command around it is read (im0xMagnus/glm-5.3-uncensored-8x-dgx-spark
    @541aefb3 launchers/launch-fp8-tp8.sh writes its notes so, inside ``docker run``)."""
    text = (
        "docker run --gpus all -d --entrypoint /opt/venv/bin/vllm \\\n"
        "  `# compile caches into the persistent /cache mount` \\\n"
        "  -e TORCH_EXTENSIONS_DIR=/cache/torch_extensions \\\n"
        '  "ghcr.io/org/gb10-vllm:v19" \\\n'
        "    serve /models/glm \\\n"
        "    --tensor-parallel-size 8 --pipeline-parallel-size 1 \\\n"
        "    `# MEASURED: 0.85 is proven to pass.`              \\\n"
        "    --gpu-memory-utilization 0.86 \\\n"
        "    --nnodes 8 --node-rank 0\n"
    )
    dep = only("launch.sh", text)
    assert (dep.engine, dep.model, dep.tp, dep.nodes) == ("vllm", "/models/glm", 8, 8)
