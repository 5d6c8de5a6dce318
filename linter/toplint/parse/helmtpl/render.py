"""Evaluate a parsed template against a chart's values, as ``helm template`` would, into text
pieces that remember where each character came from (``values.Origin``).

Bounded by construction: every node evaluated and every function called counts against the
chart's ``template-steps`` budget and every rendered character against ``template-bytes``
(``toplint.infra.budgets``); ``include``/``template`` nest at most ``EXPANSION_DEPTH`` deep.
Nothing is executed: the functions are ``funcs.FUNCS``; one not there, a ``.Files`` or
``.Capabilities`` read or ``lookup`` makes an ``Unknown`` value (printed as an unresolved
placeholder); ``tpl`` renders its string as a template with the context it is given, as Helm's
engine does (helm/helm pkg/engine/engine.go ``tpl``), its own text placed at the value that
held it; ``required`` on an empty value makes it unresolved (the value a user must pass at
install, never guessed).  A branch on an unknown value, ``fail``, a call Helm rejects or a
syntax error raises ``NotRendered``: that template is not rendered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toplint.infra.budgets import EXPANSION_DEPTH, meter
from toplint.parse.helmtpl.ast import Action, Branch, Call, Jump, Node, Operand, Pipe, Text, parse
from toplint.parse.helmtpl.funcs import FUNCS
from toplint.parse.helmtpl.lexer import TemplateSyntax
from toplint.parse.helmtpl.maps import FuncError
from toplint.parse.helmtpl.values import (
    Origin,
    Pieces,
    Spot,
    Unknown,
    UnknownCondition,
    Val,
    as_helm_reads,
    go_print,
    plain,
    truth,
)

MAX_RANGE = 10_000  # items one range may visit


class NotRendered(Exception):
    """Why a template does not render, and where: an offset in ``file``, the file of the
    ``define`` it was raised in (None: the template being rendered)."""

    def __init__(self, why: str, offset: int = 0, file: str | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.offset = offset
        self.file = file


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


# Functions whose answer depends on the cluster, the chart's other files or a nested template
# the evaluator does not read: their value is unknown (unresolved), never guessed.
_UNKNOWN_FUNCS = ("lookup", "semverCompare", "b64enc", "b64dec", "sha256sum", "randAlphaNum")


# A named template: the file that defines it, and its body (offsets are that file's).
Define = tuple[str, tuple[Node, ...]]


class Renderer:
    """One chart: its named templates (``define``), its root context (``.``) and the file whose
    text is being rendered (the template, or the file of the ``define`` it includes)."""

    def __init__(self, defines: Mapping[str, Define], root: Val, file: str) -> None:
        self.defines = defines
        self.root = root
        self.file: str | None = file
        self.depth = 0

    def render(self, body: Sequence[Node]) -> list[tuple[str, Origin]]:
        out: list[tuple[str, Origin]] = []
        try:
            self._nodes(body, self.root, [{"$": self.root}], out)
        except UnknownCondition as exc:
            raise NotRendered(f"a condition depends on {exc} (not computed)") from None
        except (_Break, _Continue):
            raise NotRendered("break or continue outside range") from None
        return out

    # -- nodes -------------------------------------------------------------------------------

    def _nodes(
        self,
        body: Sequence[Node],
        dot: Val,
        scope: list[dict[str, Val]],
        out: list[tuple[str, Origin]],
    ) -> None:
        for node in body:
            meter().count("template-steps")
            if isinstance(node, Text):
                self._emit(out, [(node.text, ("t", Spot(self.file, node.offset)))])
            elif isinstance(node, Action):
                value = self._pipe(node.pipe, dot, scope)
                if not node.pipe.decl:
                    self._emit(out, _printed(value, Spot(self.file, node.pipe.offset)))
            elif isinstance(node, Branch):
                self._branch(node, dot, scope, out)
            elif isinstance(node, Call):
                arg = (
                    self._pipe(node.pipe, dot, scope) if node.pipe and node.pipe.cmds else Val(None)
                )
                self._emit(out, self._call(node.name, arg, node.offset).parts)
            elif isinstance(node, Jump):
                raise _Break() if node.kind == "break" else _Continue()

    def _emit(self, out: list[tuple[str, Origin]], parts: Sequence[tuple[str, Origin]]) -> None:
        for text, origin in parts:
            meter().count("template-bytes", len(text))
            out.append((text, origin))

    def _branch(
        self, node: Branch, dot: Val, scope: list[dict[str, Val]], out: list[tuple[str, Origin]]
    ) -> None:
        inner = [*scope, {}]
        value = self._pipe(node.pipe, dot, inner)
        if node.kind == "range":
            self._range(node, value, dot, inner, out)
        elif truth(value.v):
            self._nodes(node.body, value if node.kind == "with" else dot, inner, out)
        else:
            self._nodes(node.orelse, dot, [*scope, {}], out)

    def _range(
        self,
        node: Branch,
        value: Val,
        dot: Val,
        scope: list[dict[str, Val]],
        out: list[tuple[str, Origin]],
    ) -> None:
        data = plain(value.v)
        if isinstance(data, Unknown):
            raise UnknownCondition(data.what)
        at = value.at
        if isinstance(data, dict):
            pairs = [
                (Val(k), Val(data[k], None if at is None else (*at, k)))
                for k in sorted(data, key=str)
            ]
        elif isinstance(data, (list, tuple)):
            pairs = [(Val(i), Val(v, None if at is None else (*at, i))) for i, v in enumerate(data)]
        elif isinstance(data, int) and not isinstance(data, bool):
            pairs = [(Val(i), Val(i)) for i in range(min(data, MAX_RANGE + 1))]
        elif data is None:
            pairs = []
        else:
            raise NotRendered(f"range over {go_print(data)!r}", node.pipe.offset)
        if len(pairs) > MAX_RANGE:
            raise NotRendered(f"range over more than {MAX_RANGE} items", node.pipe.offset)
        if not pairs:
            self._nodes(node.orelse, dot, scope, out)
        names = node.pipe.decl
        for key, item in pairs:
            local = {**scope[-1]}
            if len(names) == 1:
                local[names[0]] = item
            elif len(names) == 2:
                local[names[0]], local[names[1]] = key, item
            try:
                self._nodes(node.body, item, [*scope[:-1], local], out)
            except _Continue:
                continue
            except _Break:
                break

    def _call(self, name: str, arg: Val, offset: int) -> Pieces:
        define = self.defines.get(name)
        if define is None:
            raise NotRendered(f"no template named {name!r}", offset)
        if self.depth >= EXPANSION_DEPTH:
            raise NotRendered(f"templates nest more than {EXPANSION_DEPTH} deep", offset)
        file, body = define
        caller, self.file = self.file, file
        self.depth += 1
        try:
            out: list[tuple[str, Origin]] = []
            self._nodes(body, arg, [{"$": self.root}], out)
            return Pieces(out)
        except NotRendered as exc:
            if exc.file is not None:
                raise
            raise NotRendered(exc.why, exc.offset, file) from None  # said in the define's file
        finally:
            self.depth -= 1
            self.file = caller

    def _tpl(self, source: str, at: tuple[Any, ...] | None, dot: Val, offset: int) -> Pieces:
        """``tpl STRING DOT``: the string rendered as a template against ``dot``, with the
        chart's named templates; what its own text writes is placed at the value holding the
        string, what it reads from the values at those values.  A string that does not render
        leaves the template unrendered at the ``tpl`` call.  A ``define`` it includes writes
        its text in the define's own file."""
        if self.depth >= EXPANSION_DEPTH:
            raise NotRendered(f"templates nest more than {EXPANSION_DEPTH} deep", offset)
        caller, self.file = self.file, None  # the string's text is in no template file
        self.depth += 1
        try:
            tree = parse(source)
            out: list[tuple[str, Origin]] = []
            self._nodes(tree.body, dot, [{"$": self.root}], out)
        except (NotRendered, TemplateSyntax) as exc:
            raise NotRendered(f"tpl: {exc}", offset) from None
        finally:
            self.depth -= 1
            self.file = caller
        own: Origin = ("v", at) if at is not None else None
        return Pieces((t, o if _in_a_file(o) else own) for t, o in out)

    # -- pipelines ---------------------------------------------------------------------------

    def _pipe(self, pipe: Pipe | None, dot: Val, scope: list[dict[str, Val]]) -> Val:
        if pipe is None:
            return Val(None)
        value: Val | None = None
        for cmd in pipe.cmds:
            value = self._cmd(cmd, dot, scope, value)
        result = value if value is not None else Val(None)
        for name in pipe.decl[-1:]:
            if pipe.assign:
                for frame in reversed(scope):
                    if name in frame:
                        frame[name] = result
                        break
            else:
                scope[-1][name] = result
        return result

    def _cmd(
        self, cmd: Sequence[Operand], dot: Val, scope: list[dict[str, Val]], piped: Val | None
    ) -> Val:
        meter().count("template-steps")
        head = cmd[0]
        if head.kind != "ident":
            value = self._operand(head, dot, scope)
            if (len(cmd) > 1 or piped is not None) and not isinstance(plain(value.v), Unknown):
                raise NotRendered("a value cannot take arguments", head.offset)
            return value  # a method of something unknown (``.Files.Get "f"``) is unknown
        if head.text in ("and", "or") and piped is None:
            return self._func(head.text, self._decided(cmd[1:], head.text, dot, scope), head.offset)
        args = [self._operand(op, dot, scope) for op in cmd[1:]]
        if piped is not None:
            args.append(piped)
        return self._func(head.text, args, head.offset)

    def _decided(
        self, ops: Sequence[Operand], name: str, dot: Val, scope: list[dict[str, Val]]
    ) -> list[Val]:
        """``and``/``or``'s operands up to the one that decides it: Go's text/template (1.18 on,
        which Helm 3.9 on is built with) "returns when the result is determined", so ``and
        $g.serviceAccount $g.serviceAccount.create`` never evaluates the field of a missing
        map (doublewordai/inference-stack@86bd8dba templates/deployment.yaml:138 had stopped
        the chart with "nil pointer evaluating .create").  An unknown operand decides
        nothing: the next is evaluated."""
        out: list[Val] = []
        for op in ops:
            value = self._operand(op, dot, scope)
            out.append(value)
            if not isinstance(plain(value.v), Unknown) and truth(value.v) == (name == "or"):
                break
        return out

    def _func(self, name: str, args: list[Val], offset: int) -> Val:
        if name == "include":
            if len(args) != 2:
                raise NotRendered("include takes a name and a value", offset)
            if isinstance(plain(args[0].v), Unknown):
                return args[0]
            return Val(self._call(go_print(args[0].v), args[1], offset), args[1].at)
        if name == "tpl":
            if len(args) != 2:
                raise NotRendered("tpl takes a template and a value", offset)
            if isinstance(plain(args[0].v), Unknown):
                return args[0]
            return Val(self._tpl(go_print(args[0].v), args[0].at, args[1], offset), args[0].at)
        if name == "required":
            if len(args) != 2:
                raise NotRendered("required takes a message and a value", offset)
            value = args[1]
            if value.v is None or plain(value.v) == "":
                return Val(Unknown("required"), value.at)
            return value
        if name == "fail":
            raise NotRendered(f"the chart fails: {go_print(args[0].v) if args else ''}", offset)
        fn = FUNCS.get(name)
        if fn is None:
            return Val(Unknown(name if name in _UNKNOWN_FUNCS else f"unsupported {name}"))
        try:
            return fn(args)
        except (
            FuncError,
            IndexError,
            TypeError,
            ValueError,
            OverflowError,
            ArithmeticError,
        ) as exc:
            raise NotRendered(f"{name}: {exc}", offset) from None

    def _operand(self, op: Operand, dot: Val, scope: list[dict[str, Val]]) -> Val:
        if op.kind == "literal":
            return Val(op.value)
        if op.kind == "dot":
            return dot
        if op.kind == "field":
            return self._chain(dot, op.chain, op.offset)
        if op.kind == "var":
            for frame in reversed(scope):
                if op.text in frame:
                    return self._chain(frame[op.text], op.chain, op.offset)
            raise NotRendered(f"undefined variable {op.text}", op.offset)
        if op.kind == "sub":
            return self._chain(self._pipe(op.value, dot, scope), op.chain, op.offset)
        if op.kind == "ident":
            return self._func(op.text, [], op.offset)
        raise NotRendered(f"unexpected {op.text!r}", op.offset)

    def _chain(self, value: Val, names: Sequence[str], offset: int) -> Val:
        for name in names:
            data = plain(value.v)
            if isinstance(data, Unknown):
                return value
            if isinstance(data, dict):
                child = data.get(name)
                at = (
                    ()
                    if isinstance(child, _Rooted)
                    else None
                    if value.at is None
                    else (*value.at, name)
                )
                value = Val(child, at)
            elif data is None:
                raise NotRendered(f"nil pointer evaluating .{name}", offset)
            else:
                raise NotRendered(f"can't evaluate field {name} in {go_print(data)!r}", offset)
        return value


