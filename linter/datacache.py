"""toplint's own YAML data files (catalogs, measured tables), cached as JSON in the user cache.

Building the shipped catalogs with PyYAML costs 20-70 ms per process (``measured.yaml`` alone
about 45 ms), a large share of a one-file pre-commit check; ``json`` reads the same data about
30x faster.  An entry is keyed by the SHA-256 of the loader's name and the file's text, so an
edited file is never read stale, and is written atomically.  Mappings are stored as lists of
pairs so keys that are not strings (rank counts in ``measured.yaml``) come back as they were.
Linted files are never cached here.  The directory is ``$TOPLINT_CACHE_DIR``, else
``$XDG_CACHE_HOME/toplint``, else ``~/.cache/toplint``; ``toplint check --no-cache`` turns the
cache off, and any problem with it (unwritable, corrupt) just means loading the YAML.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["cache_dir", "cached_data", "set_enabled"]

_ENABLED = [True]
_MAP, _LIST = "m", "l"


def set_enabled(enabled: bool) -> None:
    """Turn the data cache on or off for this process (``--no-cache``)."""
    _ENABLED[0] = enabled


def cache_dir() -> Path:
    """The user cache directory of toplint."""
    if os.environ.get("TOPLINT_CACHE_DIR"):
        return Path(os.environ["TOPLINT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "toplint"


def cached_data(text: str, loader_name: str, load: Callable[[str], Any]) -> Any:
    """``load(text)``, from the cache when this loader has read this exact text before."""
    if not _ENABLED[0]:
        return load(text)
    digest = hashlib.sha256(f"{loader_name}\0{text}".encode()).hexdigest()
    path = cache_dir() / "data" / f"{digest}.json"
    try:
        return _decode(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        pass  # absent or unreadable: load and (re)write it
    data = load(text)
    _store(path, data)
    return data


def _store(path: Path, data: Any) -> None:
    try:
        text = json.dumps(_encode(data), separators=(",", ":"))
    except TypeError:
        return  # a value JSON cannot hold exactly: keep loading the YAML
    if _decode(json.loads(text)) != data:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError:
        return


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        return {_MAP: [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return {_LIST: [_encode(v) for v in value]}
    if value is None or isinstance(value, (str, int, float)):  # bool is an int
        return value
    raise TypeError(f"not plain data: {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if _MAP in value:
            return {_decode(k): _decode(v) for k, v in value[_MAP]}
        return [_decode(v) for v in value[_LIST]]
    return value
