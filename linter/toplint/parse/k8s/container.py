"""What a container runs: env, ``command``/``args`` tokens, ``sh -c`` scripts, invocations.

``$(VAR)`` is substituted from the container env as the kubelet does (see ``k8s.text``); a
``sh -c`` / ``bash -c`` script is lexed by ``toplint.parse.text.shellrun.lex`` with the container
env, and its words are mapped back into the file by ``k8s_text.Locator``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from toplint.accelerators import by_resource
from toplint.engines.registry import all_engines
from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded
from toplint.infra.patterns import lazy
from toplint.infra.yamldoc import data_at
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Position, unparsable
from toplint.parse.enginecfg import COMMUNICATION_ENV
from toplint.parse.invocation import (
    Invocation,
    find_invocations,
    image_invocation,
    shell_script,
    with_positional,
)
from toplint.parse.k8s import text as k8s_text
from toplint.parse.k8s.mountedscript import script_invocations
from toplint.parse.options import Arg
from toplint.parse.text.detached import detached_options
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.parse.k8s.context import Ctx

_PLACEHOLDER = lazy(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=+?][^}]*)?\}")


# An argument that is one variable, alone or as a flag's value: ``$(MODEL_ID)``, ``--model=$(M)``
_ONE_VARIABLE = lazy(r"(?:--?[A-Za-z0-9][\w.-]*=)?\$\(([A-Za-z_][A-Za-z0-9_]*)\)")


class Env(dict[str, "str | None"]):
    """A container's environment, and the YAML path of each ``env`` entry's value (``at``):
    an argument that is one ``$(NAME)`` is at that value (an overlay's patch of the variable
    is where to change the flag it fills).  Paths, not positions: most are never asked for."""

    __slots__ = ("at",)

    def __init__(self, values: Mapping[str, str | None]) -> None:
        super().__init__(values)
        self.at: dict[str, Path] = {}


def container_env(ctx: Ctx, cpath: Path, injected: Mapping[str, str | None]) -> Env:
    """A container's env: injected vars first, then ``env`` in order (later entries may use
    ``$(EARLIER)``), ``envFrom`` ConfigMaps in the same file; ``valueFrom`` is unresolved (None)."""
    env = Env(injected)
    for ref in ctx.sequence((*cpath, "envFrom")):
        cm_ref = ref.get("configMapRef") if isinstance(ref, dict) else None
        name = cm_ref.get("name") if isinstance(cm_ref, dict) else None
        found = ctx.configmaps.get(str(name)) if name else None
        if found:
            data = data_at(found[0].data, found[1])
            if isinstance(data, dict):
                env.update({str(k): str(v) for k, v in data.items()})
    for i, given in enumerate(ctx.sequence((*cpath, "env"))):
        item = env_entry(given)
        if item is None:
            continue
        value = item.get("value")
        name = str(item["name"])
        env.at.pop(name, None)
        if "valueFrom" in item:
            env[name] = _configmap_key(ctx, item["valueFrom"])
            continue
        if value is None and "value" not in item:
            env[name] = None
            continue
        at: Path = (*cpath, "env", i, "value") if item is given else (*cpath, "env", i)
        try:
            text, missing, _ = k8s_text.substitute(_scalar_text(value), env)
        except BudgetExceeded as exc:
            pos = ctx.scalar_pos(at)
            raise exc.at(pos.line, pos.column) from None
        env[name] = None if missing else text
        env.at[name] = at
    return env


def env_entry(item: Any) -> dict[str, Any] | None:
    """An ``env`` entry as Kubernetes writes it (``{name: ..., value: ...}``), or None.  A string
    is an Akash SDL service's ``NAME=value``, which the Akash provider splits at the first ``=``
    into the container's variable, a lone ``NAME`` being one with no value
    (akash-network/provider@912b76a7 cluster/kube/builder/workload.go lines 99-105)."""
    if isinstance(item, str):
        name, _, value = item.partition("=")
        return {"name": name, "value": value}
    return item if isinstance(item, dict) and "name" in item else None


def placeholders(text: str) -> tuple[str, ...]:
    """The ``${NAME}`` placeholders in a value, as written.  The kubelet expands only ``$(NAME)``
    (kubernetes third_party/forked/golang/expansion/expand.go); a manifest written with
    ``${NAME}`` is a template that a tool fills in before it is applied — envsubst(1), Flux's
    ``postBuild.substitute`` (fluxcd.io/flux/components/kustomize/kustomizations, "Post build
    variable substitution") — so the value is not known here, and never the literal text."""
    return tuple(m.group(0) for m in _PLACEHOLDER.finditer(text)) if "${" in text else ()


def _configmap_key(ctx: Ctx, source: Any) -> str | None:
    """The value a ``valueFrom.configMapKeyRef`` names, when that ConfigMap is one toplint read
    beside the resource (in its file, or generated by the Kustomization that renders it); any
    other ``valueFrom`` (a Secret, a field of the pod) is unresolved (None)."""
    ref = source.get("configMapKeyRef") if isinstance(source, dict) else None
    if not isinstance(ref, dict):
        return None
    found = ctx.configmaps.get(str(ref.get("name")))
    data = data_at(found[0].data, found[1]) if found else None
    value = data.get(str(ref.get("key"))) if isinstance(data, dict) else None
    return None if value is None or isinstance(value, (dict, list)) else _scalar_text(value)


def _entries(ctx: Ctx, cpath: Path) -> Iterator[tuple[str, dict[str, Any], Path, bool]]:
    """The container's ``env`` entries: (name, entry, path of its value, written as
    ``NAME=value``)."""
    for i, given in enumerate(ctx.sequence((*cpath, "env"))):
        item = env_entry(given)
        if item is None:
            continue
        at: Path = (*cpath, "env", i)
        if item is given:
            at = (*at, "value" if "value" in item else "name")
        yield str(item["name"]), item, at, item is not given


def _entry_position(ctx: Ctx, at: Path, name: str, inline: bool) -> Position:
    pos = ctx.scalar_pos(at)
    # ``NAME=value``: the value starts after the ``=``
    return replace(pos, column=pos.column + len(name) + 1) if inline else pos


def env_args(ctx: Ctx, cpath: Path, env: Mapping[str, str | None]) -> dict[str, Arg]:
    """The container's ``env`` entries as positioned words, for engines configured by
    environment variables (TGI's launcher reads every option from one: clap ``env``)."""
    out: dict[str, Arg] = {}
    for name, item, at, inline in _entries(ctx, cpath):
        value = env.get(name)
        raw = _scalar_text(item.get("value"))
        missing: tuple[str, ...] = () if value is not None else (name,)
        written = placeholders(value) if value is not None else ()
        if written:  # the engine reads the value as written: a template's placeholder
            value, missing = None, written
        pos = _entry_position(ctx, at, name, inline)
        out[name] = Arg(value, raw, pos, missing, anchor_of(at))
    return out


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
    written = env.at if isinstance(env, Env) else {}
    for item, path in zip(items, paths, strict=True):
        raw = _scalar_text(item)
        try:
            text, missing, _ = k8s_text.substitute(raw, env)
        except BudgetExceeded as exc:
            pos = ctx.scalar_pos(path)
            raise exc.at(pos.line, pos.column) from None
        arg = token_arg(text, raw, ctx.scalar_pos(path), tuple(missing), anchor_of(path))
        one = _ONE_VARIABLE.fullmatch(raw) if written and "$(" in raw else None
        if one is not None and arg.value is not None and one.group(1) in written:
            arg = replace(arg, value_at=ctx.scalar_pos(written[one.group(1)]))
        out.append(arg)
    return out


def token_arg(
    value: str | None, raw: str, position: Position, missing: tuple[str, ...], anchor: str
) -> Arg:
    """One argv token; Go/Helm template text (``{{ .Name }}``) and a substitution placeholder
    (``${NAME}``, ``placeholder``) are unresolved, never guessed."""
    if value is not None and "{{" in value:
        missing = (*missing, value[value.index("{{") :].split("}}")[0] + "}}")
    if value is not None and "${" in value:  # each once: a reader may have named it already
        named = ((m.group(0), m.group(1)) for m in _PLACEHOLDER.finditer(value))
        missing = (*missing, *(p for p, name in named if name not in missing and p not in missing))
    if missing:
        return Arg(None, raw, position, missing, anchor)
    return Arg(value, raw, position, (), anchor)


@lru_cache(maxsize=4096)  # the same paths recur in every manifest of a tree
def anchor_of(path: Path) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else p for p in path).replace(".[", "[")


