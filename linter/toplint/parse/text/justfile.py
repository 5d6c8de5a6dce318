"""justfile recipes that start an engine (issue 24, point 5: a command runner's recipes).

``just`` (casey/just, the manual's "Recipes", "Variables and Substitution", "Recipe Parameters")
runs each recipe's indented body lines as shell commands, with ``{{expr}}`` replaced by the value
of a variable (``name := "value"``, ``export name := …``) or a recipe parameter (``serve
model="org/m" tp="4":``; a parameter without a default is given on the command line, unknown
here).  The body is read as a script by ``toplint.parse.text.shellsrc`` with every
``{{name}}`` written as ``${name}``, the variables assigned first and each recipe's parameters
on its header's line, so everything a shell script gets applies; a value just computes (a
function such as ``env_var_or_default``, a backtick, a concatenation) and a ``{{`` expression
that is not one name are left unresolved.  A shebang recipe is one script of its interpreter
(not read when that is no shell); any other recipe's lines ending in a backslash are one command
(``_Recipe``).  Positions are moved back onto the justfile's own lines and columns (``{{ name
}}`` is longer than ``${name}``, the recipe's indentation is not the script's: each line keeps
where its text moved).
"""

from __future__ import annotations

import bisect

from toplint.infra.patterns import lazy
from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.moveback import Mover, Point
from toplint.parse.text.chains import SHELLS
from toplint.parse.text.shellsrc import ShellParser
from toplint.record import replace

_NAMES = ("justfile", ".justfile")
_SUFFIX = "#recipes.sh"  # the recipes read as a script under this name, then moved back
_ASSIGN = lazy(r"^(?:export\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*:=\s*(.*?)\s*$")
_HEADER = lazy(r"^@?([A-Za-z_][A-Za-z0-9_-]*)((?:\s+[^:]+?)?)\s*:(?!=)")
_PARAM = lazy(r"([+*$]?)([A-Za-z_][A-Za-z0-9_-]*)(?:=(\"[^\"]*\"|'[^']*'|\S+))?")
_INTERPOLATION = lazy(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}|\{\{(.*?)\}\}")
# `[script]` (run by `set script-interpreter`, `sh -eu` by default), `[script('python3')]`,
# `[private, script]`
_SCRIPT_ATTRIBUTE = lazy(r"[\[,]\s*script\b(?:\(\s*['\"]([^'\"]*)['\"])?")
_RAW = lazy(r"'[^']*'")
_COOKED = lazy(r'"(?:[^"\\]|\\.)*"')
_ESCAPE = lazy(r"\\(.)")
# A recipe parameter the caller gives (no default toplint can evaluate): never set in the script.
_UNKNOWN = '"${__just_argument__}"'

# (column in the rewritten line where a moved stretch starts, columns added back from there)
Shifts = list[tuple[int, int]]


class JustfileParser:
    name = "justfile"

    def accepts(self, source: Source) -> bool:
        return source.name in _NAMES or source.name.endswith(".just")

    def parse(self, source: Source) -> ParseResult:
        variables, lines, shifts = _as_script(source.text)
        head = "".join(f"{k}={_quote(v)}\n" for k, v in variables.items())
        shifted = len(variables)
        script = head + "\n".join(lines)
        found = ShellParser().parse(Source.from_text(source.path + _SUFFIX, script))
        point = _point(shifted, shifts)
        moved = Mover(source.path + _SUFFIX, source.path, point).result(found)
        deployments = tuple(replace(d, source_kind="justfile") for d in moved.deployments)
        return replace(moved, deployments=deployments)


def _as_script(text: str) -> tuple[dict[str, str], list[str], dict[int, Shifts]]:
    """The justfile's variables, its recipe bodies as a script with the same lines (every
    other line blank; a recipe's header line assigns its parameters), and each rewritten
    line's column shifts."""
    variables: dict[str, str] = {}
    for line in text.split("\n"):  # just evaluates them all before any recipe runs
        m = _ASSIGN.match(line)
        if m:
            name, value = m.group(1).replace("-", "_"), _value(m.group(2), variables)
            if value is None:
                variables.pop(name, None)  # computed by just (a function, a backtick): unknown
            else:
                variables[name] = value
    parameters: set[str] = set()  # the names recipes read so far take as parameters
    out: list[str] = []
    shifts: dict[int, Shifts] = {}
    recipe: _Recipe | None = None
    attributes = ""  # the `[attribute]` lines above the next recipe
    for number, line in enumerate(text.split("\n"), start=1):
        if recipe is not None and (line[:1] in (" ", "\t") or (not line.strip() and out)):
            rewritten, moved = recipe.line(line)
            out.append(rewritten)
            if moved:
                shifts[number] = moved
            continue
        recipe = None
        out.append("")
        if _ASSIGN.match(line):
            continue
        if line.startswith("["):
            attributes += line
            continue
        header = _HEADER.match(line) if not line.startswith(("#", "set ", "alias ")) else None
        if header:
            script = _SCRIPT_ATTRIBUTE.search(attributes)
            recipe = _Recipe(script=script is not None)
            if script is not None and script.group(1):
                recipe.shell = _interpreter("#!" + script.group(1)) in SHELLS
            out[-1] = _parameters(header.group(2), variables, parameters)
        if not line.startswith("#"):
            attributes = ""
    return variables, out, shifts


