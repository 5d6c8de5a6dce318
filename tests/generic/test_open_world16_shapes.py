"""Shapes of set 16's development half (issue 24, round 16; tests/data/open_world16/SPLIT.md).

- a Python launcher that builds an SGLang argument vector and grows it flag by flag with
  ``cmd.append(...)`` before ``os.execvp`` (sebastian-napora/zaya-8b@ac83066
  zaya_sglang_server.py): ``append`` and ``extend`` grow a list as ``+=`` does, so the command
  is read once, with every flag, not once as a command and again as the options of its function;
- a systemd unit whose ``ExecStart=`` runs the repository's own script at the path it is
  installed to, the unit's ``WorkingDirectory=`` (Bitbull-Ideas/vllm.ornith-1.0-35b_spark@6139d33
  vllm.service: ``WorkingDirectory=/srv/vllm2``, ``ExecStart=/srv/vllm2/vllm-server.sh``): read
  from the unit's folder, as a relative word of the unit is.
"""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import parse_text
from toplint.parse.base import Source
from toplint.parse.text.systemd import SystemdUnitParser

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


def _unit(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    unit = tmp_path / "llm.service"
    unit.write_text(text)
    return SystemdUnitParser().parse(Source.from_text(str(unit), text))


def test_a_unit_runs_the_repository_script_installed_in_its_working_directory(
    tmp_path: Path,
) -> None:
    (tmp_path / "serve.sh").write_text("vllm serve org/m --tensor-parallel-size 2\n")
    text = (
        "[Service]\n"
        "WorkingDirectory=/srv/llm/\n"
        "Environment=PORT=8000\n"
        "ExecStart=/srv/llm/serve.sh\n"
    )
    (dep,) = _unit(tmp_path, text).deployments
    assert (dep.engine, dep.tp, dep.line) == ("vllm", 2, 4)
    assert dep.sources["tp"].path.endswith("serve.sh")


def test_a_path_outside_the_working_directory_is_not_moved(tmp_path: Path) -> None:
    (tmp_path / "serve.sh").write_text("vllm serve org/m --tensor-parallel-size 2\n")
    for directory in ("/srv/other", "%h/llm", "/srv/llm/sub"):
        text = f"[Service]\nWorkingDirectory={directory}\nExecStart=/srv/llm/serve.sh\n"
        assert _unit(tmp_path, text).deployments == ()
    # only the [Service] section's WorkingDirectory= counts
    text = "[Unit]\nWorkingDirectory=/srv/llm\n[Service]\nExecStart=/srv/llm/serve.sh\n"
    assert _unit(tmp_path, text).deployments == ()
