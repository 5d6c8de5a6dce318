"""The GitHub Action's scripts, run as the runner would run them (bash, env from inputs) in a
real git repository: the markdown report reaches the job summary and, when asked, a
pull-request comment (``gh`` replaced by a recorder: no network in tests)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.changes.repo import MANIFEST, commit, git, project, serve
from toplint.infra.yamlsafe import load_data

ROOT = Path(__file__).resolve().parents[2]


def _steps() -> dict[str, dict[str, Any]]:
    action = load_data((ROOT / "action.yml").read_text(encoding="utf-8"), "action.yml")[0]
    return {step.get("name", ""): step for step in action["runs"]["steps"]}


def test_action_yml_is_yaml_and_its_scripts_are_bash() -> None:
    for step in _steps().values():
        if "run" in step:
            subprocess.run(["bash", "-n"], input=step["run"], text=True, check=True)


def _run(step: dict[str, Any], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_summary_and_comment_show_the_change(tmp_path: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    root = project(tmp_path / "repo")
    # Over a 100 Gb/s Ethernet network TP 16 across the two nodes runs but TP 8 x PP 2 on the
    # same GPUs is clearly faster: a warning (docs/severity.md; over InfiniBand it is info).
    ethernet = MANIFEST.replace(
        "infiniband, bandwidth: 400 Gb/s, nics_per_node: 8, rdma: true",
        "ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false",
    )
    assert ethernet != MANIFEST
    commit(root, {"hardware.yaml": ethernet}, "the cluster's network is Ethernet")
    commit(root, {"deploy/serve.sh": serve("--tensor-parallel-size 16")}, "TP 16")
    base = git(root, "rev-parse", "HEAD~1").strip()
    runner = tmp_path / "runner"
    runner.mkdir()
    bin_dir = runner / "bin"
    bin_dir.mkdir()
    calls = runner / "gh-calls"
    (bin_dir / "gh").write_text(f'#!/bin/sh\necho "$@" >> {calls}\n')
    (bin_dir / "gh").chmod(0o755)
    path = os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent), os.environ["PATH"]])
    env = {
        "PATH": path,
        "RUNNER_TEMP": str(runner),
        "GITHUB_OUTPUT": str(runner / "output"),
        "GITHUB_STEP_SUMMARY": str(runner / "summary.md"),
        "GITHUB_REPOSITORY": "o/r",
        "TOPLINT_PATHS": ".",
        "TOPLINT_ARGS": "",
        "TOPLINT_SARIF": str(runner / "toplint.sarif"),
        "TOPLINT_ANNOTATE": "true",
        "TOPLINT_BASE": "",
        "TOPLINT_PR_BASE": base,
        "TOPLINT_MARKDOWN": str(runner / "toplint-comment.md"),
        "TOPLINT_PR": "7",
        "GH_TOKEN": "x",
    }
    steps = _steps()
    ran = _run(steps["Run toplint"], root, env)
    assert ran.returncode == 0, ran.stderr
    assert "exit-code=1" in (runner / "output").read_text()
    assert "::warning file=deploy/serve.sh" in ran.stdout  # only what the change introduced
    assert "deploy/old.sh" not in ran.stdout
    assert _run(steps["Job summary"], root, env).returncode == 0
    summary = (runner / "summary.md").read_text(encoding="utf-8")
    assert "TP=8 PP=2 DP=1 → TP=16 PP=1 DP=1" in summary and "```mermaid" in summary
    done = _run(steps["Pull-request comment"], root, env)
    assert done.returncode == 0, done.stderr
    recorded = calls.read_text()
    assert "repos/o/r/issues/7/comments" in recorded and "-X POST" in recorded
    body = (runner / "toplint-comment-body.md").read_text(encoding="utf-8")
    assert body.startswith("<!-- toplint -->\n## ❌ toplint: 1 finding introduced")


def test_no_step_runs_python_from_the_workspace(tmp_path: Path) -> None:
    """``python -m X`` run from the workspace imports the pull request's ``X/`` folder first
    (issue 30): the Action runs the ``toplint`` program, installs with pip from the runner's
    temporary folder, and the pre-commit hook runs the program too.  A tree holding a ``pip``
    package is not run by the install step."""
    steps = _steps()
    scripts = {name: str(step.get("run", "")) for name, step in steps.items()}
    assert not any("-m toplint" in run for run in scripts.values())
    assert "toplint check $TOPLINT_PATHS" in scripts["Run toplint"]
    for name, run in scripts.items():
        if "python" in run:
            assert 'cd "$RUNNER_TEMP"' in run.split("python", 1)[0], name
            assert steps[name]["env"].get("PYTHONSAFEPATH") == "1", name
    hooks = load_data((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"), "hooks")[0]
    assert [(h["entry"], h["language"]) for h in hooks] == [("toplint check", "python")]

    tree, temp = tmp_path / "workspace", tmp_path / "runner-temp"
    (tree / "pip").mkdir(parents=True)
    temp.mkdir()
    marker = tmp_path / "ran-the-tree's-pip"
    (tree / "pip" / "__init__.py").write_text("")  # a regular package: it wins over pip's
    (tree / "pip" / "__main__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "python").symlink_to(sys.executable)
    install = steps["Install toplint"]
    env = {
        **{k: str(v) for k, v in install.get("env", {}).items() if "${{" not in str(v)},
        "PATH": f"{shim}{os.pathsep}{os.environ['PATH']}",
        "RUNNER_TEMP": str(temp),
        "TOPLINT_VERSION": "0.0.0.dev0-never",
        "GITHUB_ACTION_PATH": str(ROOT),
        "PIP_NO_INDEX": "1",
    }
    _run(install, tree, env)  # pip fails: no index, no such version
    assert not marker.exists()
