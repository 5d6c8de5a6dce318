"""``--config FILE`` mounted from a ConfigMap in the same manifest.

The container's ``volumeMounts`` and the pod's ``volumes`` say which ConfigMap key a path is;
when that ConfigMap is in the file, its YAML text is read as the engine's config file
(vLLM ``--config``: keys are option names, ``true`` -> ``--key``, ``false`` -> ``--no-key``,
lists -> repeated values, dicts -> JSON; precedence CLI > config file; source: vllm
``vllm/utils/argparse_utils.py`` ``_pull_args_from_config``, engine-vocabulary.md §0).
"""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING, Any

from toplint.engines.registry import get_engine
from toplint.engines.types import EngineSpec
from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, Flag, Position
from toplint.parse.enginecfg import ConfigLoader, fold_engine_config
from toplint.parse.flagfields import apply_flags
from toplint.parse.options import Arg, parse_args
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.parse.k8s.context import Ctx


# An environment variable's name as ConfigMap keys a container takes with ``envFrom`` are
# written (upper case, digits, underscores: kubernetes.io/docs/concepts/configuration/configmap,
# "consume ConfigMaps as environment variables, command-line arguments, or as configuration
# files in a volume"); a key with a file's name (``launch.sh``, ``serve.py``) is a mounted file.
_ENV_NAME = lazy(r"[A-Z_][A-Z0-9_]*")


def environment_entry(data: Any, at: Path, value: str) -> bool:
    """``value`` at ``at`` is a ConfigMap entry named as an environment variable and written on
    one line: what a container reads as a variable, not a script anything runs as it stands (a
    variable becomes one argument in ``command``/``args``: "$(VAR_NAME)", kubernetes.io/docs/
    tasks/inject-data-application/define-command-argument-container; running it takes a shell
    in the workload, which is read there).  wrbooth/vllm-serve-bench@db021645
    deploy/k8s/bench/bench-engine-configmap.yaml ``ENGINE_ARGV``, the argv a benchmark records
    beside its results, was read as a vLLM deployment."""
    return (
        isinstance(data, dict)
        and data.get("kind") == "ConfigMap"
        and len(at) == 2
        and at[0] == "data"
        and isinstance(at[1], str)
        and _ENV_NAME.fullmatch(at[1]) is not None
        and "\n" not in value.strip()
    )


def _config_flag(dep: Deployment) -> tuple[EngineSpec, Flag] | None:
    """The vocabulary and the flag that name the deployment's config file, if any (the engine's
    own, or a wrapper's: Dynamo's ``--extra-engine-args``)."""
    for spec in get_engine(dep.engine).specs():
        for name in spec.config_options:
            flag = dep.flag(name)
            if flag is not None and flag.value is not None:
                return spec, flag
    return None


def resolve_config_flag(ctx: Ctx, cpath: Path, dep: Deployment) -> Deployment:
    """Fold a ConfigMap-mounted config file into ``dep``, with the engine's precedence."""
    named = _config_flag(dep)
    if named is None:
        return dep
    spec, flag = named
    found = mounted_key(ctx, cpath, str(flag.value))
    if found is None:
        return dep
    cm_name, key = found
    entry = ctx.configmaps.get(cm_name)
    data = entry[0].data.get("data") if entry and isinstance(entry[0].data, dict) else None
    if entry is None or not isinstance(data, dict) or key not in data:
        note = f"{flag.raw} {flag.value}: ConfigMap {cm_name} not read"
        return replace(dep, notes=(*dep.notes, note))
    at: Path = (*entry[1], key)
    where = entry[0].value_position(at)
    source = f"configmap/{cm_name}/{key}"
    if not spec.strict_config_keys:
        return _fold_nested(ctx, dep, spec, str(data[key]), where, source)
    args = config_args(str(data[key]), where, source)
    if args is None:
        note = f"{flag.raw} {flag.value}: ConfigMap {cm_name} key {key} is not a YAML mapping"
        return replace(dep, notes=(*dep.notes, note))
    image = ctx.get((*cpath, "image"))
    parsed = parse_args(spec.name, args, ctx.path, image=image if isinstance(image, str) else "")
    ctx.findings.extend(parsed.findings)
    cli = {f.name for f in dep.flags}
    extra = [f for f in parsed.flags if f.name not in cli]
    out = apply_flags(dep, extra, spec)
    return replace(out, options={**out.options, "config.source": source})


def _fold_nested(
    ctx: Ctx, dep: Deployment, spec: EngineSpec, text: str, where: Position, source: str
) -> Deployment:
    """A config file whose keys nest (TensorRT-LLM's LLM-API YAML), folded as the engine does
    (``fold_engine_config``); lines are counted from the ConfigMap key (columns approximate)."""

    padded = "\n" * where.line + text
    out, found = fold_engine_config(dep, spec, lambda _ref: (ctx.path, padded))
    ctx.findings.extend(found)
    return replace(out, options={**out.options, "config.source": source})


def configmap_loader(ctx: Ctx, cpath: Path) -> ConfigLoader:
    """Reads an options file a container's command names (TensorRT-LLM LLM-API YAML), from a
    ConfigMap in the same manifest that a volume mounts at that path.

    A relative path is relative to the container's ``workingDir``.  The text handed back is the
    manifest's own lines of the ConfigMap value (a block scalar), blank above, so every position
    in it is the position in the manifest.  A path no mount provides is in the image (not
    read); a path under a ConfigMap mount that the ConfigMap lacks does not exist in the pod
    (the mount hides the image's folder): both raise ``ReadRefused`` saying so.
    """

    def load(ref: str) -> tuple[str, str] | None:
        where, value = mounted_value(ctx, cpath, ref)
        return ctx.path, block_lines(ctx.source.text, where.line, value)

    return load


