"""Edits that change, add or remove one engine flag where the deployment wrote it.

Works from the file text and the parser's positions only (``toplint.fix.words`` finds the
option and value tokens), so one set of edits serves shell scripts, YAML ``args:`` lists (block
and flow), ``sh -c`` strings, compose ``command:`` and Helm values.  Everything outside the
edited tokens stays byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from toplint.engines.registry import find_engine
from toplint.fix.textindex import TextIndex
from toplint.fix.words import Span, flag_spans, is_helm_key, list_item, solid_after, token_end
from toplint.model import Deployment, Edit, Flag
from toplint.parse.multinode import agrees_across_nodes
from toplint.record import replace

__all__ = ["FlagIndex", "canonical", "duplicate_edits", "flag_edits"]

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
        # Positions the parser gave several options (a command read from a string it could
        # not map back, word by word, to the file): no flag there can be located to edit.
        self.shared: set[tuple[int, int]] = set()
        for f in dep.flags:
            if f.position.path == dep.path:
                self.named.setdefault(f.name, []).append(f)
                at = (f.position.line, f.position.column)
                if self.at.setdefault(at, f).name != f.name:
                    self.shared.add(at)

    def located(self, flag: Flag) -> bool:
        """``flag``'s position is its own, so an edit there changes this option only."""
        return (flag.position.line, flag.position.column) not in self.shared

    @classmethod
    def of(cls, dep: Deployment) -> FlagIndex:
        """The index of ``dep``, shared while the same deployment is asked about."""
        last = _LAST_FLAGS[0]
        if last is None or last.dep is not dep:
            last = _LAST_FLAGS[0] = cls(dep)
        return last


def set_value(flag: Flag, value: str, idx: TextIndex, path: str) -> Edit | None:
    """Replace the value of ``flag`` (keeping its quotes); None when it is a bare boolean, or a
    field whose text is not the value read from it."""
    option, value_span = flag_spans(flag, idx)
    text = idx.text
    if written_as(flag, idx) == "field":
        start, end = option.inner(text)
        return idx.edit(path, start, end, value) if text[start:end] == flag.value else None
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


def _anchors(dep: Deployment, name: str) -> list[Flag]:
    """The flags a new flag ``name`` may go after, best first: a related one (``_RELATED``)
    in the deployment's own file, then its flags there from the last."""
    engine = find_engine(dep.engine)
    fields = engine.cli.fields if engine is not None else {}
    out: list[Flag] = []
    for related in _RELATED.get(fields.get(canonical(dep, name), ""), ()):
        flag = next((f for f in reversed(dep.flags) if fields.get(f.name) == related), None)
        if flag is not None and flag.position.path == dep.path:
            out.append(flag)
    return out + [f for f in reversed(dep.flags) if f.position.path == dep.path]


Written = Literal["option", "key", "field"]


def written_as(flag: Flag, idx: TextIndex) -> Written:
    """How the file sets ``flag``: an ``option`` token of a command (``--tp 8``, ``--tp=8``, a
    list item, a positional word), a mapping ``key`` (Helm values ``tensorParallelSize: 2``,
    Ray Serve ``engine_kwargs`` ``tensor_parallel_size: 2``, KServe ``parallelism``
    ``tensor: 2``) or a ``field`` whose value alone carries the option: the parser points the
    option it names and its value at one scalar (a NIMService's ``parallelism.tensor``, TGI's
    ``NUM_SHARD`` variable), or a positional word it took from a mapping's value (a NIM
    image's ``repository:``, a KAITO preset's ``name:``) rather than from a command."""
    if is_helm_key(flag, idx):
        return "key"
    o = idx.offset(flag.position.line, flag.position.column)
    text = idx.text
    if flag.raw.startswith("-"):
        same = flag.value_position == flag.position
        return "field" if same and not text[o : o + 2].lstrip("'\"").startswith("-") else "option"
    key = _key_before(text, idx.line_bounds(o)[0], o)
    return "field" if key is not None and key not in _COMMAND_KEYS else "option"


# Keys whose value is a command line, so a positional word there is a command's word.
_COMMAND_KEYS = frozenset({"command", "args", "entrypoint", "cmd", "run"})


def _key_before(text: str, line_start: int, at: int) -> str | None:
    """The key of ``key: word`` when the word at ``at`` is a mapping's value (its quote
    aside), read back from ``at`` to the key's start only."""
    i = at
    if i > line_start and text[i - 1] in "'\"":
        i -= 1
    while i > line_start and text[i - 1] in " \t":
        i -= 1
    if i == line_start or text[i - 1] != ":":
        return None
    i -= 1
    while i > line_start and text[i - 1] in " \t":
        i -= 1
    end = i
    while i > line_start and (text[i - 1].isalnum() or text[i - 1] in "_.-"):
        i -= 1
    return text[i:end] or None


def _new_key(anchor_key: str, name: str) -> str:
    """``name`` spelled as the mapping's key ``anchor_key`` is: ``max_model_len`` beside
    ``tensor_parallel_size`` (Ray Serve's ``engine_kwargs``, NeMo Evaluator), ``max-model-len``
    beside ``tensor-parallel-size`` (an engine's config file), ``--max-model-len`` beside
    ``--tensor-parallel-size`` (keys spelled as flags), else a chart's ``maxModelLen``."""
    if anchor_key.startswith("-"):
        return anchor_key[: len(anchor_key) - len(anchor_key.lstrip("-"))] + name
    if "_" in anchor_key:
        return name.replace("-", "_")
    if "-" in anchor_key:
        return name
    return re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)


