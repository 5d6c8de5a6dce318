"""What a file is read for when the reader of its kind found no deployment in it.

``toplint.parse.run`` tries these in turn after the file's own parser: engine commands written
anywhere in a data file (``toplint.parse.structured.anywhere``), engine options written as data
(``toplint.parse.generic.data``), a Kustomization's patched resources, Terraform and Nomad blocks,
the scripts and modules a start command runs, the compose services and envsubst manifests a
script starts, the Python a script runs; and, beside what the Kubernetes reader read, the
engines a RayService application's module builds.  Each reader is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toplint.model import UNPARSABLE_FILE, ParseResult
from toplint.parse.base import Source, is_template
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.infra.yamlsafe import Document
    from toplint.parse.generic.dynamograph import Graph
    from toplint.parse.generic.hydra import Composed

# Parsers of data formats (YAML): a file they read but found no deployment in may still write
# an engine command somewhere (``toplint.parse.structured.anywhere``).
DATA_PARSERS = ("kubernetes", "akash-sdl", "compose", "helm-values", "cloudformation")


def commands_anywhere(source: Source, result: ParseResult) -> ParseResult:
    """Engine commands written anywhere in a data file no parser found a deployment in."""
    if any(f.rule == UNPARSABLE_FILE.code for f in result.findings):
        return result
    from toplint.parse.structured.anywhere import mentions_engine, scan

    if is_template(source.text) or not (
        mentions_engine(source.text) or "uses: ./" in source.text  # a repository's own action
    ):
        return result
    try:
        found = scan(source)
    except RecursionError:
        return result
    if not found.deployments and not found.findings:
        return result
    return ParseResult(source.path, found.deployments, (*result.findings, *found.findings))


def options_anywhere(source: Source, result: ParseResult) -> ParseResult:
    """Engine options written as data (``toplint.parse.structured``) in a YAML or JSON file
    no parser and no command search found a deployment in.  A workflow whose jobs start an
    engine only as CI tests (TL008 anchored ``ci:JOB``) holds those tests' inputs, not options."""
    if any(f.rule == UNPARSABLE_FILE.code for f in result.findings) or is_template(source.text):
        return result
    if any(f.anchor.startswith("ci:") for f in result.findings):
        return result
    from toplint.errors import SourceError
    from toplint.infra.yamlsafe import load_documents
    from toplint.parse.generic.data import read
    from toplint.parse.k8s.kinds import holds_no_container

    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return result
    deployments = []
    findings = list(result.findings)
    for doc in docs:
        if holds_no_container(doc.data):
            continue  # a Service's selector labels, a PVC's namespace: nothing runs there
        tree = _composed(doc, source.path)
        found, more = read(tree, source.path)
        deployments.extend(found)
        findings.extend(more)
    if not deployments and len(docs) == 1 and not result.deployments:
        from toplint.parse.generic.chart import chart_evidence, is_values_file  # a chart's values
        from toplint.parse.generic.kustomize import chart_deployments, values_evidence

        chart = chart_evidence(source.path)
        if chart is None and is_values_file(source.path):
            chart = values_evidence(source.path)  # a chart a Kustomization beside it inflates
        if chart is not None:
            found, more = read(docs[0], source.path, root_evidence=chart)
            deployments.extend(found)
            findings.extend(more)
        else:
            found, more = chart_deployments(docs[0], source.path)  # its own `helmCharts`
            deployments.extend(found)
            findings.extend(more)
    if not deployments:
        return result
    return ParseResult(source.path, tuple(deployments), tuple(findings))


KUSTOMIZATIONS = ("kustomization.yaml", "kustomization.yml", "kustomization")


def overlay(source: Source, result: ParseResult) -> ParseResult:
    """A ``kustomization.yaml``'s patched resources (``toplint.parse.generic.kustrender``): an
    engine command in a patch is read in the resource it patches, not as a command alone."""
    if _unreadable(source, result):
        return result
    from toplint.errors import SourceError
    from toplint.infra.yamlsafe import load_documents
    from toplint.parse.generic.kustrender import patched_deployments

    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return result
    if len(docs) != 1:
        return result
    found, more = patched_deployments(docs[0], source.path, source.text)
    if not found:
        return result
    return ParseResult(source.path, tuple(found), (*result.findings, *more))


HCL_SUFFIXES = (".tf", ".hcl", ".nomad")


def hcl_blocks(source: Source, result: ParseResult) -> ParseResult:
    """Terraform and Nomad blocks read as data (``toplint.parse.generic.hclread``)."""
    from toplint.parse.generic.hclread import hcl_options

    return hcl_options(source, result)


