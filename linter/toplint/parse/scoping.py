"""What the scope around a command in a data file gives it (issue 24, points 2 and 3): the GPUs
and nodes of the nearest mapping above it that writes them, and the variables of a ``.env``
file beside the document."""

from __future__ import annotations

from typing import Any

from toplint.model import Deployment


def scoped(doc: Any, at: tuple[str | int, ...], dep: Deployment) -> Deployment:
    """A command's deployment with the GPUs and nodes of the nearest mapping above it that
    writes them (``resources: {gpu: H100:4}`` beside ``start_command``)."""
    if doc is None:
        return dep
    from toplint.parse import resources as rs
    from toplint.parse.structured import apply

    node = doc.data
    chain = [node]
    for step in at:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        chain.append(node)
    for n in range(len(chain) - 1, -1, -1):
        found = rs.collect(chain[n], at[:n])
        if not found.empty:
            return apply(doc, dep, found)
    return dep


def dotenv_beside(path: str) -> dict[str, str]:
    """The variables of a ``.env`` file beside the document (the convention docker compose,
    python-dotenv and most launchers follow), read under the read policy; none when absent."""
    if path in ("-", "<stdin>"):
        return {}
    from toplint.infra.readpolicy import ReadRefused, read_text, resolve_reference
    from toplint.parse.scopevars import dotenv

    try:
        return dotenv(read_text(resolve_reference(path, ".env"), 64 * 1024))
    except (ReadRefused, OSError):
        return {}