def invocations(
    ctx: Ctx, cpath: Path, env: Mapping[str, str | None], *, rebuilds: bool = False
) -> list[Invocation]:
    """Engine invocations a container runs (``command`` + ``args``, ``sh -c`` scripts too).
    ``rebuilds``: an image named for an engine runs that engine's entrypoint
    (``_image_entrypoint``)."""
    args = list_args(ctx, (*cpath, "command"), env) + list_args(ctx, (*cpath, "args"), env)
    script_at = shell_script(args)
    if script_at is None:
        found = find_engine_invocations(args)
        found = found or script_invocations(ctx, cpath, args, resolved(env), token_arg)
        return found or _image_entrypoint(ctx, cpath, args, rebuilds)
    path = element_path(ctx, cpath, script_at)
    # ``sh -c SCRIPT NAME ARG...``: NAME is the script's $0 and the ARGs its positional
    # parameters (sh(1) -c; the container's ``args`` follow its ``command``): ``exec vllm serve
    # "$@"`` runs them (kubernetes-sigs/inference-perf@7de5ef2 tests/optional/*/vllm.yaml).
    positional = args[script_at + 2 :]
    return [
        inv
        for command in script_commands(ctx, path, env)
        for inv in find_engine_invocations(with_positional(command, positional))
    ]


