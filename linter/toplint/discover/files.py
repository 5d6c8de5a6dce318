"""Find the files toplint reads and read them as text."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence

from toplint.discover.source import YAML_TEMPLATE_SUFFIXES, Source
from toplint.infra.globs import globs
from toplint.infra.readpolicy import MAX_SOURCE_BYTES, ReadRefused, read_bytes, too_large
from toplint.model import Finding, unparsable

# File kinds read when walking a directory (explicitly named files are always read).
# Python apps are read, never run, and Makefile includes too; Terraform and Nomad files (HCL) are
# looked at for the engines they name, systemd service units for the commands they start, justfile
# recipes like Makefile ones, Nix modules for the containers they run (issue 24); TOML files for
# the platforms configured in it (Cerebrium's cerebrium.toml `entrypoint`, Fly's fly.toml `cmd`):
# a file named explicitly was read already, a walk had skipped them (a pyproject.toml that only
# depends on an engine yields nothing).
SUFFIXES = (
    *(".sh", ".bash", ".zsh", ".yaml", ".yml", ".json", ".slurm", ".sbatch", ".pbs", ".lsf"),
    *(".py", ".mk", ".tf", ".hcl", ".nomad", ".service", ".just", ".nix", ".toml"),
    # a Jupyter notebook's code cells (read as JSON, never run: ``parse.generic.notebook``)
    ".ipynb",
    # a job script's or a unit's Jinja template (an Ansible role's `templates/serve.sh.j2`,
    # `templates/vllm.service.j2`)
    *(".sh.j2", ".bash.j2", ".slurm.j2", ".sbatch.j2", ".service.j2"),
    # a manifest's template, read as the YAML it renders (``source.YAML_TEMPLATE_SUFFIXES``)
    *(f"{yaml}{tpl}" for yaml in (".yaml", ".yml") for tpl in YAML_TEMPLATE_SUFFIXES),
)
NAMES = ("dockerfile", "containerfile", "makefile", "gnumakefile", "serving.properties", "justfile")
NAMES_DOT = (".justfile",)
SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox"}
STDIN = "-"
# Larger files are reported as TL001, not read (the budget is toplint.infra.readpolicy's).
MAX_BYTES = MAX_SOURCE_BYTES


# A picture or a page about a Dockerfile or Makefile (``dockerfile.png`` in a guide's images,
# GoogleCloudPlatform/accelerated-platforms@9320f3b docs/guides/): named like one, never one.
NOT_TEXT = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".ico", ".pdf", ".md", ".html")


def wanted(name: str, folder: str = "") -> bool:
    low = name.lower()
    return (
        low.endswith(SUFFIXES)
        or (low.startswith(NAMES) and not low.endswith(NOT_TEXT))
        or low.endswith(".dockerfile")
        or low in NAMES_DOT
        or supervisor_config(name, folder)
    )


def supervisor_config(name: str, folder: str = "") -> bool:
    """A supervisord configuration by its name or folder (``supervisord.conf``,
    ``supervisor/conf.d/vllm.conf``, ``supervisord.d/app.ini``): supervisord's own places
    (supervisor docs, "Configuration File": ``supervisord.conf``, ``[include] files =
    /etc/supervisor/conf.d/*.conf``).  Any other ``.conf``/``.ini`` (nginx's, an app's) is not
    walked into."""
    low = name.lower()
    if not low.endswith((".conf", ".ini")):
        return False
    parent, grand = _last_two(folder)
    return (
        "supervisor" in low
        or "supervisor" in parent
        or (parent == "conf.d" and "supervisor" in grand)
    )


def _last_two(folder: str) -> tuple[str, str]:
    """The lower-cased names of a folder and of the folder it is in."""
    parts = folder.replace("\\", "/").rstrip("/").lower().split("/")
    return parts[-1], parts[-2] if len(parts) > 1 else ""


def _excluded(path: str, exclude: Sequence[str]) -> bool:
    if not exclude:
        return False
    norm = path.replace(os.sep, "/").removeprefix("./")
    matcher = globs(tuple(exclude))  # compiled once per configuration, not per file
    return matcher.any(norm) or any(matcher.any(p) for p in norm.split("/"))


# Directories a walk could not list, and why: ``read_source`` reports each as TL001 (it is in
# the list ``discover`` returns), so an unreadable folder is never a silent "All checks passed".
_UNREADABLE: dict[str, str] = {}


def is_unlisted_folder(path: str) -> bool:
    """Whether ``discover`` returned ``path`` as a folder it could not list (not a file)."""
    return path in _UNREADABLE


def discover(paths: Iterable[str], exclude: Sequence[str] = ()) -> list[str]:
    """Files to lint, sorted, without duplicates.  Symlinked directories are not followed
    (no loops); a directory that cannot be listed is returned itself, to be reported."""
    found: set[str] = set()
    for path in paths:
        if path == STDIN:
            found.add(STDIN)
        elif os.path.isdir(path):
            _walk(path, exclude, found)
        elif not _excluded(path, exclude):
            found.add(path)
    return sorted(found)


def _walk(top: str, exclude: Sequence[str], found: set[str]) -> None:
    """``os.walk`` without its recursion (a 1,100-level tree overflowed the stack)."""
    stack = [top]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError as exc:
            _UNREADABLE[folder] = exc.strerror or str(exc)
            found.add(folder)
            continue
        folders = []
        for entry in entries:
            full = os.path.join(folder, entry.name)
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                if entry.name not in SKIP_DIRS and not _excluded(full, exclude):
                    folders.append(full)
            elif (
                wanted(entry.name, folder)
                and not _excluded(full, exclude)
                and not entry.is_symlink()
            ):
                found.add(full)
        stack.extend(sorted(folders, reverse=True))


def read_source(path: str) -> Source | Finding:
    """The file as text, or a TL001 finding saying why it cannot be read."""
    if path == STDIN:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            return unparsable(path, too_large(len(data), MAX_BYTES))
    elif path in _UNREADABLE:
        return unparsable(
            path, f"cannot read directory: {_UNREADABLE[path]}; its files are not checked"
        )
    else:
        read = _read_file(path)
        if isinstance(read, Finding):
            return read
        data = read
    return decode(path, data)


def _read_file(path: str) -> bytes | Finding:

    try:
        return read_bytes(path, MAX_BYTES)
    except ReadRefused as exc:
        return unparsable(path, exc.reason)


def decode(path: str, data: bytes) -> Source | Finding:
    """UTF-8 text (a BOM is dropped, CRLF becomes LF), or TL001 with the offending byte's place."""
    nul = data.find(b"\0", 0, 8192)
    if nul >= 0:
        line, col = _place(data, nul)
        return unparsable(path, "binary file (NUL byte); not read", line, col)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _place(data, exc.start)
        return unparsable(path, f"not valid UTF-8 (byte {data[exc.start]:#04x})", line, col)
    return Source.from_text("<stdin>" if path == STDIN else path, text.replace("\r\n", "\n"))


def _place(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters, as far as the prefix decodes) of a byte offset."""
    start = data.rfind(b"\n", 0, offset) + 1
    prefix = data[start:offset].decode("utf-8", errors="replace")
    return data.count(b"\n", 0, offset) + 1, len(prefix) + 1
