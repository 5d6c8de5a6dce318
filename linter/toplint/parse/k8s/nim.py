"""NVIDIA NIM for LLMs: containers configured by environment variables, and the operator's
``NIMService`` (apps.nvidia.com/v1alpha1).

A NIM container (``nvcr.io/nim/<org>/<model>``, or the multi-LLM ``nvcr.io/nim/nvidia/llm-nim``
with ``NIM_MODEL_NAME``) picks a *profile* at start-up: backend (TensorRT-LLM, vLLM or SGLang),
precision and parallelism, filtered by ``NIM_TENSOR_PARALLEL_SIZE`` /
``NIM_PIPELINE_PARALLEL_SIZE``.  Which backend runs is stated only by ``NIM_USE_SGLANG=1`` or a
named ``NIM_MODEL_PROFILE`` (``vllm-…``, ``tensorrt_llm-…``, ``sglang-…``); otherwise it is
decided on the GPU, so toplint reads no deployment and says why (the engine, and with it the
all-reduce kernel and the flags of a fix, would be a guess).

``NIMService``: ``spec.image``, ``spec.env``, ``spec.resources`` and ``spec.nodeSelector`` make
the pod; ``spec.multiNode.parallelism`` {tensor, pipeline} becomes ``NIM_TENSOR_PARALLEL_SIZE``
/ ``NIM_PIPELINE_PARALLEL_SIZE`` and a LeaderWorkerSet of ``pipeline`` pods
(k8s-nim-operator api/apps/v1alpha1/nimservice_types.go ``getLWSCommonEnv``, ``GetLWSSize``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.engines.registry import all_engines, engine_running_in
from toplint.engines.types import Engine
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Finding
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import Source
from toplint.parse.invocation import Invocation
from toplint.parse.k8s.container import container_env, env_args
from toplint.parse.k8s.context import (
    Ctx,
    base_deployment,
    gpu_request,
    labelled,
    to_int,
    with_gpu,
)
from toplint.parse.options import Arg
from toplint.record import replace

REGISTRY = "nvcr.io/nim/"
_TP, _PP = "NIM_TENSOR_PARALLEL_SIZE", "NIM_PIPELINE_PARALLEL_SIZE"
# The utilities a NIM image runs instead of its server when named as the container's command or
# first argument ("Launch utilities by adding the utility name to the docker run command",
# docs.nvidia.com/nim/large-language-models/latest/utilities.html; the ``nim_*`` names are
# their entry points): a cache download or a profile listing serves nothing.
UTILITIES = frozenset(
    {
        "list-model-profiles",
        "nim_list_model_profiles",
        "download-to-cache",
        "nim_download_to_cache",
        "create-model-store",
        "nim_create_model_store",
        "nim-llm-check-cache-env",
        "nim-llm-set-cache-env",
    }
)


def is_nim_image(image: Any) -> bool:
    return isinstance(image, str) and image.startswith(REGISTRY)


def backend(env: Mapping[str, str | None]) -> Engine | None:
    """The engine a NIM container runs, when its environment states it."""

    if (env.get("NIM_USE_SGLANG") or "").strip().lower() in ("1", "true", "yes"):
        return engine_running_in("nim-sglang")
    profile = (env.get("NIM_MODEL_PROFILE") or "").lower().replace("_", "-")
    for engine in all_engines():
        for word in (engine.name, engine.title.lower()):
            if profile.startswith(word + "-"):
                return engine
    return None


def nim_container(
    ctx: Ctx,
    cpath: Path,
    base: Deployment,
    injected: Mapping[str, Arg] | None = None,
    image: tuple[str, Arg] | None = None,
) -> list[Deployment]:
    """The deployment of one NIM container at ``cpath`` (its ``env``/``image``/``resources``);
    ``injected``: variables an operator sets (positioned where the resource writes them);
    ``image``: the image text and its word when it is not the container's ``image`` string."""
    if _utility(ctx, cpath):
        return []  # a NIM utility, not the server: nothing is served, nothing to say
    given = {k: a.value for k, a in (injected or {}).items()}
    env = container_env(ctx, cpath, given)
    engine = backend(env)
    if engine is None:
        ctx.findings.append(_backend_unstated(ctx, cpath, image))
        return []
    positions = {**(injected or {}), **env_args(ctx, cpath, env)}
    args: list[Arg] = []
    for name, option in ((_TP, engine.layout.tp), (_PP, engine.layout.pp)):
        found = positions.get(name)
        if found is not None and option:
            args += [replace(found, value=option, raw=option), found]
    gpu = gpu_request(ctx, (*cpath, "resources"))
    here = with_gpu(base, gpu) if gpu else base
    if image is None:
        text = str(ctx.get((*cpath, "image"), ""))
        image = (text, Arg(text, text, ctx.scalar_pos((*cpath, "image")), (), "image"))
    text, start = image
    model = _model(positions.get("NIM_MODEL_NAME"), text, start)
    inv = Invocation(engine.cli.name, tuple(args), start, model=model, image=text)
    seed = replace(here, line=start.position.line, column=start.position.column)
    dep, findings = deployment_from_invocation(
        inv, ctx.path, source_kind=base.source_kind, base=seed
    )
    ctx.findings.extend(findings)
    note = f"NIM runs {engine.title} here (stated by its environment)"
    return [replace(dep, notes=(*dep.notes, note))]


