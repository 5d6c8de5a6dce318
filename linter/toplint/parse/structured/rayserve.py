"""Ray Serve config files (``serve deploy config.yaml``) whose applications build Ray Serve LLM.

``applications[].args.llm_configs[]`` are read as in a RayService's ``serveConfigV2``
(``toplint.parse.k8s.rayserveconfig.serve_applications``); the Ray cluster is not in the file, so a
replica's nodes follow its placement group only.  Recognised by content: a YAML mapping with
``applications`` whose ``import_path`` or ``args`` build ``ray.serve.llm`` / ``llm_configs``.
"""

from __future__ import annotations

import re

from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.k8s.context import Ctx

_APPS = lazy(r"^applications:\s*$", re.M)
# ``^[ \t]*``: ``^\s*`` rescanned every run of blank lines from each of its line starts.
_LLM = lazy(r"ray\.serve\.llm|^[ \t]*llm_configs?:", re.M)


class RayServeConfigParser:
    name = "ray-serve-config"

    def accepts(self, source: Source) -> bool:
        return source.yaml_named and bool(_APPS.search(source.text) and _LLM.search(source.text))

    def parse(self, source: Source) -> ParseResult:
        from toplint.parse.k8s.rayserveconfig import serve_applications

        docs = load_documents(source.text, source.path)
        out: list[Deployment] = []
        findings = []
        for doc in docs:
            ctx = Ctx(source, doc, {}, documents=docs)
            start = doc.key_position(("applications",))
            base = Deployment(
                path=source.path,
                line=start.line,
                column=start.column,
                engine="",
                model=None,
                source_kind="ray-serve-config",
            )
            out.extend(serve_applications(ctx, doc.data, base, None, doc.key_position))
            findings.extend(ctx.findings)
        return ParseResult(source.path, tuple(out), tuple(findings))
