"""docker compose files: one deployment per service that runs an engine.

Compose is single-host (nodes = 1); the GPUs a service sees come from
``deploy.resources.reservations.devices`` (``count``, ``count: all``, ``device_ids``; neither
means all), ``gpus:``, ``runtime: nvidia`` with ``NVIDIA_VISIBLE_DEVICES``, narrowed by
``CUDA_VISIBLE_DEVICES`` (engine-vocabulary.md §5 "Docker Compose").  Values are interpolated
as compose does (``${VAR:-default}`` and the project's ``.env``, ``infer.scoping``; variables from
the shell are not known here, so one neither sets stays unresolved).  ``command``/``entrypoint``
may be a list (one token per item) or a string (split like a shell would, positions mapped into
the file); a service's keys are read as such in ``toplint.parse.structured.composekeys``.
A service that builds its image and writes neither runs the Dockerfile's ``CMD``/``ENTRYPOINT``
(``toplint.parse.structured.composeimage``), placed at its ``build:``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from toplint.engines.registry import all_engines
from toplint.engines.release import image_repository
from toplint.errors import SourceError
from toplint.infra.readpolicy import MAX_SOURCE_BYTES, ReadRefused, read_first, read_reference
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Deployment, Finding, ParseResult, Position
from toplint.optionkeys import COMPOSE_HOST_PORTS, COMPOSE_PROFILES, COPIES, COPIES_FROM
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import Source
from toplint.parse.binds import compose_binds
from toplint.parse.builtengine import built_from
from toplint.parse.enginecfg import disk_loader
from toplint.parse.invocation import (
    Invocation,
    find_invocations,
    image_invocation,
    shell_script,
    with_positional,
)
from toplint.parse.options import Arg
from toplint.parse.structured.composebuild import Build, build_of, built_base
from toplint.parse.structured.composeimage import built_run, runs_image
from toplint.parse.structured.composekeys import (
    Doc,
    device_count,
    device_vendor,
    host_ports,
    scalar_arg,
    service_commands,
    service_environment,
    service_shm,
)
from toplint.parse.text.expand import interpolate_known
from toplint.parse.text.shellsrc import chained_deployment
from toplint.parse.text.wrapped import image_options_invocation
from toplint.parse.textpos import offset_of
from toplint.record import replace

if TYPE_CHECKING:  # ``composeextends`` is read only for a service that extends another
    from toplint.parse.structured.composeextends import Extended

_NAMES = ("compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml")
_SERVICE_KEYS = ("image", "build", "command", "entrypoint", "extends")


def is_compose(data: Any) -> bool:
    services = data.get("services") if isinstance(data, dict) else None
    return isinstance(services, dict) and any(
        isinstance(s, dict) and any(k in s for k in _SERVICE_KEYS) for s in services.values()
    )


class ComposeParser:
    name = "compose"

    def accepts(self, source: Source) -> bool:
        if source.name in _NAMES or source.name.startswith(("docker-compose", "compose.")):
            return source.name.endswith((".yml", ".yaml"))
        if not source.name.endswith((".yml", ".yaml")) or "services:" not in source.text:
            return False
        try:
            docs = load_documents(source.text, source.path)
        except SourceError:
            return False
        return len(docs) == 1 and is_compose(docs[0].data)

    def parse(self, source: Source) -> ParseResult:
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        variables: Mapping[str, str] = {}
        if "$" in source.text:  # a file that interpolates nothing needs no .env
            from toplint.parse.infer.scoping import dotenv_beside

            variables = dotenv_beside(source.path)
        for doc in load_documents(source.text, source.path):
            if not is_compose(doc.data):
                continue
            for name, service in doc.data["services"].items():
                if not isinstance(service, dict):
                    continue
                ext = _extension(source, doc, str(name), service)
                if ext is not None:
                    served = ext.data["services"][name]
                    found = _service(source, ext, str(name), served, variables)
                else:
                    found = _service(source, doc, str(name), service, variables)
                if found is not None:
                    deployments.extend([found[0]] if found[0] is not None else [])
                    findings.extend(found[1])
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def _extension(
    source: Source, doc: Document, name: str, service: dict[str, Any]
) -> Extended | None:
    """The service merged over the one it ``extends`` (``composeextends``), or over the same
    service of the folder's compose file when this is an override file of it (``base_file``)
    and the service has no image or build of its own."""
    from toplint.parse.structured.composeextends import extended

    if "extends" in service:
        return extended(source.path, doc, name, service)
    if "image" in service or "build" in service:
        return None
    base = base_file(source)
    if base is None:
        return None
    return extended(source.path, doc, name, {**service, "extends": {"file": base, "service": name}})


def base_file(source: Source) -> str | None:
    """The compose file of ``source``'s folder that ``source`` overrides, when ``source`` is
    another compose file there (``compose.tp2.yaml`` beside ``compose.yaml``): "Compose merges
    files in the order they're specified" (``docker compose -f compose.yaml -f
    compose.tp2.yaml``; docs.docker.com, "Merge Compose files"), and a service with no image
    or build of its own cannot run without the base's (Vercantez/deepseek-v4-flash-mi300x@
    63912908 compose.tp2.yaml: the TP 2 variant of compose.yaml's service was not read)."""
    if source.name in _NAMES:
        return None
    found = read_first(source.path, _NAMES)
    return found[0].rsplit("/", 1)[-1] if found is not None else None


