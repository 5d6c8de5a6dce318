"""A Helm chart's values read as ``helm template`` renders them (issue 24: the commonest
Kubernetes LLM deployment is a chart whose templates bind values to engine flags,
``args: ["--tensor-parallel-size={{ .Values.tp }}"]``).

A ``values*.yaml`` beside ``Chart.yaml`` and ``templates/`` is a chart's values, and so is a
values overlay elsewhere in the chart's folder (``overrides/models/x.yaml``, a file whose every
top-level key is one of ``values.yaml``'s: ``chart_values``): the chart's templates are rendered
(``toplint.parse.helmtpl``) with the chart's ``values.yaml`` and, for another values file, that
file over it (``helm template -f``: ``toplint.parse.generic.layered`` merges them), and every
rendered resource is read by the Kubernetes readers, together (a container finds the ConfigMap
another template renders).  Each deployment is placed on the
values file, and every position in it is where the text was written: a value printed from the
values is at its key in the values file that set it, literal template text at its line of the
template file that wrote it, a ``define``'s in ``_helpers.tpl`` (``helmtpl.spans``), so a
finding points at what a user edits.

The values file is then not read as a deployment of its own (no double counting), and a
chart's template linted by itself is read through the values beside it.  A template that cannot
be rendered (an unsupported construct, a branch on an unknown value) is one TL008 at info at
that template, and when no template rendered a deployment the values are read as before
(``toplint.parse.generic.chart``).  Files are read under the read policy, size-capped.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import (
    ReadRefused,
    read_reference,
    shown_path,
)
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Deployment, Finding, Position, Severity, unparsable
from toplint.parse.base import Source
from toplint.parse.generic.chartdir import chart_above
from toplint.parse.generic.charttemplates import MAX_TEMPLATE_BYTES, chart_templates, in_chart
from toplint.parse.generic.layered import Layered
from toplint.parse.helmtpl import Failed, SpanMap, render_chart
from toplint.parse.mentions import named_engines, no_deployment
from toplint.record import fields, is_record, replace

Read = tuple[list[Deployment], list[Finding]]


def chart_folder(path: str) -> bool:
    """Whether ``path`` is a values file of a chart (``Chart.yaml`` and ``templates/`` beside)."""
    if path in ("-", "<stdin>") or not values_named(path):
        return False
    folder = os.path.dirname(path) or "."
    return os.path.isfile(os.path.join(folder, "Chart.yaml")) and os.path.isdir(
        os.path.join(folder, "templates")
    )


def chart_template(path: str) -> bool:
    """Whether ``path`` is a template of a chart whose ``values.yaml`` renders it."""
    parts = path.replace(os.sep, "/").split("/")
    if "templates" not in parts[:-1]:
        return False
    last = max(i for i, part in enumerate(parts[:-1]) if part == "templates")
    folder = "/".join(parts[:last]) or "."
    return chart_folder(os.path.join(folder, "values.yaml")) and os.path.isfile(
        os.path.join(folder, "values.yaml")
    )


def chart_values(source: Source) -> str | None:
    """The folder of the chart whose values ``source`` holds, relative to the file's own
    (``.``, ``../..``), or None: a values file beside ``Chart.yaml`` and ``templates/``
    (``chart_folder``), or a values overlay anywhere else in the chart's folder
    (``toplint.parse.generic.chartdir``): a YAML file whose one document is a mapping every
    top-level key of which is a top-level key of the chart's ``values.yaml``.

    Helm reads a file given with ``-f`` as user values coalesced over the chart's
    ``values.yaml`` (helm.sh/docs/chart_template_guide/values_files: "a values file passed
    into helm install or helm upgrade with the -f flag" overrides the chart's defaults;
    helm/helm pkg/chartutil/coalesce.go), whatever its name or folder: silogen/ai-workloads@
    c32f131 workloads/llm-inference-vllm/helm/README.md renders `helm template . -f
    overrides/models/X.yaml`.  Nothing in a file says it is passed so; a file that sets only
    values the chart declares is one, and a file with a key the chart does not declare (a
    catalogue's metadata, an engine's own config under ``mount/``) is read as itself."""
    if source.path in ("-", "<stdin>"):
        return None
    if chart_folder(source.path):
        return "."
    if not source.path.endswith((".yaml", ".yml")):
        return None
    folder = chart_above(source.path)
    if folder is None or (folder == "." and os.path.basename(source.path) in _HELM_OWN):
        return None
    base = _values_yaml(source.path, folder)
    try:
        own = load_documents(source.text, source.path)
    except (SourceError, RecursionError, ValueError):
        return None
    if base is None or not isinstance(base.data, dict) or len(own) != 1:
        return None
    keys = own[0].data
    return folder if isinstance(keys, dict) and keys and set(keys) <= set(base.data) else None


# A chart's own files beside values.yaml that are no values (Helm 2 kept dependencies in
# requirements.yaml).
_HELM_OWN = frozenset({"Chart.yaml", "Chart.lock", "requirements.yaml", "requirements.lock"})


def rendered_deployments(source: Source, folder: str) -> tuple[Read, bool]:
    """(deployments and findings of the chart ``source`` holds the values of, whether that is
    the chart's reading: it rendered a deployment, or every template rendered and none runs
    an engine with these values).  ``folder``: the chart's, as ``chart_values`` found it."""
    loaded = _load(source, folder)
    if isinstance(loaded, str):
        return ([], _unloaded(source, folder, loaded)), False
    values, chart, templates = loaded
    maps, failed = render_chart(
        templates, values.data, chart, lambda at: _value_at(values, at, source.path)
    )
    rendered, not_yaml = _yaml_only(maps)
    # A template that did not render matters where it may run an engine: it starts containers
    # or names an engine, or the values name one; an ingress's `.Capabilities` check is nobody's.
    texts = dict(templates)
    values_name = bool(named_engines(source.text))
    engine = [f for f in failed if values_name or _may_run(texts.get(f.path, ""))]
    # Text that is not YAML is the chart's reading with these values (Helm refuses it): said,
    # and the values are not read again as if nothing had rendered.
    refused = [f for f in not_yaml if values_name or _may_run(texts.get(f.path, ""))]
    findings = [
        no_deployment(
            f.position.path,
            f.position.line,
            f.position.column,
            f"chart template {_which(f)}{lead}{f.why}; its resources are not read",
            anchor="helm-template",
            severity=Severity.INFO,
        )
        for lead, shown in (("not rendered: ", engine), ("", refused))
        for f in shown
    ]
    deployments, more = _read(rendered, source.path)
    return (deployments, findings + more), bool(deployments) or (bool(maps) and not engine)


