"""argparse's texts read as gettext reads them, without its catalogue search where none exists."""

from __future__ import annotations

import argparse
import gettext
import struct
from pathlib import Path

import pytest

from toplint.infra import argtext

MESSAGES = ("options", "positional arguments", "show this help message and exit", "usage: ")


def test_same_texts_as_gettext_here() -> None:
    for message in MESSAGES:
        assert argtext.text(message) == gettext.gettext(message)
    for n in (0, 1, 2):
        assert argtext.plural("one", "many", n) == gettext.ngettext("one", "many", n)


def _catalogue(folder: Path, language: str, pairs: dict[str, str]) -> None:
    """A GNU ``.mo`` file of the ``messages`` domain (the format ``gettext.GNUTranslations``
    reads: magic, revision, count, the two string tables, no hash table)."""
    keys = sorted(pairs)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(pairs[k].encode() + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)
    table, offset = [], start
    for k in keys:
        table.append((len(k.encode()), offset))
        offset += len(k.encode()) + 1
    trans, offset = [], start + len(ids)
    for k in keys:
        trans.append((len(pairs[k].encode()), offset))
        offset += len(pairs[k].encode()) + 1
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    body = b"".join(struct.pack("<2I", *t) for t in table + trans)
    where = folder / language / "LC_MESSAGES"
    where.mkdir(parents=True)
    (where / "messages.mo").write_bytes(head + body + ids + strs)


def test_a_catalogue_that_exists_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _catalogue(tmp_path, "xx", {"options": "Optionen"})
    monkeypatch.setattr(gettext, "_default_localedir", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "xx")
    assert gettext.gettext("options") == "Optionen"  # the catalogue is one gettext reads
    assert argtext.text("options") == "Optionen"
    assert argtext.text("usage: ") == "usage: "
    assert argtext.plural("options", "more", 1) == gettext.ngettext("options", "more", 1)


def test_a_bound_domain_folder_is_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gettext, "_default_localedir", str(tmp_path / "absent"))
    monkeypatch.setitem(gettext._localedirs, "messages", str(tmp_path))  # type: ignore[attr-defined]
    asked: list[str] = []
    monkeypatch.setattr(gettext, "gettext", lambda m: asked.append(m) or m)
    argtext.text("options")
    assert asked == ["options"]


def test_no_folder_answers_without_gettext(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gettext, "_default_localedir", str(tmp_path / "absent"))
    monkeypatch.setattr(gettext, "gettext", lambda m: pytest.fail("gettext asked"))
    assert argtext.text("options") == "options"


def test_install_replaces_only_gettext(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(argparse, "_", gettext.gettext)
    monkeypatch.setattr(argparse, "ngettext", gettext.ngettext)
    argtext.install()
    assert argparse._ is argtext.text  # type: ignore[attr-defined]
    assert argparse.ngettext is argtext.plural  # type: ignore[attr-defined]
    own = str.upper
    monkeypatch.setattr(argparse, "_", own)  # someone else's translation stays theirs
    argtext.install()
    assert argparse._ is own  # type: ignore[attr-defined]
