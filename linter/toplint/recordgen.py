"""The text of ``toplint.recordinit``, the ``__init__`` templates ``toplint.record`` ships.

    python -m toplint.recordgen > linter/toplint/recordinit.py

``tests/test_record.py`` checks the shipped file is this module's text for the package's
records.
"""

from __future__ import annotations

from collections.abc import Iterable

from toplint.record import MISSING, fields, is_record, template_source

__all__ = ["DENSE", "package_counts", "recordinit_source"]

_RECORDINIT_HEAD = '''\
"""Compiled ``__init__`` templates of ``toplint.record``: generated, do not edit.

``toplint.record`` builds a record's ``__init__`` from the template for its number of fields,
renamed with ``CodeType.replace``.  Compiled from generated source at start-up, the ~17
templates a check needs cost ~3.5 ms (a twentieth of a one-file run); as a module, Python caches
their bytecode like any other.  Every count up to {dense} is here, and above it the counts the
package's records have: a template's code grows with its count, and all 64 made this module
7 times the size of any other (2.3M instructions to load at every start-up).  ``_pN`` stores
its arguments as they are; ``_tN``, for a record with a default factory, calls the factory
of each field left ``MISSING`` (only the counts such records of the package have).
``tests/test_record.py`` checks this file against ``toplint.recordgen.recordinit_source`` and
that every record of the package has its template; regenerate it with
``python -m toplint.recordgen > linter/toplint/recordinit.py``.
"""
# ruff: noqa
# mypy: ignore-errors
# fmt: off
# The names the bodies read (MISSING, _nI, _fI) are the globals each record's __init__ gets.

COUNTS = {counts}
FACTORY_COUNTS = {factory_counts}
'''

DENSE = 24  # every count up to this one is shipped without factories (most records are small)


def recordinit_source(plain: Iterable[int], factories: Iterable[int]) -> str:
    """The text of ``toplint.recordinit``: ``_pN`` templates for 1 to ``DENSE`` fields and
    ``plain``, ``_tN`` (fields with default factories) for ``factories``."""
    counts = tuple(sorted({*range(1, DENSE + 1), *plain}))
    factory_counts = tuple(sorted(set(factories)))
    body = [template_source(n, f"_p{n}", factories=False) for n in counts]
    body += [template_source(n, f"_t{n}") for n in factory_counts]
    head = _RECORDINIT_HEAD.format(dense=DENSE, counts=counts, factory_counts=factory_counts)
    return head + "\n\n" + "\n\n".join(body)


def package_counts() -> tuple[set[int], set[int]]:
    """The field counts of the records the package defines, without and with default
    factories (imports all of its modules)."""
    import importlib
    import pkgutil

    import toplint

    plain: set[int] = set()
    factories: set[int] = set()
    for info in pkgutil.walk_packages(toplint.__path__, "toplint."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == info.name and is_record(value):
                specs = fields(value)
                made = any(spec.default_factory is not MISSING for spec in specs)
                (factories if made else plain).add(len(specs))
    return plain, factories


if __name__ == "__main__":
    import sys

    sys.stdout.write(recordinit_source(*package_counts()))
