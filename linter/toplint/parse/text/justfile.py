"""justfile recipes that start an engine (issue 24, point 5: a command runner's recipes).

``just`` (casey/just, the manual's "Recipes", "Variables and Substitution", "Recipe Parameters")
runs each recipe's indented body lines as shell commands, with ``{{expr}}`` replaced by the value
of a variable (``name := "value"``, ``export name := …``) or a recipe parameter (``serve
model="org/m" tp="4":``; a parameter without a default is given on the command line, unknown
here).  The body is read as a script by ``toplint.parse.text.shellsrc`` with every
``{{name}}`` written as ``${name}`` and the variables and parameter defaults assigned first, so
everything a shell script gets applies; a ``{{`` expression that is not one name (a function, a
concatenation) is left unresolved.  Positions are moved back onto the justfile's own lines and
columns (``{{ name }}`` is longer than ``${name}``: each line keeps where its text moved).
"""

from __future__ import annotations

import bisect

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Finding, ParseResult, Position
from toplint.parse.base import Source
from toplint.parse.text.shellsrc import ShellParser
from toplint.record import replace

_NAMES = ("justfile", ".justfile")
_SUFFIX = "#recipes.sh"  # the recipes read as a script under this name, then moved back
_ASSIGN = lazy(r"^(?:export\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*:=\s*(.*?)\s*$")
_HEADER = lazy(r"^@?([A-Za-z_][A-Za-z0-9_-]*)((?:\s+[^:]+?)?)\s*:(?!=)")
_PARAM = lazy(r"([+*$]?)([A-Za-z_][A-Za-z0-9_-]*)(?:=(\"[^\"]*\"|'[^']*'|\S+))?")
_INTERPOLATION = lazy(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}|\{\{(.*?)\}\}")

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
        mover = _Mover(source.path, shifted, shifts)
        deployments = tuple(
            replace(mover.deployment(d), source_kind="justfile") for d in found.deployments
        )
        findings = tuple(mover.finding(f) for f in found.findings)
        return ParseResult(source.path, deployments, findings)


def _as_script(text: str) -> tuple[dict[str, str], list[str], dict[int, Shifts]]:
    """The justfile's variables and parameter defaults, its recipe bodies as a script with the
    same lines (every other line blank), and each rewritten line's column shifts."""
    variables: dict[str, str] = {}
    out: list[str] = []
    shifts: dict[int, Shifts] = {}
    in_recipe = False
    for number, line in enumerate(text.split("\n"), start=1):
        if in_recipe and (line[:1] in (" ", "\t") or (not line.strip() and out)):
            body = line.lstrip(" \t")
            pad = len(line) - len(body)
            if body.startswith(("@", "-")):
                body, pad = body[1:], pad + 1
            rewritten, moved = _rewrite(" " * pad + body)
            out.append(rewritten)
            if moved:
                shifts[number] = moved
            continue
        in_recipe = False
        out.append("")
        m = _ASSIGN.match(line)
        if m:
            variables[m.group(1).replace("-", "_")] = _unquote(m.group(2))
            continue
        header = _HEADER.match(line) if not line.startswith(("#", "set ", "alias ")) else None
        if header:
            in_recipe = True
            for param in _PARAM.finditer(header.group(2)):
                if param.group(3) is not None and not param.group(1):
                    variables[param.group(2).replace("-", "_")] = _unquote(param.group(3))
    return variables, out, shifts


def _rewrite(line: str) -> tuple[str, Shifts]:
    """``{{name}}`` as ``${name}``; any other ``{{ expr }}`` as an unknown ``${__just__}``."""
    parts: list[str] = []
    moved: Shifts = []
    last, added = 0, 0
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


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _quote(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'" if "$" not in value else f'"{value}"'


class _Mover:
    """Positions of the rewritten script moved back onto the justfile."""

    def __init__(self, path: str, shifted: int, shifts: dict[int, Shifts]) -> None:
        self.path = path
        self.shifted = shifted
        self.shifts = shifts

    def position(self, pos: Position) -> Position:
        if not pos.path.endswith(_SUFFIX):
            return pos
        line = pos.line - self.shifted
        moved = self.shifts.get(line, [])
        k = bisect.bisect_right([start for start, _ in moved], pos.column) - 1
        return Position(self.path, line, pos.column + (moved[k][1] if k >= 0 else 0))

    def deployment(self, dep: Deployment) -> Deployment:
        move = self.position
        flags = tuple(
            replace(
                f,
                position=move(f.position),
                value_position=move(f.value_position) if f.value_position else None,
            )
            for f in dep.flags
        )
        at = move(Position(dep.path, dep.line, dep.column))
        return replace(
            dep,
            path=self.path,
            line=at.line,
            column=at.column,
            sources={k: move(p) for k, p in dep.sources.items()},
            flags=flags,
            unresolved=tuple(replace(u, position=move(u.position)) for u in dep.unresolved),
        )

    def finding(self, found: Finding) -> Finding:
        if not found.path.endswith(_SUFFIX):
            return found
        at = self.position(Position(found.path, found.line, found.column))
        return replace(found, path=self.path, line=at.line, column=at.column)
