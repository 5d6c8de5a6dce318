"""Makefile recipes that start an engine (issue 24, point 5).

A recipe line (a line that starts with a tab, GNU make's ``.RECIPEPREFIX`` default) is a shell
command line; ``\\`` continuations join it as the shell would.  Variables set in the Makefile
(``VAR = value``, ``:=``, ``?=``, ``export VAR := value``) are the shell's variables for the
recipes, and ``$(VAR)`` / ``${VAR}`` are their references (GNU make manual, "Using Variables";
``$(shell …)`` and other functions stay unresolved).  Each rule's recipe is read as a script by
``toplint.parse.text.shellsrc``, so everything a shell script gets (launchers, scripts it runs,
``CUDA_VISIBLE_DEVICES``) applies; positions are the Makefile's own, column for column.
"""

from __future__ import annotations

from toplint.infra.patterns import lazy
from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.moveback import Mover
from toplint.parse.text.shellsrc import ShellParser
from toplint.record import replace

_NAMES = ("makefile", "gnumakefile")
_SUFFIX = "#recipes.sh"  # the recipes read as a script under this name, then moved back
_ASSIGN = lazy(r"^(?:export\s+|override\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::{1,3}=|\?=|=)\s*(.*)$")
_MAKE_REF = lazy(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)")
_RECIPE_DOLLAR = lazy(r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)")  # left to right, as make reads


class MakefileParser:
    name = "makefile"

    def accepts(self, source: Source) -> bool:
        return source.name in _NAMES or source.name.endswith(".mk")

    def parse(self, source: Source) -> ParseResult:
        variables, script = _as_script(source.text)
        text = "".join(f"{k}={_quote(v)}\n" for k, v in variables.items())
        shifted = len(variables)
        found = ShellParser().parse(Source.from_text(source.path + _SUFFIX, text + script))
        return moved_back(found, source.path, _SUFFIX, shifted, "makefile")


def moved_back(found: ParseResult, path: str, suffix: str, shifted: int, kind: str) -> ParseResult:
    """What the shell reader found in a file rewritten as a script (read as ``path + suffix``,
    ``shifted`` lines of assignments first), moved back onto the file's own lines."""
    moved = Mover(path + suffix, path, lambda line, column: (line - shifted, column)).result(found)
    deployments = tuple(replace(d, source_kind=kind) for d in moved.deployments)
    return replace(moved, deployments=deployments)


def _as_script(text: str) -> tuple[dict[str, str], str]:
    """The Makefile's variables, and its recipe lines as a script with the same lines and
    columns (every other line blank; the recipe tab and ``@``/``-`` prefixes become spaces)."""
    variables: dict[str, str] = {}
    lines = text.split("\n")
    out: list[str] = []
    in_recipe = False
    continued = ""  # the variable whose value goes on to the next line (``\``), if any
    for line in lines:
        if continued:  # GNU make: a backslash-newline in a value is one space
            value, more = _continued(variables.get(continued, ""), line)
            if continued in variables:
                variables[continued] = value
            continued = continued if more else ""
            out.append("")
            continue
        if line.startswith("\t"):
            body = line[1:]
            # ``@``, ``-`` and ``+`` prefix a command line, not the lines it continues onto
            # (GNU make manual, "Splitting Recipe Lines": only the recipe tab is removed there):
            # ``\t  --trust-remote-code \\`` keeps its dashes.
            continues = in_recipe and bool(out) and out[-1].endswith("\\")
            stripped = body if continues else body.lstrip("@-+ ")
            pad = " " * (len(line) - len(stripped))
            out.append(_recipe(pad + stripped))
            in_recipe = True
            continue
        if in_recipe and out and out[-1].endswith("\\"):
            out.append(line)
            continue
        in_recipe = False
        m = _ASSIGN.match(line)
        if m:
            value, more = _continued("", m.group(2), first=True)
            if "$(shell" in m.group(2):  # a command's output: not known here
                variables.pop(m.group(1), None)
            else:
                variables[m.group(1)] = value
            continued = m.group(1) if more else ""
        out.append("")
    return variables, "\n".join(out)


def _recipe(line: str) -> str:
    """A recipe line as the shell gets it, column for column: ``$(VAR)`` the make variable
    (``${VAR}``), and ``$$`` the ``$`` make passes on (GNU make manual, "Using Variables in
    Recipes"), written `` $`` so that every column stays where it was - read left to right, so
    ``$$(nproc)`` is the shell's command substitution, not a variable ``nproc`` (NVIDIA/nccl
    @5067397c bindings/ir/Makefile's ``"$$(cat … | grep -E '[^"]*')"`` had read as an unclosed
    quote)."""
    return _RECIPE_DOLLAR.sub(
        lambda m: " $" if m.group(1) is None else "${" + m.group(1) + "}", line
    )


def _continued(value: str, line: str, first: bool = False) -> tuple[str, bool]:
    """``value`` with one more line of a variable's definition (its make references as the
    shell's; a continuation line without its leading blanks), and whether the line goes on
    (ends with a backslash): GNU make manual, "Splitting Long Lines"."""
    text = line.rstrip() if first else line.strip()
    more = text.endswith("\\")
    text = _MAKE_REF.sub(lambda r: "${" + r.group(1) + "}", text[:-1].rstrip() if more else text)
    return (f"{value} {text}" if value and text else value or text), more


def _quote(value: str) -> str:
    """The value as a shell word: literal in '…', or in "…" where it refers to variables (its
    ``\\``, ``"`` and backquotes escaped, so that only ``${NAME}`` expands)."""
    if "$" not in value:
        return "'" + value.replace("'", "'\\''") + "'"
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`")
    return f'"{escaped}"'
