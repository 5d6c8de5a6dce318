"""The outcome as ``toplint cost`` and the pull-request view show it: a JSON-able mapping and
a few lines of text, from one place."""

from __future__ import annotations

from typing import Any

from toplint.hardware.units import format_time_us
from toplint.outcome.types import GIB, Outcome


def outcome_doc(outcome: Outcome) -> dict[str, Any]:
    """The outcome as JSON: verdict, why it would not start, memory (GiB) and latencies."""
    doc: dict[str, Any] = {"verdict": outcome.verdict(), "problems": list(outcome.problems)}
    m = outcome.memory
    if m is not None:
        doc["memory"] = {
            "setting": m.setting,
            "capacity_gib": m.capacity / GIB,
            "budget_gib": m.budget / GIB,
            "weights_gib": m.weights / GIB,
            "working_gib": m.working / GIB,
            "kv_bytes_per_token": m.kv_per_token,
            "kv_tokens": m.kv_tokens,
            # KV cache beyond one full sequence (negative: short), what a PR view compares
            "headroom_gib": m.headroom / GIB,
            "context": m.context,
            "context_from": m.context_from,
            "context_what": m.context_what,
            "working_from": m.working_from,
            "draft": m.draft,
            "fits": m.fits,
        }
    if outcome.memory_unjudged:
        doc["memory_not_judged"] = outcome.memory_unjudged
    lat = outcome.latency
    if lat is not None:
        doc["latency"] = {
            "ttft_ms": lat.ttft_ms,
            "ttft_ms_range": list(lat.ttft_band),
            "itl_ms": lat.itl_ms,
            "itl_ms_range": list(lat.itl_band),
            "tokens_per_s": lat.tokens_per_s,
            "parts": list(lat.parts),
        }
    if outcome.unpriced:  # the GPU lacks a figure the latency is priced from (TL011)
        doc["latency_not_priced"] = list(outcome.unpriced)
    return doc


def _ms(value: float) -> str:
    return format_time_us(value * 1000)


def outcome_text(doc: dict[str, Any]) -> list[str]:
    """``outcome_doc``'s mapping in a few lines (the caller indents them)."""
    lines = [f"outcome: {doc['verdict']}"]
    lines.extend(f"  - {p}" for p in doc["problems"])
    lat = doc.get("latency")
    if lat is not None:
        ttft, itl = lat["ttft_ms_range"], lat["itl_ms_range"]
        lines.append(
            f"  TTFT {_ms(lat['ttft_ms'])} ({_ms(ttft[0])}–{_ms(ttft[1])}), ITL "
            f"{_ms(lat['itl_ms'])} ({_ms(itl[0])}–{_ms(itl[1])}), "
            f"{lat['tokens_per_s']:,.0f} tokens/s"
        )
        lines.extend(f"  {part}" for part in lat["parts"])
    if doc.get("latency_not_priced"):
        keys = ", ".join(doc["latency_not_priced"])
        lines.append(f"  latency not priced: the manifest's GPU has no {keys}")
    m = doc.get("memory")
    if m is not None:
        context = ""
        if m["context"]:
            context = f"; {m['context_what']} {m['context']:,} tokens ({m['context_from']})"
        if m["working_from"]:
            context += f"; working memory: {m['working_from']}"
        if m["draft"]:
            context += f"; with the draft: {m['draft']}"
        lines.append(
            f"  memory per GPU ({m['setting']} of {m['capacity_gib']:g} GiB): weights "
            f"{m['weights_gib']:.1f} GiB + working {m['working_gib']:.1f} GiB, KV cache for "
            f"{m['kv_tokens']:,} tokens{context}"
        )
    if doc.get("memory_not_judged"):
        lines.append(f"  memory not judged: {doc['memory_not_judged']}")
    return lines
