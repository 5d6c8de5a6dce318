"""A Python expression as plain data (issue 24, point 4): what ``toplint.parse.generic.pytree``
puts in a module's tree for each value it reads, ``ast`` only, nothing imported or executed.

* a call is a mapping of its keyword arguments, its name under ``structured.CALL`` and its
  positional arguments under ``*args``; ``dict(...)`` and ``{...}`` are mappings;
* ``str(x)``, ``int(x)``, f-strings, ``a + b``, ``x if C else y`` with a constant ``C``, and
  ``os.environ.get("X", "default")`` (the default) are evaluated when every part is known;
  anything else is a ``Ref``: an unresolved value naming what it needs, never a guess;
* given the environment the module runs in, ``os.getenv("X", d)``, ``os.environ.get("X", d)``
  and ``os.environ["X"]`` take its value of ``X`` before their default, at the place that value
  is written (another file); a value that is only a ``$NAME`` placeholder stays a ``Ref``.

``ExprReader`` reads expressions; ``pytree``'s statement reader builds on it.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from typing import Any

from toplint.model import Position
from toplint.parse.base import lone_variable
from toplint.parse.generic.tree import CALL
from toplint.record import record

Path = tuple[str | int, ...]
Spots = dict[Path, tuple[Position, Position]]  # relative path -> (key, value) positions
Built = tuple[Any, Spots]
# The environment a module is read in: each variable's value and where that value is written.
Environment = Mapping[str, tuple[str, Position]]
# argparse's ``parser.add_argument("--model", default=m, help=...)`` (and an argument group's)
# declares an option the script itself accepts -- "name or flags" and how to parse them
# (docs.python.org/3/library/argparse.html#the-add-argument-method); it passes nothing to an
# engine.  Read as a call, its "--tensor-parallel-size" was an engine flag written without a
# value (WajeehaHamid/vllm-koyeb-test@fb47120 koyeb_api_server.py: a second deployment, or the
# one ``vllm.LLM`` builds with its TP and model unresolved).  It is a value computed at run time;
# its ``default=`` is what ``args.<dest>`` holds after ``args = parser.parse_args()`` when the
# run passes no such option ("The default keyword argument ... is used when the option string
# was not present at the command line"; dest is the first long option string without its
# leading dashes, other dashes made underscores: the same page, "dest"), as ``os.environ.get``
# takes its default.
DECLARES_OPTION = "add_argument"
PARSES_OPTIONS = "parse_args"


@record
class Ref:
    """A value the source computes at run time: its text and the names it needs."""

    text: str
    variables: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


class ExprReader:
    """Reads the expressions of a module at ``path``, given the variables it runs with."""

    def __init__(self, path: str, environment: Environment | None = None) -> None:
        self.path = path
        self.given = environment or {}
        self.imported: dict[str, Built] = {}  # names given by sibling modules (``siblings``)
        self.used: dict[str, tuple[int, int]] = {}  # imported name -> the place first used
        self.imports: dict[str, str] = {}  # imported name -> its module
        self.handed: list[Any] = []  # objects built by a call and passed whole into another
        self.option_defaults: dict[str, Built] = {}  # argparse dest -> its declared default

    def pos(self, node: ast.AST) -> Position:
        return Position(self.path, getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1)

    def expr(self, node: ast.expr, env: dict[str, Built], inline: bool = False) -> Built:
        at = self.pos(node)
        here: Spots = {(): (at, at)}
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool)):
            return node.value, here
        if isinstance(node, ast.Name):
            found = env.get(node.id)
            # A container another module gives is not in this tree: its first use is its place
            # here (``subprocess.Popen(SERVER_ARGS)``), a later one a use of that.
            foreign = found is not None and found is self.imported.get(node.id)
            if foreign:  # the same node read again (a call's arguments) is still the first
                first = self.used.setdefault(node.id, (node.lineno, node.col_offset))
                foreign = first == (node.lineno, node.col_offset)
            if found is not None and (inline or foreign or not isinstance(found[0], (list, dict))):
                value, pos = found
                return value, {**pos, (): pos.get((), (at, at))}
            # A container named again (``flyte.serve(app)``, ``print(cmd)``) is a use of the one
            # already in the tree, not a second deployment.
            return Ref(node.id, (node.id,)), here
        if isinstance(node, (ast.List, ast.Tuple)):
            return self.sequence(node.elts, env, here)
        if isinstance(node, ast.Dict):
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            return self.mapping(
                [
                    (k, k_node, v)
                    for k, k_node, v in zip(keys, node.keys, node.values, strict=True)
                    if isinstance(k, str) and k_node is not None
                ],
                env,
                here,
            )
        if isinstance(node, ast.Call):
            return self.call(node, env, here)
        if isinstance(node, ast.Attribute) and (parsed := self.parsed_option(node, env)):
            return parsed
        if isinstance(node, ast.JoinedStr):
            return _fstring(node, env, self, here)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return added(self.expr(node.left, env, True), self.expr(node.right, env, True))
        if isinstance(node, ast.Subscript) and self.given:  # ``os.environ["X"]``
            variable = environ_key(node)
            if variable in self.given:
                return self.variable(variable)
        if isinstance(node, ast.IfExp):
            test = self.expr(node.test, env)[0]
            if isinstance(test, (bool, int, str)) and not isinstance(test, Ref):
                return self.expr(node.body if test else node.orelse, env)
        return Ref(
            ast.unparse(node)[:200],
            tuple(sorted({n.id for n in ast.walk(node) if isinstance(n, ast.Name)})),
        ), here

    def truth(self, node: ast.expr, env: dict[str, Built]) -> bool | None:
        """The truth of a test made of constants (``not``, ``and``, ``or`` of names the module
        binds to literals), or None when any part is not one."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.truth(node.operand, env)
            return None if inner is None else not inner
        if isinstance(node, ast.BoolOp):
            parts = [self.truth(v, env) for v in node.values]
            if any(p is None for p in parts):
                return None
            return all(parts) if isinstance(node.op, ast.And) else any(parts)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            return self.compared(node, env)
        if not isinstance(node, (ast.Name, ast.Constant)):
            return None
        value = self.expr(node, env)[0]
        return bool(value) if isinstance(value, (bool, int, float, str)) else None

    def compared(self, node: ast.Compare, env: dict[str, Built]) -> bool | None:
        """``"2b" in MODEL_ID``, ``MODE == "tp"`` (``in``, ``not in``, ``==``, ``!=``) when both
        sides are values the module gives (google-gemini/gemma-cookbook@af32fdf TxGemma's
        ``if "2b" in MODEL_ID:`` under a form's default ``MODEL_VARIANT = "2b-predict"``)."""
        left = self.expr(node.left, env)[0]
        right = self.expr(node.comparators[0], env)[0]
        known = (bool, int, float, str)
        if not isinstance(left, known) or not isinstance(right, known):
            return None
        op = node.ops[0]
        if isinstance(op, ast.In | ast.NotIn):
            if not (isinstance(left, str) and isinstance(right, str)):
                return None
            return (left in right) == isinstance(op, ast.In)
        if isinstance(op, ast.Eq | ast.NotEq):
            return (left == right) == isinstance(op, ast.Eq)
        return None

    def variable(self, name: str) -> Built:
        """The value the environment gives ``name``, at the place it is written; a placeholder
        (``$MODEL_ID``) is a ``Ref`` that needs it."""
        value, at = self.given[name]
        spots: Spots = {(): (at, at)}
        if lone_variable(value):
            return Ref(value, (name,)), spots
        return value, spots

    def sequence(
        self,
        elts: list[ast.expr],
        env: dict[str, Built],
        here: Spots,
    ) -> Built:
        out: list[Any] = []
        positions = dict(here)
        for elt in elts:
            value, pos = self.starred(elt) if isinstance(elt, ast.Starred) else self.expr(elt, env)
            positions.update({(len(out), *p): v for p, v in pos.items()})
            out.append(value)
        return out, positions

    def starred(self, elt: ast.Starred) -> Built:
        """``[*ARGS]``: items unknown here, forwarded whole (``toplint.parse.argv``)."""
        text = f"*{ast.unparse(elt.value)[:200]}"
        at = self.pos(elt)
        spots: Spots = {(): (at, at)}
        return Ref(text, (text,)), spots

    def mapping(
        self,
        items: Sequence[tuple[str, ast.AST, ast.expr]],
        env: dict[str, Built],
        here: Spots,
        whole: frozenset[str] = frozenset(),
    ) -> Built:
        out: dict[str, Any] = {}
        positions = dict(here)
        for key, key_node, value_node in items:
            value, pos = self.expr(value_node, env, key in whole)
            out[key] = value
            positions.update({(key, *p): v for p, v in pos.items() if p})
            positions[(key,)] = (self.pos(key_node), pos.get((), (self.pos(value_node),) * 2)[1])
        return out, positions

    def call(self, node: ast.Call, env: dict[str, Built], here: Spots) -> Built:
        name = dotted(node.func)
        args = [self.expr(a, env) for a in node.args]
        known = [a[0] for a in args]
        if (
            name in ("str", "int", "float")
            and len(known) == 1
            and isinstance(known[0], (str, int, float))
            and not isinstance(known[0], bool)
        ):
            try:
                value = {"str": str, "int": int, "float": float}[name](known[0])
            except ValueError:
                pass
            else:  # a value from the environment stays where that value is written
                inner = args[0][1].get((), here[()])
                return value, ({(): inner} if inner[1].path != self.path else here)
        if name in ("str", "int", "float", "bool", "len", "range"):
            needs = tuple(v for a in known for v in _needs(a)) or (ast.unparse(node)[:80],)
            return Ref(ast.unparse(node)[:200], needs), here  # computed at run time
        if (
            name.endswith((".get", "getenv"))
            and ("environ" in name or name.endswith("getenv"))
            and node.args
        ):
            if isinstance(known[0], str) and known[0] in self.given:
                return self.variable(known[0])
            if len(known) > 1 and isinstance(known[1], (str, int, float)):
                return known[1], here  # the default a run without the variable uses
            if not isinstance(known[0], str):  # a name computed at run time: say the call
                call = ast.unparse(node)[:200]  # (g3n1k/lmdeploy-api@925bf98 controller.py)
                return Ref(call, (call[:80],)), here
            return Ref(f"${known[0]}", (known[0],)), here
        if isinstance(node.func, ast.Attribute) and node.func.attr == "join":
            return Ref(ast.unparse(node)[:200], ("<join>",)), here  # read the list, not its text
        if isinstance(node.func, ast.Attribute) and node.func.attr == DECLARES_OPTION:
            self.declare_option(node, known, env)
            return Ref(ast.unparse(node)[:200], ("<option declared>",)), here
        items = [(k.arg, k, k.value) for k in node.keywords if k.arg]
        out, positions = self.mapping(items, env, here, self.passed_whole(node, env))
        if name != "dict":
            out[CALL] = name
        if args:
            seq, pos = self.sequence(node.args, env, {})
            out["*args"] = seq
            positions.update({("*args", *p): v for p, v in pos.items()})
        return out, positions

    def declare_option(self, node: ast.Call, names: list[Any], env: dict[str, Built]) -> None:
        """Keep an ``add_argument`` call's ``default=`` under its dest (``DECLARES_OPTION``)."""
        given = {k.arg: k.value for k in node.keywords if k.arg}
        dest = given.get("dest")
        if isinstance(dest, ast.Constant) and isinstance(dest.value, str):
            name = dest.value
        else:
            flags = [n for n in names if isinstance(n, str) and n.startswith("-")]
            longs = [n for n in flags if n.startswith("--")]
            if not flags:
                return  # a positional argument: given on every run, no default to read
            name = (longs or flags)[0].lstrip("-").replace("-", "_")
        if "default" in given:
            self.option_defaults[name] = self.expr(given["default"], env)

    def parsed_option(self, node: ast.Attribute, env: dict[str, Built]) -> Built | None:
        """``args.model`` after ``args = parser.parse_args()``: the declared default, if any."""
        if not isinstance(node.value, ast.Name) or node.attr not in self.option_defaults:
            return None
        found = env.get(node.value.id)
        called = found[0].get(CALL) if found is not None and isinstance(found[0], dict) else None
        if not (isinstance(called, str) and called.split(".")[-1] == PARSES_OPTIONS):
            return None
        return self.option_defaults[node.attr]

    def passed_whole(self, node: ast.Call, env: dict[str, Built]) -> frozenset[str]:
        """The keywords of a call of an imported callable whose value is a name bound to an
        object an imported class builds: ``pipeline(path, backend_config=backend_config)``
        after ``backend_config = TurbomindEngineConfig(tp=2)``.  The callee takes that object
        as its own argument (LMDeploy's ``pipeline(model_path, backend_config=...)`` builds its
        engine with it: InternLM/lmdeploy@c1952b89 lmdeploy/api.py), so it is read inside the
        call, and its assignment is no object of its own (``unpassed``): read apart, the
        configuration was a second engine without a model, the pipeline one with the
        default TP (JeffDing/lmdeploy_demo@c717f806 app.py)."""
        if dotted(node.func).split(".")[0] not in self.imports:
            return frozenset()
        out: set[str] = set()
        for keyword in node.keywords:
            value = keyword.value
            found = env.get(value.id) if isinstance(value, ast.Name) else None
            built = found[0] if found is not None else None
            called = built.get(CALL) if isinstance(built, dict) else None
            if keyword.arg and isinstance(called, str) and called.split(".")[0] in self.imports:
                out.add(keyword.arg)
                self.handed.append(built)
        return frozenset(out)

    def unpassed(self, out: dict[str, Any], positions: Spots) -> Built:
        """A body's assignments without the objects passed whole into a call (``passed_whole``)."""
        gone = {k for k, v in out.items() if any(v is p for p in self.handed)}
        if not gone:
            return out, positions
        kept = {k: v for k, v in out.items() if k not in gone}
        return kept, {p: v for p, v in positions.items() if not p or p[0] not in gone}


