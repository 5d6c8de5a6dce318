"""The messages of declarative rules: ``{fact.name}`` / ``{option.name}`` filled in by hand.

No ``str.format``, no templating language, no evaluation of anything read from a file: only
names are looked up and only values are inserted, each with the unit its name implies
(``toplint.hardware.units``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from toplint.hardware.units import format_bandwidth, format_bytes, format_time_us
from toplint.infra.patterns import lazy
from toplint.rulebook.conditions import is_number

__all__ = ["format_value", "placeholders", "render"]


def format_value(name: str, value: Any) -> str:
    """A fact or option value with the unit its name implies (``_ms``, ``share``, ``_bytes``)."""
    if value is None:
        return "n/a"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not is_number(value):
        return str(value)
    leaf = name.rsplit(".", 1)[-1]
    if "share" in leaf:
        return f"{value * 100:.0f}%"
    # One spelling per unit for every command (check, cost, hardware): toplint.hardware.units.

    if leaf.endswith("_ms") or "_ms_" in leaf:
        return format_time_us(float(value) * 1000)
    if leaf.endswith("_bytes") or leaf.endswith("_bytes_per_gpu"):
        return format_bytes(float(value))
    if leaf.endswith("_gb_per_s"):
        return format_bandwidth(float(value))
    return f"{value:g}" if isinstance(value, float) else str(value)


def render(template: str, facts: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    """Replace ``{fact.name}`` and ``{option.name}``; ``{{``/``}}`` are literal braces.

    ``[[ ... ]]`` is an optional segment, kept only when every fact it names is known.  Only
    names are looked up and only values are inserted: an inserted value is never re-scanned,
    so text from a linted file cannot inject placeholders.
    """
    out: list[str] = []
    rest = template
    while "[[" in rest:
        head, _, tail = rest.partition("[[")
        segment, closed, rest = tail.partition("]]")
        if not closed:
            raise ValueError(f"unclosed '[[' in message {template!r}")
        out.append(_render(head, facts, options))
        names = [n for n in placeholders(segment) if not n.startswith("option.")]
        if all(facts.get(n) is not None for n in names):
            out.append(_render(segment, facts, options))
    out.append(_render(rest, facts, options))
    return "".join(out)


_TEXT = lazy(r"[^{}]+")


def _render(template: str, facts: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    parts = _parsed(template)
    if parts is None:  # an unclosed brace: said where the reading reaches it
        return _render_reading(template, facts, options)
    out: list[str] = []
    for kind, text in parts:
        if kind == "text":
            out.append(text)
        elif kind == "option":
            out.append(format_value(text, options.get(text)))
        else:
            out.append(format_value(text, facts.get(text)))
    return "".join(out)


@lru_cache(maxsize=512)  # a rule's few templates, rendered for every finding it makes
def _parsed(template: str) -> tuple[tuple[str, str], ...] | None:
    """``template`` as ("text", literal), ("fact", name) and ("option", name) parts, in order
    (``_render_reading`` reads it so); None when a brace is left open."""
    parts: list[tuple[str, str]] = []
    i = 0
    while i < len(template):
        text = _TEXT.match(template, i)
        if text is not None:
            parts.append(("text", text.group()))
            i = text.end()
            continue
        ch = template[i]
        if template[i : i + 2] in ("{{", "}}"):
            parts.append(("text", ch))
            i += 2
            continue
        if ch != "{":
            parts.append(("text", ch))
            i += 1
            continue
        end = template.find("}", i + 1)
        if end < 0:
            return None
        name = template[i + 1 : end].strip()
        if name.startswith("option."):
            parts.append(("option", name[len("option.") :]))
        else:
            parts.append(("fact", name))
        i = end + 1
    return tuple(parts)


def _render_reading(template: str, facts: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    out: list[str] = []
    i = 0
    while i < len(template):
        text = _TEXT.match(template, i)  # a run without braces is copied as it is
        if text is not None:
            out.append(text.group())
            i = text.end()
            continue
        ch = template[i]
        if template[i : i + 2] in ("{{", "}}"):
            out.append(ch)
            i += 2
            continue
        if ch != "{":
            out.append(ch)
            i += 1
            continue
        end = template.find("}", i + 1)
        if end < 0:
            raise ValueError(f"unclosed '{{' at offset {i} in message {template!r}")
        name = template[i + 1 : end].strip()
        if name.startswith("option."):
            key = name[len("option.") :]
            out.append(format_value(key, options.get(key)))
        else:
            out.append(format_value(name, facts.get(name)))
        i = end + 1
    return "".join(out)


def placeholders(template: str) -> list[str]:
    """The names a template refers to (for validation and for a finding's ``data``)."""
    names: list[str] = []
    i = 0
    while True:
        start = template.find("{", i)
        if start < 0:
            return names
        if template[start : start + 2] == "{{":
            i = start + 2
            continue
        end = template.find("}", start)
        if end < 0:
            return names
        names.append(template[start + 1 : end].strip())
        i = end + 1
