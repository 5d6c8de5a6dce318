"""Declarative readers: a format described as data, the same for built-ins and users (issue 24,
point 6).

A reader says, for files matching its globs, which mappings are deployments (``match``: a
Python call's name, keys they have) and where in each the engine, its options (``options``:
mappings or flag lists; ``set``: one option from a key of the format's own), the command, the
model, the GPUs and the nodes are, and which variables the platform sets from the resources it
grants (``inject``).  The schema is ``$defs.reader`` of ``schemas/config.schema.json``: users
write readers under ``readers:`` in ``toplint.yaml`` (validated with the configuration, errors
at their line and column); the platform knowledge toplint ships that needs no code is one file
per platform in ``toplint/parse/generic/records/`` in the same form, validated by the same schema
(tests/generic/test_declarative_reader.py validates them).

A reader is tried on a file no parser read a deployment from; what it reads goes through the
engine's own vocabulary (``toplint.parse.argv``) like any command line, and every fact says it
came from the reader (``Deployment.provenance``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from toplint.engines.registry import find_engine
from toplint.errors import ConfigError, SourceError
from toplint.infra.pkgdata import package_folder, read_yaml
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.base import Source
from toplint.parse.generic.reader import (
    Path,
    Reader,
    canonical_option,
    get_path,
    matched_deployments,
    parse_path,
)
from toplint.parse.generic.tree import CALL
from toplint.parse.generic.treewalk import mappings

_RECORDS = "toplint.parse.generic.records"


def from_data(data: Mapping[str, Any], origin: str) -> Reader:
    """A reader from a validated record; ``set`` names must be its engine's options."""
    reader = Reader(str(data["name"]), tuple(data["files"]), dict(data), origin)
    engine = data.get("engine")
    if engine is not None:
        found = find_engine(str(engine))
        if found is None:
            raise ConfigError(f"{origin}: readers: `{engine}` is not a registered engine")
        for option in data.get("set", {}):
            if canonical_option(option, found.cli) is None:
                raise ConfigError(f"{origin}: readers.set: `{option}` is no option of {engine}")
    return reader


_ACTIVE: list[tuple[Reader, ...]] = [()]


def activate(readers: Sequence[Reader]) -> None:
    """The configuration's readers for the files parsed next (a run sets them per config group;
    forked workers inherit them)."""
    _ACTIVE[0] = tuple(readers)


def readers_of(config: Any) -> tuple[Reader, ...]:
    """The ``readers:`` of a loaded configuration (already validated by its schema)."""
    out = []
    for i, item in enumerate(config.get("readers") or ()):
        out.append(from_data(item, config.where("readers", i)))
    return tuple(out)


@cache
def shipped() -> tuple[Reader, ...]:
    """The platform records shipped in ``toplint/parse/generic/records/``, through the data cache
    (a run pays no YAML parse or schema check for them; the tests validate them)."""
    folder = package_folder(_RECORDS) or ""
    names = sorted(n for n in os.listdir(folder) if n.endswith(".yaml")) if folder else []
    return tuple(
        from_data(
            read_yaml("toplint.parse.generic.records", n), f"toplint/parse/generic/records/{n}"
        )
        for n in names
    )


def programs(name: str) -> list[Reader]:
    """The readers of the program ``name`` (``match.program``), the configuration's first."""
    return [r for r in (*_ACTIVE[0], *shipped()) if r.program == name]


def program_names() -> tuple[str, ...]:
    """The programs readers know (``match.program``), for a cheap look at a script's text."""
    return tuple(r.program for r in (*_ACTIVE[0], *shipped()) if r.program)


def read(source: Source) -> ParseResult | None:
    """What the readers that want this file read from it; None when none wants it or none read
    a deployment."""
    wanted = [
        r
        for r in (*_ACTIVE[0], *shipped())
        if not r.program and r.wants(source.path) and _may(r, source)
    ]
    if not wanted:
        return None
    trees = _trees(source)
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for reader in wanted:
        for tree in trees:
            for at in _matches(reader, tree.data):
                found, more = matched_deployments(reader, tree, at, source)
                deployments.extend(found)
                findings.extend(more)
        if deployments:  # the first reader that reads the file owns it
            return ParseResult(source.path, tuple(deployments), tuple(findings))
    return None


def _may(reader: Reader, source: Source) -> bool:
    """A cheap look at the text before parsing it: the call and keys a reader matches on must be
    written in it (most files a glob selects are not the reader's)."""
    match = reader.data.get("match") or {}
    words = [match["call"]] if match.get("call") else []
    words.extend(str(k) for k in match.get("keys") or ())
    words.extend(str(s) for s in parse_path(match.get("each") or "")[1])
    return all(w in source.text for w in words)


def _trees(source: Source) -> list[Any]:
    if source.name.endswith(".py"):
        # (here: its reader, with ast, loads for a Python file a reader wants, not for every
        # file that no parser read a deployment from, such as a manifest in the linted tree)
        import toplint.parse.generic.pytree as pytree

        tree = pytree.build(source.text, source.path)
        return [tree] if tree is not None else []
    if source.name.endswith(".nix"):
        from toplint.parse.generic.nixexpr import NixDocument

        nix = NixDocument(source.text, source.path)
        return [nix] if nix.data is not None else []
    if source.name.endswith(".properties"):
        from toplint.parse.generic.properties import PropertiesDocument

        return [PropertiesDocument(source.text, source.path)]
    try:
        return list(load_documents(source.text, source.path))
    except (SourceError, RecursionError):
        return []


def _matches(reader: Reader, data: Any) -> Iterator[Path]:
    match = reader.data.get("match") or {}
    call, keys = match.get("call"), match.get("keys") or ()
    if match.get("each"):
        yield from _entries(data, str(match["each"]), keys)
        return
    if not call and not keys:
        if isinstance(data, dict):
            yield ()
        return
    for at, node in mappings(data):
        name = node.get(CALL, "")
        if call and (not isinstance(name, str) or name.rsplit(".", 1)[-1] != call):
            continue
        if all(k in node for k in keys):
            yield at


def _entries(data: Any, each: str, keys: Sequence[str]) -> Iterator[Path]:
    """``match.each``: the entries of the mapping at that path (from the root) with ``keys``."""
    found = get_path(data, (), "/" + each.lstrip("/"))
    if found is None or not isinstance(found[1], dict):
        return
    for key, entry in found[1].items():
        if isinstance(key, str) and isinstance(entry, dict) and all(k in entry for k in keys):
            yield (*found[0], key)
