"""The one registry of serving engines: built-ins and those of ``toplint_engines`` plugins.

``get_engine(name)`` is how the rest of toplint learns anything engine-specific; an engine that
is not registered is an error (``UnknownEngine``), never a silent vLLM fallback.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.engines import atom, lmdeploy, sglang, tgi, trtllm, vllm
from toplint.engines.built import BuildPipeline
from toplint.engines.types import EP_LAYOUTS, WIRE, Engine, EngineSpec, Image, Launch
from toplint.errors import ConfigError
from toplint.model import DIMENSIONS
from toplint.plugins import call_hook

__all__ = [
    "UnknownEngine",
    "all_engines",
    "build_pipeline",
    "build_pipelines",
    "engine_running_in",
    "get_engine",
    "get_spec",
    "image_engine",
    "image_record",
    "launches_of",
    "module_spec",
    "specs",
]


# Kernel families of a default tensor-parallel all-reduce (``Engine.allreduce``), resolved by
# the cost model (``toplint.cost.kernels``).  An id names a kernel, not an engine.
ALLREDUCE_FAMILIES = frozenset(
    {"vllm-custom", "sglang-custom", "trtllm-custom", "lmdeploy-custom", "aiter-custom", "nccl"}
)

# What Engine.ep_layout and Engine.dimensions may say (placement reads them; typed as
# ``EpLayout`` and ``Dimension``, checked here for plugin engines built without mypy).
_EP_LAYOUTS = frozenset(EP_LAYOUTS)
_DIMENSIONS = frozenset(DIMENSIONS)

# The engine `toplint plan` plans for without --engine, and that rule cases without an
# `engine:` run (never a fallback for a deployment whose engine is unknown).
EXAMPLE_ENGINE = "vllm"


def toplint_engines() -> list[Engine]:
    """The built-in engines (this module is a built-in plugin: ``BUILTIN_PLUGINS``)."""

    return [vllm.ENGINE, sglang.ENGINE, trtllm.ENGINE, tgi.ENGINE, lmdeploy.ENGINE, atom.ENGINE]


class UnknownEngine(ConfigError):
    """A name no registered engine (built-in or plugin) answers to."""


class _Table:
    """Every lookup the parsers and rules make, built once from the registered engines."""

    def __init__(self, engines: Sequence[Engine]) -> None:
        self.engines: dict[str, Engine] = {}
        self.specs: dict[str, EngineSpec] = {}
        self.modules: dict[str, str] = {}
        self.cli_modules: dict[str, str] = {}  # console script run as a module -> its program
        self.images: dict[str, tuple[Engine, Image]] = {}
        self.image_names: dict[str, list[tuple[Engine, Image]]] = {}
        self.versioned: list[tuple[str, Engine, Image]] = []
        self.tagged: list[tuple[Engine, Image]] = []
        self.runs_in: dict[str, Engine] = {}
        for engine in engines:
            self._add(engine)
        # longest command first: `trtllm-serve serve` before `trtllm-serve`
        ordered = sorted(
            (
                launch
                for e in self.engines.values()
                for launch in (*e.launches, *e.platform_launches)
            ),
            key=lambda launch: -len(launch.words),
        )
        # by program (a launch's first word): the lexer asks this of every token
        self.launches_by_program: dict[str, list[Launch]] = {}
        for launch in ordered:
            self.launches_by_program.setdefault(launch.words[0], []).append(launch)

    def _add(self, engine: Engine) -> None:
        if not isinstance(engine, Engine):
            raise ConfigError(f"toplint_engines returned {engine!r}, not a toplint Engine")
        if engine.name in self.engines:
            raise ConfigError(f"engine {engine.name!r} is registered twice")
        for family in (engine.allreduce, *engine.allreduce_options.values()):
            if family not in ALLREDUCE_FAMILIES:
                known = ", ".join(sorted(ALLREDUCE_FAMILIES))
                raise ConfigError(
                    f"engine {engine.name!r}: allreduce {family!r} is not one of {known}"
                )
        a2a = engine.all_to_all
        if a2a is not None and not set(a2a.backends.values()) <= set(WIRE):
            wrong = sorted(set(a2a.backends.values()) - set(WIRE))
            raise ConfigError(
                f"engine {engine.name!r}: all-to-all wire model {', '.join(wrong)} is not one of "
                + ", ".join(WIRE)
            )
        if engine.ep_layout not in _EP_LAYOUTS:
            raise ConfigError(
                f"engine {engine.name!r}: ep_layout {engine.ep_layout!r} is not one of "
                + ", ".join(sorted(_EP_LAYOUTS))
            )
        if not engine.dimensions <= _DIMENSIONS or "tp" not in engine.dimensions:
            raise ConfigError(
                f"engine {engine.name!r}: dimensions {sorted(engine.dimensions)} must include "
                "tp and be among tp, pp, dp, ep"
            )
        if engine.cli.name != engine.name:
            raise ConfigError(f"engine {engine.name!r}: its cli is named {engine.cli.name!r}")
        self.engines[engine.name] = engine
        for spec in engine.specs():
            if spec.name in self.specs:
                raise ConfigError(f"engine vocabulary {spec.name!r} is registered twice")
            self.specs[spec.name] = spec
        self.modules.update(engine.modules)
        for module in engine.cli_modules:
            self.cli_modules[module] = engine.launches[0].words[0]
        for image in engine.images:
            if image.tag_flavour:  # only a tag names it (``tagged_image``)
                self.tagged.append((engine, image))
                continue
            self.images[image.repository] = (engine, image)
            last = image.repository.rsplit("/", 1)[-1]
            self.image_names.setdefault(last, []).append((engine, image))
            if image.versioned_name:
                self.versioned.append((image.repository, engine, image))
        for kind in engine.runs_in:
            self.runs_in[kind] = engine


_table: _Table | None = None
_generation = 0


def _get() -> _Table:
    global _table
    if _table is None:
        _table = _Table(
            [engine for group in reversed(call_hook("toplint_engines")) for engine in group]
        )
    return _table


def reset() -> None:
    """Forget the table (tests that register a plugin engine); what was derived from it is
    keyed by ``generation``, so it is not reused."""
    global _table, _generation
    _table = None
    _generation += 1


def generation() -> int:
    """How many times the table was reset: a key for answers derived from it."""
    return _generation


def all_engines() -> tuple[Engine, ...]:
    """Every registered engine, built-ins first."""
    return tuple(_get().engines.values())


def get_engine(name: str) -> Engine:
    """The engine a deployment runs (``Deployment.engine``); unknown names are errors."""
    engine = (_table or _get()).engines.get(name)
    if engine is None:
        known = ", ".join(sorted(_get().engines))
        raise UnknownEngine(f"no engine named {name!r} is registered (known: {known})")
    return engine


def find_engine(name: str) -> Engine | None:
    """``get_engine`` for callers that report an unknown name themselves."""
    return _get().engines.get(name)


def get_spec(key: str) -> EngineSpec:
    """A command-line vocabulary by key (an engine's own, or a wrapper's: "dynamo-vllm")."""
    spec = _get().specs.get(key)
    if spec is None:
        raise UnknownEngine(f"no engine vocabulary named {key!r} is registered")
    return spec


def specs() -> dict[str, EngineSpec]:
    """Every vocabulary by key."""
    return dict(_get().specs)


def launches_of(program: str) -> Sequence[Launch]:
    """The launches whose first word is ``program``, longest first (usually none)."""
    return _get().launches_by_program.get(program, ())


def module_spec(module: str) -> str | None:
    """The vocabulary a ``python -m MODULE`` reads its arguments with, if it starts an engine."""
    return _get().modules.get(module)


def cli_program(module: str) -> str | None:
    """The program a module is the console script of (``vllm.entrypoints.cli.main`` ->
    ``vllm``), if an engine declares it (``Engine.cli_modules``)."""
    return _get().cli_modules.get(module)


def cli_modules() -> tuple[str, ...]:
    """Every engine's console-script modules."""
    return tuple(_get().cli_modules)


