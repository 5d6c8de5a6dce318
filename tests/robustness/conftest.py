"""A tree of hostile lint targets, built in a temporary directory, and a CLI runner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

# The marker a `!!python/object/apply` payload would create if anything were constructed.
SIDE_EFFECT = "pwned-marker"

GOOD_SCRIPT = "#!/bin/bash\nvllm serve some-org/unknown-model --tensor-parallel-size 2\n"

# name -> content of files that must each yield exactly one TL001.
MALFORMED: dict[str, bytes] = {
    "tabs.yaml": b"apiVersion: v1\nkind: Pod\nspec:\n\tcontainers: []\n",
    "indent.yaml": b"a:\n  b: 1\n c: 2\n",
    "unclosed.yaml": b"apiVersion: v1\nkind: Pod\nargs: [--tp, 8\n",
    "unclosed-brace.yml": b"services: {vllm: {image: x}\n",
    "alias-bomb.yaml": (
        "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 10))
    ).encode(),
    "deep.yaml": b"a: " + b"[" * 200 + b"]" * 200 + b"\n",
    "deeper-than-libyaml.yaml": b"[" * 5000 + b"]" * 5000 + b"\n",
    "python-tag.yaml": (
        b"kind: Pod\napiVersion: v1\nx: !!python/object/apply:os.system ['touch "
        + SIDE_EFFECT.encode()
        + b"']\n"
    ),
    "binary.yaml": b"apiVersion: v1\n\x00\x01\x02\xff",
    "latin1.yaml": b"kind: Pod\nname: caf\xe9\n",
    "binary.sh": b"\x7fELF\x02\x01\x01\x00\x00\x00",
    "latin1.sh": b"echo \xff\n",
    "huge.yaml": b"# padding\n" * (3 * 1024 * 1024),  # 30 MiB
    "quote.sh": b"#!/bin/sh\nvllm serve m --tensor-parallel-size '8\n",
    "dquote.sh": b'vllm serve "m --tp 8\n',
}

# Files that must not crash the run and must not produce TL001.
BENIGN: dict[str, bytes] = {
    "empty.yaml": b"",
    "comments.yaml": b"# only a comment\n# and another\n",
    "empty.sh": b"",
    "heredoc.sh": b"cat <<EOF\nvllm serve x --tp 'unbalanced\n",
}

# Fields of the wrong type: a parser may report the file (one TL001 naming the field) or skip it.
WRONG_TYPES: dict[str, bytes] = {
    "wrong-types.yaml": (
        b"apiVersion: apps/v1\nkind: Deployment\nmetadata: 5\nspec:\n  replicas: many\n"
        b"  template:\n    spec:\n      containers: not-a-list\n"
    ),
    "wrong-types-2.yaml": (
        b"apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: [1]\n      command: 7\n"
        b"      args: {a: b}\n      resources: {limits: [gpu]}\n"
    ),
    "compose-wrong.yaml": b"services:\n  vllm:\n    command: 12\n    deploy: [x]\n",
}

BENIGN.update(
    {
        "template.yaml": (
            b"apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: {{ .Values.replicas }}\n"
            b"{{- if .Values.x }}\n  foo: bar\n{{- end }}\n"
        ),
    }
)


def run_cli(args: list[str], cwd: Path, env: Mapping[str, str] | None = None) -> Any:
    full_env = {**os.environ, "TOPLINT_CACHE_DIR": str(cwd / ".cache"), **(env or {})}
    full_env.pop("TOPLINT_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "toplint", "check", *args],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        timeout=300,
        check=False,
    )


def build_tree(root: Path) -> Path:
    tree = root / "tree"
    tree.mkdir()
    for name, data in {**MALFORMED, **BENIGN, **WRONG_TYPES}.items():
        (tree / name).write_bytes(data)
    (tree / "good.sh").write_text(GOOD_SCRIPT)
    # A single line of megabytes, under the read limit: read, not reported.
    (tree / "long-line.yaml").write_text("k: " + "a" * 3_000_000 + "\n")
    os.mkfifo(tree / "fifo.yaml")
    (tree / "loop").mkdir()
    os.symlink("../loop", tree / "loop" / "again")  # a directory symlink loop
    os.symlink("missing.yaml", tree / "dangling.yaml")
    os.symlink("self.yaml", tree / "self.yaml")  # a file symlink loop
    return tree


@pytest.fixture(scope="session")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any, list[dict[str, Any]]]:
    """The tree, the completed CLI run over it, and its findings (JSON)."""
    root = tmp_path_factory.mktemp("hostile")
    build_tree(root)
    paths = ["tree", "tree/fifo.yaml", "tree/dangling.yaml", "tree/self.yaml"]
    proc = run_cli([*paths, "--format", "json"], cwd=root)
    findings = json.loads(proc.stdout)["findings"] if proc.stdout else []
    return root, proc, findings
