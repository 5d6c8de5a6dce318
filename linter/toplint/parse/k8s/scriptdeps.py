"""The deployments a shell script stored in a YAML value starts (a RayJob's ``entrypoint``, a
SkyPilot task's ``run``): each engine invocation of ``toplint.parse.k8s.container``'s
``script_commands``, read into a deployment at its place in the file, served as built by the
converter and builder commands the script runs (``toplint.parse.builtengine.built_from``)."""

from __future__ import annotations

from collections.abc import Mapping

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.builtengine import builds_engines, built_from
from toplint.parse.invocation import inner_script
from toplint.parse.k8s.container import find_engine_invocations, script_commands
from toplint.parse.k8s.context import Ctx
from toplint.parse.options import Arg
from toplint.record import replace


def script_deployments(
    ctx: Ctx, path: Path, env: Mapping[str, str | None], kind: str, base: Deployment
) -> list[Deployment]:
    """A deployment for each engine invocation in the shell script at YAML ``path``, each from
    ``base`` at the invocation's position; their findings go to ``ctx.findings``."""
    out: list[Deployment] = []
    commands = script_commands(ctx, path, env)
    for command in commands:
        for inv in find_engine_invocations(command):
            pos = inv.start.position
            seed = replace(base, line=pos.line, column=pos.column, engine=inv.engine)
            dep, found = deployment_from_invocation(inv, ctx.path, source_kind=kind, base=seed)
            ctx.findings.extend(found)
            out.append(dep)
    if builds_engines(out):  # an engine the script may convert and build before serving it
        steps = _unwrapped(ctx, commands, env)
        out = [built_from(dep, steps) for dep in out]
    return out


def _unwrapped(
    ctx: Ctx, commands: list[list[Arg]], env: Mapping[str, str | None]
) -> list[list[Arg]]:
    """``commands`` with each ``bash -c SCRIPT`` one replaced by the script's commands (a
    RayJob's ``entrypoint: bash -c "convert && build && serve"``), positioned in the file."""
    out: list[list[Arg]] = []
    for command in commands:
        found = inner_script(command)
        if found is None:
            out.append(command)
            continue
        from toplint.parse.text.shellsrc import lex_embedded  # a script in a script only

        script, pos = found
        known = {k: v for k, v in env.items() if v is not None}
        out.extend(lex_embedded(script, known, ctx.text_at(pos), pos.path, pos.line, pos.column))
    return out
