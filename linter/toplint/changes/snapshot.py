"""The files of a base revision that a comparison reads, copied out of git's objects.

The pipeline reads files by path (and a file may name others: a config's ``hardware:``, a
script's ``source``), so the base revision's files are written, blob by blob, into a private
temporary folder laid out like the repository; nothing touches the work tree, its index or
HEAD.  The same read policy holds as for files on disk: only regular files (no symlink, no
submodule is followed), each within the source budget, the whole within a total budget.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence

from toplint.changes import git
from toplint.config.load import CONFIG_NAMES
from toplint.discover.files import SKIP_DIRS
from toplint.errors import UsageError
from toplint.infra.readpolicy import MAX_SOURCE_BYTES

# What one base revision may add to a run: files and bytes copied out of git.
MAX_FILES = 20_000
MAX_TOTAL_BYTES = 256 * 1024 * 1024
# Beyond the named paths, the data files a configuration may name (manifests, model configs).
_DATA_SUFFIXES = (".yaml", ".yml", ".json", ".toml")


class Snapshot:
    """A base revision's files under ``folder``; ``remove()`` deletes them."""

    def __init__(self, root: str, commit: str, folder: str, files: Sequence[str]) -> None:
        self.root = root
        self.commit = commit
        self.folder = folder
        self.files = frozenset(files)  # repository-relative paths written

    def path(self, rel: str) -> str:
        """Where the base revision's ``rel`` (repository-relative) was written."""
        return os.path.join(self.folder, *rel.split("/"))

    def relative(self, path: str) -> str | None:
        """``path`` under the snapshot as a repository-relative path, else None."""
        full = os.path.abspath(path)
        if not full.startswith(os.path.join(self.folder, "")):
            return None
        return os.path.relpath(full, self.folder).replace(os.sep, "/")

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def _wanted(entry: git.Entry, prefixes: Sequence[str]) -> bool:
    if entry.mode not in ("100644", "100755"):  # symlinks and submodules are not followed
        return False
    parts = entry.path.split("/")
    if any(p in ("", ".", "..") for p in parts):  # git refuses these; a crafted tree may not
        return False
    if any(p in SKIP_DIRS for p in parts[:-1]):
        return False
    if any(entry.path == p or entry.path.startswith(p + "/") or p == "" for p in prefixes):
        return True
    return parts[-1] in CONFIG_NAMES or parts[-1].lower().endswith(_DATA_SUFFIXES)


def take(root: str, commit: str, prefixes: Sequence[str]) -> Snapshot:
    """Write ``commit``'s files under ``prefixes`` (repository-relative; "" for all), and the
    configurations and data files elsewhere in its tree, into a new temporary folder."""
    chosen = [
        e for e in git.tree(root, commit) if _wanted(e, prefixes) and e.size <= MAX_SOURCE_BYTES
    ]
    if len(chosen) > MAX_FILES or sum(e.size for e in chosen) > MAX_TOTAL_BYTES:
        raise UsageError(
            f"--base: the paths hold more than {MAX_FILES} files or "
            f"{MAX_TOTAL_BYTES >> 20} MiB at the base revision; name fewer paths"
        )
    folder = tempfile.mkdtemp(prefix="toplint-base-")
    # The snapshot is its own repository for the read policy: references stay inside it.
    os.mkdir(os.path.join(folder, ".git"))
    snap = Snapshot(root, commit, folder, [e.path for e in chosen])
    by_sha: dict[str, list[str]] = {}
    for e in chosen:
        by_sha.setdefault(e.sha, []).append(e.path)
    try:
        for sha, data in git.blobs(root, list(by_sha)):
            for rel in by_sha[sha]:
                target = snap.path(rel)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "xb") as fh:
                    fh.write(data)
    except BaseException:
        snap.remove()
        raise
    return snap
