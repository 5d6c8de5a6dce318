"""Helm values of a chart toplint has no reader for, read through the chart's own templates
(issue 24: "Helm values of charts toplint does not know, where the chart's ``templates/`` in the
same repository show how values become flags").

A ``values*.yaml`` beside a ``templates/`` folder is a chart's values.  When nothing else reads a
deployment from it, the templates say which engine the chart runs: the one engine whose launch
command, ``python -m`` module or image the templates name (``command: ["python3", "-m",
"sglang.launch_server"]``).  The values document is then that engine's scope for the generic
reader (``toplint.parse.generic.data``): its flag lists (``extraArgs``), model key
(``modelName``) and resources (``nvidia.com/gpu``) are read as they are in any other format,
and the engine's provenance names the template.  Templates are read under the read policy
(inside the linted repository, regular files, size-capped), a bounded number of them.
"""

from __future__ import annotations

import os

from toplint.infra.readpolicy import ReadRefused, read_reference, reference_root, resolve_reference
from toplint.parse.generic.evidence import Evidence
from toplint.parse.mentions import named_engines

_MAX_TEMPLATES = 64
_MAX_TEMPLATE_BYTES = 256 * 1024


def is_values_file(path: str) -> bool:
    name = os.path.basename(path)
    return name.startswith("values") and name.endswith((".yaml", ".yml"))


def chart_evidence(path: str) -> Evidence | None:
    """The engine the chart whose values ``path`` holds runs, from its templates (or None)."""
    if not is_values_file(path) or path == "-":
        return None
    try:
        folder = resolve_reference(path, "templates", reference_root(path))
        names = sorted(e.name for e in os.scandir(folder) if e.is_file(follow_symlinks=False))
    except (ReadRefused, OSError, ValueError):
        return None
    found: dict[str, str] = {}
    for name in [n for n in names if n.endswith((".yaml", ".yml", ".tpl"))][:_MAX_TEMPLATES]:
        try:
            _, text = read_reference(path, f"templates/{name}", _MAX_TEMPLATE_BYTES)
        except (ReadRefused, OSError, ValueError):
            continue
        for engine, words in named_engines(text):
            found.setdefault(engine, f"chart template `templates/{name}` runs `{words}`")
    if len(found) != 1:
        return None  # no engine, or several: not for this reader to choose
    ((engine, why),) = found.items()
    return Evidence(engine, why)
