"""What toplint may read, and how much: the one place that decides (docs/threat-model.md).

toplint reads

* the paths it was given on the command line (files, and files found under directories);
* the manifest, configuration, baseline and topology files named on the command line;
* files *referenced* by a linted file or an auto-discovered configuration (an engine's
  ``--config FILE``, ``--extra_llm_api_options``, ``--extra-engine-args``, a config's
  ``hardware:`` or ``models:`` path) only when they resolve, symlinks followed, inside the
  repository the referencing file belongs to: the git work tree (the nearest folder above it
  holding ``.git``), else the folder of the nearest toplint configuration, else the outermost
  folder named on the command line that holds the referencing file (a named file counts as
  its folder), else the referencing file's own folder.

Whatever is read must be a regular file (never a FIFO, device or directory: opening one must
not block, reading one must not run forever) no larger than its budget.  A refused read says
why without quoting the file.
"""

from __future__ import annotations

import errno
import os
import posixpath
import stat
import sys
from typing import TYPE_CHECKING, Any

from toplint.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

__all__ = [
    "CONFIG_NAMES",
    "MAX_DATA_BYTES",
    "MAX_SOURCE_BYTES",
    "OUTSIDE",
    "ReadRefused",
    "config_in",
    "find_config_path",
    "inside_root",
    "name_targets",
    "read_bytes",
    "read_pyproject",
    "read_reference",
    "read_text",
    "reference_root",
    "repository_root",
    "resolve_reference",
    "start_dir",
]

# Budgets (docs/threat-model.md, "Budgets").  Lint targets: the YAML size limit
# (toplint.yamlsafe.Limits explains the figure); the shell lexer reads about 1 MB/s, so
# 4 MiB is a few seconds.  Everything else toplint reads (manifests, configurations,
# baselines, topology dumps, engine configs, cache entries) is hand-written or small.
MAX_SOURCE_BYTES = 4 * 1024 * 1024
MAX_DATA_BYTES = 4 * 1024 * 1024

# The message of a reference that resolves outside the repository (never the file's content).
OUTSIDE = "referenced file outside the repository: not read"


