"""A Python module that names an engine but from which no deployment was read: TL008, never
silence (issue 24), for what ``toplint.parse.generic.pyparser`` read nothing from; text formats
are ``toplint.parse.generic.mention``'s.

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

from toplint.infra.patterns import lazy
from toplint.model import Finding, Severity
from toplint.parse.base import Source
from toplint.parse.generic import pysource
from toplint.parse.generic.evidence import named, selector
from toplint.parse.invocation import mentioned_from
from toplint.parse.mentions import named_by, no_deployment, pattern

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
        tree = pysource.parse(source.text)
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
    return no_deployment(
        source.path, line, column, why, anchor=f"prose:{named}", severity=Severity.INFO
    )


def _given_to(source: Source, node: ast.AST, named: str, program: str) -> Finding:
    line, column = node.lineno, node.col_offset + 1  # type: ignore[attr-defined]
    why = f"names the engine command `{named}` only as what `{program}` is given: it runs none"
    return no_deployment(
        source.path, line, column, why, anchor=f"given:{named}", severity=Severity.INFO
    )


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
            return no_deployment(
                source.path, line, column, why, anchor=f"selects:{engine}", severity=Severity.INFO
            )
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
            return no_deployment(
                source.path,
                node.lineno,
                node.col_offset + 1,
                why,
                anchor=f"import:{module}",
                severity=Severity.INFO,
            )
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
        return no_deployment(
            source.path,
            number,
            match.start() + 1,
            why,
            anchor=f"comment:{named}",
            severity=Severity.INFO,
        )
    return None
