"""Reading a git revision from git's objects: no checkout, no shell, a fixed argv.

Every call runs ``git`` with an argument vector toplint builds (never a shell, never a
command taken from the linted tree) and with the repository's configurable helpers that
could run a program switched off (``core.fsmonitor``, external diff and text conversion
drivers: ``git diff --no-ext-diff --no-textconv``; see git-config(1), git-diff(1)).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator, Sequence

from toplint.errors import UsageError
from toplint.record import record

# Options that keep git from running anything the repository's configuration names.
_SAFE = ("-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.quotepath=off")
_TIMEOUT_S = 120
# git's variables that say where the repository is (git(1), "Environment Variables").
_LOCATION = frozenset(
    {
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_COMMON_DIR",
        "GIT_INDEX_FILE",
        "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    }
)


@record
class Entry:
    """One file of a tree (``git ls-tree -r -l``): a regular file, symlink or submodule."""

    path: str  # relative to the repository root, forward slashes
    mode: str  # "100644", "100755", "120000" (symlink), "160000" (submodule)
    sha: str
    size: int  # bytes; -1 for a submodule


@record
class FileChange:
    """One line of ``git diff --find-renames --name-status``: what happened to a file."""

    status: str  # "A" added, "D" deleted, "M" modified, "R" renamed, "T" type changed, "C" copied
    old: str  # path at the base (repository-relative); "" when added
    new: str  # path in the work tree; "" when deleted


def _run(root: str, args: Sequence[str], stdin: bytes | None = None) -> bytes:
    argv = ["git", *_SAFE, "-C", root, *args]
    # Where the repository is (set by the user or by git for a hook) is kept; variables that
    # name programs or change what a command does (GIT_EXTERNAL_DIFF, GIT_PAGER, ...) are not.
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in _LOCATION}
    env["GIT_TERMINAL_PROMPT"] = "0"
    env["GIT_OPTIONAL_LOCKS"] = "0"  # reading never rewrites the index
    try:
        done = subprocess.run(
            argv,
            input=stdin,
            capture_output=True,
            check=False,
            env=env,
            timeout=_TIMEOUT_S,
        )
    except FileNotFoundError:
        raise UsageError("--base needs git on PATH") from None
    except subprocess.TimeoutExpired:
        raise UsageError(f"git {args[0]} took longer than {_TIMEOUT_S} s") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UsageError(f"git {args[0]}: {message[-1] if message else 'failed'}")
    return done.stdout


def repository_of(path: str) -> str:
    """The work tree holding ``path`` (absolute), or a usage error saying --base needs one."""
    folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path)) or "."
    try:
        out = _run(folder, ["rev-parse", "--show-toplevel"])
    except UsageError:
        raise UsageError(
            f"{path}: not inside a git work tree; --base compares with a git revision"
        ) from None
    return os.fsdecode(out.strip())


def resolve(root: str, rev: str) -> str:
    """The commit ``rev`` names (full hash); a usage error naming it when it names none."""
    if not rev or rev.startswith("-") or "\0" in rev:
        raise UsageError(f"--base {rev!r}: not a git revision")
    try:
        out = _run(
            root, ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"]
        )
    except UsageError:
        raise UsageError(
            f"--base {rev}: no such commit (a shallow clone needs `fetch-depth: 0` "
            "or `git fetch --deepen`)"
        ) from None
    return out.decode("ascii").strip()


def changed_files(root: str, commit: str) -> list[FileChange]:
    """Files the work tree changes against ``commit``, renames followed (git's 50% similarity),
    and untracked files that are not ignored."""
    out = _run(
        root,
        [
            "diff",
            "--no-ext-diff",
            "--no-textconv",
            "--find-renames",
            "--name-status",
            "-z",
            commit,
            "--",
        ],
    )
    fields = [os.fsdecode(f) for f in out.split(b"\0")]
    changes: list[FileChange] = []
    i = 0
    while i < len(fields) and fields[i]:
        status = fields[i][0]
        if status in "RC":
            old, new = fields[i + 1], fields[i + 2]
            i += 3
        else:
            path = fields[i + 1]
            old, new = ("" if status == "A" else path), ("" if status == "D" else path)
            i += 2
        changes.append(FileChange(status, old, new))
    # New files not yet added to git are part of the work tree's change too (pre-commit runs
    # before a commit; `git diff REV` lists only tracked files).
    untracked = _run(root, ["ls-files", "--others", "--exclude-standard", "-z", "--full-name"])
    changes += [FileChange("A", "", os.fsdecode(p)) for p in untracked.split(b"\0") if p]
    return changes


def tree(root: str, commit: str) -> list[Entry]:
    """Every file of ``commit``'s tree (recursively), with its size."""
    out = _run(root, ["ls-tree", "-r", "-l", "-z", "--full-tree", commit])
    entries = []
    for line in out.split(b"\0"):
        if not line:
            continue
        meta, _, path = line.partition(b"\t")
        mode, _kind, sha, size = meta.split()
        entries.append(Entry(os.fsdecode(path), mode.decode(), sha.decode(), _size(size)))
    return entries


def _size(text: bytes) -> int:
    return -1 if text == b"-" else int(text)


def blobs(root: str, shas: Sequence[str]) -> Iterator[tuple[str, bytes]]:
    """The contents of the blobs ``shas`` (``git cat-file --batch``: one process for all)."""
    if not shas:
        return
    out = _run(root, ["cat-file", "--batch"], stdin="".join(f"{s}\n" for s in shas).encode())
    at = 0
    for sha in shas:
        end = out.index(b"\n", at)
        header = out[at:end].split()
        if len(header) != 3 or header[1] != b"blob":
            raise UsageError(f"git cat-file: {sha}: not a blob")
        size = int(header[2])
        yield sha, out[end + 1 : end + 1 + size]
        at = end + 1 + size + 1
