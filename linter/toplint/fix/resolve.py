"""Turn the intents a rule attaches to a fix into text edits of the file the deployment came from.

The check calls ``attach_edits`` with the deployment and the text it parsed (BOM dropped, CRLF
read as LF: ``toplint.discover.files.decode``), so JSON and SARIF carry the edits and ``--fix``
applies them without ever reading a fix's message.  An intent that cannot be carried out in
this file (the flag lives in another file, no related flag to add a new one beside) gives no
edits: the fix then has none, and ``--fix`` reports it as not applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toplint.fix.flagedits import FlagIndex, canonical, flag_edits
from toplint.fix.mappingedits import mapping_value_edits
from toplint.fix.textindex import TextIndex
from toplint.fix.words import token_end
from toplint.model import Deployment, Edit, Finding, Flag, Intent
from toplint.parse.multinode import agrees_across_nodes
from toplint.record import replace

__all__ = ["attach_edits", "intent_edits"]


def attach_edits(
    findings: Iterable[Finding], dep: Deployment | None, text: str, path: str
) -> list[Finding]:
    """``findings`` with the edits of each fix's intents in ``text`` (the file ``path``) filled
    in; ``dep`` is the deployment the findings are about (None for file-level findings)."""
    out = []
    for f in findings:
        fix = f.fix
        if fix is not None and fix.intents and not fix.edits:
            why: list[str] = []
            edits = intent_edits(fix.intents, dep, text, path, why)
            if edits or not why:
                f = replace(f, fix=replace(fix, edits=edits))
            else:  # its setting has no place in this file: not shown, and the finding says why
                change = fix.message.split(" (", 1)[0]
                f = replace(f, fix=None, message=f"{f.message} (not `{change}`: {why[0]})")
        out.append(f)
    return out


def intent_edits(
    intents: Sequence[Intent],
    dep: Deployment | None,
    text: str,
    path: str,
    why: list[str] | None = None,
) -> tuple[Edit, ...]:
    """The edits of every intent, or none when any intent cannot be carried out (``why``
    collects why, when a setting has no place in this file)."""
    idx = TextIndex.of(text)
    out: list[Edit] = []
    for intent in intents:
        if intent.kind == "rename-flag":
            edits = _rename(intent, path, idx)
        elif dep is None or dep.path != path:
            return ()
        elif _holds(intent, dep):
            continue  # already so (a switch that is on): nothing to edit
        else:
            edits = _edits(intent, dep, idx, why)
        if not edits:
            return ()
        out += edits
    return tuple(out)


def _holds(intent: Intent, dep: Deployment) -> bool:
    """A set-flag intent the deployment already satisfies where it wrote the flag."""
    if intent.kind != "set-flag":
        return False
    flag = dep.flag(canonical(dep, intent.name))
    if flag is None or flag.position.path != dep.path:
        return False
    wanted = intent.value or ""
    return flag.value == wanted or (wanted == "" and flag.value in (None, "true"))


def _edits(
    intent: Intent, dep: Deployment, idx: TextIndex, why: list[str] | None
) -> tuple[Edit, ...]:
    kind = intent.kind
    if kind == "set-flag":
        return flag_edits(dep, {intent.name: intent.value or ""}, idx.text, why)
    if kind == "remove-flag":
        return _remove(intent, dep, idx, why)
    if kind == "set-resource":
        at = intent.at
        if at is None or at.path != dep.path or intent.value is None:
            return ()
        # An extended resource (nvidia.com/gpu) sits under limits and requests alike; a chart
        # key (requestGPU) is one line.
        siblings = "/" in intent.name
        edits = mapping_value_edits(intent.name, at.line, intent.value, idx.text, dep.path)
        if not edits:
            return _flow_values(intent.name, at.line, intent.value, idx, dep.path)
        return tuple(
            edits if siblings else edits[:1] if edits and edits[0].start[0] == at.line else ()
        )
    raise ValueError(f"unknown fix intent kind {kind!r}")


def _flow_values(key: str, line: int, value: str, idx: TextIndex, path: str) -> tuple[Edit, ...]:
    """``key: N`` inside flow mappings on ``line`` (``resources: {limits: {nvidia.com/gpu: 4}}``),
    every occurrence (limits and requests written on one line)."""
    import re

    start = idx.starts[line - 1]
    end = idx.starts[line] - 1 if line < len(idx.starts) else len(idx.text)
    pattern = re.compile(rf"(?<![\w./-]){re.escape(key)}[ \t]*:[ \t]*(['\"]?)([^'\",}}\s#]+)")
    found = pattern.finditer(idx.text, start, end)
    return tuple(idx.edit(path, m.start(2), m.end(2), value) for m in found)


def _remove(
    intent: Intent, dep: Deployment, idx: TextIndex, why: list[str] | None
) -> tuple[Edit, ...]:
    if intent.at is None:
        return flag_edits(dep, {intent.name: None}, idx.text, why)
    if intent.at.path != dep.path:
        return ()
    index = FlagIndex.of(dep)
    flag = index.at.get((intent.at.line, intent.at.column))
    if flag is None or not index.located(flag):
        return ()
    import toplint.fix.flagremoval  # loaded by the fixes that remove a flag

    remove_flag = toplint.fix.flagremoval.remove_flag
    edits = remove_flag(flag, idx, dep.path)
    if dep.node_flags and agrees_across_nodes(flag.name):
        # the same occurrence in every other node's command, so the nodes keep agreeing
        def here(flags: Sequence[Flag]) -> list[Flag]:
            return [f for f in flags if f.name == flag.name and f.position.path == dep.path]

        nth = here(dep.flags).index(flag)
        for flags in dep.node_flags:
            same = here(flags)
            if len(same) <= nth:
                return ()
            edits += remove_flag(same[nth], idx, dep.path)
    return tuple(edits)


def _rename(intent: Intent, path: str, idx: TextIndex) -> tuple[Edit, ...]:
    """Replace the option name of the token at ``at`` (``--num-shards`` in ``--num-shards=2``)."""
    at = intent.at
    if at is None or at.path != path or not intent.value:
        return ()
    start = idx.offset(at.line, at.column)
    text = idx.text
    if text[start : start + 1] in ("'", '"'):
        start += 1
    end = token_end(text, start)
    word = text[start:end]
    if not word.startswith("-"):
        return ()
    stop = min((i for i in (word.find("="), word.find("'"), word.find('"')) if i > 0), default=-1)
    name_end = start + stop if stop > 0 else end
    return (idx.edit(path, start, name_end, intent.value),)
