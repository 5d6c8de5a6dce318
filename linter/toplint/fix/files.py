"""Read a file to fix and write it back safely, byte for byte outside the edits.

The check sees a file as ``toplint.discover.files.decode`` gives it (UTF-8, BOM dropped, CRLF
read as LF), and fix edits are positions in that text.  ``Original`` keeps what decoding
dropped, so ``restore`` gives back the BOM and every unchanged line's own line ending; a new
line takes the ending of the file's other lines.

``write_back`` refuses when the file changed since it was read or is read-only, then writes it
as every file toplint writes is written (``toplint.infra.safewrite``: a temporary file in the
same folder renamed over the target), keeping its mode and, where allowed, its owner, so a full
disk or a crash never leaves a truncated file.
"""

from __future__ import annotations

import os

from toplint.fix.linediff import lines_of as _lines
from toplint.fix.linediff import opcodes
from toplint.record import record

__all__ = ["Original", "WriteError", "read_original", "restore", "write_back"]

_BOM = "\ufeff"


@record
class Original:
    path: str  # as named
    target: str  # the file written (a named symlink's target)
    data: bytes  # as read
    text: str  # as the check sees it: BOM dropped, CRLF as LF


class WriteError(Exception):
    """A file that cannot be read or written; the message says why (for the summary)."""


def read_original(path: str) -> Original:
    """The file's bytes and decoded text; raises ``WriteError`` saying why it cannot be fixed."""
    from toplint.infra.readpolicy import MAX_SOURCE_BYTES, ReadRefused, read_bytes

    try:
        target = os.path.realpath(path)
        data = read_bytes(target, MAX_SOURCE_BYTES)
        raw = data.decode("utf-8")
    except UnicodeDecodeError:
        raise WriteError("not valid UTF-8") from None
    except ReadRefused as exc:
        raise WriteError(exc.reason) from None
    except OSError as exc:
        raise WriteError(f"cannot read: {exc.strerror or exc}") from None
    return Original(path, target, data, raw.removeprefix(_BOM).replace("\r\n", "\n"))


def restore(original: Original, new_text: str) -> bytes:
    """``new_text`` (the check's view) as bytes in the original file's own conventions."""
    raw = original.data.decode("utf-8")
    bom = raw.startswith(_BOM)
    raw = raw.removeprefix(_BOM)
    raw_lines = _lines(raw)
    old_lines = _lines(original.text)
    new_lines = _lines(new_text)
    crlf = sum(line.endswith("\r\n") for line in raw_lines)
    eol = "\r\n" if crlf * 2 > len(raw_lines) else "\n"
    out: list[str] = [_BOM] if bom else []
    for op, i1, i2, j1, j2 in opcodes(old_lines, new_lines):  # linear for a few changes
        if op == "equal":
            out += raw_lines[i1:i2]
        else:
            out += [line[:-1] + eol if line.endswith("\n") else line for line in new_lines[j1:j2]]
    return "".join(out).encode("utf-8")


def write_back(original: Original, data: bytes) -> None:
    """Replace the file with ``data`` unless it changed since ``read_original``."""
    target = original.target
    from toplint.infra.readpolicy import MAX_SOURCE_BYTES, read_bytes

    try:
        now = read_bytes(target, MAX_SOURCE_BYTES)
        info = os.stat(target)
    except OSError as exc:
        raise WriteError(f"cannot read it again: {exc.strerror or exc}") from None
    if now != original.data:
        raise WriteError("changed since toplint read it; not written (run again)")
    if not os.access(target, os.W_OK) or not info.st_mode & 0o222:  # root passes access()
        raise WriteError("read-only; not written")
    from toplint.infra.safewrite import write_file

    try:
        write_file(target, data, mode=info.st_mode, owner=(info.st_uid, info.st_gid))
    except OSError as exc:  # WriteRefused: the message says why
        raise WriteError(str(exc)) from None
