"""``toplint cost PATHS…``: every collective of a prefill and a decode step, with its time."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from toplint.commands.check import report_internal
from toplint.errors import EXIT_CLEAN, EXIT_INTERNAL, UsageError
from toplint.hardware.units import format_bytes, format_time_us
from toplint.infra.budgets import workload_count
from toplint.model import INTERNAL_ERROR
from toplint.pipeline.analyze import analyze_by_config
from toplint.report.base import encodable, json_text, printable, printable_text

FORMATS = ("text", "json")


def register(sub: Any) -> None:
    p = sub.add_parser("cost", help="communication cost per deployment", description=__doc__)
    p.add_argument("paths", nargs="*", default=["."], metavar="PATH", help="files or directories")
    p.add_argument("--hardware", metavar="FILE", help="hardware manifest (YAML or JSON)")
    p.add_argument("--cluster", metavar="NAME", help="cluster of the manifest to use")
    p.add_argument("--config", metavar="FILE", help="configuration file (default: nearest)")
    p.add_argument(
        "--prompt-tokens", type=workload_count, metavar="N", help="prefill tokens (default 4096)"
    )
    p.add_argument(
        "--decode-batch", type=workload_count, metavar="N", help="decode sequences (default 1)"
    )
    p.add_argument("--format", default="text", help="output format: text, json (default: text)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:

    if args.format not in FORMATS:
        raise UsageError(f"cost: unknown --format {args.format!r}; use one of {', '.join(FORMATS)}")
    for name in ("prompt_tokens", "decode_batch"):
        value = getattr(args, name, None)
        if value is not None and value < 1:
            raise UsageError(f"cost: --{name.replace('_', '-')} must be at least 1, got {value}")
    result = analyze_by_config(args, args.paths)

    crashed = report_internal(f for f in result.findings if f.rule == INTERNAL_ERROR)
    docs = [deployment_doc(a, result.hardware is not None) for a in result.analyses]
    if args.format == "json":
        sys.stdout.write(json_text({"deployments": docs}) + "\n")
    else:
        sys.stdout.write(printable_text(render_text(docs)))
    return EXIT_INTERNAL if crashed else EXIT_CLEAN


def deployment_doc(analysis: Any, have_hardware: bool) -> dict[str, Any]:
    """The JSON shape of one analysed deployment (see ``toplint cost --format json``)."""
    d = analysis.deployment
    doc: dict[str, Any] = {
        "path": encodable(d.path),  # a file name that is not UTF-8 still encodes
        "line": d.line,
        "model": d.model,
        "layout": {"tp": d.tp, "pp": d.pp, "dp": d.dp, "ep": d.ep},
    }
    if analysis.cluster is not None:
        doc["cluster"] = analysis.cluster.name
        doc["gpu"] = analysis.cluster.gpu.name
    cost = analysis.cost
    if cost is None:
        doc["collectives"] = []
        doc["skipped"] = _why_skipped(analysis, have_hardware)
        return doc
    doc["collectives"] = [_collective_doc(c) for c in cost.collectives]
    doc["unpriced"] = list(cost.unpriced)  # on the path, not priced: the totals leave it out
    doc["totals"] = {
        "prefill_comm_ms": cost.prefill_comm_ms,
        "decode_comm_ms_per_step": cost.decode_comm_ms_per_step,
        "decode_comm_ms_per_token": cost.decode_comm_ms_per_token,
        "decode_weight_stream_ms": cost.decode_weight_stream_ms,
        "prefill_compute_ms": cost.prefill_compute_ms,
        "prefill_comm_ms_range": list(cost.prefill_comm_ms_range),
        "decode_comm_ms_range": list(cost.decode_comm_ms_range),
    }
    doc["workload"] = {"prompt_tokens": cost.prompt_tokens, "decode_batch": cost.decode_batch}
    outcome = getattr(analysis, "outcome", None)
    if outcome is not None:  # the one end-to-end model check and plan also read
        from toplint.outcome.render import outcome_doc

        doc["outcome"] = outcome_doc(outcome)
    doc["assumptions"] = list(cost.assumptions)
    return doc


def _collective_doc(c: Any) -> dict[str, Any]:
    keys = ("phase", "group", "op", "ranks", "link", "message_bytes", "count", "payload_bytes")
    out = {k: getattr(c, k) for k in keys}
    out["wire_bytes_per_gpu"] = c.wire_bytes_per_gpu
    out["link_bandwidth_gb_per_s"] = c.link_bandwidth_gb_per_s
    out["time_us"] = round(c.time_us, 3)
    out["total_ms"] = round(c.total_ms, 4)
    out["method"] = c.method
    out["band"] = c.band  # measured time within [time/(1+band), time·(1+band)] 4 times in 5
    out["kernel"] = c.kernel
    out["overlapped"] = c.overlapped
    out["note"] = c.note
    return out


def _why_skipped(analysis: Any, have_hardware: bool) -> str:
    """Why the deployment was not costed: the reason ``check`` reports (TL007/TL011) when the
    analysis has one, so the two commands never give different reasons."""
    unchecked = analysis.unchecked
    if unchecked is not None:
        return str(unchecked.reason) + (f" ({unchecked.fix})" if unchecked.fix else "")
    if not have_hardware:
        return "no hardware manifest (pass --hardware FILE or set `hardware` in the config)"
    if analysis.cluster is None:
        return "no cluster of the manifest matches this deployment (use --cluster NAME)"
    if analysis.model is None:
        return f"model {analysis.deployment.model!r} is not in the catalog"
    return "the layout could not be resolved (unresolved TP/PP/DP)"


# --- text -------------------------------------------------------------------------------------

_COLUMNS = (
    "phase",
    "group",
    "op",
    "ranks",
    "link",
    "message",
    "count",
    "payload",
    "wire/GPU",
    "each",
    "total",
    "method",
    "kernel",
)


def render_text(docs: list[dict[str, Any]]) -> str:
    if not docs:
        return "no deployments found\n"
    return "\n".join(_render_one(doc) for doc in docs)


def _render_one(doc: dict[str, Any]) -> str:
    lay = doc["layout"]
    where = f" on {doc['cluster']} ({doc['gpu']})" if "cluster" in doc else ""
    lines = [
        f"{printable(doc['path'])}:{doc['line']}: {doc['model'] or '(model unknown)'}  "
        f"TP={lay['tp']} PP={lay['pp']} DP={lay['dp']} EP={lay['ep']}{where}"
    ]
    if "skipped" in doc:
        return "\n".join([*lines, f"  not costed: {doc['skipped']}", ""])
    w = doc["workload"]
    lines.append(f"  prefill {w['prompt_tokens']} tokens, decode batch {w['decode_batch']}")
    rows = [_COLUMNS] + [_row(c) for c in doc["collectives"]]
    widths = [max(len(r[i]) for r in rows) for i in range(len(_COLUMNS))]
    for r in rows:
        lines.append(
            "  " + "  ".join(cell.ljust(wd) for cell, wd in zip(r, widths, strict=True)).rstrip()
        )
    t = doc["totals"]
    unpriced = doc.get("unpriced") or []
    least = "at least " if unpriced else ""
    lines.append(
        f"  prefill comm {least}{fmt_ms(t['prefill_comm_ms'])}"
        f"{_range(t, 'prefill_comm_ms_range')}" + _vs("compute", t["prefill_compute_ms"])
    )
    lines.append(
        f"  decode comm {least}{fmt_ms(t['decode_comm_ms_per_step'])}"
        f"{_range(t, 'decode_comm_ms_range')} per step, "
        f"{fmt_ms(t['decode_comm_ms_per_token'])} per token"
        + _vs("weight streaming", t["decode_weight_stream_ms"])
    )
    if unpriced:
        lines.append("  not priced (left out of the totals):")
        lines.extend(f"    - {u}" for u in unpriced)
    if "outcome" in doc:
        from toplint.outcome.render import outcome_text

        lines.extend(f"  {line}" for line in outcome_text(doc["outcome"]))
    lines.append("  assumptions:")
    lines.extend(f"    - {a}" for a in doc["assumptions"])
    return "\n".join(lines) + "\n"


def _range(totals: dict[str, Any], key: str) -> str:
    low, high = totals.get(key) or (0.0, 0.0)
    return f" ({fmt_ms(low)}–{fmt_ms(high)})" if high > 0 else ""


def _vs(label: str, ms: float | None) -> str:
    return f" (vs {label} {fmt_ms(ms)})" if ms is not None else ""


def _row(c: dict[str, Any]) -> tuple[str, ...]:
    from toplint.cost.uncertainty import render

    return (
        c["phase"],
        c["group"],
        c["op"],
        str(c["ranks"]),
        c["link"],
        fmt_bytes(c["message_bytes"]),
        str(c["count"]),
        fmt_bytes(c["payload_bytes"]),
        fmt_bytes(c["wire_bytes_per_gpu"]),
        render(c["time_us"], c["band"]),
        fmt_ms(c["total_ms"]) + (" (overlapped)" if c.get("overlapped") else ""),
        c["method"],
        c.get("kernel") or "",
    )


def fmt_bytes(n: float) -> str:

    return format_bytes(n)


def fmt_us(us: float) -> str:

    return format_time_us(us)


def fmt_ms(ms: float | None) -> str:
    """Times as ``toplint check`` writes them (toplint.hardware.units: 3 significant digits)."""
    return "n/a" if ms is None else fmt_us(ms * 1000)