def _utility(ctx: Ctx, cpath: Path) -> bool:
    """Whether the container runs one of the image's utilities (``UTILITIES``): the first word
    of its ``command``, else of its ``args``."""
    for key in ("command", "args"):
        words = ctx.get((*cpath, key))
        if isinstance(words, str):
            words = words.split()
        if isinstance(words, list) and words:
            return str(words[0]).rsplit("/", 1)[-1] in UTILITIES
    return False


def _backend_unstated(ctx: Ctx, cpath: Path, image: tuple[str, Arg] | None) -> Finding:
    """TL008 at the image: NIM picks its engine on the GPU, so the layout is not read."""
    from toplint.parse.mentions import no_deployment

    if image is None:
        text, pos = str(ctx.get((*cpath, "image"), "")), ctx.scalar_pos((*cpath, "image"))
    else:
        text, pos = image[0], image[1].position
    return no_deployment(
        ctx.path,
        pos.line,
        pos.column,
        f"the NIM image `{text}` picks its engine (TensorRT-LLM, vLLM or SGLang) and layout at "
        "start-up and nothing here states which: set `NIM_MODEL_PROFILE` to the profile you "
        "deploy (`vllm-…`, `tensorrt_llm-…`, `sglang-…`; `list-model-profiles` in the image "
        'lists them) or `NIM_USE_SGLANG: "1"`, with `NIM_TENSOR_PARALLEL_SIZE`',
        anchor=f"mention:{text}",
    )


# A NIM image written anywhere: the registry, an organisation and an image name (a values file of
# a chart that is not beside it: ``repository: nvcr.io/nim/nvidia/llama-3.1-nemotron-nano-8b-v1``).
# A NIM image as a file writes it: ``nvcr.io/nim/ORG/NAME``, or with its path in variables
# (``nvcr.io/nim/${Repository}:${LatestTag}``, schuettc/ec2-nim-deployment@662953ac
# ec2-stack.yaml:193, a CloudFormation UserData's ``!Sub``).
_NIM_IMAGE = lazy(
    r"(?<![\w./-])nvcr\.io/nim/(?:[\w.-]+/[\w.-]+|[\w./-]*\$\{?\w+\}?(?:[\w./:-]|\$\{?\w+\}?)*)"
)


def _command_start(text: str, at: int) -> int:
    """Where the shell command holding ``at`` starts: its line, and the lines before it that
    end in a continuation (a few at most)."""
    from toplint.parse.textpos import continues_to

    start = text.rfind("\n", 0, at) + 1
    for _ in range(20):
        if not continues_to(text, start):
            break
        start = text.rfind("\n", 0, start - 1) + 1
    return start


# ``docker run`` / ``podman run`` / ``nerdctl run`` earlier in the image's command.
_RUN_LINE = lazy(r"\b(?:docker|podman|nerdctl)\s+(?:container\s+)?run\b")


