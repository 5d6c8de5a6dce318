"""What a container runs: env, ``command``/``args`` tokens, ``sh -c`` scripts, invocations.

``$(VAR)`` is substituted from the container env as the kubelet does (see ``k8s.text``); a
``sh -c`` / ``bash -c`` script is lexed by ``toplint.parse.text.shellrun.lex`` with the container
env, and its words are mapped back into the file by ``k8s_text.Locator``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from toplint.accelerators import by_resource
from toplint.engines.registry import all_engines
from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Position, unparsable
from toplint.parse.argv import (
    Invocation,
    deployment_from_invocation,
    find_invocations,
    image_invocation,
)
from toplint.parse.k8s import text as k8s_text
from toplint.parse.options import Arg
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.parse.k8s.context import Ctx

_SHELLS = ("sh", "bash", "zsh", "dash", "ash")


def container_env(
    ctx: Ctx, cpath: Path, injected: Mapping[str, str | None]
) -> dict[str, str | None]:
    """A container's env: injected vars first, then ``env`` in order (later entries may use
    ``$(EARLIER)``), ``envFrom`` ConfigMaps in the same file; ``valueFrom`` is unresolved (None)."""
    env: dict[str, str | None] = dict(injected)
    for ref in ctx.sequence((*cpath, "envFrom")):
        cm_ref = ref.get("configMapRef") if isinstance(ref, dict) else None
        name = cm_ref.get("name") if isinstance(cm_ref, dict) else None
        found = ctx.configmaps.get(str(name)) if name else None
        if found:
            data = _walk(found[0].data, found[1])
            if isinstance(data, dict):
                env.update({str(k): str(v) for k, v in data.items()})
    for i, item in enumerate(ctx.sequence((*cpath, "env"))):
        if not isinstance(item, dict) or "name" not in item:
            continue
        value = item.get("value")
        if "valueFrom" in item or (value is None and "value" not in item):
            env[str(item["name"])] = None
            continue
        try:
            text, missing, _ = k8s_text.substitute(_scalar_text(value), env)
        except BudgetExceeded as exc:
            pos = ctx.scalar_pos((*cpath, "env", i, "value"))
            raise exc.at(pos.line, pos.column) from None
        env[str(item["name"])] = None if missing else text
    return env


def env_args(ctx: Ctx, cpath: Path, env: Mapping[str, str | None]) -> dict[str, Arg]:
    """The container's ``env`` entries as positioned words, for engines configured by
    environment variables (TGI's launcher reads every option from one: clap ``env``)."""
    out: dict[str, Arg] = {}
    for i, item in enumerate(ctx.sequence((*cpath, "env"))):
        if not isinstance(item, dict) or "name" not in item:
            continue
        name = str(item["name"])
        at: Path = (*cpath, "env", i, "value" if "value" in item else "name")
        value = env.get(name)
        raw = _scalar_text(item.get("value"))
        missing = () if value is not None else (name,)
        out[name] = Arg(value, raw, ctx.scalar_pos(at), missing, anchor_of(at))
    return out


def _walk(data: Any, at: Path) -> Any:
    for step in at:
        if isinstance(data, dict) and isinstance(step, str):
            data = data.get(step)
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return None
    return data


def _scalar_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def resolved(env: Mapping[str, str | None]) -> dict[str, str]:
    return {k: v for k, v in env.items() if v is not None}


def list_args(ctx: Ctx, at: Path, env: Mapping[str, str | None]) -> list[Arg]:
    """argv tokens of a ``command``/``args`` list (or a single string) at ``at``."""
    items = ctx.get(at)
    if isinstance(items, str):
        items, paths = [items], [at]
    elif isinstance(items, list):
        paths = [(*at, i) for i in range(len(items))]
    else:
        return []
    out: list[Arg] = []
    for item, path in zip(items, paths, strict=True):
        raw = _scalar_text(item)
        try:
            text, missing, _ = k8s_text.substitute(raw, env)
        except BudgetExceeded as exc:
            pos = ctx.scalar_pos(path)
            raise exc.at(pos.line, pos.column) from None
        out.append(token_arg(text, raw, ctx.scalar_pos(path), tuple(missing), anchor_of(path)))
    return out


def token_arg(
    value: str | None, raw: str, position: Position, missing: tuple[str, ...], anchor: str
) -> Arg:
    """One argv token; Go/Helm template text (``{{ .Name }}``) is unresolved, never guessed."""
    if value is not None and "{{" in value:
        missing = (*missing, value[value.index("{{") :].split("}}")[0] + "}}")
    if missing:
        return Arg(None, raw, position, missing, anchor)
    return Arg(value, raw, position, (), anchor)


@lru_cache(maxsize=4096)  # the same paths recur in every manifest of a tree
def anchor_of(path: Path) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else p for p in path).replace(".[", "[")


def shell_script(args: Sequence[Arg]) -> int | None:
    """Index of the script in ``sh -c SCRIPT ...`` (``-ec``, ``-xc`` ... too), else None."""
    if len(args) < 3 or (args[0].value or "").rsplit("/", 1)[-1] not in _SHELLS:
        return None
    for i in range(1, len(args) - 1):
        opt = args[i].value or ""
        if not opt.startswith("-") or opt.startswith("--"):
            return None
        if "c" in opt[1:]:  # bash -lc -- SCRIPT: "--" ends the shell's options
            return i + 2 if args[i + 1].value == "--" and i + 2 < len(args) else i + 1
    return None


