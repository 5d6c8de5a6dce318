"""What a module's calls pass its own functions and classes, found in one walk of its ``ast``.

A Ray Serve deployment's ``.bind(...)`` is a call of its class: ``Deployment.bind(*args,
**kwargs)`` keeps the arguments as the replica's ``_init_args``/``_init_kwargs``
(``return Application(self.options(_init_args=args, _init_kwargs=kwargs))``), with which each
replica builds the class, so they are what its ``__init__`` receives
(ray-project/ray@0067a909 python/ray/serve/deployment.py ``Deployment.bind``).
``VLLMDeployment.bind(model=M)`` is ``VLLMDeployment(model=M)``, and so is
``VLLMDeployment.options(num_replicas=2).bind(model=M)``.
"""

from __future__ import annotations

import ast

from toplint.parse.generic.pyexpr import dotted


def bind_target(node: ast.AST | None) -> str:
    """The class ``X`` whose constructor a Ray Serve ``X.bind(...)`` (or ``X.options(...).bind(
    ...)``) call passes its arguments to, or ""."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return ""
    if node.func.attr != "bind":
        return ""
    owner = node.func.value
    if (
        isinstance(owner, ast.Call)
        and isinstance(owner.func, ast.Attribute)
        and owner.func.attr == "options"
    ):
        owner = owner.func.value
    return owner.id if isinstance(owner, ast.Name) else ""


def init_arguments(
    init: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call
) -> list[tuple[str, ast.expr]]:
    """(parameter, argument) of a class's ``__init__`` as the call that builds the class passes
    them: its positional arguments after ``self``, then its keywords the method names.  Each is
    read where the call is (``_Reader.call``), so it overrides the parameter's default, as
    Python binds arguments."""
    params = [*init.args.posonlyargs, *init.args.args][1:]
    given = [(p.arg, a) for p, a in zip(params, call.args, strict=False)]
    names = {p.arg for p in (*params, *init.args.kwonlyargs)}
    return given + [(k.arg, k.value) for k in call.keywords if k.arg in names]


def call_sites(module: ast.Module) -> tuple[dict[str, set[str | int]], dict[str, ast.Call]]:
    """What the module's calls pass, in one walk of it:

    * for each function or class name the module calls, the parameters some call passes: the
      keywords and the positional indices; a ``*sequence`` or ``**mapping`` argument marks
      ``"**"``: anything may be passed;
    * the functions the module calls by their bare name exactly once, with a call that spreads
      nothing (``*args``, ``**kwargs``): their one call may say what their parameters are
      (``_Reader.bound`` checks that they are named nowhere else).

    A ``.bind(...)`` call counts as a call of the class it binds (``bind_target``)."""
    passed: dict[str, set[str | int]] = {}
    calls: dict[str, list[ast.Call]] = {}
    for node in ast.walk(module):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name):
            calls.setdefault(node.func.id, []).append(node)
        served = bind_target(node)
        if served:
            calls.setdefault(served, []).append(node)
        for name in {dotted(node.func).rsplit(".", 1)[-1], served} - {""}:
            seen = passed.setdefault(name, set())
            seen.update(range(len(node.args)))
            if any(isinstance(a, ast.Starred) for a in node.args):
                seen.add("**")
            for keyword in node.keywords:
                seen.add(keyword.arg if keyword.arg else "**")
    once = {
        name: found[0]
        for name, found in calls.items()
        if len(found) == 1
        and not any(isinstance(a, ast.Starred) for a in found[0].args)
        and all(k.arg for k in found[0].keywords)
    }
    return passed, once
