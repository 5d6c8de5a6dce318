"""Helm charts a Kustomization inflates (issue 24: GitOps repositories, Kustomize bases).

A ``kustomization.yaml`` may render a remote chart itself (kustomize's ``helmCharts`` field,
kubectl.docs.kubernetes.io, "helmCharts": ``name``, ``repo``, ``version``, ``releaseName``,
``valuesFile`` relative to the kustomization, ``valuesInline``).  The chart's templates are not
in the repository, so the chart's ``name`` is what says which engine runs
(``toplint.parse.generic.evidence.named``: ``vllm-kserve`` names vLLM); the values are read by
the generic reader (``toplint.parse.generic.data``) with that engine as the document's scope,
as a chart's values beside its ``templates/`` are (``toplint.parse.generic.chart``).

* ``values_evidence(path)``: a values file that a ``kustomization.yaml`` in the same folder
  names as a chart's ``valuesFile`` takes that chart's engine;
* ``chart_deployments(doc, path)``: the deployments of a Kustomization document's
  ``helmCharts`` entries, each placed on its entry, its values read from ``valuesFile`` (under
  the read policy: inside the repository, size-capped).  ``valuesInline`` (merged over the file
  by kustomize) is not read yet: an entry with it alone yields nothing.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator, Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused, read_reference, shown_path
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Deployment, Finding
from toplint.parse.generic.evidence import Evidence, named
from toplint.record import replace

# The file names kustomize looks for in a folder (konfig.RecognizedKustomizationFileNames).
NAMES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
_MAX_BYTES = 256 * 1024
_MAX_CHARTS = 32


def _charts(data: Any) -> Iterator[tuple[int, Mapping[str, Any]]]:
    charts = data.get("helmCharts") if isinstance(data, Mapping) else None
    if not isinstance(charts, list):
        return
    for n, entry in enumerate(charts[:_MAX_CHARTS]):
        if isinstance(entry, Mapping):
            yield n, entry


def _evidence(entry: Mapping[str, Any], where: str) -> Evidence | None:
    name = entry.get("name")
    engine = named(name)
    if engine is None:
        return None
    return Evidence(engine, f"Kustomize `helmCharts` chart `{name}` ({where})")


def values_evidence(path: str) -> Evidence | None:
    """The engine of the chart a Kustomization beside ``path`` inflates with it as its
    ``valuesFile`` (or None)."""
    from toplint.infra.yamlsafe import load_documents

    if path == "-":
        return None
    base = os.path.basename(path)
    for name in NAMES:
        try:
            _, text = read_reference(path, name, _MAX_BYTES)
            docs = load_documents(text, name)
        except (ReadRefused, OSError, ValueError, SourceError, RecursionError):
            continue
        for doc in docs:
            for _, entry in _charts(doc.data):
                ref = entry.get("valuesFile")
                if isinstance(ref, str) and posixpath.normpath(ref) == base:
                    return _evidence(entry, name)
    return None


def chart_deployments(doc: Any, path: str) -> tuple[list[Deployment], list[Finding]]:
    """The deployments the ``helmCharts`` of a Kustomization document render, each placed on
    its chart entry in ``path`` and naming the values it was read from."""
    from toplint.infra.yamlsafe import load_documents
    from toplint.parse.generic.data import read

    found: list[Deployment] = []
    findings: list[Finding] = []
    for n, entry in _charts(doc.data):
        evidence = _evidence(entry, os.path.basename(path))
        if evidence is None:
            continue
        at = doc.key_position(("helmCharts", n, "name"))
        ref = entry.get("valuesFile")
        if not isinstance(ref, str) or not ref:
            continue
        try:
            full, text = read_reference(path, ref, _MAX_BYTES)
            values = load_documents(text, full)
        except (ReadRefused, OSError, ValueError, SourceError, RecursionError):
            continue
        if len(values) != 1:
            continue
        deps, more = read(values[0], full, root_evidence=evidence)
        findings.extend(more)
        for dep in deps:
            note = f"{evidence.why} with its values `{ref}`"
            found.append(
                replace(
                    dep,
                    path=path,
                    line=at.line,
                    column=at.column,
                    notes=(*dep.notes, note),
                    provenance={**dep.provenance, "engine": evidence.why},
                )
            )
    return found, findings


def load_reference(referrer: str, ref: str, limit: int) -> tuple[str, str, list[Document]] | None:
    """(the path as shown, its text, its documents) of a YAML file ``referrer`` names, under the
    read policy; None when it is refused, absent, too large or not YAML (a Kustomization's
    resources and patches, a GitOps release's ConfigMaps)."""
    try:
        full, text = read_reference(referrer, ref, limit)
        full = shown_path(full)
        return full, text, load_documents(text, full)
    except (ReadRefused, OSError, SourceError, RecursionError, ValueError):
        return None
