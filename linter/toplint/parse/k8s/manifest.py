"""Kubernetes manifests: the parser that recognises them and hands each document on.

A multi-document YAML file is read with ``toplint.infra.yamlsafe`` (positions for every key and
value); each document is handed to the module that knows its kind (``k8s.workloads``,
``k8s.lws``, ``k8s.ray``, ``k8s.kserve``, ``k8s.dynamo``, ...: the table is ``k8s.kinds``, the
dispatch ``k8s.generic.resource_deployments``), which reads it through a ``k8s.context.Ctx``.
Those modules call ``k8s.pods.container_deployments`` for the containers that run an engine:
the container's ``command`` + ``args`` become argv tokens (``$(VAR)`` substituted from the
container env as the kubelet does, ``sh -c`` scripts lexed by ``toplint.parse.text.shellrun.lex``),
and the engine invocations found in them become deployments via ``toplint.parse.argv``.

Positions: list elements are exact.  Words inside a YAML string (an ``sh -c`` block scalar)
are mapped back into the file by aligning the string's characters with the file text from the
scalar's start; exact for plain and literal (``|``) scalars, approximate (same line or the next
one) for folded (``>``) and escaped double-quoted scalars, and for words produced by a
``$(VAR)`` substitution (mapped to the ``$(``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, Finding, ParseResult, Sourced
from toplint.parse.base import Source, fills_lines, is_template
from toplint.parse.k8s.context import Ctx
from toplint.parse.multinode import one_per_instance

_KIND = lazy(r"^kind:\s*\S", re.M)
_API = lazy(r"^apiVersion:\s*\S", re.M)
# The same keys quoted, anywhere on a line: JSON (``kubectl get -o json``, ``{"kind": ...}``)
# and YAML flow style.  JSON is YAML 1.2 flow, so the same loader reads it, with positions.
_QUOTED_KIND = lazy(r"[\"']kind[\"']\s*:\s*[\"']?\w")
_QUOTED_API = lazy(r"[\"']apiVersion[\"']\s*:\s*[\"']?\w")


def looks_like_k8s(text: str) -> bool:
    # Every pattern needs its key word written: a file without both (compose, Helm values, a
    # shell script) is told apart by two substring scans instead of four regex scans, which
    # try every character for a line start or a quote (1.9% of a tree's instructions).
    if "kind" not in text or "apiVersion" not in text:
        return False
    plain = _KIND.search(text) or _QUOTED_KIND.search(text)
    return bool(plain and (_API.search(text) or _QUOTED_API.search(text)))


class KubernetesParser:
    name = "kubernetes"

    def accepts(self, source: Source) -> bool:
        named = source.name.endswith((".yaml", ".yml", ".json"))
        return (named or source.name in ("-", "<stdin>")) and looks_like_k8s(source.text)

    def parse(self, source: Source) -> ParseResult:
        if not looks_like_k8s(source.text):
            return ParseResult(source.path)
        docs = _load(source)
        if docs is None:  # a Helm template: not YAML until rendered (see helm.py)
            return ParseResult(source.path)
        # Imported here: every run asks ``accepts`` of this module, and a shell script or compose
        # file never needs the readers behind the dispatch (k8s.generic, kinds, pods, workloads:
        # 2,403M -> 2,370M instructions for a one-file shell check, callgrind).
        import toplint.parse.k8s.generic
        import toplint.parse.k8s.siblings

        configmaps = toplint.parse.k8s.siblings.WithSiblings(_configmaps(docs), source.path)
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        for doc in docs:
            if not isinstance(doc.data, dict):
                continue
            ctx = Ctx(source, doc, configmaps, documents=docs)
            deployments.extend(toplint.parse.k8s.generic.resource_deployments(ctx))
            findings.extend(ctx.findings)

        # The head and worker resources of one multi-node instance are one deployment.
        merged = one_per_instance(deployments)
        sourced: tuple[Sourced, ...] = ()
        if configmaps.files:  # read beside it: checked with its deployments, said there
            from toplint.parse.text.sourced import sourced_by

            sourced = sourced_by(configmaps.files, merged)
        return ParseResult(source.path, merged, tuple(findings), sourced=sourced)


def _load(source: Source) -> list[Document] | None:
    try:
        return load_documents(source.text, source.path)
    except SourceError as exc:
        if is_template(source.text) or fills_lines(source.text, exc.line):
            return None  # Helm's {{ … }}, Terraform's %{ if … }, envsubst's lines: not YAML yet
        raise


def _configmaps(docs: Sequence[Document]) -> dict[str, tuple[Document, Path]]:
    found: dict[str, tuple[Document, Path]] = {}
    for doc in docs:
        data = doc.data
        if isinstance(data, dict) and data.get("kind") == "ConfigMap":
            meta = data.get("metadata")
            name = str(meta.get("name", "") if isinstance(meta, dict) else "")
            found[name] = (doc, ("data",))
    return found
