"""Images that run a Python file of the repository, and compose services that build them.

A Dockerfile's ``CMD``/``ENTRYPOINT`` may run a Python file rather than an engine or a script:
``CMD ["python3", "serve.py"]``, or a serving CLI that imports its application from a module
of its working directory (``ENTRYPOINT uv run bentoml serve service:VLLM``; ``pychain.
python_file``).  The file's path in the image is mapped back to the build context through the
stage's ``WORKDIR`` and ``COPY``/``ADD`` (``toplint.parse.text.dockerchain.Layout``), read by the
Python reader (``pychain.python_deployments``: inside the repository, under the read policy) and
each engine it builds is a deployment placed at the instruction, its chain in its notes.

A compose service that builds such an image and writes no ``command``/``entrypoint`` runs it
(``toplint.parse.structured.composeimage.runs_image``): its first engine is the service's
deployment, with the GPUs the service reserves (``compose.service_gpus``, as ``docker run
--gpus`` gives them) and its environment's GPU-visibility variables, on the one host compose
runs it on, placed at its ``build:``.  The compose reader reads every other service; a service
it read is not read again here.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import shown_path
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.enginecfg import visible_gpus
from toplint.parse.generic.pychain import python_deployments, python_file
from toplint.parse.text.dockerfile import image_command
from toplint.record import replace

__all__ = ["built_apps", "image_apps"]


def image_apps(source: Source, result: ParseResult) -> ParseResult:
    """``result`` of a Dockerfile that starts no engine itself, with the engines of the Python
    file its image runs."""
    found = _image_app(source.path, source.text)
    return replace(result, deployments=(*result.deployments, *found)) if found else result


def _image_app(path: str, text: str) -> list[Deployment]:
    found = image_command(Source.from_text(path, text))
    ran = python_file(found[0]) if found is not None else None
    if found is None or ran is None:
        return []
    argv, layout = found
    context = layout.context_path(ran[1])
    return [] if context is None else python_deployments(argv, path, (ran[0], context), {})


def built_apps(source: Source, result: ParseResult) -> ParseResult:
    """``result`` of a compose file with the deployments of the services it did not read whose
    built image runs a Python file of the repository."""
    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return result
    from toplint.parse.structured.compose import is_compose

    read = {d.name for d in result.deployments if d.path == source.path}
    found: list[Deployment] = []
    for doc in docs:
        services = doc.data["services"] if is_compose(doc.data) else {}
        for name, service in services.items():
            if str(name) not in read and isinstance(service, dict):
                found.extend(_service_app(source, doc, str(name), service))
    return replace(result, deployments=(*result.deployments, *found)) if found else result


def _service_app(
    source: Source, doc: Any, name: str, service: dict[str, Any]
) -> Collection[Deployment]:
    from toplint.parse.infer.scoping import dotenv_beside
    from toplint.parse.structured.compose import service_gpus
    from toplint.parse.structured.composebuild import build_of
    from toplint.parse.structured.composeimage import runs_image
    from toplint.parse.structured.composekeys import service_environment
    from toplint.parse.text.shellsrc import chained_deployment

    if not runs_image(service):
        return ()
    build = build_of(source.path, service)
    if build is None or build.text is None or build.target is not None:
        return ()
    path = shown_path(build.path)
    apps = _image_app(path, build.text)
    if not apps:
        return ()
    at: tuple[str | int, ...] = ("services", name)
    variables = dotenv_beside(source.path) if "$" in source.text else {}
    env = service_environment(doc, (*at, "environment"), service.get("environment"), variables)
    dep = chained_deployment(apps[0], (f"service `{name}`'s build ({path})",))
    dep = visible_gpus(dep, env, service_gpus(doc, at, service, env, variables))
    key = doc.key_position((*at, "build"))
    return (
        replace(
            dep,
            path=source.path,
            line=key.line,
            column=key.column,
            name=name,
            nodes=1,
            gpus=dep.gpus_per_node,
            source_kind="compose",
        ),
    )
