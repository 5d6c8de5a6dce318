"""What a reader found in a text rendered from a file moved back onto the file's own lines and
columns: a notebook's cells and a marimo notebook's cell bodies (``parse.generic.notebook``,
``parse.generic.pyparser``), a Makefile's, justfile's, systemd unit's or supervisord program's
commands rewritten as a script (``parse.text.makefile.moved_back``, ``parse.text.justfile``).
Every position the reading gives moves (a deployment's, its flags' and values', its nodes'
flags', its unresolved values', its findings' and the files it sourced); a position in another
file the reading followed (a sourced script, a sibling module) stays where it is."""

from __future__ import annotations

from collections.abc import Callable

from toplint.model import Deployment, Finding, Flag, ParseResult, Position
from toplint.record import replace

Point = Callable[[int, int], tuple[int, int]]  # (line, column) rendered -> in the file


class Mover:
    """Positions in a rendered text read under the path ``inner`` moved onto ``path`` by
    ``point``; a position in another file the reading followed (a sourced script, a sibling
    module) stays where it is."""

    def __init__(self, inner: str, path: str, point: Point) -> None:
        self.inner, self.path, self.point = inner, path, point

    def __call__(self, pos: Position) -> Position:
        if pos.path != self.inner:
            return pos
        return Position(self.path, *self.point(pos.line, pos.column))

    def result(self, found: ParseResult) -> ParseResult:
        return ParseResult(
            self.path,
            tuple(self.deployment(d) for d in found.deployments),
            tuple(self.finding(f) for f in found.findings),
            tuple(replace(s, deployment=self(s.deployment)) for s in found.sourced),
        )

    def deployment(self, dep: Deployment) -> Deployment:
        if dep.path != self.inner:
            return dep
        line, column = self.point(dep.line, dep.column)
        return replace(
            dep,
            path=self.path,
            line=line,
            column=column,
            flags=tuple(self._flag(f) for f in dep.flags),
            node_flags=tuple(tuple(self._flag(f) for f in fs) for fs in dep.node_flags),
            sources={k: self(p) for k, p in dep.sources.items()},
            unresolved=tuple(replace(u, position=self(u.position)) for u in dep.unresolved),
        )

    def _flag(self, flag: Flag) -> Flag:
        value = flag.value_position
        return replace(
            flag, position=self(flag.position), value_position=self(value) if value else None
        )

    def finding(self, found: Finding) -> Finding:
        if found.path != self.inner:
            return found
        line, column = self.point(found.line, found.column)
        return replace(found, path=self.path, line=line, column=column)
