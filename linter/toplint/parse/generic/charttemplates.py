"""A Helm chart's templates, as ``toplint.parse.generic.helmchart`` renders them: every
``.yaml``/``.yml``/``.tpl``/``.json`` file under ``templates/`` a few folders deep, helpers first,
each size-capped and read under the read policy (a chart's folder is given as a reference from
its values file's, so nothing outside what was asked is read)."""

from __future__ import annotations

import os

from toplint.infra.readpolicy import (
    ReadRefused,
    read_reference,
    reference_root,
    resolve_reference,
    shown_path,
)

MAX_TEMPLATES = 96
MAX_TEMPLATE_BYTES = 256 * 1024
MAX_DEPTH = 3  # templates/<a>/<b>/x.yaml


def in_chart(folder: str, ref: str) -> str:
    """``ref`` of the chart's folder, as a reference from the values file's folder."""
    return ref if folder == "." else f"{folder}/{ref}"


def chart_templates(values_path: str, chart: str) -> list[tuple[str, str]]:
    """(path, text) of the chart's templates, helpers first, in name order, bounded (``chart``:
    the chart's folder as a reference from the values file's)."""
    found: list[str] = []
    root = reference_root(values_path)
    pending = ["templates"]
    while pending and len(found) < MAX_TEMPLATES:
        ref = pending.pop(0)
        try:
            folder = resolve_reference(values_path, in_chart(chart, ref), root)
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except (ReadRefused, OSError, ValueError):
            continue
        for entry in entries:
            name = f"{ref}/{entry.name}"
            if entry.is_dir(follow_symlinks=False) and ref.count("/") < MAX_DEPTH:
                pending.append(name)
            elif entry.is_file(follow_symlinks=False) and entry.name.endswith(
                (".yaml", ".yml", ".tpl", ".json")
            ):
                found.append(name)
    out: list[tuple[str, str]] = []
    for ref in sorted(found[:MAX_TEMPLATES], key=lambda r: (not r.endswith(".tpl"), r)):
        try:
            full, text = read_reference(values_path, in_chart(chart, ref), MAX_TEMPLATE_BYTES)
        except (ReadRefused, OSError, ValueError):
            continue
        out.append((shown_path(full), text))
    return out
