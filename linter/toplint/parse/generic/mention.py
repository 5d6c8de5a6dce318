"""A file that names an engine but from which no deployment was read: TL008, never silence
(issue 24: "a file that names an engine but yields no deployment is a finding"), for what the
command-line vocabulary of ``toplint.parse.mentions`` does not see.

Any text format: an image an engine's image was rebuilt as (``image: rocm/vllm:latest``, ``FROM
openeuler/vllm-ascend``, a chart's ``image:`` over ``repository: org/x-vllm-docker``;
``toplint.parse.generic.evidence.image``), as a registered engine image is; else a
``key: value`` / ``KEY=value`` / ``"key": "value",`` line whose value selects an engine
(``engine: sglang``; ``toplint.parse.generic.evidence.selector``), at info.

A Python module, read with ``ast``, nothing imported or run.  In the order a reader would
trust them:

* code that would start an engine: a string, an f-string's literal parts or an argument list
  whose items spell an engine command, ``python -m`` module or image
  (``subprocess.run(["vllm", "serve", model_name()])``, ``os.system(f"vllm serve {m}")``),
  matched by the registry's vocabulary (``toplint.parse.mentions``); docstrings are prose and
  name nothing;
* a keyword argument or dictionary entry that selects an engine (``backend="sglang"``,
  ``toplint.parse.generic.evidence.selector``), at info;
* a docstring or message naming one (``"Run: vllm serve MODEL"``, an ``add_argument(help=)``),
  or the argument of a program that runs nothing (``["pkill", "-f", "vllm serve"]``), at info;
* a comment naming an engine command, at info;
* an import of an engine's package (``import vllm``, ``from sglang import ...``) with nothing
  above, at info: the module uses the engine but starts none toplint could read.
"""

from __future__ import annotations

import ast
import re
from functools import cache

from toplint.accelerators import by_image
from toplint.engines.registry import all_engines
from toplint.infra.patterns import lazy
from toplint.model import ACCELERATOR_NOT_MODELLED, Finding, Severity
from toplint.parse.base import Source
from toplint.parse.generic import evidence as ev
from toplint.parse.generic.evidence import image, image_key, named, selector
from toplint.parse.generic.scopes import results_named
from toplint.parse.invocation import mentioned_from
from toplint.parse.mentions import named_by, no_deployment, pattern
from toplint.parse.textpos import point_of
from toplint.record import replace

_GAP = "{…}"  # what a computed part of a string or an argument list is written as

# Arguments that are text shown to a reader, never run: argparse's ``ArgumentParser(description=,
# epilog=, usage=)`` and ``add_argument(help=)`` (docs.python.org/3/library/argparse.html), a
# title or summary.  ``FlexibleArgumentParser(description="vllm serve")`` in runpod-workers/
# worker-vllm@7a925039 scripts/check_vllm_flags.py:51 was read as a vLLM server with no model.
PROSE_KEYS = frozenset({"description", "epilog", "usage", "help", "title", "summary"})
# Calls whose arguments are text for a reader: ``print`` and the logging methods (a logger's, the
# ``logging`` module's), click's and typer's ``echo``.  Not ``write``: a file written may be a
# script that runs.
_OUTPUT_NAMES = frozenset({"print"})
_OUTPUT_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "echo"}
)


