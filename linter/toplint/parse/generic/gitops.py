"""Helm releases a GitOps controller installs, with their values written in the resource
(issue 24): a Flux ``HelmRelease`` and an Argo CD ``Application`` or ``ApplicationSet``.

The values are assembled as the controller hands them to Helm (``toplint.parse.generic.layered``
merges them, each value keeping its place):

* Flux (fluxcd.io/flux/components/helm/helmreleases, "Values overrides"): the ``valuesFrom``
  ConfigMaps in order (the key ``valuesKey``, default ``values.yaml``), then ``spec.values`` over
  them.  A ConfigMap is looked for in the same file, in the YAML files of the same folder and in
  the ``configMapGenerator`` of the folder's ``kustomization.yaml`` (its ``files``, read as the
  values file they are); all under the read policy.  A Secret is not in the repository.
* Argo CD (argo-cd.readthedocs.io, user-guide/helm, "Helm value precedence": ``parameters >
  valuesObject > values > valueFiles``): ``values`` (a YAML string, read at its own lines and
  columns when it is a ``|`` block), ``valuesObject``, then each ``parameters`` entry as
  ``--set`` (``forceString`` keeps a string), for ``spec.source`` and each of ``spec.sources``;
  an ``ApplicationSet``'s ``spec.template.spec`` the same way.  ``valueFiles`` live in the
  chart's repository and are not read.

The chart is named by ``spec.chart.spec.chart`` or by the ``OCIRepository``/``HelmChart`` that
``spec.chartRef`` names in the same file (Flux), or by ``chart`` (Argo CD).  A chart toplint has
a values reader for (``toplint.parse.structured.helm.CHARTS``) reads the values as that chart's
``values.yaml``; any other chart's values are read by the generic reader of engine options as
data (``toplint.parse.generic.data``) with the chart's name as engine evidence.  A release whose
values are all a mapping of this resource (``spec.values``, ``valuesObject``) and whose chart
toplint does not know is left to the readers that read the whole file as data, as before.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterator
from typing import Any

from toplint.infra.yamlsafe import Document, Path
from toplint.model import Deployment, Position
from toplint.parse.base import is_template
from toplint.parse.generic.evidence import Evidence, named
from toplint.parse.generic.helmrelease import ValuesTree, set_steps, set_value, typed
from toplint.parse.generic.kustomize import NAMES as KUSTOMIZATIONS
from toplint.parse.generic.kustomize import load_reference
from toplint.parse.generic.layered import Layered, Tree, block_tree
from toplint.parse.k8s.context import Ctx
from toplint.record import replace

Layer = tuple[Tree, Path]
Reader = Callable[[Ctx], list[Deployment]]
MAX_SOURCES = 16
MAX_FILES = 64  # YAML files of a folder searched for a ConfigMap
MAX_BYTES = 512 * 1024


def helm_release(ctx: Ctx) -> list[Deployment]:
    """A Flux ``HelmRelease``."""
    chart = _flux_chart(ctx)
    layers: list[Layer] = []
    for ref in ctx.sequence(("spec", "valuesFrom"))[:MAX_SOURCES]:
        if isinstance(ref, dict) and ref.get("kind") == "ConfigMap" and not ref.get("targetPath"):
            found = _configmap_values(ctx, str(ref.get("name")), str(ref.get("valuesKey") or ""))
            layers.extend([found] if found is not None else [])
    from_files = bool(layers)
    layers.append((ctx.doc, (*ctx.root, "spec", "values")))
    return _release(ctx, chart, layers, from_files, "Flux HelmRelease")


def application(ctx: Ctx) -> list[Deployment]:
    """An Argo CD ``Application``."""
    return _argo(ctx, ("spec",), "Argo CD Application")


def application_set(ctx: Ctx) -> list[Deployment]:
    """An Argo CD ``ApplicationSet``: its template's sources."""
    return _argo(ctx, ("spec", "template", "spec"), "Argo CD ApplicationSet")


