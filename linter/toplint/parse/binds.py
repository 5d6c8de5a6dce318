"""The host folder a container reads its model from, where a bind mount puts it there.

TGI's documented launch mounts a host folder at ``/data`` (``-v $volume:/data``) and a local
checkpoint is served as ``--model-id /data``; vLLM and SGLang images are run alike (``-v
./models/Qwen2-7B-Instruct-GPTQ-Int4:/models/qwen --model /models/qwen``).  The container path
names nothing; the host folder does, by its name or by the ``config.json`` in it
(``toplint.hardware.localmodels``).  ``Deployment.options[MODEL_HOST]`` keeps that host path
for the model lookup; the model stays as the user wrote it.

Only a bind mount counts: a host path (``/``, ``.``, ``~``, or ``$PWD``-like) before the colon
of ``-v``/``--volume`` or compose's short ``SRC:DST[:MODE]`` (docs.docker.com/engine/storage/
bind-mounts: "If you use -v to bind-mount a file or directory that does not yet exist on the
Docker host ..."), ``--mount type=bind,source=,target=``, or compose's long syntax with
``type: bind`` (compose-spec 05-services.md ``volumes``).  A named volume's contents are not in
the tree or its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

MODEL_HOST = "model_host_path"

Bind = tuple[str, str]  # (host source, container target)

_HOST_STARTS = ("/", ".", "~", "$")  # a path (./, ../ included) or a variable ($PWD)


def bind_of(flag: str, spec: str) -> Bind | None:
    """The bind mount ``docker run``'s ``-v``/``--volume`` or ``--mount`` (value ``spec``)
    makes; None for a named or anonymous volume, a tmpfs, or a spec it cannot read."""
    if flag == "--mount":
        fields = dict(_pair(part) for part in spec.split(","))
        if fields.get("type", "volume").lower() != "bind":
            return None
        source = fields.get("source") or fields.get("src") or ""
        target = fields.get("target") or fields.get("dst") or fields.get("destination") or ""
        return _bind(source, target)
    parts = spec.split(":")
    if len(parts) < 2:
        return None
    return _bind(parts[0], parts[1])


def compose_binds(volumes: Any) -> tuple[Bind, ...]:
    """The bind mounts of a compose service's ``volumes`` (short or long syntax)."""
    found: list[Bind] = []
    for entry in volumes if isinstance(volumes, list) else []:
        one: Bind | None = None
        if isinstance(entry, str):
            one = bind_of("-v", entry)
        elif isinstance(entry, Mapping) and str(entry.get("type", "")).lower() == "bind":
            one = _bind(str(entry.get("source", "")), str(entry.get("target", "")))
        if one is not None:
            found.append(one)
    return tuple(found)


def host_path(model: str | None, binds: Iterable[Bind]) -> str | None:
    """The host path of the container path ``model`` under the deepest bind target that holds
    it (``/data`` of ``./models/X:/data`` is ``./models/X``; ``/data/m`` is ``./models/X/m``);
    None when no bind holds it."""
    if not model or not model.startswith("/"):
        return None
    path = model.rstrip("/") or "/"
    best: Bind | None = None
    for source, target in binds:
        inside = path == target or path.startswith(target.rstrip("/") + "/")
        if inside and (best is None or len(target) > len(best[1])):
            best = (source, target)
    if best is None:
        return None
    rest = path[len(best[1].rstrip("/")) :]
    return best[0].rstrip("/") + rest if rest else best[0]


def _bind(source: str, target: str) -> Bind | None:
    source, target = source.strip(), target.strip()
    if not source.startswith(_HOST_STARTS) or not target.startswith("/"):
        return None
    return (source.rstrip("/") or "/", target.rstrip("/") or "/")


def _pair(part: str) -> tuple[str, str]:
    key, _, value = part.partition("=")
    return key.strip().lower(), value.strip()