_UTILITY_WORD = lazy(
    r"(?<![\w-])(?:" + "|".join(sorted(UTILITIES, key=len, reverse=True)) + r")(?![\w-])"
)


def nim_mention(source: Source) -> Finding | None:
    """TL008 at the first NIM image a file names outside a comment when no reader took a
    deployment from it (a chart's values whose chart is not in the linted tree: NVIDIA/
    nim-deploy@3c6bcbd cloud-service-providers/aws/blueprints/rag-blueprint-eks/helm/
    values.yaml): a NIM serves, on an engine it picks at start-up, and nothing here was read."""
    from toplint.parse.mentions import no_deployment
    from toplint.parse.textpos import after_comment_mark, point_of

    text = source.text
    if REGISTRY not in text or _UTILITY_WORD.search(text):
        return None  # no NIM, or a file that runs one of its utilities: nothing is served
    for match in _NIM_IMAGE.finditer(text):
        if after_comment_mark(text, match.start()):
            continue  # a comment names it: nothing runs it
        line, column = point_of(text, match.start())
        lacking = (
            "no container or NIMService toplint reads (a chart's values are read with the "
            "chart's templates beside them)"
        )
        if _RUN_LINE.search(text, _command_start(text, match.start()), match.start()):
            lacking = "toplint does not read a NIM that a container runtime's `run` starts"
        why = (
            f"names the NIM image `{match.group()}`, which picks its engine (TensorRT-LLM, vLLM "
            f"or SGLang) at start-up, but yields no deployment: {lacking}"
        )
        return no_deployment(source.path, line, column, why, anchor=f"mention:{match.group()}")
    return None


def _model(named: Arg | None, image: str, start: Arg) -> Arg | None:
    """``NIM_MODEL_NAME`` (``hf://org/name`` -> ``org/name``), else the image's model."""
    if named is not None and named.value:
        value = named.value.split("://", 1)[1] if "://" in named.value else named.value
        return replace(named, value=value)
    if is_nim_image(image):
        repo = image[len(REGISTRY) :].split("@", 1)[0].split(":", 1)[0]
        if repo.count("/") == 1 and not repo.endswith("/llm-nim"):
            return replace(start, value=repo)
    return None


def nim_service(ctx: Ctx) -> list[Deployment]:
    spec: Path = ("spec",)
    base = base_deployment(ctx, "nimservice")
    base = labelled(ctx, base, spec)
    image = ctx.get((*spec, "image"))
    if isinstance(image, dict):
        repo, tag = image.get("repository"), image.get("tag")
        text = f"{repo}:{tag}" if tag else str(repo)
        word = Arg(text, text, ctx.scalar_pos((*spec, "image", "repository")), (), "image")
    else:
        text = str(image or "")
        word = Arg(text, text, ctx.scalar_pos((*spec, "image")), (), "image")
    par: Path = (*spec, "multiNode", "parallelism")
    pipeline = ctx.get((*par, "pipeline"))
    injected: dict[str, Arg] = {}
    for name, key in ((_TP, "tensor"), (_PP, "pipeline")):
        value = ctx.get((*par, key))
        if value is not None:
            at: Path = (*par, key)
            injected[name] = Arg(str(value), str(value), ctx.pos(at), (), "multiNode." + key)
    deps = nim_container(ctx, spec, base, injected, (text, word))
    nodes = to_int(pipeline) if pipeline is not None else 1
    replicas = ctx.count((*spec, "replicas"), 1) or 1
    where = ctx.pos((*par, "pipeline")) if pipeline is not None else base.position_of("")
    out = []
    for dep in deps:
        gpus = None if dep.gpus_per_node is None or nodes is None else dep.gpus_per_node * nodes
        out.append(
            replace(
                dep,
                nodes=nodes,
                gpus=gpus,
                replicas=replicas,
                pods_are_nodes=True if nodes == 1 else None,
                sources={**dep.sources, "nodes": where},
            )
        )
    return out


KINDS = {"NIMService": nim_service}
