"""A real git repository in a temporary folder (never a mock): commits made with git."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from toplint.cli import main

MANIFEST = """\
version: 1
clusters:
  - name: h100
    nodes: 2
    gpu: H100-SXM-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvswitch, bandwidth: 450 GB/s}
    inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8, rdma: true}
"""
CONFIG = """\
hardware: hardware.yaml
cluster: h100
workload: {prompt_tokens: 4096, decode_batch: 8}
"""
MODEL = "meta-llama/Llama-3.1-70B-Instruct"


def serve(layout: str) -> str:
    return f"#!/bin/sh\nvllm serve {MODEL} {layout}\n"


def git(root: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=toplint-test",
            "-c",
            "user.email=t@example.invalid",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return done.stdout


def commit(root: Path, files: dict[str, str | None], message: str) -> None:
    """Write (or, for None, delete) ``files`` and commit them."""
    for name, text in files.items():
        path = root / name
        if text is None:
            git(root, "rm", "-q", name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        git(root, "add", name)
    git(root, "commit", "-q", "-m", message)


def project(root: Path) -> Path:
    """A repository whose first commit has a manifest, a configuration and two deployments:
    one already wrong (TP 16 across two nodes), one fine (TP 8 x PP 2)."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q")
    commit(
        root,
        {
            "toplint.yaml": CONFIG,
            "hardware.yaml": MANIFEST,
            "deploy/old.sh": serve("--tensor-parallel-size 16"),
            "deploy/serve.sh": serve("--tensor-parallel-size 8 --pipeline-parallel-size 2"),
        },
        "base",
    )
    return root


def check_in(root: Path, *args: str) -> int:
    """``toplint check ARGS`` run from inside ``root``, as CI and pre-commit run it; the
    working directory is restored after."""
    here = os.getcwd()
    os.chdir(root)
    try:
        return main(["check", *args])
    finally:
        os.chdir(here)
