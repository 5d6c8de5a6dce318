"""Which engine a piece of a structured document is about, from what it writes.

Read from the engine records (``toplint.engines``), never from a list of platforms:

* a name: a key or identifier that contains an engine's name, title or launch command
  (``vllm_config``, ``VLLMAppEnvironment``, ``VLLMwithChatTemplate``, ``SGLangAppEnvironment``),
  or a scalar that is one (``type: vllm``, ``backend: sglang``);
* an image whose repository is a registered engine image, or names the engine in its last path
  segment (vendor rebuilds: ``nm-vllm-openai``, ``rocm/vllm``, ``tgi-gaudi``);
* a Python name imported from an engine's package (``from vllm import AsyncEngineArgs``); a
  call's name imported from a module no engine owns names none alone
  (``toplint.parse.generic.pyimports``);
* option vocabulary only one engine has (``gpu-memory-utilization`` is vLLM's alone).

Every answer carries the words that gave it, for provenance.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any

from toplint.engines.registry import (
    all_engines,
    get_spec,
    image_engine,
    launches_of,
    module_spec,
    tagged_image,
)
from toplint.engines.release import image_repository, image_tag
from toplint.engines.types import EngineSpec
from toplint.infra.patterns import lazy
from toplint.record import record


@record
class Evidence:
    engine: str  # Deployment.engine
    why: str  # "`type: vllm`", "image `lmsysorg/sglang:latest`", "`VLLMAppEnvironment`"


@cache
def names() -> tuple[tuple[str, str, bool], ...]:
    """(engine, lower-case name, substring-safe) for every registered engine: its name, its
    title, its ``python -m`` module roots.  Names under four letters, and an engine's name that
    is an everyday word (``Engine.common_word``), only match as words."""
    out: list[tuple[str, str, bool]] = []
    for engine in all_engines():
        words = {engine.name, engine.title.lower()}
        words.update(launch.words[0] for launch in engine.launches)
        for word in words:
            flat = re.sub(r"[^a-z0-9]", "", word.lower())
            if flat:
                out.append((engine.name, flat, len(flat) >= 4 and not engine.common_word))
    return tuple(sorted(out, key=lambda t: -len(t[1])))


def _words(text: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]


def named(text: object) -> str | None:
    """The engine an identifier or key names (``vllm_config`` -> vllm), if exactly one."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    return _named(text)


@lru_cache(maxsize=8192)  # the same keys recur in every file of a tree
def _named(text: str) -> str | None:
    flat = re.sub(r"[^a-z0-9]", "", text.lower())
    words = set(_words(text))
    hits = {e for e, name, sub in names() if (sub and name in flat) or name in words}
    return hits.pop() if len(hits) == 1 else None


