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

from toplint.errors import SourceError
from toplint.infra.yamlsafe import Path, load_documents
from toplint.model import Deployment, Position
from toplint.parse.argv import Arg, apply_flags, parse_args
from toplint.parse.engines import ENGINES
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.parse.k8s import Ctx

_CONFIG_FLAGS = {"vllm": "config", "sglang": "config"}


def resolve_config_flag(ctx: Ctx, cpath: Path, dep: Deployment) -> Deployment:
    """Fold a ConfigMap-mounted config file into ``dep`` (CLI flags keep precedence)."""
    name = _CONFIG_FLAGS.get(dep.engine)
    flag = dep.flag(name) if name else None
    if flag is None or flag.value is None:
        return dep
    found = mounted_key(ctx, cpath, flag.value)
    if found is None:
        return dep
    cm_name, key = found
    entry = ctx.configmaps.get(cm_name)
    data = entry[0].data.get("data") if entry and isinstance(entry[0].data, dict) else None
    if entry is None or not isinstance(data, dict) or key not in data:
        return replace(
            dep, notes=(*dep.notes, f"--config {flag.value}: ConfigMap {cm_name} not read")
        )
    at: Path = (*entry[1], key)
    where = entry[0].value_position(at)
    args = config_args(str(data[key]), where, f"configmap/{cm_name}/{key}")
    if args is None:
        note = f"--config {flag.value}: ConfigMap {cm_name} key {key} is not a YAML mapping"
        return replace(dep, notes=(*dep.notes, note))
    parsed = parse_args(dep.engine, args, ctx.path)
    ctx.findings.extend(parsed.findings)
    cli = {f.name for f in dep.flags}
    extra = [f for f in parsed.flags if f.name not in cli]
    out = apply_flags(dep, extra, ENGINES[dep.engine])
    return replace(out, options={**out.options, "config.source": f"configmap/{cm_name}/{key}"})


def mounted_key(ctx: Ctx, cpath: Path, file_path: str) -> tuple[str, str] | None:
    """(ConfigMap name, key) that ``file_path`` reads inside the container, if a mount says so."""
    spec = cpath[:-2]
    volumes = {
        str(v.get("name")): v for v in ctx.get((*spec, "volumes"), []) or [] if isinstance(v, dict)
    }
    for mount in ctx.get((*cpath, "volumeMounts"), []) or []:
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
            for item in cm.get("items", []) or []:
                if isinstance(item, dict) and item.get("path") == rel:
                    return str(cm.get("name")), str(item.get("key"))
            return str(cm.get("name")), posixpath.basename(rel)
    return None


def config_args(text: str, where: Position, anchor: str) -> list[Arg] | None:
    """argv equivalent of a YAML config file (positions: the ConfigMap key, approximate)."""
    try:
        docs = load_documents(text, where.path)
    except SourceError:
        return None
    if len(docs) != 1 or not isinstance(docs[0].data, dict):
        return None
    doc = docs[0]
    args: list[Arg] = []
    for key, value in doc.data.items():
        inner = doc.key_position((key,))
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