def environ_key(node: ast.expr) -> str:
    """``NAME`` of an ``os.environ["NAME"]`` (``environ["NAME"]``) assignment target."""
    if not isinstance(node, ast.Subscript) or dotted(node.value) not in ("os.environ", "environ"):
        return ""
    key = node.slice
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Call):
        return dotted(node.func)
    return ""


def added(left: Built, right: Built) -> Built:
    a, pa = left
    b, pb = right
    if isinstance(a, list) and isinstance(b, list):
        shifted = {(len(a) + p[0], *p[1:]): v for p, v in pb.items() if p and isinstance(p[0], int)}
        return [*a, *b], {**pa, **shifted}
    if isinstance(a, str) and isinstance(b, str):
        return a + b, pa
    return Ref(f"{a}+{b}", _needs(a) + _needs(b)), pa


def _needs(value: Any) -> tuple[str, ...]:
    return value.variables if isinstance(value, Ref) else ()


def _fstring(
    node: ast.JoinedStr,
    env: dict[str, Built],
    reader: ExprReader,
    here: Spots,
) -> Built:
    parts: list[str] = []
    missing: list[str] = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value))
        elif isinstance(value, ast.FormattedValue):
            got = reader.expr(value.value, env)[0]
            if (
                isinstance(got, (str, int, float))
                and not isinstance(got, bool)
                and value.format_spec is None
            ):
                parts.append(str(got))
            else:
                text = ast.unparse(value.value)
                parts.append("{" + text + "}")
                missing.append(text)
    text = "".join(parts)
    return (Ref(text, tuple(missing)) if missing else text), here