def is_name(value: object) -> str | None:
    """The engine a scalar value is the name of (``vllm``, ``SGLang``, ``tensorrt-llm``)."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    flat = re.sub(r"[^a-z0-9]", "", value.lower())
    return next((e for e, name, _ in names() if flat == name), None)


_IMAGE_KEYS = ("image", "imageuri", "baseimage", "containerimage", "imagename", "dockerimage")


def image_key(key: object) -> bool:
    """A key that holds a container image reference (``image``, ``baseImage``, ``image_uri``)."""
    return re.sub(r"[-_./]", "", str(key)).lower() in _IMAGE_KEYS


def _image_mapping(value: object) -> str:
    """``image: {repository: vllm/vllm-openai, tag: v0.8.5}`` (the Helm values convention; a
    ``registry:`` before it) as one reference, else ""."""
    if not isinstance(value, Mapping):
        return ""
    repository = value.get("repository") or value.get("repo")
    if not isinstance(repository, str) or len(repository) > 200:
        return ""
    registry = value.get("registry")
    ref = f"{registry}/{repository}" if isinstance(registry, str) and registry else repository
    tag = value.get("tag")
    return f"{ref}:{tag}" if isinstance(tag, (str, int, float)) and str(tag) else ref


def image(value: object, *, keyed: bool = False) -> Evidence | None:
    """The engine a container image reference runs (a registered image or a rebuild of one).
    ``keyed``: the value sits under an image key, where a bare name is a reference too
    (``image: ikki-spark-vllm`` is ``docker.io/library/ikki-spark-vllm:latest``: Docker's
    reference grammar, distribution/reference ``reference.go``); elsewhere a word needs a ``/``
    or a tag to be one."""
    if not isinstance(value, str) or not (keyed or "/" in value or ":" in value):
        return None
    repository = image_repository(value.split("@", 1)[0])
    known = image_engine(repository) or tagged_image(repository, image_tag(value))
    if known is not None:
        return Evidence(known[0].name, f"image `{value}`")
    # The last path segment names what the image is; the ones before it name who publishes it
    # (``ghcr.io/vllm-project/semantic-router/extproc`` is a router by the vLLM project, no
    # build of vLLM: vllm-project/semantic-router@3d48f8c deploy/).
    last = repository.rsplit("/", 1)[-1]
    engine = named(last) or _rebuilt(last)
    return Evidence(engine, f"image `{value}`") if engine else None


def _rebuilt(name: str) -> str | None:
    """The engine one of whose registered images' names of several words this image's name
    holds whole: ``openeuler/text-generation-inference-cpu`` (opea-project/GenAIExamples
    @15b0d468 CodeGen/docker_compose/intel/cpu/xeon/compose_tgi_openeuler.yaml) is a build of
    ``huggingface/text-generation-inference``, which no engine name or title spells."""
    words = f"-{'-'.join(_words(name))}-"
    hits = {engine for engine, own in _image_names() if f"-{own}-" in words}
    return hits.pop() if len(hits) == 1 else None


@cache
def _image_names() -> tuple[tuple[str, str], ...]:
    """(engine, the words of a registered image's last path segment) for names of two words or
    more (``vllm-openai``, ``text-generation-inference``); one word (``release``) says nothing."""
    out = []
    for engine in all_engines():
        for img in engine.images:
            words = _words(img.repository.rsplit("/", 1)[-1])
            if len(words) >= 2:
                out.append((engine.name, "-".join(words)))
    return tuple(out)


def image_named(why: str) -> str:
    """The image reference an ``image`` evidence names (``image `opea/vllm-gaudi```), or ""."""
    return why[len("image `") :].split("`", 1)[0] if why.startswith("image `") else ""


# Keys of a package list (pip requirement specifiers): an engine among them is what runs.
_REQUIREMENT_KEYS = ("requirements", "pippackages", "pythonpackages", "pipinstall", "pip")
# An OpenAI-compatible API's base URL (``http://host:8000/v1``): what a client of a server (an
# eval, benchmark or proxy config) writes, whatever engine it names.  ``fullmatch`` a value,
# ``search`` a text.
API_BASE = lazy(r"https?://[^\s\"'/]+(?:/[^\s\"']*)?/v1\b/?")
# Keys naming the URL of a server to call, which no engine has as an option: an agent's
# ``llm_engine: vllm`` + ``model:`` beside ``llm_endpoint_url: ""`` (filled in at install) calls
# a vLLM server (opea-project/GenAIInfra@9200b371 helm-charts/agentqna/values.yaml), and was
# read as a vLLM deployment of Llama-3.3-70B on one GPU (TL205).
_CALLS_AT = ("endpointurl", "baseurl", "apibase")
# Keys that point at workloads run elsewhere: a router's or an autoscaler's settings name the
# engine of the pods they select (volcano-sh/kthena's ModelServer: `inferenceEngine: vLLM`,
# `model:` and `workloadSelector`), they do not run it.  ``worker_urls``: the servers SGLang's
# router balances over (sglang_router's ``RouterArgs.worker_urls``, ``--worker-urls``; no engine
# takes it), whose settings a reinforcement-learning framework builds beside its ``SglangRouter``
# class (alibaba/ROLL@8eb27cc roll/distributed/scheduler/router.py).
_POINTS_AT = ("workloadselector", "targetref", "backendref", "backendrefs", "workerurls")


def is_client(node: Mapping[Any, Any]) -> bool:
    """The mapping writes an OpenAI-compatible API's base URL (``API_BASE``), has a key for
    the URL of the server it calls whatever its value (``_CALLS_AT``), or selects the
    workloads it routes to (``_POINTS_AT``): a client's or a router's settings."""
    return any(
        (isinstance(v, str) and API_BASE.fullmatch(v) is not None)
        or (
            isinstance(k, str)
            and re.sub(r"[-_.]", "", k).lower().endswith((*_CALLS_AT, *_POINTS_AT))
        )
        for k, v in node.items()
    )


_PROJECT = lazy(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;@]|$)")


def requirement(items: object) -> Evidence | None:
    """The one engine a list of pip requirement specifiers installs (``vllm==0.5.1``,
    ``sglang[all]>=0.4``; PEP 508 names), if exactly one."""
    if not isinstance(items, list) or len(items) > 500:
        return None
    found: dict[str, str] = {}
    for item in items:
        m = _PROJECT.match(item) if isinstance(item, str) and len(item) < 200 else None
        engine = is_name(m.group(1)) if m else None
        if engine:
            found.setdefault(engine, item)
    if len(found) != 1:
        return None
    ((engine, item),) = found.items()
    return Evidence(engine, f"requirement `{item}`")


def of_mapping(node: Mapping[Any, Any], call: str = "") -> Evidence | None:
    """What a mapping says of its own engine: its call's name, a scalar naming an engine, an
    image, a requirement list installing one.  Nested values are not looked at (they are their
    own scopes)."""
    if call:
        engine = named(call.rsplit(".", 1)[-1])
        if engine:
            return Evidence(engine, f"`{call}`")
    for key, value in node.items():
        k = re.sub(r"[-_./]", "", str(key)).lower()
        if k in _REQUIREMENT_KEYS and isinstance(value, list):
            found = requirement(value)
            if found is not None:
                return found
            continue
        if k in _IMAGE_KEYS and not other_program(node.get("command")):
            found = image(value if isinstance(value, str) else _image_mapping(value))
            if found is not None:
                return found
        engine = selector(key, value) or module(value)
        if engine:
            return Evidence(engine, f"`{key}: {value}`")
    return None


def other_program(command: object) -> bool:
    """A command that starts a program named after an engine that is none of the engine's own
    commands: ``vllm-router`` is the router of vllm-project/router (pyproject.toml
    ``[project.scripts] vllm-router = "vllm_router.launch_router:main"``), not vLLM, whose
    command is ``vllm`` (vllm-project/vllm pyproject.toml ``vllm =
    "vllm.entrypoints.cli.main:main"``).  A Kubernetes container's ``command`` replaces its
    image's entrypoint, so the image no longer says what runs."""
    first = command[0] if isinstance(command, list) and command else command
    if not isinstance(first, str) or not first.strip():
        return False
    program = first.split()[0].rsplit("/", 1)[-1]
    if "." in program:  # a script (``vllm_start.sh``, ``serve_vllm.py``) may well start it
        return False
    return named(program) is not None and not launches_of(program)


def module(value: object) -> str | None:
    """The engine whose server module a value is, whole (``module:
    vllm.entrypoints.openai.api_server`` of a debugger's launch configuration: ``python -m``
    it).  Only an engine's own server (a wrapper's module reads another vocabulary)."""
    if not isinstance(value, str) or len(value) > 100:
        return None
    key = module_spec(value.strip())
    return key if key is not None and get_spec(key).engine_name == key else None


def selector(key: object, value: object) -> str | None:
    """The engine ``key: value`` selects (``type: vllm``, ``backend: sglang``).  The value of one
    of that engine's own options is a setting, not a choice of engine: ``api_key="vllm"`` of an
    OpenAI client (vLLM has ``--api-key``) or ``served_model_name: vllm`` select nothing."""
    engine = is_name(value) if not isinstance(value, bool) else None
    if engine is None or canonical(str(key), engine_specs()[engine]) is not None:
        return None
    return None if _labels(key) else engine


def _labels(key: object) -> bool:
    """A key that names a thing of its own rather than choosing what runs it: ``model_name``,
    ``model_title`` (a Triton BLS request to the model named ``tensorrt_llm``,
    ``pb_utils.InferenceRequest(model_name="tensorrt_llm", ...)``,
    triton-inference-server/tutorials@e848952 Popular_Models_Guide/Llava1.5), unless what it
    names is the engine itself (``engine_name``, ``backend_name``).  A bare ``name`` or
    ``title`` is left to ``chooses`` (it labels a mapping, and says so at info).  A
    ``namespace`` names where a Kubernetes object lives (``metadata.namespace: vllm`` of a
    PersistentVolumeClaim), never what runs."""
    k = re.sub(r"[-_./]", "", str(key)).lower()
    if k.endswith("namespace"):
        return True
    for tail in ("name", "title"):
        if k.endswith(tail) and len(k) > len(tail):
            return not k[: -len(tail)].endswith(_CHOOSING)
    return False


def chooses_by_key(key: str) -> bool:
    """A key whose name says its value chooses what runs (``infer_backend``, ``model-engine``)."""
    k = re.sub(r"[-_./]", "", key).lower()
    return k.endswith(_CHOOSING)


# Keys whose value chooses a deployment's engine (``format: vLLM``, ``engine: sglang``,
# ``backend``, ``runtime``, ``modelFormat``, ``serverType``): a key ending in one of these words.
_CHOOSING = ("type", "engine", "backend", "framework", "format", "runtime", "server")


def chooses(node: Mapping[Any, Any], engine: str) -> bool:
    """A key of ``node`` that chooses an engine names ``engine`` (``format: vLLM``); a name or
    title naming it (``title: vLLM``, ``name: vllm-7b``) only labels the mapping."""
    return any(
        re.sub(r"[-_./]", "", str(key)).lower().endswith(_CHOOSING)
        and selector(key, value) == engine
        for key, value in node.items()
    )


def by_vocabulary(keys: Iterable[str], specs: Mapping[str, EngineSpec]) -> Evidence | None:
    """The engine whose options these keys are when no other engine's are as many, and they are
    at least half of the keys: an engine's config file is its options, while a service's own
    settings share a few generic names with them (Milvus's ``minio:`` block writes ``port``,
    ``rootPath`` and ``logLevel`` among 16 keys, opea-project/GenAIExamples@15b0d468
    ChatQnA/docker_compose/intel/cpu/xeon/milvus.yaml)."""
    keys = list(keys)
    counts = {name: len(option_keys(keys, spec)) for name, spec in specs.items()}
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] == 0 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    name, n = ranked[0]
    if 2 * n < len(keys):
        return None
    return Evidence(name, f"{n} option name{'s' if n > 1 else ''} only {name} has as many of")


