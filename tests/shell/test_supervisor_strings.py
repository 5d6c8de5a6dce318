"""Command lines a process supervisor or terminal multiplexer runs from a string: ``tmux
send-keys -t SESSION "CMD" C-m`` types a line into a pane's shell (tmux(1) send-keys), ``pm2
start "CMD ARGS"`` runs ``bash -c`` with it (Unitech/pm2@31adee80 lib/Common.js), and a string
variable known only in part still holds the command it runs (sweep 39 development)."""

from __future__ import annotations

import pytest

from tests.parse.helpers import parse_text


def test_a_line_typed_into_a_tmux_pane_is_run_at_its_newline_key() -> None:
    text = 'tmux new-session -d -s s\ntmux send-keys -t s "vllm serve org/m -tp 2" Enter\n'
    (dep,) = parse_text("serve.sh", text).deployments
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 2, 2)


def test_tmux_s_own_options_come_before_its_command() -> None:
    # ChristopherCho/MultiNode-vLLM-serve@3135b11c main.sh: `tmux -S ${SOCKET_PATH} send-keys`
    text = "tmux -S /tmp/sock new -d -s s\n"
    text += 'tmux -S /tmp/sock send-keys -t s "vllm serve org/m -tp 2" C-m\n'
    (dep,) = parse_text("serve.sh", text).deployments
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 2, 2)


@pytest.mark.parametrize(
    "line",
    [
        'tmux send-keys -t s "vllm serve org/m -tp 2"',  # typed, never entered
        'tmux send-keys -l -t s "vllm serve org/m -tp 2" Enter',  # -l: "Enter" is text too
    ],
)
def test_a_line_not_entered_is_not_run(line: str) -> None:
    assert parse_text("serve.sh", line + "\n").deployments == ()


def test_a_partly_known_command_string_typed_into_tmux_is_read() -> None:
    """lupantech/AgentFlow@b9400643 scripts/serve_vllm.sh: the pane's command string echoes
    ``$CUDA_VISIBLE_DEVICES``, which the script never sets, so the whole string was unknown and
    the vLLM server it starts was a TL008 warning."""
    text = (
        'MODEL="AgentFlow/agentflow-planner-7b"\nGPU="0"\nTP=1\n'
        'CMD_START="\n'
        "    export CUDA_VISIBLE_DEVICES=$GPU;\n"
        "    echo 'CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES';\n"
        '    vllm serve \\"$MODEL\\" --tensor-parallel-size $TP\n'
        '"\n'
        'tmux send-keys -t "s:0" "$CMD_START" C-m\n'
    )
    (dep,) = parse_text("serve_vllm.sh", text).deployments
    assert (dep.model, dep.tp, dep.gpus) == ("AgentFlow/agentflow-planner-7b", 1, 1)


def test_a_partly_known_string_run_by_bash_c_is_read() -> None:
    text = (
        'MODEL="org/m"\n'
        'CMD="echo $NOT_SET; vllm serve $MODEL --tensor-parallel-size 2"\n'
        'bash -c "$CMD"\n'
    )
    (dep,) = parse_text("run.sh", text).deployments
    assert (dep.model, dep.tp) == ("org/m", 2)


@pytest.mark.parametrize(
    "line",
    [
        # thomas-chu123/subnet45@60b84efc scripts/vllm_deploy.sh
        'pm2 start --name "mistral" "vllm serve org/m --quantization gptq -tp 2 --port 8002"',
        'pm2 start "vllm serve org/m -tp 2" --name qwen --max-restarts 3',
        'pm2 start --watch --name "two words" "vllm serve org/m -tp 2"',
    ],
)
def test_a_command_string_pm2_starts_is_run_by_bash(line: str) -> None:
    (dep,) = parse_text("deploy.sh", line + "\n").deployments
    assert (dep.model, dep.tp, dep.line) == ("org/m", 2, 1)


@pytest.mark.parametrize(
    "line",
    [
        "pm2 start server.js --name vllm-proxy",  # a file, not a command string
        'pm2 start --name "vllm serve org/m" app.js',  # a name with blanks is no command
    ],
)
def test_a_file_pm2_starts_is_no_command_string(line: str) -> None:
    assert parse_text("deploy.sh", line + "\n").deployments == ()


def test_a_string_a_function_evals_is_read_as_its_direct_command_is() -> None:
    """kvcache-ai/Mooncake@3b5a5941 scripts/tone_tests/scripts/common.sh: ``local cmd="python -m
    sglang.launch_server --model-path $1 …"; eval "$cmd"`` is the command a direct line in the
    function would be, its model the caller's ``$1`` (unresolved, TL003), not a TL008."""
    text = (
        "launch() {\n"
        '  local cmd="python -m sglang.launch_server --model-path $1 --port $2"\n'
        '  eval "$cmd"\n'
        "}\n"
    )
    (dep,) = parse_text("common.sh", text).deployments
    assert dep.engine == "sglang" and [u.variable for u in dep.unresolved][:1] == ["$1"]