def python_mention(source: Source) -> Finding | None:
    """TL008 for a module that names an engine where something would run it, else (at info)
    where it selects one by value or names one in a comment."""
    try:
        tree = ast.parse(source.text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    docstrings = _docstrings(tree)
    given = _given(tree)
    selected: Finding | None = None
    prose: Finding | None = None
    for node in _walk(tree):
        text = _spelling(node)
        match = pattern().search(text) if text is not None else None
        if match is not None and text is not None:
            if id(node) in given:
                prose = prose or _given_to(source, node, named_by(match), given[id(node)])
            elif id(node) not in docstrings and _runs(node, text[: match.start()]):
                return _at(source, node, named_by(match))
            else:
                prose = prose or _in_prose(source, node, named_by(match))
        if selected is None:
            selected = _selection(source, node)
    return selected or prose or _comment(source) or _imported(source, tree)


def _walk(tree: ast.AST) -> list[ast.AST]:
    """Every node, in source order (``ast.walk`` is breadth-first)."""
    nodes = [n for n in ast.walk(tree) if hasattr(n, "lineno")]
    return sorted(nodes, key=lambda n: (n.lineno, n.col_offset))  # type: ignore[attr-defined]


def _docstrings(tree: ast.AST) -> set[int]:
    """Docstrings, the values of ``PROSE_KEYS`` keywords and what output calls print: text for a
    reader (ree2raz/inference-bench@62191001 modal_v2_l4_vllm_fp16.py
    ``print(f"  Image:       vllm/vllm-openai:v0.20.1")`` was a TL008 warning that the
    command is built at run time)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
        elif isinstance(node, ast.Call):
            texts: list[ast.AST] = [k.value for k in node.keywords if k.arg in PROSE_KEYS]
            if _outputs(node.func):
                texts.extend(node.args)
            out.update(id(part) for text in texts for part in ast.walk(text))
    return out


def _outputs(func: ast.AST) -> bool:
    """``func`` prints or logs its arguments (``_OUTPUT_NAMES``, ``_OUTPUT_METHODS``)."""
    if isinstance(func, ast.Name):
        return func.id in _OUTPUT_NAMES
    return isinstance(func, ast.Attribute) and func.attr in _OUTPUT_METHODS


def _words(node: ast.List | ast.Tuple) -> list[str]:
    return [_part(e) if isinstance(e, ast.Constant) else "" for e in node.elts]


def _given(tree: ast.AST) -> dict[int, str]:
    """The items of argument lists that a program running nothing is given, by node, with that
    program (``["mpiexec", …, "pkill", "-f", "vllm serve"]``: ``argv.mentioned_from``)."""
    out: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple)):
            words = _words(node)
            cut = mentioned_from(words)
            program = words[cut - 1].rsplit("/", 1)[-1] if cut else ""
            out.update((id(part), program) for e in node.elts[cut:] for part in ast.walk(e))
    return out


def _spelling(node: ast.AST) -> str | None:
    """The words a string, f-string or list/tuple of them would put on a command line."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if len(node.value) < 20_000 else None
    if isinstance(node, ast.JoinedStr):
        return "".join(_part(v) for v in node.values)
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        if not any(isinstance(e, (ast.Constant, ast.JoinedStr)) for e in node.elts):
            return None
        return " ".join(_part(e) for e in node.elts[: min(200, mentioned_from(_words(node)))])
    return None


# Before a command in a string: environment assignments, wrappers, ``cd x &&`` -- shell words,
# not prose (``"Run: vllm serve"``, ``"start it with `vllm serve`"`` name it for a reader).
_WORD = r"[\w./=${}\"'&;|()@%+,-]"
_SHELL_PREFIX = lazy(rf"\s*(?:{_WORD}+\s+)*")  # linear: a word ends where blanks start


def _runs(node: ast.AST, before: str) -> bool:
    if not isinstance(node, ast.Constant):
        return True  # an f-string or an argument list is code, not prose
    return runs_as_command(before)


def runs_as_command(before: str) -> bool:
    """What stands before an engine command in a string is shell words, not prose."""
    return ": " not in before and _SHELL_PREFIX.fullmatch(before[-400:]) is not None


def _part(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_part(v) for v in node.values)
    return _GAP


def _at(source: Source, node: ast.AST, named: str) -> Finding:
    line, column = node.lineno, node.col_offset + 1  # type: ignore[attr-defined]
    why = (
        f"names the engine command `{named}` but yields no deployment: its words are built at "
        "run time (a computed command, model or flags are not read)"
    )
    return no_deployment(source.path, line, column, why, anchor=f"mention:{named}")


def _in_prose(source: Source, node: ast.AST, named: str) -> Finding:
    line, column = node.lineno, node.col_offset + 1  # type: ignore[attr-defined]
    why = f"names the engine command `{named}` only in text (a docstring or a message)"
    found = no_deployment(source.path, line, column, why, anchor=f"prose:{named}")
    return replace(found, severity=Severity.INFO)


def _given_to(source: Source, node: ast.AST, named: str, program: str) -> Finding:
    line, column = node.lineno, node.col_offset + 1  # type: ignore[attr-defined]
    why = f"names the engine command `{named}` only as what `{program}` is given: it runs none"
    found = no_deployment(source.path, line, column, why, anchor=f"given:{named}")
    return replace(found, severity=Severity.INFO)


def _selection(source: Source, node: ast.AST) -> Finding | None:
    pairs: list[tuple[str, ast.AST, ast.AST]] = []
    if isinstance(node, ast.keyword) and node.arg:
        pairs.append((node.arg, node.value, node.value))
    elif isinstance(node, ast.Dict):
        pairs.extend(
            (k.value, v, k)
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
        )
    for key, value, where in pairs:
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        engine = selector(key, value.value)
        if engine is not None:
            line, column = where.lineno, where.col_offset + 1  # type: ignore[attr-defined]
            why = (
                f"names the engine {engine} (`{key}={value.value!r}`) but yields no deployment: "
                "no engine command, options or model written beside it that toplint could read"
            )
            found = no_deployment(source.path, line, column, why, anchor=f"selects:{engine}")
            return replace(found, severity=Severity.INFO)
    return None


def _imported(source: Source, tree: ast.AST) -> Finding | None:
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules = [node.module]
        else:
            continue
        for module in modules:
            engine = named(module.split(".")[0])
            if engine is None:
                continue
            why = (
                f"imports `{module}` ({engine}) but starts no engine toplint could read here "
                "(one built from values computed at run time, or elsewhere)"
            )
            found = no_deployment(
                source.path, node.lineno, node.col_offset + 1, why, anchor=f"import:{module}"
            )
            return replace(found, severity=Severity.INFO)
    return None


def _comment(source: Source) -> Finding | None:
    for number, line in enumerate(source.text.split("\n"), 1):
        hash_at = line.find("#")
        if hash_at < 0:
            continue
        match = pattern().search(line, hash_at)
        if match is None:
            continue
        named = named_by(match)
        why = f"names the engine `{named}` only in a comment: nothing here runs it"
        found = no_deployment(
            source.path, number, match.start() + 1, why, anchor=f"comment:{named}"
        )
        return replace(found, severity=Severity.INFO)
    return None


# ``key: value`` / ``KEY=value`` / ``"key": "value",`` alone on a line (YAML, TOML, JSON, .env,
# shell); a YAML list dash may precede it.  Linear: no nested quantifiers.
_KEY_VALUE = lazy(
    r"""^[ \t]*(?:-[ \t]+)?(?:export[ \t]+)?["']?([A-Za-z_][\w.-]{0,60})["']?[ \t]*[:=][ \t]*"""
    r"""["']?([A-Za-z][\w.-]{0,40})["']?[ \t]*,?[ \t]*(?:#[^\n]*)?$""",
    re.MULTILINE,
)


# ``"key": "value"`` anywhere on a line (JSON written on one line).
_JSON_PAIR = lazy(r"""["']([A-Za-z_][\w.-]{0,60})["'][ \t]*:[ \t]*["']([A-Za-z][\w.-]{0,40})["']""")


_NOT_ALNUM = lazy(r"[^a-z0-9]+")


@cache
def _engine_tokens() -> tuple[str, ...]:
    """Every engine's names, image names and server modules in lower case without separators:
    a value that selects an engine (``evidence.is_name``, ``evidence.module``) or an image of
    one (``evidence.image``) contains one of them."""
    tokens = {name for _, name, _ in ev.names()}
    for engine in all_engines():
        last = (i.repository.rsplit("/", 1)[-1] for i in engine.images)
        tokens.update(_NOT_ALNUM.sub("", name.lower()) for name in last)
        tokens.update(_NOT_ALNUM.sub("", m.lower()) for m in engine.modules)
    return tuple(sorted(t for t in tokens if t))


def may_name_engine(text: str) -> bool:
    """False when no value of ``text`` can select an engine or name an image of one, so
    ``selector_mention`` and ``image_mention`` would find nothing (a kserve/kserve@aaac4e29
    CustomResourceDefinition's lines were matched one by one: 1.6 s of regex work)."""
    flat = _NOT_ALNUM.sub("", text.lower())
    return any(token in flat for token in _engine_tokens())


# The same ``key: value`` commented out (``#   engine: VLLM``): it selects nothing.
_COMMENTED_KEY_VALUE = lazy(
    r"""^[ \t]*#+[ \t]*(?:-[ \t]+)?["']?([A-Za-z_][\w.-]{0,60})["']?[ \t]*[:=][ \t]*"""
    r"""["']?([A-Za-z][\w.-]{0,40})["']?[ \t]*,?[ \t]*$""",
    re.MULTILINE,
)


def selector_mention(source: Source) -> Finding | None:
    """TL008 at info at the first ``key: value`` whose value selects an engine
    (``toplint.parse.generic.evidence.selector``: ``engine: sglang``, not ``api_key: vllm``);
    else at the first one a comment holds, which selects nothing (as ``engine_mention`` says of
    an engine command in a comment)."""
    text = source.text
    found = _selected_by(source, [*_KEY_VALUE.finditer(text), *_JSON_PAIR.finditer(text)])
    if found is not None or "#" not in text:
        return found
    return _selected_by(source, list(_COMMENTED_KEY_VALUE.finditer(text)), commented=True)


def _selected_by(
    source: Source, pairs: list[re.Match[str]], commented: bool = False
) -> Finding | None:
    for match in sorted(pairs, key=lambda m: m.start(2)):
        key, value = match.group(1), match.group(2)
        engine = selector(key, value) or ev.module(value)
        if engine is None:
            continue
        at = match.start(2)
        line, column = point_of(source.text, at)
        if commented:
            if not ev.chooses({key: value}, engine):
                continue  # ``# name: vllm`` labels something; ``# engine: vllm`` chose one
            why = (
                f"names the engine {engine} (`{key}: {value}`) only in a comment: "
                "nothing here runs it"
            )
            found = no_deployment(source.path, line, column, why, anchor=f"comment:{engine}")
            return replace(found, severity=Severity.INFO)
        api = ev.API_BASE.search(source.text)
        measured = results_named(source.text)
        if api:
            lacking = (
                f"it calls a server at `{api.group()}` (an OpenAI-compatible API) and deploys none"
            )
        elif len(measured) == 2:
            shown = ", ".join(f"`{k}`" for k in measured)
            lacking = (
                f"it records a benchmark run's results ({shown}): it measured a server, "
                "it deploys none"
            )
        else:
            lacking = (
                "no engine command, options or model written beside it that toplint could read"
            )
        why = f"names the engine {engine} (`{key}: {value}`) but yields no deployment: {lacking}"
        found = no_deployment(source.path, line, column, why, anchor=f"selects:{engine}")
        return replace(found, severity=Severity.INFO)
    return None


# ``enable: false`` / ``enabled: false`` on a line of its own (``toplint.parse.generic.scopes``
# reads nothing below it).
_SWITCH_OFF = lazy(r"^([ \t]*)(enabled?)[ \t]*:[ \t]*(false|False|FALSE)\b", re.MULTILINE)
_PARENT_KEY = lazy(r"^([ \t]*)(?:-[ \t]+)?([A-Za-z_][\w.-]{0,60})[ \t]*:")


def switched_off_mention(source: Source) -> Finding | None:
    """TL008 at info at the ``enable: false`` of a part whose key names an engine (MAGMA's
    ``vllm: {enable: false, ...}``, langtech-bsc/magma@9cb03cf4 config.yml) when nothing else
    was read: the part is not started, so nothing was checked - not silence."""
    text = source.text
    for m in _SWITCH_OFF.finditer(text):
        indent, head = len(m.group(1)), text[: m.start()]
        for line in reversed(head.splitlines()[-40:]):
            parent = _PARENT_KEY.match(line)
            if parent is None or len(parent.group(1)) >= indent:
                continue
            engine = ev.is_name(parent.group(2))
            if engine is None:
                break
            at = m.start(3)
            line_no, column = point_of(text, at)
            why = (
                f"configures the engine {engine} under `{parent.group(2)}:` but switches it off "
                f"(`{m.group(2)}: {m.group(3)}`): nothing starts it"
            )
            found = no_deployment(source.path, line_no, column, why, anchor=f"off:{engine}")
            return replace(found, severity=Severity.INFO)
    return None


def allocation_mention(source: Source) -> Finding | None:
    """TL008 at info at an AReaL allocation a file writes (``rollout.backend=sglang:d1`` on the
    command line that starts the run: ``toplint.parse.generic.allocation``) when nothing here
    was read: the engine and its layout are chosen, its settings are in the run's config file."""
    from toplint.parse.generic.allocation import written

    found = written(source.text)
    if found is None:
        return None
    setting, at, components = found
    engine, tp, pp, dp = components[0]
    line, column = point_of(source.text, at)
    why = (
        f"selects the engine {engine} through AReaL's allocation `{setting}` ({dp} server(s) "
        f"of TP {tp} × PP {pp}) but yields no deployment: the engine's settings are in the "
        "run's config file (`--config`), which toplint reads where it is linted"
    )
    finding = no_deployment(source.path, line, column, why, anchor=f"allocation:{engine}")
    return replace(finding, severity=Severity.INFO)


# ``image: repo/name:tag`` (any image key, ``toplint.parse.generic.evidence.image_key``) and a
# Dockerfile's ``FROM repo/name:tag``; linear patterns, one line each.
_IMAGE_LINE = lazy(
    r"""^[ \t]*(?:-[ \t]+)?["']?([A-Za-z_][\w.-]{0,40})["']?[ \t]*[:=][ \t]*["']?"""
    r"""((?:\$\{[\w.\-]{1,80}\}/)?\w[\w./:@-]{0,200})""",  # a templated registry first
    re.MULTILINE,
)
_FROM_LINE = lazy(r"^[ \t]*FROM[ \t]+(?:--\S+[ \t]+)*(\w[\w./:@-]{0,200})", re.MULTILINE)
# ``image:`` over ``repository: REF`` (the Helm values convention, a ``registry:`` or ``tag:``
# line allowed before it): the reference is on the repository line.
_IMAGE_BLOCK = lazy(
    r"""^([ \t]*)image[ \t]*:[ \t]*(?:#.*)?\n(?:\1[ \t]+(?:registry|tag|pullPolicy)\b.*\n){0,3}"""
    r"""\1[ \t]+(?:repository|repo)[ \t]*:[ \t]*["']?(\w[\w./:@-]{0,200})""",
    re.MULTILINE,
)


def image_mention(source: Source) -> Finding | None:
    """TL008 at the first image the file names that is an engine's (a vendor rebuild the
    registry does not list: ``openeuler/vllm-ascend``, ``rocm/vllm``)."""
    text = source.text
    found = [(m.start(2), m.group(2)) for m in _IMAGE_LINE.finditer(text) if image_key(m.group(1))]
    found += [(m.start(1), m.group(1)) for m in _FROM_LINE.finditer(text)]
    found += [(m.start(2), m.group(2)) for m in _IMAGE_BLOCK.finditer(text)]
    for at, value in sorted(found):
        evidence = image(value)
        if evidence is None:
            continue
        line, column = point_of(text, at)
        accelerator = by_image(value)
        if accelerator is not None:  # read or not, it would be declined: that is the finding
            return ACCELERATOR_NOT_MODELLED.finding(
                source.path,
                line,
                column,
                f"not checked against hardware: the image `{value}` is a build of "
                f"{evidence.engine} for {accelerator.title}, which toplint's placement and cost "
                "model do not describe (the engine's arguments are not in this file)",
                anchor=f"image:{value}",
                data={"accelerator": accelerator.kind},
            )
        why = (
            f"names the image `{value}`, a build of {evidence.engine}, but yields no deployment: "
            "no container, service or CMD that gives the engine's arguments where toplint reads "
            "them"
        )
        return no_deployment(source.path, line, column, why, anchor=f"image:{value}")
    return _image_in_text(source)


# A tagged image reference anywhere in a line (``registry/repo:tag``), for text no key or FROM
# introduces: a ``docker run ... vllm/vllm-openai-rocm:v0.20.2`` in a YAML file's markdown guide
# (vllm-project/recipes@8959cf64 models/inclusionAI/Ling-2.6-flash.yaml:81).  Linear.
_IMAGE_REF = lazy(r"(?<![\w./:@-])((?:[\w.-]{1,100}/){1,4}[\w.-]{1,100}:[\w][\w.-]{0,127})")


def _image_in_text(source: Source) -> Finding | None:
    """TL008 at info at the first engine image written in the text outside any key: a file
    that names one is never silent, but nothing says the text runs it."""
    text = source.text
    offset = 0
    for row in text.split("\n"):  # only lines with a path and a tag are searched
        start, offset = offset, offset + len(row) + 1
        if "/" not in row or ":" not in row or row.lstrip().startswith("#"):
            continue  # a commented-out line runs nothing (a disabled RayService, all `#`)
        for match in _IMAGE_REF.finditer(row):
            ref = match.group(1)
            evidence = image(ref)
            if evidence is None:
                continue
            line, column = point_of(text, start + match.start(1))
            why = (
                f"names the image `{ref}`, a build of {evidence.engine}, in its text but yields "
                "no deployment: no container, service or command toplint reads runs it"
            )
            found = no_deployment(source.path, line, column, why, anchor=f"image:{ref}")
            return replace(found, severity=Severity.INFO)
    return None
