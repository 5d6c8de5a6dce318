"""Files a Terraform configuration renders with ``templatefile``, through the modules it calls.

``user_data = templatefile("${path.module}/scripts/user_data.sh", { model = var.model, … })``
gives an instance a script rendered from a template of the repository (Terraform, "templatefile
Function": ``${name}`` in the file is the map's value for ``name``; ``path.module`` is the
folder of the module's files).  The template is read (inside the repository, under the read
policy) and rendered with the values the map gives that are known: a literal, or ``var.NAME``
with the module's default for it (``hclmodule.module_values``) or the value the calling
``module`` block passes.  A placeholder whose value is not known stays ``${name}``: the reader
of the rendered file sees a variable nothing sets, unresolved, never guessed.  A template with
directives (``%{ … }``) or escapes (``$${``) is not rendered.

A ``module "NAME" { source = "../modules/x", model = "org/m", … }`` block of the configuration
runs the module in that folder (a local path) with those inputs: its ``.tf`` files are read the
same way, the inputs over the module's defaults, each rendered file placed at the ``module``
block.  The rendered columns after a value put in on a line are the rendered text's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from typing import Any

from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import (
    ReadRefused,
    inside_root,
    read_reference,
    reference_root,
    shown_path,
)
from toplint.model import Position
from toplint.parse.base import Source
from toplint.parse.generic.hcl import parse
from toplint.parse.generic.hclmodule import MAX_FILE_BYTES, MAX_MODULE_FILES, module_values, resolve
from toplint.record import record

__all__ = ["Rendered", "rendered"]

_CALL = lazy(
    r'\$\{templatefile\(\s*"([^"$]*(?:\$\{path\.module\}[^"$]*)?)"\s*,\s*(\{.*\})\s*\)\}', re.S
)
_PLACEHOLDER = lazy(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
MAX_MODULE_DEPTH = 3


@record
class Rendered:
    """A file rendered from a template (at the template's path) and where the configuration
    renders it: the attribute, or the ``module`` block that runs the module that does."""

    source: Source
    at: Position
    via: str


def rendered(path: str, text: str) -> list[Rendered]:
    """The files the configuration at ``path`` renders, its own and its modules'."""
    return list(_rendered(path, text, {}, None, 0))


def _rendered(
    path: str, text: str, inputs: Mapping[str, Any], called: Position | None, depth: int
) -> Iterator[Rendered]:
    doc = parse(text, path)
    if doc is None or not isinstance(doc.data, dict):
        return
    module = module_values(path)
    module = {"local": module["local"], "var": {**module["var"], **inputs}}
    for at, value in _strings(doc.data, ()):
        m = _CALL.fullmatch(value.strip())
        if m is None:
            continue
        found = _template(path, m.group(1), m.group(2), module)
        if found is not None:
            where = called or doc.key_position(at)
            via = f'`templatefile("{m.group(1)}")` of `{".".join(str(p) for p in at)}`'
            yield Rendered(found, where, f"{via} ({shown_path(path).rsplit('/', 1)[-1]})")
    calls = doc.data.get("module")
    if depth >= MAX_MODULE_DEPTH or not isinstance(calls, dict):
        return
    for name, call in calls.items():
        source = call.get("source") if isinstance(call, dict) else None
        if not isinstance(source, str) or not source.startswith(("./", "../")):
            continue  # a registry or remote module is not in the repository
        given = {k: resolve(v, module) for k, v in call.items() if k != "source"}
        where = called or doc.key_position(("module", name))
        for file, body in _module_files(path, source):
            yield from _rendered(file, body, given, where, depth + 1)


def _template(
    path: str, ref: str, mapping: str, module: dict[str, dict[str, Any]]
) -> Source | None:
    """The template ``ref`` (relative to the module's folder) rendered with the values of
    ``mapping`` that are known."""
    ref = ref.replace("${path.module}/", "")
    values = parse(f"vars = {mapping}", path)
    if "${" in ref or values is None or not isinstance(values.data.get("vars"), dict):
        return None
    try:
        full, text = read_reference(path, ref, MAX_FILE_BYTES)
    except (ReadRefused, OSError, ValueError):
        return None
    if "%{" in text or "$${" in text:
        return None  # directives or escapes: rendering them is not done here
    known = {
        str(k): str(v)
        for k, v in ((k, resolve(v, module)) for k, v in values.data["vars"].items())
        if isinstance(v, (str, int, float)) and not isinstance(v, bool) and "${" not in str(v)
    }
    text = _PLACEHOLDER.sub(lambda m: known.get(m.group(1), m.group(0)), text)
    shown = shown_path(full)
    return Source(path=shown, text=text, name=shown.rsplit("/", 1)[-1])


def _module_files(path: str, source: str) -> Iterator[tuple[str, str]]:
    """The ``.tf`` files of the module folder ``source`` (relative to ``path``'s folder)."""
    folder = os.path.normpath(os.path.join(os.path.dirname(path) or ".", source))
    if not inside_root(folder, reference_root(path)):
        return  # not even listed: a folder outside the repository is not read
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".tf"))[:MAX_MODULE_FILES]
    except OSError:
        return
    for name in names:
        try:
            yield read_reference(path, f"{source.rstrip('/')}/{name}", MAX_FILE_BYTES)
        except (ReadRefused, OSError, ValueError):
            continue


def _strings(node: Any, at: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(node, str):
        if "templatefile(" in node:
            yield at, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, (*at, i))