def _yaml_only(
    maps: list[SpanMap],
) -> tuple[list[tuple[SpanMap, list[Document]]], list[Failed]]:
    """The rendered templates whose text is YAML, with their documents, and the others as
    templates not rendered: Helm parses each rendered manifest and refuses the release when
    one is not YAML (helm/helm@0a0eaff3 pkg/releaseutil/manifest_sorter.go, ``manifestFile.sort``:
    "YAML parse error on <template>"), so its resources are not read - said where the text was
    written, not passed over in silence (AI-Hypercomputer/gpu-recipes@2e1fd5ef's A3 Mega
    LeaderWorkerSet charts write ``image: {{ .Values.job.image.repository }}:{{ ...tag }}``, whose
    values the README's ``helm install --set`` gives: values.yaml alone renders ``image: :``)."""
    kept: list[tuple[SpanMap, list[Document]]] = []
    failed: list[Failed] = []
    for span in maps:
        try:
            docs = load_documents(span.text, span.path)
        except (SourceError, RecursionError) as exc:
            line, column = (exc.line, exc.column) if isinstance(exc, SourceError) else (1, 1)
            where = span.position(line, column)
            lines = span.text.splitlines()
            shown = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            why = f"renders text that is not YAML with these values (`{shown}`), which Helm refuses"
            failed.append(Failed(span.path, why, where))
            continue
        kept.append((span, docs))
    return kept, failed


def _which(failed: Failed) -> str:
    """The template not rendered, when the finding is not at it (at a ``define`` it includes)."""
    same = failed.position.path == failed.path
    return "" if same else f"`{os.path.basename(failed.path)}` "


