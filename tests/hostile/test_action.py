"""Issue 30: the GitHub Action's own command on a fork's tree that holds every link trick
writes nothing outside the workspace and opens nothing outside the tree.

toplint runs under a Python audit hook (``open`` is raised by ``open()`` and ``os.open``, with
the path as given) that logs every file opened and every rename; the test resolves each logged
path as the run saw it and fails on any outside the repository (Python's own installation and
toplint's package data excepted)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from .conftest import run_toplint

# Started as the console script starts it: `from toplint.cli import main; main()`.
HOOK = """
import os, sys
log = open(sys.argv.pop(1), "w")
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)):
        path = os.fsdecode(args[0])
        log.write("open\\t" + os.path.realpath(path) + "\\n")
    elif event in ("os.rename", "os.replace"):
        folder = os.path.dirname(os.path.abspath(os.fsdecode(args[1])))
        log.write("write\\t" + os.path.realpath(folder) + "\\n")
    log.flush()
sys.addaudithook(hook)
from toplint.cli import main
sys.argv[0] = "toplint"
sys.exit(main())
"""

ACTION = ["check", ".", "--format", "github", "--output", "sarif=toplint.sarif"]
OUTSIDE_JSON = '{"tensor_parallel_size": 3, "num_hidden_layers": 7, "leaked_secret": 1}\n'


def _hostile_tree(repo: Path, outside: Path) -> None:
    (outside / "victim").write_text("keep me\n")
    (outside / "cfg.yaml").write_text("tensor-parallel-size: 3\nleaked_secret: 1\n")
    (outside / "config.json").write_text(OUTSIDE_JSON)
    (outside / "helper.sh").write_text("leaked_secret() { :; }\n")
    (outside / "serve.sh").write_text("vllm serve leaked_secret --tensor-parallel-size 2\n")
    (repo / "toplint.sarif").symlink_to(outside / "victim")  # the report path
    (repo / "models" / "m").mkdir(parents=True)
    (repo / "models" / "m" / "config.json").symlink_to(outside / "config.json")
    (repo / "cfg.yaml").symlink_to(outside / "cfg.yaml")
    (repo / "helper.sh").symlink_to(outside / "helper.sh")
    (repo / "linked.sh").symlink_to(outside / "serve.sh")  # a lint target that links out
    (repo / "linked-dir").symlink_to(outside)  # a folder that links out
    (repo / "serve.sh").write_text(
        "source ./helper.sh\n. ../outside/helper.sh\n"
        "vllm serve org/model --config cfg.yaml --tensor-parallel-size 2\n"
    )
    (repo / "k.sh").write_text("vllm serve org/model --tensor-paralel-size 2\n")
    plugin = repo / "evil-1.0.dist-info"
    plugin.mkdir()
    (plugin / "entry_points.txt").write_text("[toplint]\nevil = evilplugin\n")
    (plugin / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 1.0\n")
    (repo / "evilplugin.py").write_text(f"open({str(outside / 'pwned')!r}, 'w')\n")


def _outside_the_tree(log: Path, repo: Path, allowed: list[str]) -> list[str]:
    root = os.path.realpath(repo)
    bad = []
    for line in log.read_text().splitlines():
        kind, path = line.split("\t", 1)
        if path == root or path.startswith(root + os.sep):
            continue
        if kind == "open" and any(path.startswith(a) for a in allowed):
            continue
        bad.append(line)
    return bad


# The configuration tricks end the run with exit 2 (a configuration error, by design), so each
# is its own tree; without one the run lints every file.
CONFIGS = {
    "none": ("toplint.yaml", "hardware: none\n"),
    "model-folder": ("toplint.yaml", "hardware: none\nmodels:\n  org/model: models/m\n"),
    "pyproject-link": ("pyproject.toml", None),
}


@pytest.mark.slow
@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_the_actions_command_stays_inside_the_tree(tmp_path: Path, config: str) -> None:
    repo = tmp_path / "work" / "repo"
    (repo / ".git").mkdir(parents=True)
    outside = tmp_path / "work" / "outside"
    outside.mkdir()
    _hostile_tree(repo, outside)
    name, text = CONFIGS[config]
    if text is None:
        (outside / name).write_text('[tool.toplint]\nhardware = "leaked_secret"\nx = [\n')
        (repo / name).symlink_to(outside / name)
    else:
        (repo / name).write_text(text)
    script = tmp_path / "hook.py"
    script.write_text(HOOK)
    log = tmp_path / "opened.log"
    run = run_toplint([str(log), *ACTION], repo, launcher=[sys.executable, "-P", str(script)])
    assert "leaked_secret" not in run.output
    if config == "none":
        assert run.returncode == 1, run.output
        assert "TL009" in run.stdout and "tensor-paralel-size" in run.stdout
        sarif = json.loads((repo / "toplint.sarif").read_text())
        assert "leaked_secret" not in json.dumps(sarif)
        assert not (repo / "toplint.sarif").is_symlink()
    else:
        assert run.returncode == 2, run.output
        assert "outside the repository" in run.stderr
        assert ":3:" not in run.stderr  # no position inside the outside file
    expected = {"victim", "cfg.yaml", "config.json", "helper.sh", "serve.sh", name}
    assert {p.name for p in outside.iterdir()} <= expected
    assert (outside / "victim").read_text() == "keep me\n"
    allowed = sorted({os.path.realpath(p) for p in sys.path if p} | {sys.prefix, sys.base_prefix})
    allowed.append(os.path.realpath(tmp_path / "hook.py"))
    allowed.append(os.path.realpath(repo / ".toplint-cache"))
    assert _outside_the_tree(log, repo, allowed) == []
