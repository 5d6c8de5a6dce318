"""Edits that change, add or remove one engine flag where the deployment wrote it.

Works from the file text and the parser's positions only (``toplint.fix.words`` finds the
option and value tokens), so one set of edits serves shell scripts, YAML ``args:`` lists (block
and flow), ``sh -c`` strings, compose ``command:`` and Helm values.  Everything outside the
edited tokens stays byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from toplint.engines.registry import find_engine
from toplint.fix.textindex import TextIndex
from toplint.fix.words import Span, flag_spans, is_helm_key, list_item, solid_after, token_end
from toplint.infra.patterns import lazy
from toplint.model import Deployment, Edit, Flag

__all__ = ["FlagIndex", "canonical", "duplicate_edits", "flag_edits", "remove_flag"]

# Deployment fields whose flag a new flag setting this field goes beside, so a new
# --pipeline-parallel-size lands next to the TP flag, in any engine's spelling.
_RELATED = {
    "pp": ("tp", "dp"),
    "tp": ("pp", "dp"),
    "dp": ("tp", "pp"),
    "dp_local": ("dp", "tp"),
    "ep": ("tp", "dp"),
    "ep_enabled": ("tp", "dp"),
}

_LAST_FLAGS: list[FlagIndex | None] = [None]


class FlagIndex:
    """A deployment's flags in its own file, by canonical name and by position: every finding
    about one deployment finds its flag here instead of walking all of its flags (a command
    of 16,000 flags with 8,000 findings was findings x flags)."""

    def __init__(self, dep: Deployment) -> None:
        self.dep = dep
        self.named: dict[str, list[Flag]] = {}
        self.at: dict[tuple[int, int], Flag] = {}
        for f in dep.flags:
            if f.position.path == dep.path:
                self.named.setdefault(f.name, []).append(f)
                self.at.setdefault((f.position.line, f.position.column), f)

    @classmethod
    def of(cls, dep: Deployment) -> FlagIndex:
        """The index of ``dep``, shared while the same deployment is asked about."""
        last = _LAST_FLAGS[0]
        if last is None or last.dep is not dep:
            last = _LAST_FLAGS[0] = cls(dep)
        return last


def set_value(flag: Flag, value: str, idx: TextIndex, path: str) -> Edit | None:
    """Replace the value of ``flag`` (keeping its quotes); None when it is a bare boolean."""
    option, value_span = flag_spans(flag, idx)
    text = idx.text
    if value_span is not None:
        start, end = value_span.inner(text)
        return idx.edit(path, start, end, value)
    token = text[option.start : option.end]
    eq = token.find("=")
    if eq < 0:
        return None
    start = option.start + eq + 1
    end = option.end
    if text[end - 1 : end] in ("'", '"') and end - 1 > start:
        end -= 1  # "--tp=8" quoted as a whole
    if text[start : start + 1] in ("'", '"'):
        start, end = start + 1, token_end(text, start) - 1
    return idx.edit(path, start, end, value)


def _anchor(dep: Deployment, name: str) -> Flag | None:
    """The flag a new flag ``name`` goes after: a related one (``_RELATED``) in the
    deployment's own file, else its last flag there."""
    engine = find_engine(dep.engine)
    fields = engine.cli.fields if engine is not None else {}
    for related in _RELATED.get(fields.get(canonical(dep, name), ""), ()):
        flag = next((f for f in reversed(dep.flags) if fields.get(f.name) == related), None)
        if flag is not None and flag.position.path == dep.path:
            return flag
    located = [f for f in dep.flags if f.position.path == dep.path]
    return located[-1] if located else None


def add_flag(
    dep: Deployment, name: str, value: str | None, idx: TextIndex, path: str
) -> Edit | None:
    """Insert ``--name value`` right after a related flag, in that flag's style."""
    anchor = _anchor(dep, name)
    if anchor is None:
        return None
    option, value_span = flag_spans(anchor, idx)
    last = value_span or option
    text = idx.text
    if is_helm_key(anchor, idx):
        line_start, line_end = idx.line_bounds(option.start)
        indent = text[line_start : option.start]
        key = re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)
        return idx.edit(path, line_end, line_end, f"\n{indent}{key}: {value or 'true'}")
    quote = text[last.start] if text[last.start] in "'\"" else ""
    joined = "=" in text[option.start : option.end] and value_span is None
    words = [f"--{name}={value}"] if joined and value else [f"--{name}"]
    if value and not joined:
        words.append(value)
    line_start, line_end = idx.line_bounds(last.start)
    before = text[line_start : last.start]
    item_quote = list_item(last, idx)
    if item_quote is not None:
        # New items copy the sibling's indentation; the value keeps the sibling value's quoting.
        prefix = before.rstrip("'\"")
        opt_quote = list_item(option, idx) or ""
        quotes = [opt_quote] + [item_quote] * (len(words) - 1)
        lines = "".join(f"\n{prefix}{q}{w}{q}" for w, q in zip(words, quotes, strict=True))
        return idx.edit(path, line_end, line_end, lines)
    if quote and re.search(r"[\[,][ \t]*$", before):
        return idx.edit(path, last.end, last.end, "".join(f", {quote}{w}{quote}" for w in words))
    return idx.edit(path, last.end, last.end, "".join(f" {w}" for w in words))