def image_engine(repository: str) -> tuple[Engine, tuple[str, ...]] | None:
    """(engine, entrypoint words) of an image repository (registry and tag stripped).

    A mirror or rebuild keeps the image's last path segment (``mirror/vllm-openai``): that
    matches too when exactly one registered image has it.
    """
    hit = image_record(repository)
    return (hit[0], hit[1].entrypoint) if hit is not None else None


def tagged_image(repository: str, tag: str) -> tuple[Engine, Image] | None:
    """(engine, image record) of a server image whose tag names the engine's flavour
    (``Image.tag_flavour``: ``tritonserver:25.12-trtllm-python-py3``); its repository alone
    names none (``tritonserver:25.12-py3`` runs no TensorRT-LLM)."""
    words = set(tag.lower().replace(".", "-").replace("_", "-").split("-"))
    last = repository.rsplit("/", 1)[-1]
    for engine, image in _get().tagged:
        if image.tag_flavour in words and last == image.repository.rsplit("/", 1)[-1]:
            return engine, image
    return None


def triton_engine(backend: str) -> Engine | None:
    """The engine a Triton Inference Server backend of that name runs
    (``Engine.triton_backend``)."""
    return next((e for e in all_engines() if backend and e.triton_backend == backend), None)


def image_record(repository: str) -> tuple[Engine, Image] | None:
    """(engine, image record) of an image repository, matched as ``image_engine`` says."""
    table = _get()
    hit = table.images.get(repository)
    if hit is not None:
        return hit
    by_name = table.image_names.get(repository.rsplit("/", 1)[-1], [])
    if len(by_name) == 1:
        return by_name[0]
    for prefix, engine, image in table.versioned:
        rest = repository[len(prefix) :] if repository.startswith(prefix) else ""
        if rest[:1] in ("-", "."):
            return engine, image
    return None


def engine_running_in(kind: str) -> Engine:
    """The engine a format always runs (``Engine.runs_in``: "helm-production-stack" ...)."""
    engine = _get().runs_in.get(kind)
    if engine is None:
        raise UnknownEngine(f"no registered engine runs in {kind!r}")
    return engine


# Engines that serve ahead-of-time-built engines, by name: their offline pipelines
# (``toplint.engines.built``).
_BUILT = {trtllm.ENGINE.name: trtllm.BUILD}


def build_pipeline(name: str) -> BuildPipeline | None:
    """The offline pipeline that fixes engine ``name``'s layout before it serves; None for an
    engine that lays itself out when it starts."""
    return _BUILT.get(name)


def build_pipelines() -> tuple[BuildPipeline, ...]:
    """Every engine's offline pipeline (``build_pipeline``)."""
    return tuple(_BUILT.values())
