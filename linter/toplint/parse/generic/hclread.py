"""Terraform and Nomad files read as data (issue 24): the Kubernetes resources they write
(``kubectl_manifest``, ``kubernetes_manifest``), the Helm releases of charts toplint reads
(``parse.generic.helmrelease``), then their blocks as engine options (``parse.generic.data``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.base import Source
from toplint.parse.generic.hcl import HclDocument
from toplint.parse.generic.hclmodule import filled_locals


def hcl_options(source: Source, result: ParseResult) -> ParseResult:
    """Engine options written as data in an HCL file (``toplint.parse.generic.hcl``): a
    container block's image, its args and its GPUs, read like YAML by ``parse.generic.data``."""
    from toplint.parse.generic.data import read
    from toplint.parse.generic.hcl import parse

    doc = parse(source.text, source.path)
    if doc is None:
        return result
    doc = doc.with_data(filled_locals(doc.data, source.path))
    found, more = _hcl_resources(source, doc)
    releases: list[tuple[str | int, ...]] = []
    if "helm_release" in source.text:  # a chart toplint reads, its values written inline
        from toplint.parse.generic.helmrelease import hcl_releases

        released, notes, releases = hcl_releases(source, doc)
        found, more = [*found, *released], [*more, *notes]
    rest, findings = read(_without_resources(doc, releases), source.path)  # blocks as options
    found, more = [*found, *rest], [*more, *findings]
    if not found:
        return result
    return ParseResult(source.path, tuple(found), (*result.findings, *more))


def _hcl_resources(source: Source, doc: HclDocument) -> tuple[list[Deployment], list[Finding]]:
    """Kubernetes resources an HCL file writes as data (a ``kubectl_manifest``'s
    ``yamlencode({apiVersion = …, kind = …})``, a ``kubernetes_manifest``'s ``manifest = {…}``),
    each read by its kind's reader as if it were YAML (``toplint.parse.k8s``)."""
    found: list[Deployment] = []
    findings: list[Finding] = []
    at_paths = list(_resources_in(doc.data, ()))
    if not at_paths:
        return found, findings
    from toplint.parse.k8s.context import Ctx
    from toplint.parse.k8s.generic import resource_deployments

    for at in at_paths:
        ctx = Ctx(source, doc, {}, root=at)
        found.extend(resource_deployments(ctx))
        findings.extend(ctx.findings)
    return found, findings


def _without_resources(doc: HclDocument, read: Sequence[tuple[str | int, ...]] = ()) -> HclDocument:
    """``doc`` with the Kubernetes resources it writes as data and the blocks in ``read`` left
    out (``_hcl_resources`` and the release reader read them), at the same paths and
    positions."""
    paths = [at for at in _resources_in(doc.data, ()) if at] + list(read)
    if not paths:
        return doc
    from copy import deepcopy

    data = deepcopy(doc.data)
    for at in paths:
        parent: Any = data
        for step in at[:-1]:
            parent = parent[step]
        parent[at[-1]] = None
    return doc.with_data(data)


def _resources_in(node: object, at: tuple[str | int, ...]) -> Iterator[tuple[str | int, ...]]:
    """Paths of the mappings written like a Kubernetes resource (an ``apiVersion`` and a
    ``kind``), outermost only."""
    if isinstance(node, dict):
        if isinstance(node.get("apiVersion"), str) and isinstance(node.get("kind"), str):
            yield at
            return
        for key, value in node.items():
            yield from _resources_in(value, (*at, key))
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _resources_in(value, (*at, n))