def embedded_scripts(source: Source, result: ParseResult) -> ParseResult:
    """The Python scripts a manifest's ConfigMaps carry and its start commands run
    (``toplint.parse.generic.embedded``)."""
    if _unreadable(source, result):
        return result
    from toplint.parse.generic.embedded import embedded_deployments

    return _with_followed(source, result, embedded_deployments(source))


def ray_modules(source: Source, result: ParseResult) -> ParseResult:
    """The engines a RayService application's module of the repository builds
    (``toplint.parse.generic.rayapp``)."""
    if _unreadable(source, result):
        return result
    from toplint.parse.generic.rayapp import ray_app_deployments

    found = ray_app_deployments(source)
    if found is None:
        return result
    return replace(result, deployments=(*result.deployments, *found.deployments))


def python_apps(source: Source, result: ParseResult, parser_name: str) -> ParseResult:
    """The engines of the Python file a Dockerfile's image runs, and of the compose services
    that build such an image (``toplint.parse.generic.pyapps``)."""
    if parser_name == "compose" and "build" not in source.text:
        return result
    if parser_name != "compose" and result.deployments:
        return result  # the image's own engine or script was read
    if _unreadable(source, result):
        return result
    from toplint.parse.generic import pyapps
    from toplint.parse.generic.pychain import RUNS_PYTHON

    if parser_name == "compose":
        return pyapps.built_apps(source, result)
    if not any(word in source.text for word in RUNS_PYTHON):
        return result
    return pyapps.image_apps(source, result)


def script_runs(source: Source, result: ParseResult) -> ParseResult:
    """The engine commands of scripts a data file's start command runs
    (``toplint.parse.structured.scriptref``)."""
    if _unreadable(source, result):
        return result
    from toplint.parse.structured.scriptref import script_deployments

    return _with_followed(source, result, script_deployments(source))


def compose_runs(source: Source, result: ParseResult) -> ParseResult:
    """The compose services a script starts (``docker compose up``:
    ``toplint.parse.structured.composerun``)."""
    if "compose" not in source.text or _unreadable(source, result):
        return result
    from toplint.parse.structured.composerun import compose_deployments
    from toplint.parse.text.shellsrc import script_commands

    return _with_followed(source, result, compose_deployments(source, script_commands(source)))


def envsubst_files(source: Source, result: ParseResult) -> ParseResult:
    """The manifests a script renders with ``envsubst``, with the variables it exports put in
    (``toplint.parse.structured.envsubstrun``)."""
    if _unreadable(source, result):
        return result
    from toplint.parse.structured.envsubstrun import envsubst_deployments

    return _with_followed(source, result, envsubst_deployments(source))


def python_runs(source: Source, result: ParseResult) -> ParseResult:
    """The engines the Python files a script runs build, and the programs with a declarative
    reader it runs with their overrides (``toplint.parse.generic.pychain``)."""
    from toplint.parse.generic.declarative import program_names
    from toplint.parse.generic.pychain import RUNS_PYTHON

    if not any(n in source.text for n in (*RUNS_PYTHON, *program_names())):
        return result
    if _unreadable(source, result):
        return result
    from toplint.parse.generic.pychain import script_deployments

    return _with_followed(source, result, script_deployments(source))


def _unreadable(source: Source, result: ParseResult) -> bool:
    """A file that failed to parse, or a template, has no start command to follow."""
    return any(f.rule == UNPARSABLE_FILE.code for f in result.findings) or is_template(source.text)


def _with_followed(source: Source, result: ParseResult, found: ParseResult | None) -> ParseResult:
    """``result``'s findings with the deployments of the files its commands run."""
    if found is None:
        return result
    return ParseResult(source.path, found.deployments, (*result.findings, *found.findings))


def _composed(doc: Document, path: str) -> Document | Composed | Graph:
    """A Hydra primary config with its ``defaults:`` composed, or a config naming its parents
    by path (``defaults: parent.yaml``) with them merged in (``toplint.parse.generic.hydra``);
    a Dynamo graph config with its ``Common`` settings given to the services that subscribe to
    them (``toplint.parse.generic.dynamograph``)."""
    if not (isinstance(doc.data, dict) and isinstance(doc.data.get("defaults"), (list, str))):
        from toplint.parse.generic.dynamograph import inherit

        return inherit(doc) or doc
    from toplint.parse.generic.hydra import compose

    return compose(doc, path) or doc
