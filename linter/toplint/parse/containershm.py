"""Where a container's ``/dev/shm`` comes from (``docker run``, ``podman run``, compose).

The Kubernetes twin is ``toplint.parse.k8s.shm``; both give ``Deployment.options["dev_shm"]``
(rule TL215): ``host-ipc`` (the host's IPC namespace and its ``/dev/shm``), ``memory`` with
``dev_shm_size`` (a size above the default), ``volume`` (shared with another container, or a
size toplint cannot read: not judged), ``default`` (the runtime's 64 MiB).

Docker gives a container a 64 MiB ``/dev/shm`` unless ``--shm-size`` says otherwise ("If you
omit the size entirely, the system uses 64m": docs.docker.com/reference/cli/docker/container/run
``--shm-size``); ``--ipc=host`` shares the host's instead.  Podman's default is the same
65536k (docs.podman.io, podman-run ``--shm-size``).  Compose spells them ``shm_size`` and
``ipc`` (compose-spec/compose-spec 05-services.md ``shm_size``, ``ipc``).  vLLM's Docker guide
asks for ``--ipc=host`` or ``--shm-size`` "to allow the container to access the host's shared
memory ... for tensor parallel inference" (vllm-project/vllm#1125 made that its example after
TP hung in containers).

A mount over ``/dev/shm`` replaces the runtime's: ``-v /dev/shm:/dev/shm`` (the host's, which
made four TGI shards start in huggingface/text-generation-inference#1655), a named volume, or
``--tmpfs /dev/shm`` / ``--mount type=tmpfs`` whose size is "unlimited by default"
(docs.docker.com/engine/storage/tmpfs, ``tmpfs-size``).  Compose writes them under ``volumes``
(short ``SRC:DST[:MODE]`` or long ``target:``) and ``tmpfs`` (compose-spec 05-services.md).
"""

from __future__ import annotations

import re

from toplint.infra.numbers import MAGNITUDE, finite
from toplint.infra.patterns import lazy

DEFAULT_SHM_BYTES = 64 * 1024 * 1024
_UNITS = {"": 1, "b": 1, "k": 1024, "m": 1024**2, "g": 1024**3}
_SIZE = lazy(r"^\s*([0-9.]+)\s*([bkmg]?)b?\s*$", re.I)


def shm_bytes(text: str) -> int | None:
    """``--shm-size`` / ``shm_size`` in bytes (docker units: b, k, m, g; no unit is bytes).
    The number is read as every number from the tree is (``infra.numbers``): ASCII digits of a
    bounded length, so 4,000 digits or "１２g" is not a size (4,000 digits ended the run)."""
    m = _SIZE.match(text)
    number = finite(m[1]) if m is not None else None
    if m is None or number is None or number < 0:
        return None
    size = number * _UNITS[m[2].lower()]
    return int(size) if size <= MAGNITUDE else None


SHM_PATH = "/dev/shm"


def volume_target(spec: str) -> str:
    """Where ``-v``/``--volume`` (or compose's short syntax) mounts: ``SRC:DST[:MODE]``, or a
    lone ``DST`` (an anonymous volume)."""
    parts = spec.split(":")
    return (parts[1] if len(parts) > 1 else parts[0]).rstrip("/") or "/"


def mount_fields(spec: str) -> dict[str, str]:
    """``--mount type=...,target=...`` as a mapping (``dst``/``destination`` read as target)."""
    fields: dict[str, str] = {}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        key = key.strip().lower()
        fields["target" if key in ("dst", "destination") else key] = value.strip()
    return fields


def tmpfs_shm(size: str | None) -> dict[str, str]:
    """A tmpfs at ``/dev/shm``: unlimited unless sized; at most 64 MiB is the default's."""
    if size is None:
        return {"dev_shm": "memory"}
    read = shm_bytes(size)
    if read is None:
        return {"dev_shm": "volume"}
    if read > DEFAULT_SHM_BYTES:
        return {"dev_shm": "memory", "dev_shm_size": size.strip()}
    return {"dev_shm": "default"}


def mount_shm(flag: str, spec: str) -> dict[str, str] | None:
    """What ``docker run``'s ``-v``/``--volume``, ``--mount`` or ``--tmpfs`` (value ``spec``)
    puts at ``/dev/shm``; None when it mounts elsewhere."""
    if flag == "--tmpfs":
        target, _, options = spec.partition(":")
        if target.rstrip("/") != SHM_PATH:
            return None
        sizes = [o[5:] for o in options.split(",") if o.strip().lower().startswith("size=")]
        return tmpfs_shm(sizes[-1] if sizes else None)
    if flag == "--mount":
        fields = mount_fields(spec)
        source = fields.get("source") or fields.get("src") or ""
        return mount_at(fields.get("type", "volume"), fields.get("target", ""), source, fields)
    if volume_target(spec) != SHM_PATH:
        return None
    return _bound(spec.split(":")[0] if ":" in spec else "")


def mount_at(kind: str, target: str, source: str, options: dict[str, str]) -> dict[str, str] | None:
    """What a mount of ``kind`` (``bind``, ``volume``, ``tmpfs``) at ``target`` puts at
    ``/dev/shm`` (a tmpfs sized by ``options["tmpfs-size"]``); None when it mounts elsewhere."""
    if target.rstrip("/") != SHM_PATH:
        return None
    if kind.lower() == "tmpfs":
        return tmpfs_shm(options.get("tmpfs-size"))
    return _bound(source)


def _bound(source: str) -> dict[str, str]:
    """A bind of the host's ``/dev/shm`` is memory of the host's size; any other volume is
    not judged (its backing and size are not in the command)."""
    return {"dev_shm": "memory" if source.rstrip("/") == SHM_PATH else "volume"}


def container_shm(
    ipc: str | None, shm_size: str | None, mounted: dict[str, str] | None = None
) -> dict[str, str]:
    """``dev_shm`` options of a container from its IPC mode and shm size (unresolved: None);
    ``mounted`` is what a mount over ``/dev/shm`` gives, which replaces the runtime's."""
    if ipc is not None and ipc.strip().lower() == "host":
        return {"dev_shm": "host-ipc"}
    if mounted is not None:
        return mounted
    if ipc is not None and ipc.strip().lower() not in ("", "private", "none"):
        return {"dev_shm": "volume"}  # another container's (container:NAME, service:NAME...)
    if shm_size is None:
        return {"dev_shm": "default"}
    size = shm_bytes(shm_size)
    if size is None:
        return {"dev_shm": "volume"}  # a size toplint cannot read: not judged
    if size > DEFAULT_SHM_BYTES:
        return {"dev_shm": "memory", "dev_shm_size": shm_size.strip()}
    return {"dev_shm": "default"}
