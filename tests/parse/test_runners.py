"""The program a command runs past runners and their own options (``toplint.parse.text.runners``),
as sudo(8), env(1), nohup(1), nice(1), timeout(1), stdbuf(1), taskset(1) and bash's ``exec`` and
``command`` read their command lines."""

from __future__ import annotations

import pytest

from toplint.parse.text.runners import program_of


@pytest.mark.parametrize(
    ("line", "program", "rest"),
    [
        ("pkill -f vllm", "pkill", ["-f", "vllm"]),
        ("sudo pkill -f vllm", "pkill", ["-f", "vllm"]),
        # -E is a flag; -u takes the next word (sudo's getopt "u:")
        ("sudo -E -u svc pkill -f vllm", "pkill", ["-f", "vllm"]),
        ("sudo -Eu svc pkill x", "pkill", ["x"]),  # a cluster whose last letter takes a value
        ("sudo -usvc pkill x", "pkill", ["x"]),  # attached value
        ("sudo --user=svc --preserve-env=PATH,HF_HOME kill 1", "kill", ["1"]),
        ("sudo --user svc -- kill 1", "kill", ["1"]),
        ("sudo -n HF_HOME=/d vllm serve m", "vllm", ["serve", "m"]),  # NAME=value among options
        ("env -u CUDA_VISIBLE_DEVICES -i A=1 tmux new -d", "tmux", ["new", "-d"]),
        ("env --chdir /srv pm2 start x", "pm2", ["start", "x"]),
        ("env -S pkill x", "pkill", ["x"]),
        ("nohup nice -n 10 vllm serve m", "vllm", ["serve", "m"]),
        ("timeout -k 5 60 docker stop w", "docker", ["stop", "w"]),  # DURATION is an operand
        ("timeout 60s kill 1", "kill", ["1"]),
        (
            "stdbuf -oL -e 0 python -m vllm.entrypoints.openai.api_server",
            "python",
            ["-m", "vllm.entrypoints.openai.api_server"],
        ),
        ("taskset -c 0-15 vllm serve m", "vllm", ["serve", "m"]),
        ("exec -a server /usr/bin/vllm serve m", "vllm", ["serve", "m"]),
        ("CUDA_VISIBLE_DEVICES=0 /opt/venv/bin/vllm serve m", "vllm", ["serve", "m"]),
        ("sudo", "", []),
        ("A=1 B=2", "", []),
        ("timeout 60", "", []),
    ],
)
def test_the_program_after_runners_and_their_options(
    line: str, program: str, rest: list[str]
) -> None:
    got, after = program_of(line.split())
    assert (got, list(after)) == (program, rest)


def test_env_split_string_holds_the_command() -> None:
    # env -S splits its value into the command's words (coreutils src/env.c)
    assert program_of(["env", "-S", "pkill -f vllm"]) == ("pkill", ["-f", "vllm"])
    assert program_of(["env", "--split-string=kill -9", "1"]) == ("kill", ["-9", "1"])