def unread_builds(source: Source) -> list[str]:
    """Why the Dockerfiles of the services that run their built image were not read
    (``composeimage``; for the TL008 of a compose file that yields no deployment)."""
    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return []
    out = []
    for doc in docs:
        services = doc.data["services"] if is_compose(doc.data) else {}
        for name, service in services.items():
            if not isinstance(service, dict) or not runs_image(service):
                continue
            build = build_of(source.path, service)
            if build is not None and build.text is None:
                out.append(f"service `{name}` builds from `{build.ref}`, not read: {build.why}")
    return out


def _script_invocations(
    source: Source, argv: list[Arg], variables: Mapping[str, str]
) -> list[Invocation]:
    """The engine a list-form ``sh -c SCRIPT NAME`` entrypoint's script runs, the service's
    ``command`` (which compose appends to the entrypoint) being the script's positional
    parameters: ``entrypoint: ["/bin/sh", "-c", "exec vllm serve \"$@\"", "--"]``.  A script
    an unset variable left unknown (``--node-rank ${NODE_RANK}``, ``$@``) is read as compose
    passes it on, the rest interpolated (``interpolate_known``)."""
    at = shell_script(argv)
    if at is None:
        return []
    from toplint.parse.structured.anywhere import commands_in  # a script only

    script = argv[at]
    text = script.value if script.value is not None else interpolate_known(script.raw, variables)
    start = offset_of(source.text, script.position.line, script.position.column)
    quoted = source.text[start : start + 1] in ("'", '"')
    where = replace(script.position, column=script.position.column + (1 if quoted else 0))
    positional = argv[at + 2 :]
    commands = commands_in(text, where, {}, source.text, source.path)
    return [inv for c in commands for inv in find_invocations(with_positional(c, positional))][:1]


def _entry_script(
    source: Source, doc: Doc, name: str, entry: list[Arg], command: list[Arg]
) -> list[Invocation]:
    """The engine a service's entrypoint script of the repository starts, the service's
    ``command`` (compose appends it to the entrypoint) as the script's ``"$@"``: a script
    mounted into the container (``volumes: ["./vllm-entrypoint.sh:/opt/vllm-entrypoint.sh:ro"]``,
    ``entrypoint: [/opt/vllm-entrypoint.sh]``, ``scriptref.mounted``) whose ``exec vllm serve
    "$@"`` takes the model and layout from the service (Vercantez/deepseek-v4-flash-mi300x@
    63912908 compose.yaml:64-66 with vllm-entrypoint.sh:14).  Its words keep their places in
    the script."""
    script = entry[0].value if entry else None
    if not script or not script.endswith(".sh"):
        return []
    # Imported here: only a service with a script entrypoint needs the script readers.
    from toplint.parse.structured.anywhere import commands_in
    from toplint.parse.structured.scriptref import mounted

    host = mounted(doc.data, ("services", name, "entrypoint"), script)
    if host is None:
        return []
    try:
        full, text = read_reference(source.path, host, MAX_SOURCE_BYTES)
    except (ReadRefused, OSError, ValueError):
        return []
    positional = [*entry[1:], *command]
    commands = commands_in(text, Position(full, 1, 1), {}, text, full)
    return [inv for c in commands for inv in find_invocations(with_positional(c, positional))][:1]


