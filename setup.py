"""Map the checkout's folders onto the import package ``toplint``.

``linter/toplint/`` is the package (a src layout: ``linter/`` is the source root), ``rules/``
is installed as ``toplint.rules`` and ``schemas/`` as ``toplint.schemas``; nothing is installed
under the generic names ``linter``, ``rules`` or ``schemas``.  Sub-packages are discovered, so
adding ``linter/toplint/foo/__init__.py`` needs no change here.
"""

from __future__ import annotations

from setuptools import find_packages, setup


def _mapped(where: str, folder: str, package: str) -> list[str]:
    found = find_packages(where=where, include=[folder, f"{folder}.*"])
    return [package + name[len(folder) :] for name in found]


setup(
    packages=_mapped("linter", "toplint", "toplint")
    + _mapped(".", "rules", "toplint.rules")
    + _mapped(".", "schemas", "toplint.schemas"),
)
