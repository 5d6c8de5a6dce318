"""Disaggregated-serving configs of the LLM API: ``context_servers`` and ``generation_servers``.

``trtllm-serve disaggregated -c FILE`` (the router) and ``disaggregated_mpi_worker -c FILE`` (the
workers) read one YAML file (tensorrt_llm/llmapi/disagg_utils.py ``extract_disagg_cfg``): each
section has ``num_instances`` (default 1), optional ``urls`` and the LLM-API options of its
workers (``tensor_parallel_size``, ``pipeline_parallel_size``, ``moe_expert_parallel_size``,
``enable_attention_dp`` ...); a top-level option other than the router's own keys is inherited
by both sections.  Each section whose workers the file describes (a model, or a parallel size)
is one deployment, named "context" or "generation", with ``num_instances`` replicas.  A file
with neither (a router's address book) deploys nothing.

The engine is the one whose record says it runs this format (``Engine.runs_in``).
"""

from __future__ import annotations

import re
from typing import Any

from toplint.engines.registry import engine_running_in
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, Finding, Flag, ParseResult, Position
from toplint.parse.base import Source
from toplint.parse.flagfields import apply_flags
from toplint.record import replace

FORMAT = "llmapi-disaggregated"
_SECTIONS = (("context_servers", "context"), ("generation_servers", "generation"))
# extract_disagg_cfg's own parameters: not inherited by the sections.
_ROUTER_KEYS = frozenset(
    {"hostname", "port", "max_retries", "perf_metrics_max_requests", "return_perf_metrics"}
    | {"perf_metrics_output_dir", "context_servers", "generation_servers", "otlp_config"}
    | {"conditional_disagg_config", "disagg_cluster", "node_id", "schedule_style"}
    | {"allow_request_chat_template", "num_workers", "disagg_coordinator_url"}
)
_SECTION_ONLY = frozenset({"num_instances", "urls", "router"})
_MARKER = lazy(r"^(context_servers|generation_servers):", re.M)


class DisaggConfigParser:
    name = "disaggregated-config"

    def accepts(self, source: Source) -> bool:
        if not source.name.endswith((".yaml", ".yml")) or "_servers:" not in source.text:
            return False
        return len({m.group(1) for m in _MARKER.finditer(source.text)}) == 2

    def parse(self, source: Source) -> ParseResult:

        docs = load_documents(source.text, source.path)
        if len(docs) != 1 or not isinstance(docs[0].data, dict):
            return ParseResult(source.path)
        doc = docs[0]
        data: dict[str, Any] = doc.data
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        for key, role in _SECTIONS:
            section = data.get(key)
            if not isinstance(section, dict):
                continue
            dep = _section(source, doc, data, key, role)
            if dep is not None:
                deployments.append(dep)
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def _section(
    source: Source, doc: Any, data: dict[str, Any], key: str, role: str
) -> Deployment | None:

    engine = engine_running_in(FORMAT)
    spec = engine.cli
    fields = {**spec.fields, **spec.config_fields}
    section: dict[str, Any] = data[key]
    inherited = {k: v for k, v in data.items() if k not in _ROUTER_KEYS}
    own = {k: v for k, v in section.items() if k not in _SECTION_ONLY}
    settings: list[tuple[str, Any, tuple[str, ...]]] = [
        (k, v, ()) for k, v in inherited.items() if k not in own
    ]
    settings += [(k, v, (key,)) for k, v in own.items()]
    layout = {"model", "tp", "pp", "ep"} & {fields.get(k, "") for k, _, _ in settings}
    if not layout:
        return None  # the router's address book: the workers are described elsewhere
    flags = []
    for name, value, at in settings:
        if isinstance(value, dict):
            continue
        path = (*at, name)
        text = _text(value)
        flags.append(
            Flag(
                name,
                text,
                name,
                doc.key_position(path),
                doc.value_position(path),
                anchor=".".join(path),
            )
        )
    start = doc.key_position((key,))
    replicas = section.get("num_instances", 1)
    base = Deployment(
        source.path,
        start.line,
        start.column,
        engine=engine.name,
        model=None,
        name=role,
        source_kind=FORMAT,
        replicas=replicas if isinstance(replicas, int) and replicas > 0 else 1,
        sources={"replicas": _where(doc, (key, "num_instances"), start)},
    )

    return apply_flags(base, flags, replace(spec, fields=fields))


def _where(doc: Any, path: tuple[str, ...], default: Position) -> Position:
    pos: Position = doc.key_position(path) if doc.has_key(path) else default
    return pos


def _text(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    return None if value is None else str(value)