def mounted_value(ctx: Ctx, cpath: Path, ref: str) -> tuple[Position, str]:
    """Where the ConfigMap key a container reads as the file ``ref`` is written, and its text
    (``configmap_loader``); ``ReadRefused`` when no ConfigMap of this file provides it."""
    workdir = str(ctx.get((*cpath, "workingDir"), "") or "")
    if not ref.startswith("/") and not workdir.startswith("/"):
        raise ReadRefused(ref, "a relative path and no workingDir: in the image")
    full = posixpath.normpath(posixpath.join(workdir, ref))
    found = mounted_key(ctx, cpath, full)
    if found is None:
        raise ReadRefused(full, f"{full} is in the image, not in this file")
    cm_name, key = found
    entry = ctx.configmaps.get(cm_name)
    data = entry[0].data.get("data") if entry and isinstance(entry[0].data, dict) else None
    if entry is None or not isinstance(data, dict):
        raise ReadRefused(full, f"ConfigMap {cm_name} is not in this file")
    if key not in data:
        raise ReadRefused(full, f"ConfigMap {cm_name} mounted there has no key {key}: no such file")
    return entry[0].value_position((*entry[1], key)), str(data[key])


def block_lines(file_text: str, line: int, value: str) -> str:
    """The manifest's text of the value whose scalar starts on ``line`` (a ``|`` block: its
    content lines; a one-line scalar: that line), other lines blank, so a YAML loader reports
    manifest positions."""
    lines = file_text.split("\n")
    count = max(value.count("\n"), 1)
    first = line  # 1-based index of the line after the `|` indicator
    if line - 1 < len(lines) and lines[line - 1].rstrip().endswith(("|", "|-", "|+", ">")):
        body = lines[first : first + count + 1]
    else:
        return value  # a flow or quoted scalar: positions are the value's own
    return "\n" * first + "\n".join(body)


def mounted_key(ctx: Ctx, cpath: Path, file_path: str) -> tuple[str, str] | None:
    """(ConfigMap name, key) that ``file_path`` reads inside the container, if a mount says so.

    The pod's ``volumes`` sit beside the container list (``spec.containers[i]``) or beside a
    single container (Dynamo's ``extraPodSpec.mainContainer``).  A ConfigMap volume holds one
    file per key at its root (or the ``items`` paths): a path in a sub-folder of the mount that
    no item names is returned with that relative path as the key, which no ConfigMap has.
    """
    spec = cpath[:-2] if isinstance(cpath[-1], int) else cpath[:-1]
    volumes = {
        str(v.get("name")): v for v in ctx.sequence((*spec, "volumes")) if isinstance(v, dict)
    }
    for mount in ctx.sequence((*cpath, "volumeMounts")):
        if not isinstance(mount, dict):
            continue
        root = str(mount.get("mountPath", "")).rstrip("/")
        volume = volumes.get(str(mount.get("name")), {})
        cm = volume.get("configMap") if isinstance(volume, dict) else None
        if not isinstance(cm, dict) or not root:
            continue
        if mount.get("subPath") and file_path == root:
            return str(cm.get("name")), str(mount["subPath"])
        if file_path.startswith(root + "/"):
            rel = file_path[len(root) + 1 :]
            items = cm.get("items")
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict) and item.get("path") == rel:
                    return str(cm.get("name")), str(item.get("key"))
            return str(cm.get("name")), rel
    return None


def config_args(text: str, where: Position, anchor: str) -> list[Arg] | None:
    """argv equivalent of a YAML config file (positions: the ConfigMap key, approximate)."""
    try:
        docs = load_documents(text, where.path)
    except SourceError:
        return None
    if len(docs) != 1 or not isinstance(docs[0].data, dict):
        return None
    return mapping_args(docs[0], (), where, anchor)


def mapping_args(doc: Document, at: Path, where: Position, anchor: str) -> list[Arg] | None:
    """argv equivalent of the mapping at ``at`` in a YAML document embedded at ``where``."""
    node: Any = doc.data
    for step in at:
        node = node.get(step) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return None
    args: list[Arg] = []
    for key, value in node.items():
        inner = doc.key_position((*at, key))
        pos = Position(where.path, where.line + inner.line, inner.column)
        args.extend(_option(str(key), value, pos, anchor))
    return args


def _option(key: str, value: Any, pos: Position, anchor: str) -> list[Arg]:
    option = f"--{key}"
    if value is True:
        return [Arg(option, option, pos, (), anchor)]
    if value is False:
        return [Arg(f"--no-{key}", option, pos, (), anchor)]
    if isinstance(value, list):
        return [Arg(option, option, pos, (), anchor)] + [
            Arg(str(v), str(v), pos, (), anchor) for v in value
        ]
    text = _json(value) if isinstance(value, dict) else str(value)
    return [Arg(option, option, pos, (), anchor), Arg(text, text, pos, (), anchor)]


def _json(value: object) -> str:
    import json  # rare: a mapping-valued option, written as JSON on the command line

    return json.dumps(value)