KINDS: dict[str, Callable[[Ctx], list[Deployment]]] = {
    "helm.toolkit.fluxcd.io/HelmRelease": helm_release,
    "argoproj.io/Application": application,
    "argoproj.io/ApplicationSet": application_set,
}


def _argo(ctx: Ctx, spec: Path, what: str) -> list[Deployment]:
    out: list[Deployment] = []
    one = isinstance(ctx.get((*spec, "source")), dict)
    sources: list[Path] = [(*spec, "source")] if one else []
    sources += [(*spec, "sources", i) for i in range(len(ctx.sequence((*spec, "sources"))))]
    for at in sources[:MAX_SOURCES]:
        chart = ctx.get((*at, "chart"))
        if not isinstance(chart, str) or not isinstance(ctx.get((*at, "helm")), dict):
            continue
        layers, inline = _argo_layers(ctx, (*at, "helm"))
        out.extend(_release(ctx, chart, layers, inline, what))
    return out


def _argo_layers(ctx: Ctx, helm: Path) -> tuple[list[Layer], bool]:
    """The layers of one source's ``helm`` block, and whether any is not a mapping of the
    resource itself (a values string, parameters)."""
    layers: list[Layer] = []
    text = ctx.get((*helm, "values"))
    if isinstance(text, str) and text.strip():
        tree = block_tree(ctx.source.text, ctx.path, text, ctx.pos((*helm, "values")))
        layers.extend([(tree, ())] if tree is not None else [])
    elif isinstance(text, dict):  # written as a mapping, as some users do
        layers.append((ctx.doc, (*ctx.root, *helm, "values")))
    layers.append((ctx.doc, (*ctx.root, *helm, "valuesObject")))
    parameters = _parameters(ctx, (*helm, "parameters"))
    layers.extend([(parameters, ())] if parameters is not None else [])
    inline = parameters is not None or isinstance(text, str)
    return layers, inline


def _parameters(ctx: Ctx, at: Path) -> ValuesTree | None:
    data: dict[str, Any] = {}
    positions: dict[Path, Position] = {}
    for i, entry in enumerate(ctx.sequence(at)[:256]):
        if not isinstance(entry, dict) or "value" not in entry:
            continue
        steps = set_steps(str(entry.get("name", "")))
        if not steps:
            continue
        value = entry["value"] if entry.get("forceString") else typed(entry["value"])
        set_value(data, steps, value)
        positions[steps] = ctx.scalar_pos((*at, i, "value"))
    return ValuesTree(data, positions, ctx.key(at)) if data else None


def _release(
    ctx: Ctx, chart: str, layers: list[Layer], inline: bool, what: str
) -> list[Deployment]:
    from toplint.parse.structured.helm import CHARTS

    name = chart.rstrip("/").rsplit("/", 1)[-1]
    reader: Reader | None = CHARTS.get(name)
    release = str(ctx.get(("metadata", "name"), "") or "")
    note = f"values of {what} `{release}`" + (f" (chart `{name}`)" if name else "")
    if reader is None and not inline:
        return _as_data(ctx, note)
    values = Layered(layers, ctx.key(("kind",)))
    if reader is not None:
        inner = Ctx(ctx.source, values, {}, ctx.findings, documents=ctx.documents)
        return [replace(d, notes=(*d.notes, note)) for d in reader(inner)]
    from toplint.parse.generic.data import read

    engine = named(name)
    evidence = Evidence(engine, f"chart `{name}` of {what} `{release}`") if engine else None
    found, findings = read(values, ctx.path, root_evidence=evidence)
    ctx.findings.extend(findings)
    return [replace(d, notes=(*d.notes, note)) for d in found]