def element_path(ctx: Ctx, cpath: Path, index: int) -> Path:
    """Where the ``index``-th word of a container's ``command`` + ``args`` is written."""
    command = ctx.get((*cpath, "command"))
    n = len(command) if isinstance(command, list) else (1 if isinstance(command, str) else 0)
    if index < n:
        return (*cpath, "command", index) if isinstance(command, list) else (*cpath, "command")
    return (*cpath, "args", index - n)


def script_commands(ctx: Ctx, path: Path, env: Mapping[str, str | None]) -> list[list[Arg]]:
    """The simple commands of a shell script stored at YAML ``path``, as positioned args (read
    once per path and environment: ``Ctx.scripts``)."""
    read = ctx.scripts.get(path)
    if read is None or read[0] is not env:
        read = ctx.scripts[path] = (env, _script_commands(ctx, path, env))
    return read[1]


def _script_commands(ctx: Ctx, path: Path, env: Mapping[str, str | None]) -> list[list[Arg]]:
    original = _scalar_text(ctx.get(path))
    start = ctx.pos(path)
    try:
        text, _, back = k8s_text.substitute(original, env, keep_missing=True)
    except BudgetExceeded as exc:
        raise exc.at(start.line, start.column) from None
    locate = k8s_text.Locator(ctx.text_at(start), start, original, text, back)
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
    out = [
        [
            token_arg(w.value, w.raw, locate.position(w.line, w.column), w.unresolved, anchor)
            for w in command.words
        ]
        for command in commands
    ]
    # A `>` block scalar keeps the line breaks before more-indented lines: the shell then runs
    # `--tensor-parallel-size 2` as a command of its own (TL012), once per script.
    for found in detached_options(ctx.path, out):
        if found not in ctx.findings:
            ctx.findings.append(found)
    return out