def invocations(ctx: Ctx, cpath: Path, env: Mapping[str, str | None]) -> list[Invocation]:
    """Engine invocations a container runs (``command`` + ``args``, ``sh -c`` scripts too)."""
    args = list_args(ctx, (*cpath, "command"), env) + list_args(ctx, (*cpath, "args"), env)
    script_at = shell_script(args)
    if script_at is None:
        return find_engine_invocations(args) or _image_entrypoint(ctx, cpath, args)
    path = _element_path(ctx, cpath, script_at)
    return [
        inv
        for command in script_commands(ctx, path, env)
        for inv in find_engine_invocations(command)
    ]


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


def _element_path(ctx: Ctx, cpath: Path, index: int) -> Path:
    command = ctx.get((*cpath, "command"))
    n = len(command) if isinstance(command, list) else (1 if isinstance(command, str) else 0)
    if index < n:
        return (*cpath, "command", index) if isinstance(command, list) else (*cpath, "command")
    return (*cpath, "args", index - n)


def script_commands(ctx: Ctx, path: Path, env: Mapping[str, str | None]) -> list[list[Arg]]:
    """The simple commands of a shell script stored at YAML ``path``, as positioned args."""
    original = _scalar_text(ctx.get(path))
    start = ctx.pos(path)
    try:
        text, _, back = k8s_text.substitute(original, env, keep_missing=True)
    except BudgetExceeded as exc:
        raise exc.at(start.line, start.column) from None
    locate = k8s_text.Locator(ctx.source.text, start, original, text, back)
    import toplint.parse.text.shellrun  # only a container that runs a script needs the shell reader

    try:
        commands = toplint.parse.text.shellrun.lex(text, resolved(env))
    except SourceError as exc:
        where = locate.position(exc.line, exc.column)
        ctx.findings.append(
            unparsable(ctx.path, f"{exc} (in the script)", where.line, where.column)
        )
        return []
    anchor = anchor_of(path)
    return [
        [
            token_arg(w.value, w.raw, locate.position(w.line, w.column), w.unresolved, anchor)
            for w in command.words
        ]
        for command in commands
    ]


def find_engine_invocations(args: Sequence[Arg]) -> list[Invocation]:
    """The engine invocations in one container command (``find_invocations``)."""
    return find_invocations(args)


def _image_entrypoint(ctx: Ctx, cpath: Path, args: list[Arg]) -> list[Invocation]:
    """Containers that give only ``args``: the image's entrypoint runs them (``Engine.images``).

    An image that names no engine, given a serving engine's options only (a vendor build such
    as ``intel/redhat-ai-services:...`` with ``--model ... --tensor-parallel-size 1``), runs
    the engine those options say alone, read as through a wrapper (``toplint.parse.text.wrapped``:
    the image's entrypoint may add to them); options several engines share give one TL008
    note instead, never silence."""
    if ctx.get((*cpath, "command")) is not None:
        return []

    image = ctx.get((*cpath, "image"))
    if not isinstance(image, str):
        return []
    where = ctx.pos((*cpath, "image"))
    image_arg = Arg(image, image, where, (), "image")
    inv = image_invocation(image_arg, args)
    if inv is None and args and (args[0].value or "").startswith("--"):
        from toplint.parse.text.wrapped import names_an_engine, unnamed_image_invocation

        if names_an_engine(image):  # a rebuild of a named engine: its own readers' to read
            return []
        inv, note = unnamed_image_invocation(image_arg, args, "entrypoint")
        if note is not None:
            ctx.findings.append(note)
    return [inv] if inv is not None else []


def env_options(env: Mapping[str, str | None]) -> dict[str, str]:
    """Engine/NCCL environment worth keeping for rules (``env.NCCL_IB_HCA``, the engines'
    ``Engine.env_prefixes`` ...)."""

    engines = tuple(prefix for engine in all_engines() for prefix in engine.env_prefixes)
    keep = ("NCCL_", "NVSHMEM_", "UCX_", "CUDA_VISIBLE_DEVICES", *engines)
    return {f"env.{k}": v for k, v in env.items() if v is not None and k.startswith(keep)}


def with_image_and_accelerator(ctx: Ctx, cpath: Path, dep: Deployment) -> Deployment:
    """The container's image, and an accelerator resource toplint does not model (a TPU or
    Neuron request is not a GPU request; ``toplint.accelerators``)."""
    options, sources = dict(dep.options), dict(dep.sources)
    image = ctx.get((*cpath, "image"))
    if isinstance(image, str) and image:
        options["image"] = image
        sources["image"] = ctx.pos((*cpath, "image"))

    for part in ("limits", "requests"):
        block = ctx.get((*cpath, "resources", part))
        for name in block if isinstance(block, dict) else ():
            if by_resource(str(name)) is not None:
                options["accelerator.resource"] = str(name)
                sources["accelerator"] = ctx.key((*cpath, "resources", part, name))
    return replace(dep, options=options, sources=sources)
