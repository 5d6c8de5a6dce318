"""A compose service's keys as an engine's inputs: its ``command``/``entrypoint`` words, its
environment, the GPUs it reserves, the device nodes it maps and its /dev/shm.

Values are interpolated as compose does (``${VAR:-default}``, with the project's ``.env``
variables, ``toplint.parse.infer.scoping.dotenv_beside``; a variable from the shell is not known
here and stays unresolved); ``command``/``entrypoint`` may be a list (one
token per item) or a string (split like a shell would, positions mapped into the file).  Read by
``toplint.parse.structured.compose``, which finds the engine among the words and makes the
service's deployment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded
from toplint.infra.yamlsafe import Document
from toplint.parse.base import Source
from toplint.parse.containershm import container_shm, mount_at, mount_shm
from toplint.parse.options import Arg
from toplint.parse.text.dockerrun import VENDOR_DEVICES
from toplint.parse.text.expand import expand_text
from toplint.parse.text.shellsrc import lex_embedded
from toplint.record import replace

if TYPE_CHECKING:  # ``composeextends`` is read only for a service that extends another
    from toplint.parse.structured.composeextends import Extended

# A compose document, or one whose service extends another (``composeextends``).
Doc: TypeAlias = "Document | Extended"


def scalar_arg(doc: Doc, at: tuple[str | int, ...], raw: Any, variables: Mapping[str, str]) -> Arg:
    text = str(raw).lower() if isinstance(raw, bool) else str(raw)
    try:
        value, unresolved = expand_text(text, variables)
    except BudgetExceeded as exc:
        pos = doc.value_position(at)
        raise exc.at(pos.line, pos.column) from None
    anchor = ".".join(str(p) for p in at)
    return Arg(value, text, doc.value_position(at), unresolved, anchor)


def service_commands(
    source: Source, doc: Doc, at: tuple[str | int, ...], raw: Any, variables: Mapping[str, str]
) -> list[list[Arg]]:
    """``command``/``entrypoint`` as commands: a list is one command, a string is a script."""
    if raw is None:
        return []
    if isinstance(raw, list):
        if not all(isinstance(v, (str, int, float, bool)) for v in raw):
            bad = next(i for i, v in enumerate(raw) if not isinstance(v, (str, int, float, bool)))
            pos = doc.value_position((*at, bad))
            raise SourceError(f"`{at[-1]}` items must be strings", pos.line, pos.column)
        return [[scalar_arg(doc, (*at, i), v, variables) for i, v in enumerate(raw)]]
    if isinstance(raw, str):
        pos = doc.value_position(at)
        if not isinstance(doc, Document):  # a command the base file writes is in that file
            source = doc.source_at(pos, source)
        # Compose interpolates ${VAR:-default} and splits like a shell: lexing does both; an
        # ``sh -c SCRIPT`` word is read as the commands of its script (an entrypoint of
        # ``/bin/bash -c "pip install ... && python -m vllm.entrypoints... "``).
        commands = lex_embedded(raw, variables, source.text, source.path, pos.line, pos.column)
        if any(len(c) > 2 and (c[1].value or "") == "-c" for c in commands):
            from toplint.parse.structured.anywhere import commands_in  # a script only

            commands = commands_in(raw, pos, variables, source.text, source.path)
        anchor = ".".join(str(p) for p in at)
        return [[replace(a, anchor=anchor) for a in c] for c in commands]
    pos = doc.value_position(at)
    kind = type(raw).__name__.replace("dict", "mapping")
    raise SourceError(
        f"`{'.'.join(str(p) for p in at)}` must be a string or a list of strings, not a {kind}",
        pos.line,
        pos.column,
    )


def service_environment(
    doc: Doc, at: tuple[str | int, ...], raw: Any, variables: Mapping[str, str]
) -> dict[str, Arg]:
    """``environment`` as a mapping or a list of ``NAME=value``."""
    env: dict[str, Arg] = {}
    if isinstance(raw, dict):
        for key, value in raw.items():
            if value is not None:
                env[str(key)] = scalar_arg(doc, (*at, str(key)), value, variables)
    elif isinstance(raw, list):
        for i, item in enumerate(raw):
            name, eq, value = str(item).partition("=")
            if eq:
                arg = scalar_arg(doc, (*at, i), value, variables)
                env[name] = replace(arg, raw=str(item))
    return env


def device_count(
    doc: Doc, at: tuple[str | int, ...], service: dict[str, Any], variables: Mapping[str, str]
) -> Arg | None:
    """GPUs reserved for the service, as a ``docker run --gpus``-style request."""
    devices: Any = service
    for key in ("deploy", "resources", "reservations", "devices"):
        devices = devices.get(key) if isinstance(devices, dict) else None  # any type written
    for i, dev in enumerate(devices if isinstance(devices, list) else []):
        if not isinstance(dev, dict):
            continue
        capabilities = dev.get("capabilities")
        caps = capabilities if isinstance(capabilities, list) else []
        if "gpu" not in caps and dev.get("driver") != "nvidia":
            continue
        where = (*at, "deploy", "resources", "reservations", "devices", i)
        if "device_ids" in dev and isinstance(dev["device_ids"], list):
            ids = ",".join(str(d) for d in dev["device_ids"])
            return Arg(f"device={ids}", ids, doc.value_position((*where, "device_ids")))
        if "count" in dev:
            return scalar_arg(doc, (*where, "count"), dev["count"], variables)
        return Arg("all", "all", doc.value_position(where))  # neither: all GPUs
    if "gpus" in service:
        gpus = service["gpus"]
        wanted = gpus if not isinstance(gpus, list) else "all"
        return scalar_arg(doc, (*at, "gpus"), wanted, variables)
    return None


def device_vendor(doc: Doc, at: tuple[str | int, ...], service: dict[str, Any]) -> Arg | None:
    """The GPU vendor whose device nodes the service maps (``devices: [/dev/kfd:/dev/kfd]``,
    or the long form's ``source``: AMD's, ``dockerrun.VENDOR_DEVICES``), as ``docker run
    --device`` gives it (Vercantez/deepseek-v4-flash-mi300x@63912908 compose.yaml: an MI300X
    service sized on the manifest's H100)."""
    devices = service.get("devices")
    for i, item in enumerate(devices if isinstance(devices, list) else ()):
        spec = item.get("source") if isinstance(item, dict) else item
        node = str(spec).split(":", 1)[0] if isinstance(spec, str) else ""
        if node in VENDOR_DEVICES:
            return Arg(VENDOR_DEVICES[node], node, doc.value_position((*at, "devices", i)))
    return None


def service_shm(
    doc: Doc, at: tuple[str | int, ...], service: dict[str, Any], variables: Mapping[str, str]
) -> dict[str, str]:
    """The service's /dev/shm from ``ipc`` and ``shm_size`` (``toplint.parse.containershm``)."""
    values: dict[str, str | None] = {}
    for key in ("ipc", "shm_size"):
        if key in service and service[key] is not None:
            arg = scalar_arg(doc, (*at, key), service[key], variables)
            if arg.unresolved:
                return {"dev_shm": "volume"}  # ${VAR} from the shell: not known here
            values[key] = arg.value
    return container_shm(values.get("ipc"), values.get("shm_size"), _shm_mount(service))


def _shm_mount(service: dict[str, Any]) -> dict[str, str] | None:
    """What the service's ``volumes`` (short ``SRC:DST`` or long ``target:``) or ``tmpfs``
    put at ``/dev/shm`` (``toplint.parse.containershm.mount_shm``); None when nothing does."""
    found: dict[str, str] | None = None
    tmpfs = service.get("tmpfs")
    for entry in tmpfs if isinstance(tmpfs, list) else [tmpfs]:
        if isinstance(entry, str):
            found = mount_shm("--tmpfs", entry) or found
    volumes = service.get("volumes")
    for entry in volumes if isinstance(volumes, list) else []:
        if isinstance(entry, str):
            found = mount_shm("-v", entry) or found
        elif isinstance(entry, dict) and isinstance(entry.get("target"), str):
            options = entry.get("tmpfs")
            size = options.get("size") if isinstance(options, dict) else None
            sized = {"tmpfs-size": str(size)} if size is not None else {}
            kind, source = str(entry.get("type", "volume")), str(entry.get("source", ""))
            found = mount_at(kind, entry["target"], source, sized) or found
    return found


def host_ports(service: dict[str, Any]) -> str:
    """The host ports a service publishes, as ``ip:port/protocol`` (``*`` for every address),
    comma-separated: two services that publish one cannot run at once - the second is refused
    ("port is already allocated") - so they are alternatives (``toplint.outcome.cohosted``).
    Short (``"8000:8000"``, ``"127.0.0.1:8000:8000/tcp"``) and long (``{target, published,
    host_ip, protocol}``) syntax (compose-spec/compose-spec 05-services.md ``ports``); a port
    range, an interpolated value or a container port alone (a random host port) is none."""
    found: list[str] = []
    for entry in service.get("ports") or () if isinstance(service.get("ports"), list) else ():
        if isinstance(entry, dict):
            ip, port = str(entry.get("host_ip") or "*"), str(entry.get("published") or "")
            proto = str(entry.get("protocol") or "tcp")
        elif isinstance(entry, (str, int)):
            text, _, proto = str(entry).partition("/")
            parts = text.rsplit(":", 2)
            if len(parts) < 2:
                continue  # the container's port only: the host's is chosen at random
            ip = parts[0] if len(parts) == 3 and parts[0] not in ("", "0.0.0.0") else "*"
            port, proto = parts[-2], proto or "tcp"
        else:
            continue
        if port.isdigit():
            found.append(f"{ip}:{int(port)}/{proto}")
    return ",".join(sorted(set(found)))