def remove_flag(flag: Flag, idx: TextIndex, path: str) -> list[Edit]:
    """Delete the option and its value with the whitespace, separator or list line they own."""
    option, value_span = flag_spans(flag, idx)
    edits: list[Edit] = []
    if value_span is not None and idx.line_bounds(value_span.start) != idx.line_bounds(
        option.start
    ):
        edits.append(_remove_token(value_span, idx, path))
        edits.append(_remove_token(option, idx, path))
        return edits
    end = value_span.end if value_span is not None else option.end
    return [_remove_token(Span(option.start, end), idx, path)]


def _remove_token(span: Span, idx: TextIndex, path: str) -> Edit:
    """Each test looks at the blanks next to the token, never at the rest of its line (a
    line of thousands of flags was line x findings)."""
    text = idx.text
    line_start, line_end = idx.line_bounds(span.start)
    before_blank = _solid_before(text, line_start, span.start) < line_start
    solid = solid_after(text, span.end, line_end)
    after_blank = solid == line_end
    if list_item(span, idx) is not None or (before_blank and after_blank):
        return _remove_line(line_start, line_end, idx, path)
    lone_backslash = (
        not after_blank
        and text[solid] == "\\"
        and solid_after(text, solid + 1, line_end) == line_end
    )
    if before_blank and lone_backslash:
        return _remove_line(line_start, line_end, idx, path)  # "    --tp 8 \" on its own line
    start, end = span.start, span.end
    blanks = _blanks_before(text, line_start, start)
    if blanks > line_start and text[blanks - 1] == "," and text[start - 1] in " \t,":
        return idx.edit(path, blanks - 1, end, "")  # flow list: drop ", item"
    follow = _FOLLOWING_COMMA.match(text, end, line_end)
    if follow is not None:
        return idx.edit(path, start, follow.end(), "")
    ws = start - blanks
    if ws and not before_blank:
        return idx.edit(path, start - ws, end, "")
    trailing = _blanks_after(text, end, line_end) - end
    return idx.edit(path, start, end + trailing, "")


_FOLLOWING_COMMA = lazy(r"[ \t]*,[ \t]*")


def _solid_before(text: str, start: int, end: int) -> int:
    """The last non-blank offset in [start, end), else start - 1."""
    end -= 1
    while end >= start and text[end].isspace():
        end -= 1
    return end


def _blanks_before(text: str, start: int, end: int) -> int:
    """Where the run of spaces and tabs that ends at ``end`` starts (not before ``start``)."""
    while end > start and text[end - 1] in " \t":
        end -= 1
    return end


def _blanks_after(text: str, start: int, end: int) -> int:
    while start < end and text[start] in " \t":
        start += 1
    return start


def _remove_line(line_start: int, line_end: int, idx: TextIndex, path: str) -> Edit:
    text = idx.text
    removed_has_continuation = text[line_start:line_end].rstrip().endswith("\\")
    start = line_start
    if not removed_has_continuation and line_start > 0:
        prev_start, prev_end = idx.line_bounds(line_start - 1)
        prev = text[prev_start:prev_end]
        if prev.rstrip().endswith("\\"):
            # The last line of a continued command: its predecessor's "\" must go too.
            cut = prev_start + len(prev.rstrip()) - 1
            cut -= len(text[prev_start:cut]) - len(text[prev_start:cut].rstrip(" \t"))
            return idx.edit(path, cut, line_end, "")
    end = min(line_end + 1, len(text))
    return idx.edit(path, start, end, "")


def flag_edits(
    deployment: Deployment, changes: Mapping[str, str | None], source_text: str
) -> tuple[Edit, ...]:
    """Edits that set each canonical flag of ``changes`` to its value (None removes it).

    An existing flag keeps its spelling, quoting and place; a missing one is added after a
    related flag in the same style.  Flags that cannot be edited safely are left alone.
    """
    idx = TextIndex.of(source_text)
    path = deployment.path
    named = FlagIndex.of(deployment).named
    out: list[Edit] = []
    for name, value in changes.items():
        present = named.get(canonical(deployment, name), [])
        if value is None:
            for flag in present:
                out += remove_flag(flag, idx, path)
            continue
        if present and value == "":
            continue  # a bare boolean flag that is already there
        if present:
            edit = set_value(present[-1], value, idx, path)
        else:
            edit = add_flag(deployment, name, value, idx, path)
        if edit is not None:
            out.append(edit)
    return tuple(out)


def canonical(deployment: Deployment, name: str) -> str:
    """The parser's name of the option a fix spells ``name`` (the engine's own spelling less
    its dashes): TensorRT-LLM's ``--tp_size`` is read as ``tensor_parallel_size``, so a fix
    setting ``tp_size`` changes that flag instead of adding a second one the engine would
    read last (corpus2 slurm/trtllm-simple/launch.slurm)."""
    engine = find_engine(deployment.engine)
    if engine is None:
        return name
    return engine.cli.aliases.get(f"--{name}", name)


def duplicate_edits(deployment: Deployment, name: str, source_text: str) -> tuple[Edit, ...]:
    """Remove every earlier occurrence of a flag the engine overrides with its last one."""
    idx = TextIndex.of(source_text)
    present = FlagIndex.of(deployment).named.get(name, [])
    return tuple(e for flag in present[:-1] for e in remove_flag(flag, idx, deployment.path))
