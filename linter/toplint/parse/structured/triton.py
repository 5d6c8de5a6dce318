"""Triton Inference Server backends that run a serving engine: a model of a model repository
whose ``config.pbtxt`` names such a backend (``backend: "NAME"``, ``Engine.triton_backend``)
starts that engine with the engine arguments of ``model.json`` in its version folder
(``<repository>/<model>/<version>/model.json``).

The vLLM backend (triton-inference-server/vllm_backend@00ea75bc src/model.py) reads that file
from ``pb_utils.get_model_dir()`` and hands it to ``AsyncEngineArgs(**config)``: its keys are the
engine's arguments in their Python spelling (``tensor_parallel_size``,
``gpu_memory_utilization``), read here as an options file is read
(``toplint.parse.enginecfg.config_flags``), at their lines.  The GPUs come from the model's
``instance_group`` (``_validate_device_config``): ``KIND_GPU`` instances each hold one GPU (the
backend refuses ``KIND_GPU`` for TP × PP above one: "KIND_GPU is currently for single-GPU
models, please specify KIND_MODEL", recorded as ``options["triton.instance_kind"]`` for TL213);
a ``KIND_MODEL`` instance sees the GPUs its ``GPU_DEVICE_IDS`` parameter lists (as
``CUDA_VISIBLE_DEVICES``), else every GPU of the host.  A ``model.json`` whose ``config.pbtxt``
cannot be read, or names a backend no engine runs, is left to the other readers.
"""

from __future__ import annotations

import re

from toplint.engines.registry import get_spec, triton_engine
from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused, read_reference, shown_path
from toplint.model import Deployment, ParseResult, Position
from toplint.parse.base import Source
from toplint.parse.enginecfg import config_flags, visible_gpus
from toplint.parse.flagfields import apply_flags
from toplint.parse.options import Arg
from toplint.parse.textpos import point_of
from toplint.record import replace

_CONFIG = "../config.pbtxt"
_MAX_CONFIG_BYTES = 256 * 1024  # a model configuration is a few KB
_BACKEND = lazy(r'^\s*backend\s*:\s*"([A-Za-z0-9_.-]+)"\s*$', re.M)
_KIND = lazy(r"\bkind\s*:\s*(KIND_GPU|KIND_MODEL|KIND_CPU|KIND_AUTO)\b")
_DEVICE_IDS = lazy(
    r'key\s*:\s*"GPU_DEVICE_IDS"\s*value\s*:?\s*\{\s*string_value\s*:\s*"([^"]*)"', re.S
)


class TritonModelParser:
    name = "triton-model"

    def accepts(self, source: Source) -> bool:
        return source.name == "model.json"

    def parse(self, source: Source) -> ParseResult:
        try:
            full, config = read_reference(source.path, _CONFIG, _MAX_CONFIG_BYTES)
        except (ReadRefused, OSError):
            return ParseResult(source.path, (), ())
        config_path = shown_path(full)
        backend = _BACKEND.search(config)
        engine = triton_engine(backend.group(1)) if backend is not None else None
        if engine is None:
            return ParseResult(source.path, (), ())
        spec = get_spec(engine.name)
        try:
            flags, findings = config_flags(spec, source.path, source.text)
        except SourceError:
            return ParseResult(source.path, (), ())  # the JSON reader says what is wrong
        base = Deployment(
            source.path, 1, 1, engine=engine.name, model=None, nodes=1, source_kind="triton"
        )
        dep = apply_flags(base, flags, spec)
        dep = _instances(dep, config_path, config)
        return ParseResult(source.path, (dep,), tuple(findings))


def _instances(dep: Deployment, path: str, config: str) -> Deployment:
    """The GPUs the model's instance group gives the engine, and its instance kind."""
    kind = _KIND.search(config)
    options = dict(dep.options)
    sources = dict(dep.sources)
    if kind is not None:
        options["triton.instance_kind"] = kind.group(1)
        sources["triton.instance_kind"] = _position(path, config, kind.start(1))
    dep = replace(dep, options=options, sources=sources)
    ids = _DEVICE_IDS.search(config)
    if kind is not None and kind.group(1) == "KIND_MODEL" and ids is not None:
        at = _position(path, config, ids.start(1))
        listed = ids.group(1).replace(" ", "")
        env = {"CUDA_VISIBLE_DEVICES": Arg(listed, listed, at)}
        return visible_gpus(dep, env)
    if kind is not None and kind.group(1) == "KIND_GPU" and (dep.tp or 1) * (dep.pp or 1) == 1:
        # one GPU an instance (a model on more than one is refused: TL213, not a GPU count)
        one = Arg("1", kind.group(1), sources["triton.instance_kind"])
        return visible_gpus(dep, {}, one)
    return dep


def _position(path: str, text: str, offset: int) -> Position:
    return Position(path, *point_of(text, offset))