def _may_run(template: str) -> bool:
    return "containers:" in template or bool(named_engines(template))


def values_named(path: str) -> bool:
    """A chart's values file: ``values.yaml``, ``values-prod.yaml``, ``gpu-values.yaml``."""
    name = os.path.basename(path).lower()
    return "values" in name and name.endswith((".yaml", ".yml"))


def _load(
    source: Source, folder: str
) -> tuple[Layered, dict[str, Any], list[tuple[str, str]]] | str:
    """The chart's values, ``Chart.yaml`` and templates, or why they cannot be rendered.

    A values file with no document, or only comments, is no values: Helm reads it as an empty
    map (helm/helm@b5f34b33 pkg/chartutil/values.go ``ReadValues``: ``if len(vals) == 0 {
    vals = Values{} }``) and renders the templates with their own text."""
    try:
        own = load_documents(source.text, source.path)  # the text ``chart_values`` just read
    except (SourceError, RecursionError, ValueError) as exc:
        return f"its values file {os.path.basename(source.path)} is not YAML ({exc})"
    try:
        _, chart_text = read_reference(
            source.path, in_chart(folder, "Chart.yaml"), MAX_TEMPLATE_BYTES
        )
        chart_docs = load_documents(chart_text, "Chart.yaml")
    except (ReadRefused, OSError, SourceError, RecursionError, ValueError) as exc:
        return f"its Chart.yaml cannot be read ({exc})"
    if len(own) > 1:
        return f"its values file {os.path.basename(source.path)} holds {len(own)} YAML documents"
    if not chart_docs or not isinstance(chart_docs[0].data, dict):
        return "its Chart.yaml is not a mapping"
    layers: list[Document] = []
    if folder != "." or os.path.basename(source.path) != "values.yaml":
        base = _values_yaml(source.path, folder)
        layers.extend([base] if base is not None else [])
    layers.extend(own)  # (a document that is not a mapping adds no values: ``Layered``)
    values = Layered([(doc, ()) for doc in layers], Position(source.path, 1, 1))
    return values, chart_docs[0].data, chart_templates(source.path, folder)


def _unloaded(source: Source, folder: str, why: str) -> list[Finding]:
    """TL008 at info at each template that may run an engine, when the chart cannot be
    rendered: its templates are read through these values only, so they are not passed over
    in silence."""
    return [
        no_deployment(
            path,
            1,
            1,
            f"chart template not rendered: {why}; its resources are not read",
            anchor="helm-template",
            severity=Severity.INFO,
        )
        for path, text in chart_templates(source.path, folder)
        if _may_run(text)
    ]


def _values_yaml(path: str, folder: str) -> Document | None:
    try:
        full, text = read_reference(path, in_chart(folder, "values.yaml"), MAX_TEMPLATE_BYTES)
        docs = load_documents(text, shown_path(full))
    except (ReadRefused, OSError, SourceError, RecursionError, ValueError):
        return None
    return docs[0] if len(docs) == 1 else None


def _value_at(values: Layered, at: tuple[Any, ...], fallback: str) -> Position:
    try:
        return values.value_position(at)
    except (KeyError, IndexError, TypeError):
        return Position(fallback, 1, 1)