def find_engine_invocations(args: Sequence[Arg]) -> list[Invocation]:
    """The engine invocations in one container command (``find_invocations``)."""
    return find_invocations(args)


def _image_entrypoint(
    ctx: Ctx, cpath: Path, args: list[Arg], rebuilds: bool = False
) -> list[Invocation]:
    """Containers that give only ``args``: the image's entrypoint runs them (``Engine.images``).

    An image that names no engine, given a serving engine's options only (a vendor build such
    as ``intel/redhat-ai-services:...`` with ``--model ... --tensor-parallel-size 1``), runs
    the engine those options say alone, read as through a wrapper (``toplint.parse.text.wrapped``:
    the image's entrypoint may add to them); options several engines share give one TL008
    note instead, never silence.  An image named for one engine (a rebuild:
    ``quay.io/opendatahub/vllm``) is left to the readers of whole files, unless ``rebuilds``
    (a container read only through what runs it: a KServe runtime an InferenceService names):
    then it runs that engine's server as the engine's own image does."""
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
            return _rebuilt(image_arg, args) if rebuilds else []
        inv, note = unnamed_image_invocation(image_arg, args, "entrypoint")
        if note is not None:
            ctx.findings.append(note)
    return [inv] if inv is not None else []


def _rebuilt(image: Arg, args: list[Arg]) -> list[Invocation]:
    from toplint.parse.text.wrapped import engine_image_invocation, named_engine

    engine = named_engine(image.value or "")
    inv = engine_image_invocation(engine, image, args) if engine is not None else None
    return [inv] if inv is not None else []


def env_options(env: Mapping[str, str | None]) -> dict[str, str]:
    """Engine/NCCL environment worth keeping for rules (``env.NCCL_IB_HCA``, the engines'
    ``Engine.env_prefixes`` ...)."""

    engines = tuple(prefix for engine in all_engines() for prefix in engine.env_prefixes)
    keep = (*COMMUNICATION_ENV, "CUDA_VISIBLE_DEVICES", *engines)
    return {f"env.{k}": v for k, v in env.items() if v is not None and k.startswith(keep)}


def with_env_options(
    ctx: Ctx, cpath: Path, dep: Deployment, env: Mapping[str, str | None]
) -> Deployment:
    """``dep`` with the container's ``env_options``, each at the ``env`` entry that sets it
    (TL112 reports ``NCCL_P2P_DISABLE`` there)."""
    kept = env_options(env)
    if not kept:
        return dep
    sources = {
        f"env.{name}": _entry_position(ctx, at, name, inline)
        for name, _, at, inline in _entries(ctx, cpath)
        if f"env.{name}" in kept
    }
    return replace(dep, options={**dep.options, **kept}, sources={**sources, **dep.sources})


def with_image_and_accelerator(ctx: Ctx, cpath: Path, dep: Deployment) -> Deployment:
    """The container's image, and an accelerator resource toplint does not model (a TPU or
    Neuron request is not a GPU request; ``toplint.accelerators``)."""
    image = ctx.get((*cpath, "image"))
    if isinstance(image, str) and image:
        options = {**dep.options, "image": image}
        dep = replace(
            dep, options=options, sources={**dep.sources, "image": ctx.pos((*cpath, "image"))}
        )
    return with_accelerator(ctx, cpath, dep)


def with_accelerator(ctx: Ctx, cpath: Path, dep: Deployment) -> Deployment:
    """``dep`` with the container's request of an accelerator toplint does not model (a TPU or
    Neuron request is not a GPU request; ``toplint.accelerators``), if it makes one."""
    options, sources = dict(dep.options), dict(dep.sources)
    for part in ("limits", "requests"):
        block = ctx.get((*cpath, "resources", part))
        for name in block if isinstance(block, dict) else ():
            if by_resource(str(name)) is not None:
                options["accelerator.resource"] = str(name)
                sources["accelerator"] = ctx.key((*cpath, "resources", part, name))
    if options == dep.options:
        return dep
    return replace(dep, options=options, sources=sources)
