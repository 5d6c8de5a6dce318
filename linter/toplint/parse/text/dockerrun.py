"""``docker run … IMAGE CMD…`` (and podman's): the engine the container starts.

Docker's own options are skipped (the ones that take a value: the docker CLI reference,
``docker run --help``); ``-e`` becomes the engine's environment, ``--gpus`` the visible GPUs,
``--entrypoint`` the first word of the command, and ``--ipc``/``--shm-size`` and any mount over
``/dev/shm`` the container's shared memory (``toplint.parse.containershm``).

A GPU cloud's CLI that starts an instance from an image with arguments is read the same way
(``instance_run``): ``vastai create instance ID --image IMG [OPTIONS] --args A…`` runs the
image's own entrypoint with ``A…`` (docs.vast.ai, "vastai create instance": ``[--args ...]``
takes the rest of the line; "Creating instances with API": the args runtype "preserves" the
image's entrypoint; ``--entrypoint`` overrides it).  The offer's GPUs are not on the line.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.model import Finding
from toplint.parse.binds import bind_of
from toplint.parse.containershm import container_shm, mount_shm
from toplint.parse.invocation import Invocation, find_invocations, image_invocation, runs_nothing
from toplint.parse.options import Arg
from toplint.parse.text.entrypoint import run_options
from toplint.parse.text.runtimes import DOCKER
from toplint.parse.text.wrapped import image_options_invocation
from toplint.record import replace

# docker run options that take a value (docker CLI reference, `docker run --help`).
DOCKER_VALUE_TEXT = (
    "-e --env --env-file -v --volume -p --publish --name --gpus --entrypoint -w --workdir "
    "--network --net --ipc --shm-size --runtime -u --user --device --cpus -m --memory "
    "--restart -l --label --mount --ulimit --add-host --cap-add --cap-drop --security-opt "
    "-h --hostname --log-opt --log-driver --pid --platform --pull --cidfile --dns --tmpfs "
    "--expose --health-cmd --health-interval --memory-swap --cpuset-cpus --group-add "
    "--stop-signal --stop-timeout --volumes-from --label-file --network-alias --ip --uts "
    "--userns --device-cgroup-rule --cgroupns --storage-opt --sysctl --attach -a"
)
DOCKER_VALUE = frozenset(DOCKER_VALUE_TEXT.split())
_MOUNTS = {"-v": "-v", "--volume": "-v", "--mount": "--mount", "--tmpfs": "--tmpfs"}


# Device nodes whose vendor's GPUs a container is given: ROCm's compute interface, "shared by all
# GPUs" (rocm.docs.amd.com, "Running ROCm Docker containers": ``--device /dev/kfd --device
# /dev/dri``; a compose service's ``devices:``, ``parse.structured.compose``).  NVIDIA's are
# requested with ``--gpus`` (the NVIDIA Container Toolkit).
VENDOR_DEVICES = {"/dev/kfd": "amd"}
# A Container Device Interface name of NVIDIA's GPUs, ``--device nvidia.com/gpu=all`` (or ``=0``,
# ``=GPU-<uuid>``, one flag each): podman's way, and docker's with CDI enabled, to give a
# container the GPUs ``--gpus`` gives (NVIDIA Container Toolkit docs, "Support for Container
# Device Interface": ``podman run --device nvidia.com/gpu=all``; the names ``nvidia-ctk cdi
# list`` prints are ``nvidia.com/gpu=<index>``, ``=<uuid>`` and ``=all``).
NVIDIA_CDI = "nvidia.com/gpu="


# Instance launchers: (program, subcommand words) -> its options that take a value (the CLI
# reference of each; global options included).  ``--image``, ``--entrypoint`` and ``--args``
# are read; the others are skipped with their values.
_INSTANCE_LAUNCHERS: dict[tuple[str, ...], frozenset[str]] = {
    # docs.vast.ai/cli/reference/create-instance.md and the CLI's global options
    ("vastai", "create", "instance"): frozenset(
        [
            "--template_hash",
            "--user",
            "--disk",
            "--image",
            "--login",
            "--label",
            "--onstart",
            "--onstart-cmd",
            "--entrypoint",
            "--env",
            "--price",
            "--bid_price",
            "--jupyter-dir",
            "--extra",
            "--create-from",
            "--api-key",
            "--url",
            "--retry",
        ]
    ),
}


def instance_run(args: Sequence[Arg]) -> Invocation | None:
    """The engine a GPU cloud's instance launcher starts from an image with arguments
    (``_INSTANCE_LAUNCHERS``): the image's entrypoint, or ``--entrypoint``, with ``--args``."""
    words = [a.value or "" for a in args]
    named = {w.rsplit("/", 1)[-1] for w in words}
    for (program, *sub), valued in _INSTANCE_LAUNCHERS.items():
        if program not in named:
            continue
        i = next((k for k, w in enumerate(words) if w.rsplit("/", 1)[-1] == program), -1)
        if i < 0:
            continue
        rest = [k for k in range(i + 1, len(words)) if not words[k].startswith("-")]
        if [words[k] for k in rest[: len(sub)]] != sub:
            continue
        image = entrypoint = None
        j = rest[len(sub) - 1] + 1
        while j < len(args):
            name = words[j].split("=", 1)[0]
            if name == "--args":
                break
            value = args[j + 1] if name in valued and "=" not in words[j] else None
            if name == "--image":
                image = value
            elif name == "--entrypoint":
                entrypoint = value
            j += 2 if value is not None else 1
        if j >= len(args) or image is None:
            return None
        command = list(args[j + 1 :])
        if entrypoint is not None:
            found = find_invocations([entrypoint, *command])
            inv = found[0] if found else None
        else:
            inv = image_invocation(image, command, {})
        return replace(inv, image=image.value or "") if inv is not None else None
    return None