def _as_data(ctx: Ctx, note: str) -> list[Deployment]:
    """A release of a chart toplint does not know, its values a mapping of this resource: the
    pods written in it (``k8s.generic.walk``), else nothing, and the whole file is read as data
    after the manifest readers.  A ``{{ … }}`` inside a value (``hostnames: ["{{ .Release.Name
    }}.example"]``, rendered by the chart's ``tpl`` if at all) keeps that whole-file reading from
    taking the file for a template, so such a resource is read as data here."""
    from toplint.parse.k8s.generic import walk

    found = walk(ctx)
    if found or ctx.root or not is_template(ctx.source.text):
        return found
    from toplint.parse.generic.data import read

    deps, findings = read(ctx.doc, ctx.path)
    ctx.findings.extend(findings)
    return [replace(d, notes=(*d.notes, note)) for d in deps]


def _flux_chart(ctx: Ctx) -> str:
    chart = ctx.get(("spec", "chart", "spec", "chart"))
    if isinstance(chart, str):
        return chart
    ref = ctx.mapping(("spec", "chartRef"))
    for doc in ctx.documents:
        data = doc.data if isinstance(doc.data, dict) else {}
        meta = data.get("metadata")
        if data.get("kind") != ref.get("kind") or not isinstance(meta, dict):
            continue
        if meta.get("name") != ref.get("name"):
            continue
        spec = data.get("spec")
        found = (spec.get("chart") or spec.get("url")) if isinstance(spec, dict) else None
        if isinstance(found, str):
            return found
    return ""


def _configmap_values(ctx: Ctx, name: str, key: str) -> Layer | None:
    """The values a ConfigMap of this name holds under ``key`` (default ``values.yaml``)."""
    key = key or "values.yaml"
    for doc, text in _documents(ctx):
        data = doc.data if isinstance(doc.data, dict) else {}
        meta = data.get("metadata")
        if data.get("kind") != "ConfigMap" or not isinstance(meta, dict):
            continue
        values = data.get("data")
        if meta.get("name") != name or not isinstance(values, dict):
            continue
        if isinstance(values.get(key), str):
            where = doc.value_position(("data", key))
            tree = block_tree(text, doc.path, values[key], where)
            return (tree, ()) if tree is not None else None
    return _generated(ctx, name, key)


def _documents(ctx: Ctx) -> Iterator[tuple[Document, str]]:
    """The documents of this file, then of the other YAML files of its folder."""
    yield from ((d, ctx.source.text) for d in ctx.documents)
    if ctx.path in ("-", "<stdin>"):
        return
    folder = os.path.dirname(ctx.path) or "."
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith((".yaml", ".yml")))
    except OSError:
        return
    for file in names[:MAX_FILES]:
        if file == os.path.basename(ctx.path):
            continue
        loaded = load_reference(ctx.path, file, MAX_BYTES)
        if loaded is not None and "ConfigMap" in loaded[1]:
            yield from ((d, loaded[1]) for d in loaded[2])


def _generated(ctx: Ctx, name: str, key: str) -> Layer | None:
    """A ConfigMap the folder's ``kustomization.yaml`` generates from a file
    (``configMapGenerator: [{name, files: [KEY=PATH | PATH]}]``): that file is the values."""
    for kustomization in KUSTOMIZATIONS:
        loaded = load_reference(ctx.path, kustomization, MAX_BYTES)
        if loaded is None:
            continue
        for doc in loaded[2]:
            generators = doc.data.get("configMapGenerator") if isinstance(doc.data, dict) else None
            for entry in generators if isinstance(generators, list) else []:
                if not isinstance(entry, dict) or entry.get("name") != name:
                    continue
                for spec in entry.get("files") or []:
                    k, eq, ref = str(spec).partition("=")
                    ref = ref if eq else k
                    if (k if eq else posixpath.basename(ref)) != key:
                        continue
                    values = load_reference(ctx.path, posixpath.join(".", ref), MAX_BYTES)
                    if values is not None and len(values[2]) == 1:
                        return (values[2][0], ())
    return None