def canonical(key: str, spec: EngineSpec, short: bool = False) -> str | None:
    """The option a key spells in any of the usual ways (``tp-size``, ``tp_size``, ``tpSize``,
    ``--tp-size``, ``tensor_parallel_size``); long spellings only (``tp`` alone is no option
    name: a bare key that short could mean anything), unless ``short``: a keyword argument of
    the engine's own class (``TurbomindEngineConfig(tp=2)`` of LMDeploy, whose ``--tp`` it is)."""
    if not isinstance(key, str) or len(key) > 80:
        return None
    bare = key.lstrip("-")
    snake = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", bare).lower()
    longs = spec.long_options()
    for candidate in (bare, snake, snake.replace("_", "-"), snake.replace("-", "_")):
        hit = longs.get(candidate)
        if hit is not None and (len(candidate) > 2 or short):
            return hit
    return None


# Megatron-LM's spelling of a degree, ``<dimension>_model_parallel_size``, which RL frameworks
# keep for their rollout engine's: verl's RolloutConfig ``tensor_model_parallel_size`` is the
# vLLM server's ``tensor_parallel_size`` and ``pipeline_model_parallel_size`` its pipeline size
# (volcengine/verl@b178a3cd verl/workers/config/rollout.py,
# verl/workers/rollout/vllm_rollout/vllm_async_server.py ``"tensor_parallel_size":
# self.config.tensor_model_parallel_size``).  Read only inside a mapping that names its engine:
# alone, those keys are a training job's.
_MEGATRON = lazy(r"(tensor|pipeline)[-_]?model[-_]?parallel", re.IGNORECASE)


