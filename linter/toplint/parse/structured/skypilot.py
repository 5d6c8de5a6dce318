"""SkyPilot task YAML (``sky launch`` / ``sky serve up``): resources, nodes and a ``run`` script.

SkyPilot runs ``run`` on each of ``num_nodes`` nodes (default 1) with ``envs`` and its own
variables (docs "Environment variables": ``SKYPILOT_NUM_NODES``, ``SKYPILOT_NODE_RANK``,
``SKYPILOT_NODE_IPS``, ``SKYPILOT_NUM_GPUS_PER_NODE``).  ``resources.accelerators`` is one
``NAME:COUNT`` or a set/list of candidates SkyPilot picks from (``{H100:8, A100-80GB:8}``); the
GPUs per node — and so every value derived from ``SKYPILOT_NUM_GPUS_PER_NODE`` — is known only
when every candidate has the same count, and is reported unresolved otherwise.  The engine
commands of the script are read as in any shell script; a head/worker ``if`` on
``SKYPILOT_NODE_RANK`` is one deployment (the rank-0 branch starts the server).  Recognised by
content: a YAML mapping with a ``run`` script and ``resources`` or ``num_nodes``, and no
``kind``/``services``.
"""

from __future__ import annotations

import re
from typing import Any

from toplint.infra.numbers import finite
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.k8s.context import Ctx

ACCELERATORS_LABEL = "skypilot.co/accelerators"
_RUN = lazy(r"^run:", re.M)
_RESOURCES = lazy(r"^(resources|num_nodes):", re.M)
_NOT = lazy(r"^(kind|services|apiVersion):", re.M)


class SkyPilotParser:
    name = "skypilot"

    def accepts(self, source: Source) -> bool:
        text = source.text
        return source.yaml_named and bool(
            _RUN.search(text) and _RESOURCES.search(text) and not _NOT.search(text)
        )

    def parse(self, source: Source) -> ParseResult:
        docs = load_documents(source.text, source.path)
        out: list[Deployment] = []
        findings = []
        for doc in docs:
            if isinstance(doc.data, dict) and isinstance(doc.data.get("run"), str):
                found, problems = _task(source, doc, docs)
                out.extend(found)
                findings.extend(problems)
        return ParseResult(source.path, tuple(out), tuple(findings))


def candidates(value: Any) -> list[tuple[str, int]]:
    """``resources.accelerators`` as (name, count) candidates."""
    if isinstance(value, str):
        items: list[Any] = [value]
    elif isinstance(value, dict):
        # `{H100:8, A100:8}` is a YAML flow mapping whose keys are "H100:8" (no space after
        # the colon) with null values; `{H100: 8}` maps names to counts.
        items = [str(k) if v is None else f"{k}:{v}" for k, v in value.items()]
    elif isinstance(value, list):
        items = value
    else:
        return []
    out = []
    for item in items:
        name, _, count = str(item).partition(":")
        out.append((name.strip(), _count(count.strip() or 1)))
    return out


def _count(value: Any) -> int:
    """A count of accelerators ("8", 8, "0.5" -> 0); 0 for nan, 1e400, "１２" and words."""
    number = finite(value, 1 << 20)
    return 0 if number is None else int(number)


def _accelerators(doc: Document) -> tuple[list[tuple[str, int]], Path]:
    res = doc.data.get("resources")
    if not isinstance(res, dict):
        return [], ()
    found = candidates(res.get("accelerators"))
    at: Path = ("resources", "accelerators")
    for key in ("any_of", "ordered"):  # candidate resource sets
        sets = res.get(key)
        for i, item in enumerate(sets if isinstance(sets, list) else []):
            if isinstance(item, dict) and "accelerators" in item:
                found += candidates(item["accelerators"])
                at = at if "accelerators" in res else ("resources", key, i, "accelerators")
    return found, at if found else ()


def _task(
    source: Source, doc: Document, docs: list[Document]
) -> tuple[list[Deployment], list[Any]]:

    data = doc.data
    accel, accel_at = _accelerators(doc)
    counts = {n for _, n in accel}
    per_node = counts.pop() if len(counts) == 1 else None
    nodes_raw = data.get("num_nodes", 1)
    nodes = nodes_raw if isinstance(nodes_raw, int) and nodes_raw > 0 else None
    env: dict[str, str | None] = {
        str(k): (None if v is None else str(v))
        for k, v in (data.get("envs") if isinstance(data.get("envs"), dict) else {}).items()
    }
    env.update(
        {
            "SKYPILOT_NUM_NODES": None if nodes is None else str(nodes),
            "SKYPILOT_NUM_GPUS_PER_NODE": None if per_node is None else str(per_node),
            "SKYPILOT_NODE_RANK": "0",
            "SKYPILOT_NODE_IPS": None,
        }
    )
    ctx = Ctx(source, doc, {}, documents=docs)
    start = doc.key_position(("run",))
    where = doc.value_position(accel_at) if accel_at else start
    labels = {ACCELERATORS_LABEL: ",".join(f"{n}:{c}" for n, c in accel)} if accel else {}
    notes: tuple[str, ...] = ()
    if accel and per_node is None:
        notes = (f"resources.accelerators offers {len(accel)} choices with different GPU counts",)
    base = Deployment(
        path=source.path,
        line=start.line,
        column=start.column,
        engine="",
        model=None,
        source_kind="skypilot",
        nodes=nodes,
        gpus_per_node=per_node,
        gpus=None if per_node is None or nodes is None else per_node * nodes,
        pods_are_nodes=True,
        labels=labels,
        notes=notes,
        sources={"gpus_per_node": where, "gpus": where, "nodes": _nodes_pos(doc, start)},
    )
    import toplint.parse.k8s.scriptdeps as scripts  # a task that runs a script reads it

    return scripts.script_deployments(ctx, ("run",), env, "skypilot", base), ctx.findings


def _nodes_pos(doc: Document, default: Any) -> Any:
    return doc.value_position(("num_nodes",)) if "num_nodes" in doc.data else default
