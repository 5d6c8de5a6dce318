"""Which Helm chart a YAML file lies in: the nearest folder above it holding ``Chart.yaml`` and
``templates/`` (a file in ``overrides/models/`` of the chart), found by a few ``stat`` calls and
remembered per folder, so that every YAML file of a repository can ask before anything that
renders charts (``toplint.parse.generic.helmchart``) is imported.

A file under the chart's ``templates/`` is a template, and one under its ``charts/`` is a
subchart's (a subchart with its own ``Chart.yaml`` is found first, as the nearer chart): neither
is the chart's own file.  Only the nearest ``Chart.yaml`` counts, and only a few folders up.
``rendered_none`` words the engine mention of a values file its chart renders nothing from.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING

from toplint.model import NO_DEPLOYMENT_FOUND, Severity
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.model import Finding

MAX_BELOW = 3  # <chart>/<a>/<b>/<c>/x.yaml: overrides/models/x.yaml is two below


def chart_above(path: str) -> str | None:
    """The folder of the chart ``path`` (a file) lies in, relative to the file's own folder
    (``.``, ``../..``), or None: the nearest folder, the file's own or up to ``MAX_BELOW``
    above it, holding ``Chart.yaml``, when it also holds ``templates/`` and the file is not
    under that chart's ``templates/`` or ``charts/``."""
    if path in ("-", "<stdin>"):
        return None
    return _chart_of(os.path.abspath(os.path.dirname(path) or "."))


@lru_cache(maxsize=4096)
def _chart_of(folder: str) -> str | None:
    here = folder
    below: list[str] = []
    for _ in range(MAX_BELOW + 1):
        if os.path.isfile(os.path.join(here, "Chart.yaml")):
            inside = bool(below) and below[-1] in ("templates", "charts")
            if inside or not os.path.isdir(os.path.join(here, "templates")):
                return None
            return "/".join([os.pardir] * len(below)) or "."
        parent = os.path.dirname(here)
        if parent == here:
            return None  # the file system's root
        below.append(os.path.basename(here))
        here = parent
    return None


_YIELDS_NONE = " but yields no deployment"


def rendered_none(mention: Finding | None, folder: str) -> Finding | None:
    """A values file's engine mention where its chart rendered every template with it and
    none runs an engine (a model group ``enabled: false``: doublewordai/inference-stack@
    86bd8dba values.yaml): nothing runs here, so it is said at info, with why, not as a file
    toplint could not read."""
    if mention is None or mention.rule != NO_DEPLOYMENT_FOUND.code:
        return mention
    named, found, _ = mention.message.partition(_YIELDS_NONE)
    if not found:
        return mention
    chart = "the chart beside it" if folder == "." else f"the chart at `{folder}`"
    message = (
        f"{named}, and {chart} renders no container running it with these values (a part "
        "switched off, a condition not met); nothing here was checked"
    )
    return replace(mention, message=message, severity=Severity.INFO)