def _in_a_file(origin: Origin) -> bool:
    """Whether ``origin`` is a value or text of a template file (not of a ``tpl`` string)."""
    return origin is not None and (origin[0] == "v" or origin[1].file is not None)


def _printed(value: Val, spot: Spot) -> list[tuple[str, Origin]]:
    """The pieces ``{{ value }}`` writes at ``spot`` of a template file."""
    pinned: Origin = ("p", spot)
    if isinstance(value.v, Pieces):
        return [(t, o if o is not None else pinned) for t, o in value.v.parts]
    origin: Origin = ("v", value.at) if value.at is not None else pinned
    return [(go_print(value.v), origin)]


def root_context(values: Any, chart: Mapping[str, Any], template: str) -> Val:
    """``.``: ``.Values`` (paths start there), ``.Chart`` (Chart.yaml's keys as Helm names
    them), ``.Release`` as ``helm template`` names it, and what is unknown here."""
    chart_fields = {k[:1].upper() + k[1:]: v for k, v in chart.items() if isinstance(k, str)}
    return Val(
        {
            # Helm always gives the values a `global` mapping (chartutil.CoalesceValues)
            "Values": _Rooted(
                {"global": {}, **as_helm_reads(values)}
                if isinstance(values, dict)
                else {"global": {}}
            ),
            "Chart": chart_fields,
            "Release": {
                "Name": "release-name",
                "Namespace": "default",
                "Service": "Helm",
                "IsInstall": True,
                "IsUpgrade": False,
                "Revision": 1,
            },
            # helm/helm@0052fe64 pkg/engine/engine.go recAllTpls: the chart's templates
            # folder (``path.Join(chart, "templates")``), not the template's own folder.
            "Template": {"Name": template, "BasePath": _base_path(template)},
            "Capabilities": Unknown(".Capabilities"),
            "Files": Unknown(".Files"),
        }
    )


def _base_path(template: str) -> str:
    head, sep, _ = template.rpartition("/templates/")
    return head + "/templates" if sep else template.rsplit("/", 1)[0]


class _Rooted(dict):
    """The values mapping: reading ``.Values`` starts the path at the values' root."""
