"""Python read, never run (issue 24, point 4): a module as a positioned tree of plain data.

``ast.parse`` only: nothing is imported or executed.  What a deployment script writes in
literals is kept, in the shape ``toplint.parse.structured`` searches:

* assignments to a name are keys of their scope (module, function, class) holding the value;
  later uses of the name see it (module constants, ``cmd = [...]`` then ``cmd += [...]``);
* a function or class is a mapping of its decorators (``@app.function(gpu="H100:2")``) and
  its body, so a decorator's resources are found from the code inside it;
* every value is an expression as ``toplint.parse.generic.pyexpr`` reads it: a call is a
  mapping of its keyword arguments, a value whose every part is known is evaluated, the rest a
  ``Ref``; given the environment the module runs in (``build(..., environment)``: a Ray Serve
  application's ``runtime_env.env_vars``), ``os.environ`` reads take its values.

``imports`` maps each imported name to its module (for engine evidence).  Names a module
imports from a sibling module of the repository (``from bench_lib import SERVER_ARGS``, with
``bench_lib.py`` beside it: ``imported_values``) hold the values that module gives them, at
their places there.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from toplint.infra.patterns import lazy
from toplint.model import Position
from toplint.parse.generic import pysource
from toplint.parse.generic.models import MODEL_KEYS
from toplint.parse.generic.pycalls import bind_target, call_sites, init_arguments
from toplint.parse.generic.pyexpr import (
    Built,
    Environment,
    ExprReader,
    Path,
    Ref,
    Spots,
    added,
    dotted,
    environ_key,
)
from toplint.parse.infer.resources import norm
from toplint.record import field, record

MAX_STATEMENTS = 5_000
# What a sibling module M gives the names asked of it (``build``'s ``siblings``).
Siblings = Callable[[str, list[str]], Mapping[str, "Built"]]

# A step no identifier spells: ``(*at, DEFINED)`` among a tree's positions marks ``at`` as a
# function's or class's body (``PyTree.defined``); the mark rides along as paths are prefixed.
DEFINED = "<def>"


@record
class PyTree:
    path: str
    data: Any
    positions: dict[Path, tuple[Position, Position]] = field(default_factory=dict)
    imports: dict[str, str] = field(default_factory=dict)
    # ``os.environ["NAME"] = value`` (and ``os.environ.update(NAME=…)``): each variable's values
    # in the order they are set, with where; the process and what it starts inherit them.
    environ: dict[str, list[tuple[Any, Position]]] = field(default_factory=dict)

    def key_position(self, at: Path) -> Position:
        return self.positions.get(at, (self._top, self._top))[0]

    def defined(self, at: Path) -> bool:
        """``at`` lies inside a function's or a class's body (``DEFINED``): what it holds runs
        when the definition is called or built, with what the caller passes."""
        return any((*at[:n], DEFINED) in self.positions for n in range(1, len(at) + 1))

    def value_position(self, at: Path) -> Position:
        return self.positions.get(at, (self._top, self._top))[1]

    @property
    def _top(self) -> Position:
        return Position(self.path, 1, 1)


def build(
    text: str,
    path: str,
    environment: Environment | None = None,
    siblings: Siblings | None = None,
    wanted: Callable[[str], bool] | None = None,
) -> PyTree | None:
    """The tree of a Python module, or None when it is not Python this interpreter reads;
    ``environment``: the variables the module is known to run with; ``siblings``: what a
    sibling module gives the names imported from it, asked at the ``from M import …`` line
    (``imported_values`` of that module; None: not asked); ``wanted``: the test a
    helper function's text passes for its one call to bind its parameters (the reader's: it
    names an engine), none for every helper."""
    try:
        module = pysource.parse(text, path)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    reader = _Reader(path, *call_sites(module), environment=environment)
    reader.text, reader.wanted, reader.siblings = text, wanted, siblings
    try:
        data, positions = reader.body(module.body, {})
    except RecursionError:
        return None
    for name, (value, spots) in reader.rebound.items():
        if isinstance(data, dict) and name in data:  # the class as its one ``.bind`` builds it
            data[name] = value
            kept = {p: v for p, v in positions.items() if p[:1] != (name,) or p == (name,)}
            positions = kept | {(name, *p): v for p, v in spots.items() if p}
    return PyTree(path, data, positions, reader.imports, reader.environ)


def imported_values(tree: PyTree, names: Iterable[str]) -> dict[str, Built]:
    """The values the module ``tree`` gives ``names`` at its top level (a literal list of an
    engine command, a GPU type, a model), each with its places in the module: what a sibling
    that imports them sees.  A name the module does not assign at its top level (a function,
    an import of its own) is left out, so it stays unknown where it is used."""
    if not isinstance(tree.data, dict):
        return {}
    out: dict[str, Built] = {}
    for name in names:
        if name not in tree.data or (name, DEFINED) in tree.positions:
            continue
        spots = {p[1:]: v for p, v in tree.positions.items() if p[:1] == (name,) and p[1:]}
        whole = tree.positions.get((name,))
        if whole is not None:
            spots[()] = whole
        out[name] = (tree.data[name], spots)
    return out


class _Reader(ExprReader):
    def __init__(
        self,
        path: str,
        passed: dict[str, set[str | int]] | None = None,
        once: dict[str, ast.Call] | None = None,
        environment: Environment | None = None,
    ) -> None:
        super().__init__(path, environment)
        self.once = once or {}  # module-level functions the module calls exactly once
        self.siblings: Siblings | None = None
        self.text = ""  # the module's text (``build``)
        self.wanted: Callable[[str], bool] | None = None
        self.words: Counter[str] | None = None  # each identifier's count in the text, on need
        self.lines: list[str] | None = None  # the text's lines, on need
        self.budget = MAX_STATEMENTS
        self.passed = passed or {}  # what the module's calls pass each function (``call_sites``)
        self.classes: list[str] = []  # the definitions being read: a class's name, "" a function's
        self.environ: dict[str, list[tuple[Any, Position]]] = {}
        self.served: dict[str, ast.ClassDef] = {}  # module classes built by their one ``.bind``
        self.binding: ast.Call | None = None  # the ``.bind`` call a class is being read for
        self.rebound: dict[str, Built] = {}  # each such class as its ``.bind`` builds it

    def body(self, statements: Iterable[ast.stmt], env: dict[str, Built]) -> Built:
        out: dict[str, Any] = {}
        positions: dict[Path, tuple[Position, Position]] = {}
        for stmt in statements:
            self.budget -= 1
            if self.budget < 0:
                break
            for key, (value, pos), at in self.statement(stmt, env):
                out[key] = value
                positions[(key,)] = (at, pos.get((), (at, at))[1])
                positions.update({(key, *p): v for p, v in pos.items() if p})
        return self.unpassed(out, positions)

    def statement(
        self, stmt: ast.stmt, env: dict[str, Built]
    ) -> Iterable[tuple[str, Built, Position]]:
        if isinstance(stmt, ast.Import):
            self.imports.update({a.asname or a.name: a.name for a in stmt.names})
        elif isinstance(stmt, ast.ImportFrom) and stmt.module:
            self.imports.update({a.asname or a.name: stmt.module for a in stmt.names})
            if self.siblings is not None and not self.classes and _one_word(stmt):
                names = [(a.name, a.asname or a.name) for a in stmt.names if a.name != "*"]
                given = self.siblings(stmt.module, [name for name, _ in names])
                for name, here in names:
                    if name in given:
                        env[here] = self.imported[here] = given[name]
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            built = self.expr(stmt.value, env)
            for target in targets:
                variable = environ_key(target)
                if variable:
                    self.environ.setdefault(variable, []).append((built[0], self.pos(stmt)))
                name = _target(target)
                if name:
                    env[name] = built
                    yield name, built, self.pos(target)
            if not any(map(_target, targets)):  # ``proc, port = launch("sglang ...")``: read
                yield f"assign@{stmt.lineno}", built, self.pos(stmt)  # what the value holds
        elif isinstance(stmt, ast.AnnAssign) and self.classes and self.classes[-1]:
            # A class field without a default (``model_name_or_path: str`` in a dataclass of
            # arguments) is given when the class is built, at run time: a model field is then
            # unresolved, never absent (allenai/open-instruct@e6c3044
            # open_instruct/sample_logits_vllm.py ``SampleLogitsArguments``).
            name = _target(stmt.target)
            if name and norm(name) in MODEL_KEYS:
                ref = Ref(f"{self.classes[-1]}.{name}", (name,))
                yield name, (ref, {}), self.pos(stmt.target)
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add):
            name = _target(stmt.target)
            if name and name in env:
                env[name] = added(env[name], self.expr(stmt.value, env))
                yield name, env[name], self.pos(stmt.target)
        elif isinstance(stmt, ast.Expr) and (grown := self.grown(stmt.value, env)) is not None:
            env[grown] = added(env[grown], self.growth(stmt.value, env))
            yield grown, env[grown], self.pos(stmt)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            if dotted(stmt.value.func) in ("os.environ.update", "environ.update"):
                for keyword in stmt.value.keywords:
                    if keyword.arg:
                        value = self.expr(keyword.value, env)[0]
                        self.environ.setdefault(keyword.arg, []).append((value, self.pos(stmt)))
            yield (
                f"{dotted(stmt.value.func) or 'call'}@{stmt.lineno}",
                self.expr(stmt.value, env),
                self.pos(stmt),
            )
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield stmt.name, self.definition(stmt, env), self.pos(stmt)
        elif isinstance(stmt, ast.Return) and stmt.value is not None:
            yield f"return@{stmt.lineno}", self.expr(stmt.value, env), self.pos(stmt)
        elif isinstance(stmt, (ast.If, ast.For, ast.While, ast.With, ast.AsyncWith, ast.Try)):
            for block in self.taken(stmt, env):
                value, pos = self.body(block, env)
                for key, item in value.items():
                    sub = {p[1:]: v for p, v in pos.items() if p[:1] == (key,)}
                    yield key, (item, sub), pos.get((key,), (self.pos(stmt),) * 2)[0]

    def taken(self, stmt: ast.stmt, env: dict[str, Built]) -> list[list[ast.stmt]]:
        """The blocks of a compound statement that run: of an ``if`` whose test is a constant
        the module sets (``ENABLE_NVFP4_WEIGHTS = True`` above ``if ENABLE_NVFP4_WEIGHTS:``,
        anyscale/llm-serving-for-coding-agents@a3466b18 part3-optimize/
        serve_qwen3_6_27b_optimized.py), only the branch it takes; else every block in turn,
        where the assignments of the last are kept."""
        if isinstance(stmt, ast.If):
            test = self.truth(stmt.test, env)
            if test is not None:
                return [b for b in (stmt.body if test else stmt.orelse,) if b]
        return _blocks(stmt)

    def grown(self, node: ast.expr, env: dict[str, Built]) -> str | None:
        """The list variable ``cmd.append(x)`` or ``cmd.extend(xs)`` grows, as ``cmd += [x]``
        and ``cmd += xs`` do (docs.python.org/3/tutorial/datastructures.html, More on Lists):
        an argument vector built flag by flag (sebastian-napora/zaya-8b@ac83066
        zaya_sglang_server.py, ``cmd.append("--disable-cuda-graph")``) keeps every flag."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            return None
        name = node.func.value.id if isinstance(node.func.value, ast.Name) else None
        if node.func.attr not in ("append", "extend") or len(node.args) != 1 or node.keywords:
            return None
        return name if name in env and isinstance(env[name][0], list) else None

    def growth(self, node: ast.expr, env: dict[str, Built]) -> Built:
        """What ``append`` (one item) or ``extend`` (each item) adds, as a list."""
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)  # ``grown``
        if node.func.attr == "append":
            return self.sequence(node.args, env, {})
        return self.expr(node.args[0], env)

    def definition(
        self, stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, env: dict[str, Built]
    ) -> Built:
        local = dict(env)
        if not isinstance(stmt, ast.ClassDef):
            local.update(self.defaults(stmt, env))
            if not self.classes:
                local.update(self.bound(stmt, env))
            elif (call := self.binding) and (stmt.name, self.classes[-1]) == (
                "__init__",
                bind_target(call),
            ):
                given = init_arguments(stmt, call)
                local.update({name: self.expr(value, env) for name, value in given})
        elif not self.classes and bind_target(self.once.get(stmt.name)) == stmt.name:
            self.served[stmt.name] = stmt
        self.classes.append(stmt.name if isinstance(stmt, ast.ClassDef) else "")
        try:
            value, positions = self.body(stmt.body, local)
        finally:
            self.classes.pop()
        positions[(DEFINED,)] = (self.pos(stmt), self.pos(stmt))  # marks the definition
        for i, deco in enumerate(stmt.decorator_list):
            built = self.expr(deco, env)
            key = f"@{dotted(deco.func) if isinstance(deco, ast.Call) else dotted(deco)}#{i}"
            value[key] = built[0]
            positions[(key,)] = (self.pos(deco), self.pos(deco))
            positions.update({(key, *p): v for p, v in built[1].items() if p})
        return value, positions

    def defaults(
        self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, env: dict[str, Built]
    ) -> dict[str, Built]:
        """A function's parameters with default values, as its body sees them when it is called
        without them: only parameters no call in the module passes (``launch(tp=4)`` then
        ``launch()``; a class's ``__init__`` through calls of the class).  A parameter some call
        passes stays unknown: which call runs is not read."""
        method = bool(self.classes) and self.classes[-1] != ""  # defined in a class's body
        name = self.classes[-1] if method and stmt.name == "__init__" else stmt.name
        passed = self.passed.get(name, set())
        if "**" in passed:
            return {}
        decorators = stmt.decorator_list
        static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in decorators)
        every = [*stmt.args.posonlyargs, *stmt.args.args]
        positional = every[1 if method and not static else 0 :]  # as a call passes them
        out: dict[str, Built] = {}
        firsts = every[len(every) - len(stmt.args.defaults) :]  # the defaults are the last ones
        pairs = [
            *zip(firsts, stmt.args.defaults, strict=True),
            *zip(stmt.args.kwonlyargs, stmt.args.kw_defaults, strict=True),
        ]
        for arg, default in pairs:
            index = positional.index(arg) if arg in positional else -1
            if default is None or arg.arg in passed or (index >= 0 and index in passed):
                continue
            out[arg.arg] = self.expr(default, env)
        return out

    def call(self, node: ast.Call, env: dict[str, Built], here: Spots) -> Built:
        """A call; the one ``.bind(...)`` of a Ray Serve class of the module builds that class
        (``pycalls``): the class is read again with what the call passes, in the call's scope,
        and the call itself is the application it returns, no engine options of its own (read
        as such, one application was two deployments: its ``__init__`` with the defaults and
        the ``.bind`` arguments as options)."""
        served = bind_target(node)
        if served not in self.served or self.once.get(served) is not node:
            return super().call(node, env, here)
        if served not in self.rebound and self.binding is None:
            self.binding = node
            try:
                self.rebound[served] = self.definition(self.served[served], env)
            finally:
                self.binding = None
        return Ref(ast.unparse(node)[:200], (served,)), here

    def bound(
        self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, env: dict[str, Built]
    ) -> dict[str, Built]:
        """A module-level function's parameters as its one call in the module passes them, where
        the call passes a literal or a module-level name the function's definition already sees
        (ree2raz/inference-bench@62191001 modal_qwen3_moe_awq.py ``def
        _make_server_args(model, …)`` returns ``["vllm", "serve", model, …]`` and is called
        once, ``_make_server_args(MODEL, quantization="awq_marlin")``: its model was
        unresolved).  A function called more than once, or named without a call, is left:
        which call runs is not read."""
        call = self.once.get(stmt.name)
        if call is None or bind_target(call):  # a Serve function's ``.bind`` calls it not
            return {}
        if self.wanted is not None:
            if self.lines is None:
                self.lines = self.text.split("\n")
            if not self.wanted("\n".join(self.lines[stmt.lineno - 1 : stmt.end_lineno])):
                return {}  # a helper that names no engine builds no command
        if self.words is None:
            self.words = Counter(_WORD.findall(self.text))
        if self.words[stmt.name] != 2:
            return {}  # named elsewhere too (passed as a callback, in a string): not bound
        params = [*stmt.args.posonlyargs, *stmt.args.args]
        given: list[tuple[str, ast.expr]] = [
            (p.arg, a) for p, a in zip(params, call.args, strict=False)
        ]
        names = {p.arg for p in (*params, *stmt.args.kwonlyargs)}
        given += [(k.arg, k.value) for k in call.keywords if k.arg in names]
        return {
            name: self.expr(value, env)
            for name, value in given
            if isinstance(value, ast.Constant) or (isinstance(value, ast.Name) and value.id in env)
        }


def _one_word(stmt: ast.ImportFrom) -> bool:
    """``from M import …`` or ``from .M import …`` of a module M beside this one."""
    return bool(stmt.module) and "." not in str(stmt.module) and stmt.level <= 1


_WORD = lazy(r"[A-Za-z_][A-Za-z0-9_]*")


def _target(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    ):
        return node.attr
    return ""


def _blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    blocks = [getattr(stmt, "body", [])]
    blocks.append(getattr(stmt, "orelse", []))
    blocks.extend(h.body for h in getattr(stmt, "handlers", []))
    blocks.append(getattr(stmt, "finalbody", []))
    return [b for b in blocks if b]
