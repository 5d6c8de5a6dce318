"""Find the files toplint reads and read them as text."""

from __future__ import annotations

import fnmatch
import os
import sys
from collections.abc import Iterable, Sequence

from toplint.model import Finding
from toplint.parse.base import Source
from toplint.parse.run import unparsable

# File kinds read when walking a directory (explicitly named files are always read).
SUFFIXES = (".sh", ".bash", ".zsh", ".yaml", ".yml", ".json")
NAMES = ("dockerfile", "containerfile")
SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox"}
STDIN = "-"
MAX_BYTES = 64 * 1024 * 1024  # larger files are reported as TL001, not read


def wanted(name: str) -> bool:
    low = name.lower()
    return low.endswith(SUFFIXES) or low.startswith(NAMES) or low.endswith(".dockerfile")


def _excluded(path: str, exclude: Sequence[str]) -> bool:
    norm = path.replace(os.sep, "/").removeprefix("./")
    parts = norm.split("/")
    return any(
        fnmatch.fnmatch(norm, pat) or any(fnmatch.fnmatch(p, pat) for p in parts) for pat in exclude
    )


def discover(paths: Iterable[str], exclude: Sequence[str] = ()) -> list[str]:
    """Files to lint, sorted, without duplicates.  Symlinked directories are not followed
    (no loops); unreadable directories are skipped."""
    found: set[str] = set()
    for path in paths:
        if path == STDIN:
            found.add(STDIN)
        elif os.path.isdir(path):
            for root, dirs, files in os.walk(path, onerror=None, followlinks=False):
                dirs[:] = sorted(
                    d
                    for d in dirs
                    if d not in SKIP_DIRS and not _excluded(os.path.join(root, d), exclude)
                )
                for name in files:
                    full = os.path.join(root, name)
                    if wanted(name) and not _excluded(full, exclude) and not os.path.islink(full):
                        found.add(full)
        elif not _excluded(path, exclude):
            found.add(path)
    return sorted(found)


def read_source(path: str) -> Source | Finding:
    """The file as text, or a TL001 finding saying why it cannot be read."""
    try:
        if path == STDIN:
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return unparsable(path, "no such file")
    except IsADirectoryError:
        return unparsable(path, "is a directory")
    except OSError as exc:
        return unparsable(path, f"cannot read: {exc.strerror or exc}")
    if len(data) > MAX_BYTES:
        return unparsable(path, f"larger than {MAX_BYTES // (1024 * 1024)} MiB; not read")
    if b"\0" in data[:8192]:
        return unparsable(path, "binary file (NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return unparsable(path, f"not valid UTF-8 (byte {data[exc.start]:#04x})", line, col)
    return Source.from_text("<stdin>" if path == STDIN else path, text.replace("\r\n", "\n"))
