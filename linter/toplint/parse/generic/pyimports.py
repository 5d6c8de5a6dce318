"""Which engine a Python module's imported names belong to (issue 24, point 4), from the engine
records (``toplint.engines``): a name imported from an engine's package builds that engine
(``from vllm import AsyncEngineArgs``), one imported from a module no engine owns names none by
itself (``foreign``).  Read by ``toplint.parse.generic.pyparser`` and the scopes it searches;
other engine evidence is ``toplint.parse.generic.evidence``'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from toplint.engines.registry import get_engine
from toplint.parse.generic.evidence import is_name, names


def imported(modules: Mapping[str, str]) -> dict[str, str]:
    """Python names -> engine, for the names imported from an engine's package that build an
    engine or its configuration (``{"AsyncEngineArgs": "vllm.engine.arg_utils"}`` ->
    ``{"AsyncEngineArgs": "vllm"}``): its classes (CapWords, PEP 8's class names: ``LLM``,
    ``AsyncEngineArgs``, SGLang's ``Engine`` and ``ServerArgs``, LMDeploy's
    ``TurbomindEngineConfig``) and its one-word functions (LMDeploy's ``pipeline`` and
    ``serve``).  A snake_case helper is neither: ``get_tokenizer(path, trust_remote_code=True)``
    (Snowflake-Labs/snowflake-arctic@eadfba3b inference/llama3.1/benchmark_trace.py) or
    vllm-gaudi's ``async_h2d_copy(x, dtype=torch.int32)`` (vllm-project/vllm-gaudi@091bbadd
    vllm_gaudi/v1/worker/hpu_model_runner.py) were read as engine calls, their keywords as
    engine options: deployments naming no model."""
    out: dict[str, str] = {}
    for name, module in modules.items():
        engine = _package_engine(module.split(".")[0])
        callable_ = name[:1].isupper() or "_" not in name
        if engine is not None and callable_ and not _frontend(engine, module, name):
            out[name] = engine
    return out


def _frontend(engine: str, module: str, name: str = "") -> bool:
    """``module`` is the engine's request-serving front end (``Engine.frontend_modules``), or
    ``name`` one the package re-exports from it (``package:Name`` there): its classes wrap an
    engine built elsewhere (krickwix/rayserve-examples@fab2f722 llm.py
    ``BaseModelPath(name=MODEL_NAME, model_path=MODEL_NAME)`` and ``OpenAIServingChat(self.engine,
    …)`` beside ``AsyncLLMEngine.from_engine_args``: seven false deployments) or talk to a server
    (google-gemini/gemma-cookbook@80d3b16 ``set_default_backend(RuntimeEndpoint(
    "http://localhost:9000"))`` had read as a server of model ``http://localhost:9000``)."""
    prefixes = get_engine(engine).frontend_modules
    if f"{module}:{name}" in prefixes:
        return True
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def foreign(modules: Mapping[str, str]) -> frozenset[str]:
    """Imported names no engine owns: from no engine's package (``_package_engine``) or module
    (``flyteplugins.vllm``), and no engine's name whole (Metaflow's ``@vllm``, outerbounds/
    metaflow-vllm@19f8207f examples/hello/flow.py).  Its name alone names no engine: ``VLLMPool``
    of ``aurora_swarm`` is a client pool (raffenet/lcf-inference@babe698f
    examples/broadcast_aggregators.py:139; brettin/Aurora-Swarm@367f7691 vllm_pool.py:38)."""
    return frozenset(n for n, m in modules.items() if not is_name(n) and not _engine_module(m))


def _engine_module(module: str) -> bool:
    parts = module.split(".")
    return _package_engine(parts[0]) is not None or any(is_name(p) for p in parts[1:])


def _package_engine(root: str) -> str | None:
    """The engine whose package a top-level module is: the engine's own (``vllm``,
    ``tensorrt_llm``) or one of its family named after it (``vllm_ascend``); a package that only
    contains the name inside its own (``bentovllm_openai``, a wrapper library) is not."""
    low = root.lower()
    flat = re.sub(r"[^a-z0-9]", "", low)
    head = re.sub(r"[^a-z0-9]", "", low.split("_", 1)[0])
    hits = {e for e, name, _ in names() if name in (flat, head)}
    return hits.pop() if len(hits) == 1 else None
