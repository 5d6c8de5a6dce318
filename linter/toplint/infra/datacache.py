"""toplint's own data files (catalogs, measured tables, YAML rules), cached in the user cache.

Building the shipped catalogs with PyYAML costs 20-70 ms per process (``measured.yaml`` alone
about 45 ms), a large share of a one-file pre-commit check. The loaded data is stored with
:mod:`marshal` (the format of Python's own bytecode cache: built in, nothing to import, and
several times faster to read than JSON), in a folder per interpreter (``cache_tag`` and marshal
version). An entry is keyed by toplint's version, the loader (its name, which carries a version
tag bumped when what it returns or checks changes), what else decides its result (``depends``:
the schema a rule is validated against, the facts it may name) and the file's text, through
two checksums (CRC-32 and Adler-32, with the length: 64 bits from ``zlib``, which costs 0.4 ms
to import where ``hashlib`` costs 5 ms). So an edited file, a tightened schema or a newer
toplint is never answered from a stale entry. Entries are written atomically. These
are toplint's own files (and plugins' rule files), not input an attacker chooses. Only plain
data (dicts, lists, tuples, strings, numbers, booleans, None) that reads back equal is stored.
Linted files are never cached here. The directory is ``$TOPLINT_CACHE_DIR``, else
``$XDG_CACHE_HOME/toplint``, else ``~/.cache/toplint``; ``toplint check --no-cache`` turns the
cache off, and any problem with it (unwritable, corrupt, an entry of another shape, a FIFO)
just means loading the YAML and rewriting the entry.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from collections.abc import Callable
from typing import Any

import toplint  # read at each use (toplint.__version__): a test runs as another release
from toplint.infra.readpolicy import ReadRefused, read_bytes

__all__ = ["cache_dir", "cached_data", "set_enabled"]

_ENABLED = [True]
_PLAIN = (str, int, float, type(None))  # bool is an int
# "data2": entries carry a stamp (versions before it trusted any entry and never read these).
_FOLDER = f"data2-{sys.implementation.cache_tag}-m{marshal.version}"
# An entry is ((magic, toplint version, loader name, len(depends), len(text)), data).
_MAGIC = "toplint-cache-3"
_MAX_ENTRY_BYTES = 64 * 1024 * 1024  # the shipped catalogs marshal to a few MB


def set_enabled(enabled: bool) -> None:
    """Turn the data cache on or off for this process (``--no-cache``)."""
    _ENABLED[0] = enabled


def cache_dir() -> str:
    """The user cache directory of toplint."""
    if os.environ.get("TOPLINT_CACHE_DIR"):
        return os.environ["TOPLINT_CACHE_DIR"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "toplint")


def cached_data(text: str, loader_name: str, load: Callable[[str], Any], depends: str = "") -> Any:
    """``load(text)``, from the cache when this loader, with the same ``depends`` (anything
    else its result depends on, such as a schema's text), has read this exact text before."""
    if not _ENABLED[0]:
        return load(text)

    version = toplint.__version__
    blob = f"{version}\0{loader_name}\0{depends}\0{text}".encode("utf-8", "surrogatepass")
    digest = f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}{len(blob):x}"
    label = "".join(c if c.isalnum() or c in "-_." else "_" for c in loader_name)[:40]
    path = os.path.join(cache_dir(), _FOLDER, f"{label}-{digest}.marshal")
    stamp = (_MAGIC, version, loader_name, len(depends), len(text))

    try:
        entry = marshal.loads(read_bytes(path, _MAX_ENTRY_BYTES))
        # An entry of another shape (another version's, a truncated or foreign file) is a miss.
        if type(entry) is tuple and len(entry) == 2 and entry[0] == stamp:
            return entry[1]
    except (ReadRefused, ValueError, EOFError, TypeError):
        pass  # absent, unreadable or not a regular file (a FIFO): load and (re)write it
    data = load(text)
    _store(path, stamp, data)
    return data


def _store(path: str, stamp: tuple[str, str, str, int, int], data: Any) -> None:
    if not _plain(data):
        return  # a value marshal would not hold exactly: keep loading the YAML
    blob = marshal.dumps((stamp, data))
    if marshal.loads(blob) != (stamp, data) or len(blob) > _MAX_ENTRY_BYTES:
        return
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as handle:
            handle.write(blob)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return type(value) in _PLAIN or isinstance(value, bool)
