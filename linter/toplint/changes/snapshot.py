"""The files of a base revision that a comparison reads, copied out of git's objects.

The pipeline reads files by path (and a file may name others: a config's ``hardware:``, a
script's ``source``), so the base revision's files are written, blob by blob, into a private
temporary folder laid out like the repository; nothing touches the work tree, its index or
HEAD.  The same read policy holds as for files on disk: only regular files (no symlink, no
submodule is followed), each within the source budget, the whole within a total budget.
"""

from __future__ import annotations

import os
import posixpath
import shutil
import tempfile
from collections.abc import Sequence

from toplint.changes import git
from toplint.discover.files import SKIP_DIRS, wanted
from toplint.errors import UsageError
from toplint.infra.readpolicy import CONFIG_NAMES, MAX_SOURCE_BYTES

# What one base revision may add to a run: files and bytes copied out of git.
MAX_FILES = 20_000
MAX_TOTAL_BYTES = 256 * 1024 * 1024
# Data files a deployment or configuration may name (engine configs, model configs).
_DATA_SUFFIXES = (".yaml", ".yml", ".json", ".toml")
# Files a shell script may source besides scripts.
_SOURCED_SUFFIXES = (".env", ".inc", ".cfg", ".conf", ".ini", ".vars", ".rc")


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
        full = os.path.realpath(path)
        if not full.startswith(os.path.join(self.folder, "")):
            return None
        return os.path.relpath(full, self.folder).replace(os.sep, "/")

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def _regular(entry: git.Entry) -> bool:
    """A regular file within the source budget, at a path no folder of which is skipped."""
    if entry.mode not in ("100644", "100755") or entry.size > MAX_SOURCE_BYTES:
        return False  # symlinks and submodules are not followed
    parts = entry.path.split("/")
    if any(p in ("", ".", "..") for p in parts):  # git refuses these; a crafted tree may not
        return False
    return not any(p in SKIP_DIRS for p in parts[:-1])


def _under(path: str, prefix: str) -> bool:
    return prefix == "" or path == prefix or path.startswith(prefix + "/")


def _readable(path: str) -> bool:
    """What the pipeline may read under a named path: deployment files, configurations and
    data files, and the small files a script sources (``common.env``, ``vars.inc``)."""
    name = path.rsplit("/", 1)[-1]
    low = name.lower()
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    if wanted(name, folder) or name in CONFIG_NAMES or low.endswith(_DATA_SUFFIXES):
        return True
    return "." not in name or low.endswith(_SOURCED_SUFFIXES)


def _ancestor_configs(prefixes: Sequence[str]) -> set[str]:
    """Configuration paths in each named path's folders up to the root (the nearest one
    governs, as on disk)."""
    out: set[str] = set()
    for prefix in prefixes:
        parts = prefix.split("/") if prefix else []
        for depth in range(len(parts) + 1):
            folder = "/".join(parts[:depth])
            out.update(f"{folder}/{n}" if folder else n for n in CONFIG_NAMES)
    return out


def take(root: str, commit: str, prefixes: Sequence[str]) -> Snapshot:
    """Write ``commit``'s files under ``prefixes`` (repository-relative; "" for all), the
    configurations above them and the manifests those name, into a new temporary folder."""
    listed = git.tree(root, commit)
    entries = {e.path: e for e in listed if _regular(e)}
    # Named folders that existed at the base, though nothing in them is read (TL008 there too).
    folders = {p for p in prefixes if p and any(e.path.startswith(p + "/") for e in listed)}
    chosen = {
        path
        for path in entries
        if any(_under(path, p) for p in prefixes) and (_readable(path) or path in prefixes)
    }
    chosen |= _ancestor_configs(prefixes) & entries.keys()
    _check_budget([entries[p] for p in chosen])
    folder = os.path.realpath(tempfile.mkdtemp(prefix="toplint-base-"))
    # The snapshot is its own repository for the read policy: references stay inside it.
    os.mkdir(os.path.join(folder, ".git"))
    snap = Snapshot(root, commit, folder, sorted(chosen))
    try:
        _write(snap, [entries[p] for p in sorted(chosen)])
        for rel in folders:
            os.makedirs(snap.path(rel), exist_ok=True)
        named = _named_manifests(snap, chosen) & entries.keys()
        _write(snap, [entries[p] for p in sorted(named - chosen)])
        snap.files = frozenset(chosen | named)
    except BaseException:
        snap.remove()
        raise
    return snap


def _check_budget(chosen: Sequence[git.Entry]) -> None:
    if len(chosen) > MAX_FILES or sum(e.size for e in chosen) > MAX_TOTAL_BYTES:
        raise UsageError(
            f"--base: the paths hold more than {MAX_FILES} files or "
            f"{MAX_TOTAL_BYTES >> 20} MiB at the base revision; name fewer paths"
        )


def _write(snap: Snapshot, entries: Sequence[git.Entry]) -> None:
    by_sha: dict[str, list[str]] = {}
    for e in entries:
        by_sha.setdefault(e.sha, []).append(e.path)
    for sha, data in git.blobs(snap.root, list(by_sha)):
        for rel in by_sha[sha]:
            target = snap.path(rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "xb") as fh:
                fh.write(data)


def _named_manifests(snap: Snapshot, written: set[str]) -> set[str]:
    """The manifests (``hardware:``) the written configurations name, repository-relative."""
    from toplint.config.load import load_config
    from toplint.errors import ToplintError

    out = set()
    for rel in written:
        if rel.rsplit("/", 1)[-1] not in CONFIG_NAMES:
            continue
        try:
            hardware = load_config(snap.path(rel)).get("hardware")
        except ToplintError:
            continue  # the base revision's check reports it
        if isinstance(hardware, str) and hardware != "none":
            folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
            target = posixpath.normpath(posixpath.join(folder, hardware))
            if not target.startswith("../") and target != "..":
                out.add(target)
    return out
