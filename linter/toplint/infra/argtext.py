"""argparse's translated texts, without asking gettext where no message catalogue can exist.

argparse translates its own texts ("options", "show this help message and exit", its usage
errors) through ``gettext.gettext`` and ``gettext.ngettext``, bound in its module as ``_``
and ``ngettext``.  Each call looks for a catalogue: ``gettext.find`` reads the locale variables
and normalises each language with ``locale.normalize``, importing ``locale`` (which compiles a
pattern at import) on the way, then asks the file system for the ``.mo`` files under the
domain's locale folder.  Six such calls build the parser of a one-file check: 4.7M
instructions (1.2% of the run, callgrind on the README's seed example), for catalogues that
a Python without a ``share/locale`` folder cannot have.

``install`` puts ``text`` and ``plural`` in argparse's place.  They answer as gettext does:
with the message itself when the folder gettext would search for the current domain does not
exist (gettext then finds no ``.mo`` file and returns the message), and through gettext
otherwise, so a translated argparse still reads translated.
"""

from __future__ import annotations

import argparse
import gettext
import os

__all__ = ["install", "plural", "text"]


def _no_catalogue() -> bool:
    """No ``.mo`` file gettext would read exists: its locale folder for the domain is absent."""
    domain = getattr(gettext, "_current_domain", None)
    folders = getattr(gettext, "_localedirs", None)
    default = getattr(gettext, "_default_localedir", None)
    if not isinstance(domain, str) or not isinstance(folders, dict) or default is None:
        return False  # another gettext than the one read here: ask it
    folder = folders.get(domain)
    folder = default if folder is None else folder
    return isinstance(folder, str) and folder != "" and not os.path.isdir(folder)


def text(message: str) -> str:
    """``gettext.gettext(message)``."""
    return message if _no_catalogue() else gettext.gettext(message)


def plural(singular: str, several: str, n: int) -> str:
    """``gettext.ngettext(singular, several, n)``."""
    if _no_catalogue():
        return singular if n == 1 else several
    return gettext.ngettext(singular, several, n)


def install() -> None:
    """argparse translates through ``text`` and ``plural`` (once; later calls do nothing)."""
    if getattr(argparse, "_", None) is gettext.gettext:
        argparse._ = text  # type: ignore[attr-defined]
    if getattr(argparse, "ngettext", None) is gettext.ngettext:
        argparse.ngettext = plural  # type: ignore[attr-defined]
