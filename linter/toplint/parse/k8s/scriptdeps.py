"""The deployments a shell script stored in a YAML value starts (a RayJob's ``entrypoint``, a
SkyPilot task's ``run``): each engine invocation of ``toplint.parse.k8s.container``'s
``script_commands``, read into a deployment at its place in the file."""

from __future__ import annotations

from collections.abc import Mapping

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.k8s.container import find_engine_invocations, script_commands
from toplint.parse.k8s.context import Ctx
from toplint.record import replace


def script_deployments(
    ctx: Ctx, path: Path, env: Mapping[str, str | None], kind: str, base: Deployment
) -> list[Deployment]:
    """A deployment for each engine invocation in the shell script at YAML ``path``, each from
    ``base`` at the invocation's position; their findings go to ``ctx.findings``."""
    out: list[Deployment] = []
    for command in script_commands(ctx, path, env):
        for inv in find_engine_invocations(command):
            pos = inv.start.position
            seed = replace(base, line=pos.line, column=pos.column, engine=inv.engine)
            dep, found = deployment_from_invocation(inv, ctx.path, source_kind=kind, base=seed)
            ctx.findings.extend(found)
            out.append(dep)
    return out
