"""Shapes of set 16's development half (issue 24, round 16; tests/data/open_world16/SPLIT.md).

- a Python launcher that builds an SGLang argument vector and grows it flag by flag with
  ``cmd.append(...)`` before ``os.execvp`` (sebastian-napora/zaya-8b@ac83066
  zaya_sglang_server.py): ``append`` and ``extend`` grow a list as ``+=`` does, so the command
  is read once, with every flag, not once as a command and again as the options of its function.
"""

from __future__ import annotations

from tests.parse.helpers import parse_text

GROWN = """\
import os
import sys

def main():
    tp = os.environ.get("TP", "2")
    cmd = [sys.executable, "-m", "sglang.launch_server", "--model-path", "org/m"]
    cmd.append("--tp-size")
    cmd.append(tp)
    cmd.extend(["--dp-size", "2"])
    if os.environ.get("EAGER") == "1":
        cmd.append("--disable-cuda-graph")
    os.execvp(sys.executable, cmd)

if __name__ == "__main__":
    main()
"""


def test_append_and_extend_grow_an_argument_vector_as_plus_equals_does() -> None:
    (dep,) = parse_text("serve.py", GROWN).deployments
    assert (dep.engine, dep.model, dep.tp, dep.dp) == ("sglang", "org/m", 2, 2)
    assert (dep.sources["tp"].line, dep.sources["dp"].line) == (7, 9)  # where each flag is
    assert dep.options.get("disable_cuda_graph") == "true"


def test_append_on_anything_but_a_list_is_left_as_a_call() -> None:
    text = (
        "import subprocess\n"
        "seen = {}\n"
        "seen.append('--tp-size')\n"  # not a list: no growth, and no crash
        "cmd = ['vllm', 'serve', 'org/m']\n"
        "cmd.append('--tensor-parallel-size', '4')\n"  # two arguments: not list.append
        "subprocess.run(cmd)\n"
    )
    (dep,) = parse_text("run.py", text).deployments
    assert (dep.engine, dep.tp) == ("vllm", 1)
