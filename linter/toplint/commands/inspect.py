"""``toplint inspect PATHS…``: show what toplint understood of each deployment."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from toplint.errors import EXIT_CLEAN, EXIT_INTERNAL
from toplint.report.base import encodable, printable

_FIELDS = ("engine", "model", "tp", "pp", "dp", "ep", "ep_enabled", "nodes", "gpus_per_node")


def register(sub: Any) -> None:
    p = sub.add_parser("inspect", help="show the deployments toplint reads", description=__doc__)
    p.add_argument("paths", nargs="*", default=["."], metavar="PATH", help="files or directories")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    p.add_argument("--hardware", metavar="FILE", help="hardware manifest (places the groups)")
    p.add_argument("--cluster", metavar="NAME", help="cluster of the manifest to place on")
    p.add_argument("--config", metavar="FILE", help="configuration file")
    p.add_argument(
        "--stats",
        action="store_true",
        help="only the totals: files read, deployments found, values unresolved, files that "
        "name an engine but yield no deployment",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from toplint.pipeline.analyze import analyze_by_config
    from toplint.report.jsonfmt import finding_dict

    result = analyze_by_config(args, args.paths)
    from toplint.commands.check import report_internal
    from toplint.model import INTERNAL_ERROR

    crashed = report_internal(f for f in result.findings if f.rule == INTERNAL_ERROR)
    exit_code = EXIT_INTERNAL if crashed else EXIT_CLEAN
    if args.stats:
        from toplint.commands.inspect_stats import render, stats

        totals = stats(result)
        if args.format == "json":
            sys.stdout.write(json.dumps(totals, indent=2) + "\n")
        else:
            sys.stdout.write(render(totals))
        return exit_code
    payload = {
        "deployments": [deployment_json(a) for a in result.analyses],
        "findings": [finding_dict(f) for f in result.findings if f.rule != INTERNAL_ERROR],
    }
    if args.format == "json":
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
    else:
        sys.stdout.write(render_text(payload))
    return exit_code


def deployment_json(analysis: Any) -> dict[str, Any]:
    dep = analysis.deployment
    out: dict[str, Any] = {"path": encodable(dep.path), "line": dep.line, "column": dep.column}
    out.update({name: getattr(dep, name) for name in _FIELDS})
    out["gpus"] = dep.gpus
    out["name"] = dep.name
    out["source_kind"] = dep.source_kind
    out["unresolved"] = [
        {
            "field": u.field,
            "variable": u.variable,
            "line": u.position.line,
            "column": u.position.column,
        }
        for u in dep.unresolved
    ]
    out["sources"] = {
        k: {"path": p.path, "line": p.line, "column": p.column} for k, p in dep.sources.items()
    }
    out["model_spec"] = model_spec_json(getattr(analysis, "model", None))
    out["options"] = dict(dep.options)
    out["notes"] = list(dep.notes)
    if dep.provenance:  # facts a reader inferred, with where each came from
        from toplint.parse.infer.provenance import parts

        out["provenance"] = dict(dep.provenance)
        out["read_as"] = parts(dep)
    placement = getattr(analysis, "placement", None)
    out["groups"] = [group_json(g) for g in placement.groups] if placement is not None else []
    if placement is not None:
        out["uncertain"] = list(placement.uncertain)
    cluster = getattr(analysis, "cluster", None)
    out["cluster"] = getattr(cluster, "name", None)
    out["hardware_inferred_from"] = getattr(analysis, "inferred", "") or None
    return out


def model_spec_json(spec: Any) -> dict[str, Any] | None:
    """Which architecture the model was checked as, and where that spec came from: the
    catalog, a config.json beside the model path in the repository, the Hugging Face cache or
    toplint.yaml's ``models:`` (``ModelSpec.origin``), with the source it cites."""
    if spec is None:
        return None
    return {"id": spec.id, "origin": spec.origin, "source": spec.source}


def group_json(group: Any) -> dict[str, Any]:
    link = group.link
    return {
        "kind": group.kind,
        "index": group.index,
        "ranks": list(group.ranks),
        "nodes": list(group.nodes),
        "link": {"kind": link.kind, "bandwidth_gb_per_s": link.bandwidth_gb_per_s},
    }


def render_text(payload: dict[str, Any]) -> str:
    blocks = [_block(d) for d in payload["deployments"]]
    for f in payload["findings"]:
        where = f"{printable(f['path'])}:{f['line']}:{f['column']}"
        blocks.append(f"{where}: {f['rule']} {printable(f['message'])}")
    if not payload["deployments"]:
        blocks.insert(0, "no deployments found")
    return "\n\n".join(blocks) + "\n"


def _block(d: dict[str, Any]) -> str:
    title = f"{printable(d['path'])}:{d['line']}:{d['column']}: {d['engine']}"
    if d.get("name"):
        title += f" ({d['name']})"
    lines = [title, f"  model: {_show(d['model'])}"]
    spec = d.get("model_spec")
    if spec is not None:
        where = f"{spec['origin']}: {printable(spec['source'])}"
        lines.append(f"  model spec: {spec['id']} from {where}")
    elif d["model"] is not None:
        lines.append("  model spec: unknown (TL004)")
    lines.append(
        "  parallel: "
        + "  ".join(f"{k}={_show(d[k])}" for k in ("tp", "pp", "dp", "ep"))
        + f"  expert-parallel={'on' if d['ep_enabled'] else 'off'}"
    )
    lines.append(
        "  gpus: " + "  ".join(f"{k}={_show(d[k])}" for k in ("nodes", "gpus_per_node", "gpus"))
    )
    lines.extend(
        f"  unresolved: {u['field']} <- {u['variable']} (line {u['line']}:{u['column']})"
        for u in d["unresolved"]
    )
    if d.get("hardware_inferred_from"):
        lines.append(f"  hardware: inferred from {d['hardware_inferred_from']}")
    lines.extend(f"  read: {p}" for p in d.get("read_as", ()))
    lines.extend(f"  note: {n}" for n in d["notes"])
    for g in d["groups"]:
        link = g["link"]
        lines.append(
            f"  {g['kind']} group {g['index']}: ranks {g['ranks']} on nodes {g['nodes']}"
            f" via {link['kind']} {link['bandwidth_gb_per_s']:g} GB/s"
        )
    return "\n".join(lines)


def _show(value: Any) -> str:
    return "?" if value is None else str(value)