# Keys of a mapping that sizes the parallel dimensions by name (``parallelism: {tensor: 8,
# pipeline: 2}``: KServe's LLMInferenceService ``spec.parallelism``, a chart's
# ``tensorrtLLM.parallelism``): inside one, ``tensor`` is the engine's tensor-parallel size.
_PARALLELISM_KEYS = frozenset({"parallelism", "parallel", "parallelconfig", "parallelsizes"})


def option_keys(
    keys: Iterable[str],
    spec: EngineSpec,
    short: bool = False,
    within: object = None,
    scoped: bool = False,
) -> list[tuple[str, str]]:
    """(key, canonical option) for the keys that are ``spec``'s options; ``within``, the key of
    the mapping they are in: under a parallelism key (``_PARALLELISM_KEYS``) ``tensor``,
    ``pipeline``, ``data``, ``expert`` are the ``<dimension>_parallel_size`` options.
    ``scoped``: the keys are read inside a mapping that names its engine, where Megatron's
    spelling of a degree (``tensor_model_parallel_size``, ``_MEGATRON``) is the engine's."""
    sized = isinstance(within, str) and re.sub(r"[-_]", "", within.lower()) in _PARALLELISM_KEYS
    out = []
    for key in keys:
        hit = canonical(key, spec, short)
        if hit is None and sized and isinstance(key, str) and key.isalpha():
            hit = canonical(f"{key}_parallel_size", spec)
        if hit is None and scoped and isinstance(key, str) and _MEGATRON.search(key):
            hit = canonical(_MEGATRON.sub(lambda m: f"{m[1]}_parallel", key), spec)
        if hit is not None:
            out.append((key, hit))
    return out


def engine_specs() -> dict[str, EngineSpec]:
    """Each registered engine's own command-line vocabulary, by engine name."""
    return {e.name: e.cli for e in all_engines()}


def unguessed() -> frozenset[str]:
    """Engines whose options alone say nothing (``Engine.guessed_from_options`` false): read as
    options only inside something that names them."""
    return frozenset(e.name for e in all_engines() if not e.guessed_from_options)
