"""Every file toplint writes (reports, baselines, fixes) goes through ``write_file``.

The linted tree may hold a symlink where a report is written (``toplint.sarif`` pointing at
``~/.bashrc``), or a folder that is a symlink out of the tree (``reports -> /etc``).  So:

* the data goes to a new temporary file in the target's own folder, and ``os.replace`` renames
  it over the target: a symlink at the target is *replaced*, never written through;
* a target whose folder is reached through a symlink that leaves the tree is refused: the tree
  is the git work tree holding the folder as written (``.git`` found walking up the path as
  written, no link followed), else the current directory.

The rename also means a crash or a full disk never leaves half a report (docs/threat-model.md).
A target that is a device or a pipe (``--output sarif=/dev/null``, a named pipe a CI step reads)
is written into, never renamed over: renaming would put a regular file where ``/dev/null`` was.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

__all__ = ["WriteRefused", "check_target", "write_file"]


class WriteRefused(OSError):
    """A write the policy refused or the file system failed; ``str()`` says why, in words."""


def _lexical_root(folder: str) -> str:
    """The nearest folder at or above ``folder`` (absolute, links not followed) holding
    ``.git``; else the current directory."""
    here = folder
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return os.getcwd()
        here = parent


def check_target(path: str) -> str:
    """The target's folder (absolute); ``WriteRefused`` when it is reached through a link that
    leaves the tree holding it."""
    folder = os.path.dirname(os.path.abspath(path))
    real = os.path.realpath(folder)
    if real == folder:
        return folder
    root = os.path.realpath(_lexical_root(folder))
    if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        raise WriteRefused(
            "its folder is a symlink that leaves the tree; not written (name a path outside it)"
        )
    return folder


def write_file(
    path: str, data: bytes, mode: int | None = None, owner: tuple[int, int] | None = None
) -> None:
    """Write ``data`` to ``path`` by renaming a new file over it (a symlink there is replaced,
    not followed).  ``mode``: the new file's permission bits (default: as ``open`` would
    create it, 0o666 less the umask); ``owner``: its (uid, gid), where it differs from the
    writer's (a fix keeps the file's owner; only root may give a file away)."""
    folder = check_target(path)
    if os.path.isdir(path) and not os.path.islink(path):
        raise WriteRefused("is a directory")
    try:
        kind = os.lstat(path).st_mode
    except OSError:
        kind = 0
    if stat.S_ISCHR(kind) or stat.S_ISFIFO(kind):
        _write_into(path, data)
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", dir=folder)
    except OSError as exc:
        raise WriteRefused(f"cannot write in its folder: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _default_mode() if mode is None else stat.S_IMODE(mode))
        if owner is not None and hasattr(os, "chown") and owner != _owner(tmp):
            os.chown(tmp, *owner)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise WriteRefused(f"cannot write: {exc.strerror or exc}") from None


def _write_into(path: str, data: bytes) -> None:
    """Write ``data`` into a device or a pipe at ``path`` (no link followed, nothing created)."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise WriteRefused(f"cannot write: {exc.strerror or exc}") from None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:
        raise WriteRefused(f"cannot write: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _owner(path: str) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_uid, info.st_gid


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