class ReadRefused(OSError):
    """A read the policy refused or the file system failed: ``reason`` says why, in words."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def read_bytes(path: str, limit: int = MAX_DATA_BYTES, root: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``ReadRefused`` otherwise.

    This is the one function through which toplint opens a file.  ``root`` (a real path):
    the file must lie inside it; the check is made on the final path, every link resolved,
    before a byte is read (``OUTSIDE`` otherwise), and that resolved path is what is opened,
    with ``O_NOFOLLOW`` (a last component swapped for a link since is not followed).
    O_NONBLOCK: opening a FIFO must not wait for a writer.  The size is checked on the open
    descriptor and the read is bounded too (a file growing, or a sparse or proc file whose
    size lies, cannot make it larger).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if root is not None:
        real = os.path.realpath(path)
        if not (real == root or real.startswith(root.rstrip(os.sep) + os.sep)):
            raise ReadRefused(path, OUTSIDE)
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path if root is None else real, flags)
    except FileNotFoundError:
        dangling = " (dangling symlink)" if os.path.islink(path) else ""
        raise ReadRefused(path, f"no such file{dangling}") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ReadRefused(path, "cannot read: symlink loop") from None
        raise ReadRefused(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ReadRefused(path, f"not a regular file ({_kind(info.st_mode)}); not read")
        if info.st_size > limit:
            raise ReadRefused(path, too_large(info.st_size, limit))
        data = _read_at_most(fd, info.st_size, limit + 1)
    except ReadRefused:
        raise
    except OSError as exc:
        raise ReadRefused(path, f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ReadRefused(path, too_large(len(data), limit))
    return data


def _read_at_most(fd: int, size: int, most: int) -> bytes:
    """Up to ``most`` bytes from ``fd`` until end of file.  The first read asks for the size
    ``fstat`` gave plus one (a file that grew, or a proc file whose size is 0, reads on in
    64 KiB steps), so a small file costs one system call and no buffered file object."""
    chunks: list[bytes] = []
    total = 0
    want = min(size + 1, most)
    while total < most:
        chunk = os.read(fd, want)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        want = min(65536, most - total)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_text(path: str, limit: int = MAX_DATA_BYTES, root: str | None = None) -> str:
    """``read_bytes`` decoded as UTF-8 (a BOM dropped); ``ReadRefused`` when it is not UTF-8."""
    data = read_bytes(path, limit, root)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReadRefused(path, f"not valid UTF-8 (byte {data[exc.start]:#04x})") from None


def too_large(size: int, limit: int) -> str:
    return (
        f"file is {size / 2**20:.2f} MiB, larger than the {limit / 2**20:g} MiB "
        "read limit; not read"
    )


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


_ROOTS: dict[str, str | None] = {}


def repository_root(folder: str) -> str | None:
    """The git work tree holding ``folder`` (real path), or None.  Remembered per folder."""
    folder = os.path.realpath(folder)
    if folder in _ROOTS:
        return _ROOTS[folder]
    found: str | None = None
    here = folder
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            found = here
            break
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    _ROOTS[folder] = found
    return found


# Real paths of the folders named on the command line (a named file: its folder), shortest
# first: outside git and without a configuration, the tree the user asked to lint is the
# repository.  Set by ``name_targets`` before files are read (forked workers inherit it).
_NAMED: list[str] = []


def name_targets(paths: Iterable[str]) -> None:
    """Remember the lint targets named on the command line (``reference_root``'s last resort
    before the referring file's own folder).  The current directory is deliberately not one:
    CI may run toplint from ``/`` or a home folder, which would let the tree name any file."""
    folders = {
        os.path.realpath(p if os.path.isdir(p) else os.path.dirname(p) or ".")
        for p in paths
        if p != "-"
    }
    _NAMED[:] = sorted(folders, key=len)


def reference_root(referrer: str) -> str:
    """The folder that files referenced from ``referrer`` must resolve inside (real path)."""
    folder = os.path.dirname(os.path.abspath(referrer)) or "."
    root = repository_root(folder)
    if root is not None:
        return root
    config = find_config_path(folder)
    if config:
        return os.path.realpath(os.path.dirname(os.path.abspath(config)))
    return next((named for named in _NAMED if inside_root(folder, named)), os.path.realpath(folder))


def inside_root(path: str, root: str) -> bool:
    """True when ``path``, every symlink resolved, lies inside ``root`` (a real path)."""
    real = os.path.realpath(path)
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def resolve_reference(referrer: str, ref: str, root: str | None = None) -> str:
    """The path a reference written in ``referrer`` names (relative to its folder).

    ``ReadRefused`` with ``OUTSIDE`` when it resolves outside ``root`` (default: the
    referrer's ``reference_root``): absolute, ``../`` or through a symlink.  A ``~`` is not
    expanded: the linted tree does not choose files in the home folder.
    """
    full = os.path.join(os.path.dirname(referrer), ref)
    if not inside_root(full, root or reference_root(referrer)):
        raise ReadRefused(full, OUTSIDE)
    return full


def shown_path(path: str) -> str:
    """A joined reference as a user writes it: ``a/./b`` and ``a/x/../b`` collapsed, a leading
    ``./`` (the form the user named the linted file in) kept."""
    lead = "./" if path.startswith("./") else ""
    return lead + posixpath.normpath(path[len(lead) :])


def read_reference(referrer: str, ref: str, limit: int = MAX_DATA_BYTES) -> tuple[str, str]:
    """The path and text of a file a linted file references (``resolve_reference``), checked
    again at the read itself (``read_text`` with the root)."""
    root = reference_root(referrer)
    full = resolve_reference(referrer, ref, root)
    return full, read_text(full, limit, root)


# The nearest configuration is a repository root (``reference_root``), so finding it is part of
# the read policy; ``toplint.config.load`` loads what is found here.
CONFIG_NAMES = ("toplint.yaml", ".toplint.yaml", "pyproject.toml")


def read_first(
    referrer: str, refs: Iterable[str], limit: int = MAX_DATA_BYTES
) -> tuple[str, str] | None:
    """(the path as shown, its text) of the first of ``refs`` that ``read_reference`` may read
    and can, else None (a reference refused or absent is passed over)."""
    for ref in refs:
        try:
            path, text = read_reference(referrer, ref, limit)
        except (ReadRefused, OSError):
            continue
        return shown_path(path), text
    return None


def read_pyproject(path: str, root: str | None = None) -> tuple[Mapping[str, Any] | None, str]:
    """The ``[tool.toplint]`` table (None when absent) and the file's text.

    ``root``: an auto-discovered file must lie inside it, links resolved, checked before a
    byte is read.  A file whose text never says ``toplint`` (nor a TOML escape that could
    spell it) has no such table and is not parsed: another project's ``pyproject.toml``, with
    its 5,000-digit integers or 200,000 nested arrays, is not toplint's to read.
    """
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    try:
        text = read_text(path, root=root)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    if "toplint" not in text and "\\u" not in text and "\\U" not in text:
        return None, text
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except ValueError as exc:  # an integer beyond int()'s digit limit, and the like
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: cannot read: nested too deeply") from None
    tool = data.get("tool")
    section = tool.get("toplint") if isinstance(tool, dict) else None
    return (section if isinstance(section, dict) else None), text


def start_dir(start: str) -> str:
    if start in ("", "-"):
        return os.path.abspath(".")
    return os.path.abspath(start if os.path.isdir(start) else os.path.dirname(start) or ".")


def config_in(folder: str) -> str | None:
    for name in CONFIG_NAMES:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            if name == "pyproject.toml":
                root = repository_root(folder) or os.path.realpath(folder)
                if not inside_root(candidate, root):  # refused unread, as load_config would
                    raise ConfigError(f"{candidate}: {OUTSIDE} (a symlink that leaves {root})")
                if read_pyproject(candidate, root)[0] is None:
                    continue
            return candidate
    return None


def find_config_path(start: str) -> str | None:
    """The nearest configuration file above ``start`` (a file or directory), or None."""
    here = start_dir(start)
    while True:
        found = config_in(here)
        if found:
            return found
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent
