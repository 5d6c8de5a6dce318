"""Engine commands a Python module writes (``toplint.parse.generic.pyparser`` reads the module):
argument vectors, lists of words that start an engine (``["vllm", "serve", MODEL, ...]``, a
call's result as an option's value), and strings it builds whole (``os.system("vllm serve " +
MODEL)``), each read as a command line at its place, with the GPUs of the scopes around it and
the ``env=`` mapping of the call that runs it.
"""

from __future__ import annotations

from typing import Any

from toplint.accelerators import by_tool
from toplint.model import Deployment, Finding, Position
from toplint.parse.argv import device_tool, file_deployments, runtime_environment
from toplint.parse.base import Source
from toplint.parse.enginecfg import one_host, visible_gpus
from toplint.parse.generic.pyexpr import Ref
from toplint.parse.generic.pymention import PROSE_KEYS
from toplint.parse.generic.pytree import PyTree
from toplint.parse.generic.tree import CALL
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scoping import apply as apply_resources
from toplint.parse.invocation import find_invocations, mentioned_from
from toplint.parse.options import Arg
from toplint.parse.text.shell import CARRIED
from toplint.record import replace


def _call_environment(tree: PyTree, at: tuple[str | int, ...]) -> dict[str, Arg]:
    """The GPU and runtime variables of the ``env=`` mapping of the call whose first argument
    is the argument vector at ``at`` (``env=dict(os.environ, CUDA_VISIBLE_DEVICES="0,1")``)."""
    if len(at) < 2 or at[-2:] != ("*args", 0):
        return {}
    scopes: list[tuple[tuple[str | int, ...], Any]] = []
    node: Any = tree.data
    for k, step in enumerate(at[:-2]):
        scopes.append((at[:k], node))
        if isinstance(node, dict):
            node = node.get(step)
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
        else:
            node = None
    env = node.get("env") if isinstance(node, dict) else None
    where: tuple[str | int, ...] = (*at[:-2], "env")
    if isinstance(env, Ref) and len(env.variables) == 1:  # ``env=env``: the mapping named so
        name = env.variables[0]
        for path, scope in reversed(scopes):
            if isinstance(scope, dict) and isinstance(scope.get(name), dict):
                env, where = scope[name], (*path, name)
                break
    if not isinstance(env, dict):
        return {}
    out: dict[str, Arg] = {}
    for name, value in env.items():
        if name in CARRIED and isinstance(value, (str, int)) and not isinstance(value, bool):
            out[name] = Arg(str(value), str(value), tree.value_position((*where, name)))
    return out


def argv_deployments(
    tree: PyTree,
) -> tuple[list[Deployment], list[Finding], list[tuple[tuple[str | int, ...], str]]]:
    """Engine command lines written as argument vectors, the findings reading them gave, and
    where each vector sits with its engine."""
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    commands: list[tuple[tuple[str | int, ...], str]] = []
    tools: list[Arg] = []
    for at, items in _lists(tree.data, ()):
        args = [_arg(tree, (*at, i), v) for i, v in enumerate(items)]
        args += _container_args(tree, at)
        invocations = find_invocations(args)
        if not invocations:
            if args[0].value and by_tool(args[0].value) is not None:
                tools.append(args[0])  # ``subprocess.run(["npu-smi", "info"])``
            continue
        found, more = file_deployments(invocations, tree.path, "python")
        call_env = _call_environment(tree, at)
        used = _used_at(tree, at) if args[0].position.path != tree.path else None
        for dep in found:
            if used is not None:  # a command another module writes runs here
                dep = replace(dep, line=used.line, column=used.column)
            commands.append((at, dep.engine))
            dep = replace(
                dep, provenance={**dep.provenance, "engine": f"command `{rs.anchor(at)}`"}
            )
            if call_env:  # ``subprocess.Popen([...], env={"CUDA_VISIBLE_DEVICES": "0,1"})``
                dep = one_host(runtime_environment(visible_gpus(dep, call_env), call_env))
            deployments.append(_resources_above(tree, dep, at))
        findings.extend(more)
    if tools:  # the program queries a vendor's devices before it starts the engine there
        tool = tools[0]
        deployments = [device_tool(d, str(tool.value), tool.position) for d in deployments]
    return deployments, findings, commands


def _container_args(tree: PyTree, at: tuple[str | int, ...]) -> list[Arg]:
    """The arguments a container spec gives the command list at ``at``: the list beside it
    under the same name with ``args`` for ``command`` (``serving_container_command`` and
    ``serving_container_args`` of Vertex AI's ``aiplatform.Model.upload``, whose
    ModelContainerSpec ``args`` are the arguments of its ``command`` as a Kubernetes
    container's are: cloud.google.com/vertex-ai/docs/predictions/custom-container-requirements,
    "command" and "args"; ``{"command": [...], "args": [...]}`` of a container written as a
    dict).  No sibling, or one that is not a list of words: no arguments."""
    key = at[-1] if at else None
    if not isinstance(key, str) or not key.lower().endswith("command"):
        return []
    sibling = (*at[:-1], key[: -len("command")] + ("ARGS" if key.isupper() else "args"))
    node: Any = tree.data
    for step in sibling:
        node = node.get(step) if isinstance(node, dict) else None
    if not isinstance(node, list) or not all(_token(v) for v in node):
        return []
    return [_arg(tree, (*sibling, i), v) for i, v in enumerate(node)]


def _used_at(tree: PyTree, at: tuple[str | int, ...]) -> Position | None:
    """Where this module uses the value at ``at`` that another module writes (the call that
    runs an imported command): the innermost place on its path written in this file."""
    for n in range(len(at), 0, -1):
        spot = tree.positions.get(at[:n])
        if spot is not None and spot[1].path == tree.path:
            return spot[1]
    return None


def string_deployments(tree: PyTree, source: Source) -> tuple[list[Deployment], list[Finding]]:
    """Engine commands in strings the module builds whole (``os.system(...)``,
    ``subprocess.run("...", shell=True)``, an f-string of known values, ``"a " + MODEL``), read
    as shell command lines; a string with a computed part stays a TL008 mention."""
    from toplint.parse.generic.pymention import runs_as_command
    from toplint.parse.mentions import pattern
    from toplint.parse.structured.anywhere import commands_in

    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for at, text in _strings(tree.data, ()):
        match = pattern().search(text)
        if match is None or not runs_as_command(text[: match.start()]):
            continue
        pos = tree.value_position(at)
        for args in commands_in(text, pos, {}, source.text, source.path):
            found, more = file_deployments(find_invocations(args), source.path, "python")
            deployments.extend(_resources_above(tree, d, at) for d in found)
            findings.extend(more)
    return deployments, findings


def _strings(node: Any, at: tuple[str | int, ...]) -> Any:
    if isinstance(node, str):
        if len(node) < 20_000:
            yield at, node
    elif isinstance(node, list):
        # an argument vector's words after a program that runs nothing are its arguments, no
        # command: ``["mpiexec", "-hosts", H, "-ppn", "1", "pkill", "-f", "vllm serve"]``
        words = [item if isinstance(item, str) else "" for item in node]
        for i, item in enumerate(node[: mentioned_from(words)]):
            yield from _strings(item, (*at, i))
    elif isinstance(node, dict):
        for key, value in node.items():
            if key != CALL and key not in PROSE_KEYS:
                yield from _strings(value, (*at, key))


def _lists(node: Any, at: tuple[str | int, ...]) -> Any:
    if isinstance(node, list):
        if node and (
            all(_token(v) for v in node)
            or (
                isinstance(node[0], str)
                and all(_token(v) or _computed_value(node, i) for i, v in enumerate(node))
            )
        ):
            yield at, node
            return
        for i, item in enumerate(node):
            yield from _lists(item, (*at, i))
    elif isinstance(node, dict):
        for key, value in node.items():
            if key != CALL:
                yield from _lists(value, (*at, key))


def _token(value: Any) -> bool:
    return isinstance(value, (str, int, float, Ref)) and not isinstance(value, bool)


def _computed(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get(CALL), str)


def _computed_value(items: list[Any], i: int) -> bool:
    """A call's result as the value of the option before it in an argument vector that
    starts with a literal (``["vllm", "serve", M, "--limit-mm-per-prompt", json.dumps({...})]``):
    that one value is computed at run time, the other words are still the command.  A computed
    positional word (the model: ``["vllm", "serve", pick()]``) leaves the command unread."""
    before = items[i - 1] if i > 0 else None
    return (
        _computed(items[i])
        and isinstance(before, str)
        and before.startswith("--")
        and "=" not in before
    )


def _arg(tree: PyTree, at: tuple[str | int, ...], value: Any) -> Arg:
    pos = tree.value_position(at)
    if _computed(value):
        text = f"{value[CALL]}(...)"
        return Arg(None, text, pos, (text,), rs.anchor(at))
    if isinstance(value, Ref):
        return Arg(None, value.text, pos, value.variables or (value.text,), rs.anchor(at))
    return Arg(str(value), str(value), pos, (), rs.anchor(at))


def _resources_above(tree: PyTree, dep: Deployment, at: tuple[str | int, ...]) -> Deployment:
    for n in range(len(at), -1, -1):
        node: Any = tree.data
        for step in at[:n]:
            node = node[step]
        found = rs.collect(node, at[:n])
        if not found.empty:
            return apply_resources(tree, dep, found)
    return dep