def _service(
    source: Source, doc: Doc, name: str, service: dict[str, Any], variables: Mapping[str, str]
) -> tuple[Deployment | None, tuple[Finding, ...]] | None:
    at: tuple[str | int, ...] = ("services", name)
    entries, commands = (
        service_commands(source, doc, (*at, key), service.get(key), variables)
        for key in ("entrypoint", "command")
    )
    entry = [a for c in entries for a in c]
    command = [a for c in commands for a in c]
    env = service_environment(doc, (*at, "environment"), service.get("environment"), variables)
    found = (
        find_invocations(entry + command)
        or _script_invocations(source, entry + command, variables)
        or _entry_script(source, doc, name, entry, command)
    )
    if not found and len(entries) + len(commands) > 1:  # a script: `pip install ... && vllm ...`
        found = [inv for c in (*entries, *commands) for inv in find_invocations(c)][:1]
    image = service.get("image")
    inv = replace(found[0], image=image) if found and isinstance(image, str) else None
    inv = inv or (found[0] if found else None)
    noted: tuple[Finding, ...] = ()
    if inv is None and not entry and "image" in service:
        image_arg = scalar_arg(doc, (*at, "image"), service["image"], variables)
        inv = image_invocation(image_arg, command)
        # an image toplint does not know, as docker run reads it (a service that builds its
        # image is read through the build's Dockerfile, below); one named after an engine that
        # these arguments do not launch is the YAML evidence reader's (``parse.generic``: that
        # engine, its layout unknown), so no note for it here
        if inv is None and command and "build" not in service:
            inv, unread = image_options_invocation(image_arg, command, "compose", note_named=False)
            noted = (unread,) if unread is not None else ()
    wrapped = _wrapped_cli(service, entry, command) if inv is None and entry else None
    if wrapped is not None:
        inv, note = wrapped
        dep, findings = _deployment(source, doc, (name, service, variables), env, inv)
        return replace(dep, notes=(*dep.notes, note)), findings
    build = build_of(source.path, service) if inv is None and "build" in service else None
    built = built_run(build, name, env) if build is not None and runs_image(service) else None
    if built is None and build is not None and command and service.get("entrypoint") is None:
        built = built_run(build, name, env, command)  # the image's ENTRYPOINT, these arguments
    if built is not None:  # the image's own CMD/ENTRYPOINT (composeimage)
        run, build_used = built
        dep, findings = _deployment(
            source, doc, (name, service, variables), env, run.invocation, build_used
        )
        return chained_deployment(dep, run.via), findings
    if build is not None and not entry:
        built_on = built_base(build)  # an engine image the build only adds to
        if built_on is not None:
            where = doc.value_position((*at, "build"))
            on = Arg(built_on, built_on, where, (), f"services.{name}.build")
            inv = image_invocation(on, command)
    if inv is None:
        return (None, noted) if noted else None
    dep, findings = _deployment(source, doc, (name, service, variables), env, inv)
    return built_from(dep, (*entries, *commands)), findings  # a script that builds its engine


def _wrapped_cli(
    service: dict[str, Any], entry: list[Arg], command: list[Arg]
) -> tuple[Invocation, str] | None:
    """A service whose image runs its own entrypoint script, not in the repository, with the
    engine's subcommand and arguments as its command: ``image: vllm-qwen35-v2``, ``entrypoint:
    ["/opt/entrypoint.sh"]``, ``command: [serve, /models/Qwen3.5-122B-A10B-int4-AutoRound-Intel,
    --max-model-len, "131072", …]`` (ybz21/dgx-spark-multinode@7b04c909 122b-boost/deploy/; the
    same repository's runtime/entrypoint.sh ends in ``exec "${VLLM_CMD[@]}"``).  When the
    image's name holds the program of one engine's CLI and the command starts with its
    subcommand (``Engine.launches``: vLLM's ``vllm serve``), the command is read as that CLI's,
    with a note saying the entrypoint was not read.  Anything else is not guessed."""
    image = service.get("image")
    first = command[0].value if command else None
    if not isinstance(image, str) or not first or first.startswith("-"):
        return None
    words = set(re.split(r"[^a-z0-9]+", image_repository(image).rsplit("/", 1)[-1].lower()))
    hits = [
        (engine, launch)
        for engine in all_engines()
        for launch in engine.launches
        if launch.words[1:] == (first,) and launch.words[0] in words
    ]
    if len(hits) != 1:
        return None  # the image's name names no engine whose CLI has that subcommand, or two
    engine, launch = hits[0]
    at = command[0]
    program = Arg(launch.words[0], launch.words[0], at.position, (), at.anchor)
    found = find_invocations([program, *command])
    if not found:
        return None
    shown = " ".join(a.raw for a in entry)
    note = (
        f"read as `{' '.join(launch.words)} …`: the image's entrypoint `{shown}` is not in the "
        f"repository; its arguments are read as the CLI of {engine.title}, which the image's "
        f"name `{image}` names"
    )
    return replace(found[0], image=image), note


