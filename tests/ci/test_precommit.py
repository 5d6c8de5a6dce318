"""A real ``pre-commit try-repo`` of this checkout's hook in a throw-away git repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# A real pre-commit run installs the hook into its own environment (~15 s): run by .ci/run.
pytestmark = pytest.mark.slow


def _git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid"}
    env.update(GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clone of the checkout's HEAD: try-repo installs the hook from committed files."""
    pytest.importorskip("pre_commit", reason="pre-commit is in the test extra")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    clone = tmp_path_factory.mktemp("hook") / "toplint"
    _git(ROOT, "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone))
    return clone


def _try_repo(
    project: Path, hook_repo: Path, home: Path, *which: str
) -> subprocess.CompletedProcess[str]:
    """``which``: the files to pass (``--files …``, as a commit would); default all."""
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "try-repo",
            str(hook_repo),
            "toplint",
            "--verbose",
            *(which or ("--all-files",)),
        ],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


def _project(path: Path, script: str) -> Path:
    path.mkdir()
    _git(path, "init", "--quiet")
    (path / "serve.sh").write_text(script)
    # No manifest, on purpose: otherwise TL007 (not checked against hardware) fails the hook.
    (path / "toplint.yaml").write_text("hardware: none\n")
    (path / "notes.txt").write_text("# toplint: ignore[TL101]\nnot read: not a deployment file\n")
    _git(path, "add", ".")
    return path


def test_hook_runs_in_pre_commit_try_repo(hook_repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "pre-commit-home"
    bad = _project(
        tmp_path / "bad",
        "# toplint: ignore[TL101]\nvllm serve meta-llama/Meta-Llama-3.1-70B-Instruct -tp 4\n",
    )
    failed = _try_repo(bad, hook_repo, home)
    log = failed.stdout + failed.stderr
    if "An unexpected error has occurred" in log and "install" in log.lower():
        pytest.skip(f"pre-commit could not install the hook environment offline:\n{log[-2000:]}")
    assert failed.returncode == 1, log
    assert "serve.sh:1:1: TL002" in log
    assert "notes.txt" not in log  # types_or keeps non-deployment files out

    good = _project(
        tmp_path / "good",
        "# toplint: ignore[TL101] single node lab\n"
        "vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct -tp 4\n",
    )
    passed = _try_repo(good, hook_repo, home)
    assert passed.returncode == 0, passed.stdout + passed.stderr


@pytest.mark.slow
def test_hook_rechecks_the_deployments_of_a_changed_manifest(
    hook_repo: Path, tmp_path: Path
) -> None:
    """A commit that changes only the manifest (two nodes become one): pre-commit passes just
    hardware.yaml, and the hook still checks the deployment that no longer fits on it."""
    project = tmp_path / "manifest"
    project.mkdir()
    _git(project, "init", "--quiet")
    (project / "toplint.yaml").write_text("hardware: hardware.yaml\ncluster: h100\n")
    (project / "hardware.yaml").write_text(
        "version: 1\nclusters:\n  - name: h100\n    nodes: 1\n    gpu: H100-SXM-80GB\n"
        "    gpus_per_node: 8\n    intra_node: {fabric: nvswitch, bandwidth: 450 GB/s}\n"
        "    inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8, rdma: true}\n"
    )
    (project / "serve.sh").write_text(
        "vllm serve meta-llama/Llama-3.1-70B-Instruct "
        "--tensor-parallel-size 8 --pipeline-parallel-size 2\n"
    )
    _git(project, "add", ".")
    done = _try_repo(project, hook_repo, tmp_path / "home", "--files", "hardware.yaml")
    log = done.stdout + done.stderr
    if "An unexpected error has occurred" in log and "install" in log.lower():
        pytest.skip(f"pre-commit could not install the hook environment offline:\n{log[-2000:]}")
    assert done.returncode == 1, log
    assert "serve.sh:1:" in log and "TL201" in log
    assert "is the configuration" not in log and "checking the deployments under" in log