def unlocated(flag: Flag) -> str:
    """Why no edit can change ``flag`` alone: the parser read several options from its place
    (a KAITO instance type, a command built in a string it does not map back word by word)."""
    return (
        f"toplint read several options from one place in the file (line {flag.position.line}), "
        "so it cannot change one of them there"
    )


def elsewhere(flag: Flag, dep: Deployment) -> str:
    """Why a fix does not change ``flag`` from ``dep``'s file: the option is written in another
    file this deployment reads (the base a Kustomize overlay patches), which other deployments
    may read too; ``--fix`` rewrites a file only for the deployments it holds."""
    return (
        f"`{flag.raw or flag.name}` is written in {flag.position.path}, which {dep.path} reads "
        "and other deployments may too: override it here, or change it there"
    )


def add_flag(
    dep: Deployment, name: str, value: str | None, idx: TextIndex, path: str
) -> Edit | str | None:
    """Insert ``--name value`` right after a related flag, in that flag's style: an option
    beside an option, a key in the same mapping spelled as that key is; never beside a field.
    A string says why it has no place in this file; None: no flag to go beside."""
    index = FlagIndex.of(dep)
    why: str | None = None
    for anchor in _anchors(dep, name):
        if not index.located(anchor):
            why = why or unlocated(anchor)
            continue
        written = written_as(anchor, idx)
        if written == "field":
            where = anchor.anchor or anchor.raw
            why = why or (
                f"a new option goes beside an engine option written in this file, and this "
                f"deployment writes none (its settings are the resource's own fields, such as "
                f"`{where}`): pass `--{name}` where the resource takes engine arguments"
            )
            continue
        option, value_span = flag_spans(anchor, idx)
        if written == "key":
            line_start, line_end = idx.line_bounds(option.start)
            colon = idx.text.find(":", option.start, line_end)
            key = _new_key(idx.text[option.start : colon].strip().strip("'\""), name)
            indent = idx.text[line_start : option.start]
            return idx.edit(path, line_end, line_end, f"\n{indent}{key}: {value or 'true'}")
        return _add_option(option, value_span, name, value, idx, path)
    return why


def _add_option(
    option: Span,
    value_span: Span | None,
    name: str,
    value: str | None,
    idx: TextIndex,
    path: str,
) -> Edit:
    """``--name value`` after the option at ``option`` (its value at ``value_span``), in its
    style: joined, quoted, a list item."""
    last = value_span or option
    text = idx.text
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
    after = solid_after(text, last.end, line_end)
    if quote and not before.strip() and text[after : after + 1] in (",", "]", ")"):
        # an item on its own line of a flow list written one item a line (JSON, a Python
        # list of argv words): each new word on its own line with the item's indentation
        items = "".join(f",\n{before}{quote}{w}{quote}" for w in words)
        return idx.edit(path, last.end, last.end, items)
    return idx.edit(path, last.end, last.end, "".join(f" {w}" for w in words))


def flag_edits(
    deployment: Deployment,
    changes: Mapping[str, str | None],
    source_text: str,
    why: list[str] | None = None,
) -> tuple[Edit, ...]:
    """Edits that set each canonical flag of ``changes`` to its value (None removes it).

    An existing flag keeps its spelling, quoting and place; a missing one is added after a
    related flag in the same style.  Flags that cannot be edited safely are left alone.  In a
    multi-node script an option the nodes must agree on (``toplint.parse.multinode``) is set
    in every node's command, or in none.  ``why`` collects why a change has no place in
    this file.
    """
    idx = TextIndex.of(source_text)
    out: list[Edit] = []
    for name, value in changes.items():
        commands = [deployment]
        if agrees_across_nodes(canonical(deployment, name)):
            commands += [replace(deployment, flags=f, node_flags=()) for f in deployment.node_flags]
        edits = [_command_edits(dep, name, value, idx) for dep in commands]
        reasons = [e for e in edits if isinstance(e, str)]
        if reasons and why is not None:
            why.append(reasons[0])
        if all(isinstance(e, list) for e in edits):
            out += [e for each in edits if isinstance(each, list) for e in each]
    return tuple(out)


def _command_edits(
    dep: Deployment, name: str, value: str | None, idx: TextIndex
) -> list[Edit] | str | None:
    """The edits setting ``name`` to ``value`` in one command of ``dep``; a string says why
    it cannot, None: it cannot either."""
    index = FlagIndex.of(dep)
    present = index.named.get(canonical(dep, name), [])
    for flag in present:
        if not index.located(flag):
            return unlocated(flag)
    if not present:  # written only in another file this deployment reads: not changed from here
        away = [f for f in dep.flags if f.name == canonical(dep, name)]
        if away and away[-1].position.path != dep.path:
            return elsewhere(away[-1], dep)
    if value is None:
        import toplint.fix.flagremoval  # loaded by the fixes that remove a flag

        remove = toplint.fix.flagremoval.remove_flag
        return [e for flag in present for e in remove(flag, idx, dep.path)]
    if present and value == "":
        return []  # a bare boolean flag that is already there
    if present:
        edit: Edit | str | None = set_value(present[-1], value, idx, dep.path)
    else:
        edit = add_flag(dep, name, value, idx, dep.path)
    return edit if edit is None or isinstance(edit, str) else [edit]


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
    import toplint.fix.flagremoval

    remove = toplint.fix.flagremoval.remove_flag
    return tuple(e for flag in present[:-1] for e in remove(flag, idx, deployment.path))