def _deployment(
    source: Source,
    doc: Doc,
    named: tuple[str, dict[str, Any], Mapping[str, str]],
    env: dict[str, Arg],
    inv: Invocation,
    built: Build | None = None,
) -> tuple[Deployment, tuple[Finding, ...]]:
    """The service's deployment of ``inv``, with its GPUs, /dev/shm and environment; one its
    built image runs (``built``) is placed at ``build:`` and reads config files beside the
    Dockerfile.  ``named``: the service's name, its keys and the file's ``.env`` variables."""
    name, service, variables = named
    at: tuple[str | int, ...] = ("services", name)
    gpus = service_gpus(doc, at, service, env, variables)
    key = doc.key_position(at if built is None else (*at, "build"))
    base = Deployment(source.path, key.line, key.column, engine="", model=None, nodes=1, name=name)
    dep, findings = deployment_from_invocation(
        replace(
            inv,
            gpus=gpus,
            dev_shm=service_shm(doc, at, service, variables),
            vendor=inv.vendor or device_vendor(doc, at, service),
            binds=compose_binds(service.get("volumes")),
        ),
        source.path,
        source_kind="compose",
        base=base,
        env=env,
        config_loader=disk_loader(source.path if built is None else built.path),
    )
    if dep.gpus_per_node is not None:
        dep = replace(dep, gpus=dep.gpus_per_node)
    profiles = service.get("profiles")
    if isinstance(profiles, list) and profiles:  # started only with one of them (--profile)
        listed = ",".join(sorted(str(p) for p in profiles))
        dep = replace(dep, options={**dep.options, COMPOSE_PROFILES: listed})
    published = host_ports(service)
    if published:  # another service publishing one of them cannot run beside it
        dep = replace(dep, options={**dep.options, COMPOSE_HOST_PORTS: published})
    replicas, how = _replicas(service)
    if replicas > 1:  # containers of one service, each given the same devices
        copies = {COPIES: str(replicas), COPIES_FROM: f"{how}: {replicas}"}
        dep = replace(dep, options={**dep.options, **copies})
    return dep, findings


def service_gpus(
    doc: Doc,
    at: tuple[str | int, ...],
    service: dict[str, Any],
    env: dict[str, Arg],
    variables: Mapping[str, str],
) -> Arg | None:
    """The GPUs the service reserves, as ``docker run --gpus`` requests them: its device
    reservation, or every GPU for ``runtime: nvidia`` with no ``NVIDIA_VISIBLE_DEVICES``."""
    gpus = device_count(doc, at, service, variables)
    if gpus is None and service.get("runtime") == "nvidia" and "NVIDIA_VISIBLE_DEVICES" not in env:
        gpus = Arg("all", "all", doc.value_position((*at, "runtime")))
    return gpus


def _replicas(service: dict[str, Any]) -> tuple[int, str]:
    """The containers ``docker compose up`` starts for the service and the key that says so:
    ``deploy.replicas``, or the older ``scale`` ("Compose file reference", services: ``scale``,
    ``deploy``); 1 when neither is a whole number."""
    deploy = service.get("deploy")
    count, how = (deploy.get("replicas") if isinstance(deploy, dict) else None), "deploy.replicas"
    if count is None:
        count, how = service.get("scale"), "scale"
    if isinstance(count, int) and not isinstance(count, bool) and count > 0:
        return count, how
    return 1, how