def docker_options(args: Sequence[Arg], j: int) -> tuple[list[tuple[str, Arg | None]], int]:
    """The container CLI's options from ``args[j]`` on, each as (name, its value or None for a
    flag: ``-itd``, ``--detach``), and the index of the image after them."""
    out: list[tuple[str, Arg | None]] = []
    while j < len(args) and (args[j].value or args[j].raw).startswith("-"):
        token = args[j].value or args[j].raw
        name, eq, inline = token.partition("=")
        value: Arg | None = None
        if eq and name.startswith("--"):
            value = replace(args[j], value=inline)
        elif name in DOCKER_VALUE and j + 1 < len(args):
            value = args[j + 1]
            j += 1
        j += 1
        out.append((name, value))
    return out, j


def docker_run(args: Sequence[Arg], notes: list[Finding] | None = None) -> Invocation | None:
    """The engine a ``docker run`` command starts, with ``-e`` env and ``--gpus``; an image that
    names no engine, run with one engine's options only, starts that engine (a TL008 note in
    ``notes`` when the options are several engines' alike)."""
    started = run_options(args, DOCKER)
    if started is None or runs_nothing(args):
        return None
    i, j = started
    env: dict[str, Arg] = {}
    gpus: Arg | None = None
    vendor: Arg | None = None
    entrypoint: Arg | None = None
    shm: dict[str, str | None] = {"--ipc": None, "--shm-size": None}
    unread = False  # an --ipc/--shm-size value toplint cannot read
    mounted: dict[str, str] | None = None  # a mount over /dev/shm
    binds: tuple[tuple[str, str], ...] = ()  # host folders mounted in (toplint.parse.binds)
    cdi: list[Arg] = []  # --device nvidia.com/gpu=…
    options, j = docker_options(args, j)
    for name, value in options:
        if value is None:
            continue
        if name in ("-e", "--env"):
            key, has, val = (value.value or value.raw).partition("=")
            env[key] = replace(value, value=val if has and value.value is not None else None)
        elif name == "--gpus":
            gpus = value
        elif (
            name == "--device" and (node := (value.value or "").split(":", 1)[0]) in VENDOR_DEVICES
        ):
            vendor = replace(value, value=VENDOR_DEVICES[node], raw=node)
        elif name == "--device" and (value.value or "").startswith(NVIDIA_CDI):
            cdi.append(value)
        elif name == "--entrypoint":
            entrypoint = value
        elif name in shm:
            shm[name] = value.value
            unread = unread or value.value is None
        elif name in _MOUNTS:
            over = mount_shm(_MOUNTS[name], value.value) if value.value is not None else None
            mounted = over or mounted
            # as written where the shell leaves it unresolved ($PWD/models/X:/data): the
            # target and the host folder's name are what the model lookup needs
            written = value.value if value.value is not None else value.raw.strip("'\"")
            bound = bind_of(_MOUNTS[name], written)
            binds += (bound,) if bound is not None else ()
    if j >= len(args):
        return None
    gpus = gpus if gpus is not None or not cdi else _cdi_gpus(cdi)
    dev_shm = (
        {"dev_shm": "volume"} if unread else container_shm(shm["--ipc"], shm["--shm-size"], mounted)
    )
    command = ([entrypoint] if entrypoint else []) + list(args[j + 1 :])
    found = find_invocations(command)
    if found:
        inv = found[0]
        image = args[j].value or ""
        return replace(
            inv,
            env={**env, **inv.env},
            gpus=gpus,
            image=image,
            dev_shm=dev_shm,
            vendor=vendor,
            binds=binds,
        )

    inv2 = None if entrypoint else image_invocation(args[j], args[j + 1 :], env)
    runtime = args[i].value or "docker"
    if inv2 is None and not entrypoint:
        inv2, note = image_options_invocation(args[j], args[j + 1 :], runtime)
        inv2 = replace(inv2, env={**env, **inv2.env}) if inv2 else None
        if note is not None and notes is not None:  # never silent on what it may start
            notes.append(note)
    return replace(inv2, gpus=gpus, dev_shm=dev_shm, vendor=vendor, binds=binds) if inv2 else None


def _cdi_gpus(devices: Sequence[Arg]) -> Arg:
    """The ``--gpus`` value CDI device names amount to: ``all``, or ``device=`` their ids."""
    names = [(d.value or "").removeprefix(NVIDIA_CDI) for d in devices]
    value = "all" if "all" in names else "device=" + ",".join(names)
    return replace(devices[0], value=value)