def _read(loaded: list[tuple[SpanMap, list[Document]]], values_path: str) -> Read:
    from toplint.parse.k8s.context import Ctx
    from toplint.parse.k8s.generic import resource_deployments
    from toplint.parse.modelref import identify
    from toplint.parse.multinode import one_per_instance

    maps = [span for span, _ in loaded]
    docs = [(span, d) for span, found in loaded for d in found if isinstance(d.data, dict)]
    documents = [d for _, d in docs]
    texts = {span.path: span.text for span in maps}
    configmaps: dict[str, tuple[Any, tuple[str, ...]]] = {}
    for _, d in docs:
        if d.data.get("kind") == "ConfigMap" and isinstance(d.data.get("metadata"), dict):
            configmaps[str(d.data["metadata"].get("name", ""))] = (d, ("data",))
    by_path = {span.path: span for span in maps}
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for span, doc in docs:
        ctx = Ctx(
            Source.from_text(span.path, span.text),
            doc,
            configmaps,
            documents=documents,
            texts=texts,
        )
        # A model the engine is given as a local path or a URI is the checkpoint the rendered
        # text downloads into it, as in a file linted alone (``run._identify_models``): the
        # download is the template's (``huggingface-cli download {{ … }} --local-dir``), not
        # the values'.
        try:
            found = resource_deployments(ctx)
        except SourceError as exc:  # text the template renders that is not what it holds
            # (a RayService's serveConfigV2 of files the chart indents in): TL001 where it was
            # written, and the chart's other resources still read
            what = f"{exc} (as the chart renders it)"
            findings.append(_remapped(unparsable(span.path, what, exc.line, exc.column), by_path))
            continue
        for dep in identify(found, span.text, span.path):
            deployments.append(_placed(dep, by_path, values_path))
        findings.extend(_remapped(f, by_path) for f in ctx.findings)
    return list(one_per_instance(deployments)), findings


def _placed(dep: Deployment, maps: Mapping[str, SpanMap], values_path: str) -> Deployment:
    """The deployment on the values file, its positions where they were written."""
    moved: Deployment = _at_values(_remapped(dep, maps))
    start = maps[dep.path].position(dep.line, dep.column) if dep.path in maps else None
    line, column = (start.line, start.column) if start and start.path == values_path else (1, 1)
    note = f"as {os.path.basename(values_path)} renders {dep.path}"
    return replace(
        moved,
        path=values_path,
        line=line,
        column=column,
        notes=(*moved.notes, note),
        options=_model_from(moved.options, moved.sources.get("model.from")),
    )


def _model_from(options: Mapping[str, str], at: Position | None) -> Mapping[str, str]:
    """``model.from`` (``toplint.parse.modelref``: "the download command at line 57") counts
    lines of the rendered text, which no file has: said instead at the line and file that
    wrote it (``at``, already moved there: the template, the ``define`` it includes, or the
    values file)."""
    how = options.get("model.from")
    if how is None or at is None:
        return options
    where = f"at line {at.line} of {os.path.basename(at.path)}"
    return {**options, "model.from": _AT_LINE.sub(where, how, count=1)}


_AT_LINE = lazy(r"at line \d+")


def _at_values(dep: Deployment) -> Deployment:
    """A setting whose option the template writes and whose value the values print (``- --model``
    then ``- {{ .Values.model }}``: stackhpc/azimuth-llm@e3e787a charts/azimuth-llm/templates/
    api/deployment.yml) is at that value, as ``toplint.parse.flagfields.apply_flags`` places a
    value written in another file than its option: before rendering is undone both were in one
    text, so it could not tell.  Findings on the option's name (an unknown flag) keep the
    option's own place: they read the flag, not the source."""
    elsewhere = {
        f.position: f.value_position
        for f in dep.flags
        if f.value_position is not None and f.value_position.path != f.position.path
    }
    if not elsewhere:
        return dep
    sources = {k: elsewhere.get(v, v) for k, v in dep.sources.items()}
    return replace(dep, sources=sources) if sources != dep.sources else dep


def _remapped(obj: Any, maps: Mapping[str, SpanMap]) -> Any:
    """``obj`` with every position in a rendered template moved to where it was written."""
    if isinstance(obj, Position):
        span = maps.get(obj.path)
        return span.position(obj.line, obj.column) if span is not None else obj
    if isinstance(obj, tuple):
        return tuple(_remapped(x, maps) for x in obj)
    if isinstance(obj, Mapping):
        return {k: _remapped(v, maps) for k, v in obj.items()}
    if not is_record(obj):
        return obj
    changes = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        new = _remapped(value, maps)
        if new is not value and new != value:
            changes[f.name] = new
    names = {f.name for f in fields(obj)}
    if {"path", "line", "column"} <= names and not isinstance(obj, Deployment):
        span = maps.get(obj.path)
        if span is not None:
            at = span.position(obj.line, obj.column)
            changes.update(path=at.path, line=at.line, column=at.column)
    return replace(obj, **changes) if changes else obj
