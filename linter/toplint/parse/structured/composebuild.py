"""The engine image a compose service's ``build:`` only adds to.

A service may build its image (``build: {context: sim_agent, dockerfile: Dockerfile.ocr}``)
from a Dockerfile whose ``FROM vllm/vllm-openai`` gets a package or two and no entrypoint of its
own: the built image runs the base image's entrypoint with the service's ``command`` as its
arguments (Docker's rule: ``ENTRYPOINT`` is inherited from the base image unless the Dockerfile
sets one; the Dockerfile reference, "Understand how CMD and ENTRYPOINT interact").  Compose
resolves ``context`` from the compose file's folder and ``dockerfile`` from the context
(compose-spec build.md, ``context`` and ``dockerfile``); a ``target`` builds the stage of that
name.  The Dockerfile is read under the read policy (inside the linted repository, size-capped).
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Any

from toplint.infra.readpolicy import ReadRefused, read_reference
from toplint.parse.text.dockerfile import instructions
from toplint.record import record

_MAX_DOCKERFILE_BYTES = 256 * 1024


@record
class Build:
    """The Dockerfile a service's ``build:`` names: ``ref`` from the compose file's folder, the
    ``target`` stage, and what was read (``text``) or why it was not (``why``)."""

    ref: str
    target: str | None = None
    path: str = ""
    text: str | None = None
    why: str = ""


def build_of(compose_path: str, service: Mapping[str, Any]) -> Build | None:
    """The service's Dockerfile, read under the read policy; None when ``build:`` names none
    in the repository's terms (absent, a Git or remote context, a variable)."""
    build = service.get("build")
    if isinstance(build, str):
        context, dockerfile, target = build, "Dockerfile", None
    elif isinstance(build, Mapping):
        context = build.get("context", ".")
        dockerfile = build.get("dockerfile", "Dockerfile")
        target = build.get("target")
    else:
        return None
    if not isinstance(context, str) or not isinstance(dockerfile, str) or "://" in context:
        return None  # a Git or remote context is not in the repository
    if "$" in context + dockerfile or (target is not None and not isinstance(target, str)):
        return None
    written = posixpath.join(context, dockerfile)
    ref = posixpath.normpath(written)  # as shown; read as written (a link before ``..``)
    try:
        path, text = read_reference(compose_path, written, _MAX_DOCKERFILE_BYTES)
    except (ReadRefused, OSError, ValueError) as exc:
        return Build(ref, target, why=str(exc))
    return Build(ref, target, path, text)


def built_base(build: Build) -> str | None:
    """The base image of the stage ``build:`` makes, when that stage sets no ``ENTRYPOINT`` (so
    the base image's runs); None when the Dockerfile was not read or it sets one."""
    return None if build.text is None else _stage_base(build.text, build.target)


def _stage_base(text: str, target: str | None) -> str | None:
    """The ``FROM`` image of the target stage (the last without one), or None when that stage
    sets an ``ENTRYPOINT`` or is not found."""
    chosen = stage_of(text, target)
    if chosen is None or chosen[2] or not chosen[0]:
        return None
    return chosen[0]


def stage_of(text: str, target: str | None) -> tuple[str, str | None, bool] | None:
    """(image, stage name, sets an ENTRYPOINT) of the target stage (the last without one)."""
    stages: list[tuple[str, str | None, bool]] = []
    for ins in instructions(text):
        if ins.keyword == "FROM":
            words = [w for w in ins.text.split() if not w.startswith("--")]  # --platform=...
            named = words[2] if len(words) >= 3 and words[1].lower() == "as" else None
            stages.append((words[0] if words else "", named, False))
        elif ins.keyword == "ENTRYPOINT" and stages:
            stages[-1] = (stages[-1][0], stages[-1][1], True)
    chosen = [s for s in stages if target is None or s[1] == target][-1:]
    return chosen[0] if chosen else None