def _parameters(written: str, variables: dict[str, str], parameters: set[str]) -> str:
    """The recipe's parameters as assignments on its header's line: a default just evaluates
    to a string here is its value, any other parameter is given by the caller (unknown); the
    parameters of the recipes above are their variable's value again (or unknown), so a name
    another recipe takes means nothing here (casey/just README "Recipe Parameters")."""
    assigned: dict[str, str] = {}
    for param in _PARAM.finditer(written):
        name = param.group(2).replace("-", "_")
        default = param.group(3)
        value = (
            _value(default, variables)
            if default is not None and param.group(1) in ("", "$")
            else None
        )
        assigned[name] = _UNKNOWN if value is None else _quote(value)
    for name in sorted(parameters - assigned.keys()):
        assigned[name] = _quote(variables[name]) if name in variables else _UNKNOWN
    parameters.update(assigned)
    return " ".join(f"{name}={value}" for name, value in assigned.items())


class _Recipe:
    """How just hands one recipe's body lines to the shell (casey/just@4f41f609
    src/recipe.rs): a shebang recipe (or one with the `[script]` attribute) is one script of
    its interpreter, written without the recipe's indentation (`run_script`); any other
    recipe runs each logical line, its lines ending in `\\` joined with the next line's
    leading whitespace dropped and the `@`/`-` sigils taken from its first line only
    (`run_shell`, `Line::is_continuation` and `Line::sigils` in src/line.rs)."""

    def __init__(self, *, script: bool) -> None:
        self.script = script
        self.shell = True  # a script recipe's interpreter is a shell
        self.indent: str | None = None
        self.continued = False  # the line before ended with `\\`
        self.comment = False  # the logical line being continued is a comment

    def line(self, line: str) -> tuple[str, Shifts]:
        """The line as the shell reads it, with its column shifts."""
        if not line.strip():
            self.continued = False
            return "", []
        if self.indent is None:  # the first line's indentation is the recipe's
            self.indent = line[: len(line) - len(line.lstrip(" \t"))]
            if line.lstrip(" \t").startswith("#!"):
                self.script = True
                self.shell = _interpreter(line.lstrip(" \t")) in SHELLS
        if self.script:
            if not self.shell:
                return "", []
            pad = len(self.indent) if line.startswith(self.indent) else 0
            return _rewrite(line, pad)
        pad = len(line) - len(line.lstrip(" \t"))
        body = line[pad:]
        if self.continued:  # part of the line above: a comment's, or joined without its indent
            self.continued = body.endswith("\\")
            return ("", []) if self.comment else _rewrite(line, pad)
        sigils = 0  # each sigil once, in any order (`Line::sigils`)
        while body[sigils : sigils + 1] in ("@", "-") and body[sigils] not in body[:sigils]:
            sigils += 1
        self.comment = body[sigils:].startswith("#")
        self.continued = body.endswith("\\")
        return _rewrite(line, pad + sigils)


def _interpreter(shebang: str) -> str:
    """The program a `#!` line runs: `#!/usr/bin/env -S bash -e` is `bash`."""
    words = shebang[2:].split()
    program = words[0].rsplit("/", 1)[-1] if words else ""
    if program == "env":
        rest = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
        program = rest[0].rsplit("/", 1)[-1] if rest else ""
    return program


def _rewrite(line: str, pad: int = 0) -> tuple[str, Shifts]:
    """The line without its first ``pad`` characters, ``{{name}}`` as ``${name}`` and any
    other ``{{ expr }}`` as an unknown ``${__just__}``."""
    line = line[pad:]
    parts: list[str] = []
    moved: Shifts = [(1, pad)] if pad else []
    last, added = 0, pad
    for m in _INTERPOLATION.finditer(line):
        name = m.group(1).replace("-", "_") if m.group(1) else "__just_expression__"
        text = "${" + name + "}"
        parts.append(line[last : m.start()])
        written = sum(len(p) for p in parts)
        parts.append(text)
        added += (m.end() - m.start()) - len(text)
        moved.append((written + len(text) + 1, added))
        last = m.end()
    parts.append(line[last:])
    return "".join(parts), moved


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def _value(expression: str, variables: dict[str, str]) -> str | None:
    """What just evaluates ``expression`` (an assignment's or a parameter default's) to, when
    it is a string literal or a variable already known (casey/just README "Strings":
    single-quoted strings are raw, double-quoted ones take `\\n`, `\\t`, `\\r`, `\\"`,
    `\\\\`); None for anything just computes (a function, a backtick, a concatenation)."""
    expression = expression.strip()
    if _RAW.fullmatch(expression):
        return expression[1:-1]
    if _COOKED.fullmatch(expression):
        escaped = _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), "\0"), expression[1:-1])
        return None if "\0" in escaped else escaped
    return variables.get(expression.replace("-", "_"))


def _quote(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'" if "$" not in value else f'"{value}"'


def _point(shifted: int, shifts: dict[int, Shifts]) -> Point:
    """A position of the rewritten script on the justfile: ``shifted`` lines of variables
    first, and each line's moved stretches given back their columns."""

    def point(line: int, column: int) -> tuple[int, int]:
        line -= shifted
        moved = shifts.get(line, [])
        k = bisect.bisect_right([start for start, _ in moved], column) - 1
        return line, column + (moved[k][1] if k >= 0 else 0)

    return point
