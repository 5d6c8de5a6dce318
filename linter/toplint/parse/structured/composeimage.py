"""What a compose service built from a Dockerfile runs: the image's own command, or its
``ENTRYPOINT`` given the service's ``command``.

A service with ``build:`` and neither ``command`` nor ``entrypoint`` runs the built image's
``ENTRYPOINT``/``CMD`` (compose-spec spec.md, ``command``: "If the value is ``null``, the
default command from the image is used"; ``entrypoint``: one that is non-null makes Compose
ignore the image's ``CMD``), with the service's
``environment`` as the container's environment (spec.md, ``environment``).  The Dockerfile is
found as ``composebuild.build_of`` finds it (inside the repository, under the read policy) and
read as the Dockerfile reader reads it (``toplint.parse.text.dockerfile.image_runs``, through the
script its ``CMD`` runs: ``toplint.parse.text.dockerchain``), the service's environment
overriding the image's ``ENV`` where the command and its script expand variables (an image that
runs a Python file of the repository instead is read through that file by
``toplint.parse.generic.pyapps``).  A ``target`` other than the last stage is not read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toplint.infra.readpolicy import shown_path
from toplint.parse.base import Source
from toplint.parse.options import Arg
from toplint.parse.structured.composebuild import Build
from toplint.parse.text.dockerfile import ImageRun, image_runs
from toplint.record import replace


def runs_image(service: Mapping[str, Any]) -> bool:
    """The service builds its image and writes no command: the image's own runs.  A
    ``command: []`` or ``''`` empties the image's ``CMD`` and any ``entrypoint`` replaces both
    (spec.md, ``command`` and ``entrypoint``): only an absent or ``null`` one leaves them."""
    return "build" in service and all(service.get(k) is None for k in ("command", "entrypoint"))


def built_run(
    build: Build, name: str, env: Mapping[str, Arg], command: Sequence[Arg] | None = None
) -> tuple[ImageRun, Build] | None:
    """The first engine the service's built image (``build``, ``composebuild.build_of``)
    starts, its chain beginning at the service's build; None when the Dockerfile is not read
    or starts no engine.  ``command``: the service's own ``command``, the arguments of the
    image's exec-form ``ENTRYPOINT`` (``ENTRYPOINT ["bash", "/start.sh"]`` with
    ``command: --tensor-parallel-size 2``: userdra99/RAG-15082025@b6fecc63
    docker-compose.llama33-70b.yml, Dockerfile.vllm_rtx5090)."""
    if build.text is None or build.target is not None:
        return None
    runtime = {k: a.value for k, a in env.items() if a.value is not None and not a.unresolved}
    path = shown_path(build.path)
    runs = image_runs(Source.from_text(path, build.text), runtime, command)
    if not runs:
        return None
    run = runs[0]
    hop = f"service `{name}`'s build ({path})"
    return replace(run, via=(hop, *run.via)), replace(build, path=path)
