"""Where a tree configures an engine: its engine scopes (issue 24, points 1, 2 and 7).

A tree (a YAML/JSON document, or a Python file read by ``toplint.parse.generic.pytree``) is
searched for deployments nobody described to toplint:

* an **options mapping**: a mapping whose keys are one engine's options in any spelling
  (``tensor_parallel_size``, ``tp-size``, ``tpSize``, ``--tp-size``), with a layout option or at
  least three options;
* an **engine scope**: a mapping that names its engine itself (``type: vllm``, a call to
  ``VLLMAppEnvironment``, an engine image, a key such as ``vllm_config``) and holds options,
  flags or a model;
* **flags** under any key of such a scope (``extra_args: ["--tp", "4"]``, ``args: "--tp 4"``).

Each options mapping belongs to the nearest engine scope above it; one without a scope takes
its engine from the nearest mapping above that names one, then from the file (an engine
import), then from vocabulary only one engine has.  Sibling scopes of one engine written in
parts of one record are one scope.  What each scope deploys is read by
``toplint.parse.generic.data``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toplint.parse.generic import evidence as ev
from toplint.parse.generic.models import find_model, leading_model
from toplint.parse.generic.scope import (
    Scope,
    engine_call,
    flag_list,
    imported_call,
    placeholder_args,
)
from toplint.parse.generic.tree import CALL, Path, is_ref, scalar_keys
from toplint.parse.generic.treewalk import mappings
from toplint.parse.infer import resources as rs
from toplint.record import replace

_LAYOUT_FIELDS = frozenset({"tp", "pp", "dp", "ep", "dp_local", "ep_enabled", "nodes"})


def find(
    data: Any,
    specs: Mapping[str, Any],
    file_evidence: ev.Evidence | None,
    calls: Mapping[str, str],
    root_evidence: ev.Evidence | None = None,
    commands: Sequence[tuple[Path, str]] = (),
    foreign: frozenset[str] = frozenset(),
) -> list[Scope]:
    """The engine scopes of a tree's ``data``, in the order of where they sit.  ``calls``: call
    names -> engine; ``file_evidence``, ``root_evidence``, ``commands`` and ``foreign`` as
    ``toplint.parse.generic.data.read`` takes them (a scope building one of ``commands`` is
    that command's, not a second deployment)."""
    nodes = list(mappings(data))
    found = _scopes(nodes, specs, file_evidence, calls, root_evidence, foreign)
    return _without_launchers(found, nodes, calls, commands, foreign) if commands else found


def _without_launchers(
    scopes: Sequence[Scope],
    nodes: Sequence[tuple[Path, dict[Any, Any]]],
    calls: Mapping[str, str],
    commands: Sequence[tuple[Path, str]],
    foreign: frozenset[str],
) -> list[Scope]:
    """The scopes that do not build a command already read: a scope whose engine is named by
    itself or by the mapping above it that holds an argument vector of that engine (the class
    ``SGlangEngine`` whose ``__init__`` keeps the host and port and whose ``start_server`` runs
    the command) describes the process that command starts."""
    named = {at for at, node in nodes if _own(at, node, calls, foreign) is not None}

    def namer(at: Path) -> Path | None:
        return next((at[:n] for n in range(len(at), 0, -1) if at[:n] in named), None)

    kept: list[Scope] = []
    for scope in scopes:
        root = namer(scope.at)
        builds = root is not None and any(
            engine == scope.engine and len(c) > len(root) and c[: len(root)] == root
            for c, engine in commands
        )
        if not builds:
            kept.append(scope)
    return kept


def _own(
    at: Path, node: Mapping[Any, Any], calls: Mapping[str, str], foreign: frozenset[str]
) -> ev.Evidence | None:
    if ev.is_client(node):
        return None  # ``backend: vllm`` beside ``base_url: http://h:8000/v1`` calls a server
    call = node.get(CALL, "")
    call = call if isinstance(call, str) else ""
    imported = imported_call(call, calls)
    if imported is not None:
        return ev.Evidence(imported, f"`{call}`")
    engine = ev.named(call.rsplit(".", 1)[-1]) if call.split(".", 1)[0] in foreign else None
    if engine is None:
        return ev.of_mapping(node, call) or _by_name(at, node) or _flags_key(node)
    # A name containing an engine's, imported from a module no engine owns (``pyimports.foreign``),
    # names it only beside that engine's options (``_is_options``), its own or a mapping's it is
    # given (Ray Data's ``vLLMEngineProcessorConfig(engine_kwargs=dict(...))``): ``pool =
    # VLLMPool(endpoints, model=..., timeout=...)`` is a client's.  What it writes still counts.
    found = ev.of_mapping({k: v for k, v in node.items() if k != CALL})
    if found is not None:
        return found
    spec = ev.engine_specs()[engine]
    given = (v for v in node.values() if isinstance(v, dict))
    if _is_options(node, spec) or any(_is_options(v, spec) for v in given):
        return ev.Evidence(engine, f"`{call}`")
    return None


def _by_name(at: Path, node: Mapping[Any, Any]) -> ev.Evidence | None:
    """The engine a class named as a value, or the key the mapping sits under, names."""
    for key, value in node.items():  # ``type=VLLMwithChatTemplate``: a class named as a value
        # (CapWords, PEP 8's class names): ``model=sglang_model``, a variable holding a client
        # an agent calls, names none (camel-ai/camel@13dc7a7 examples/models/*_model_example.py)
        if is_ref(value) and _class_name(str(value.text)):
            engine = ev.named(value.text)
            if engine:
                return ev.Evidence(engine, f"`{key}={value.text}`")
    if at and isinstance(at[-1], str):
        engine = ev.named(at[-1])
        return ev.Evidence(engine, f"`{at[-1]}`") if engine else None
    return None


def _flags_key(node: Mapping[Any, Any]) -> ev.Evidence | None:
    """The engine a key of the mapping names when it holds a list of that engine's flags: an
    operator's ``vllmArgs: ["--max-model-len", "8192"]`` beside the model and GPU count it runs
    them with (nebari-dev/llm-serving-pack@50253626 examples/models/*.yaml,
    ``spec.serving.vllmArgs``).  A string of flags (Terraform's ``vllm_args = "--tp 4"``) is
    spliced into a command elsewhere, which its own reader renders (``hcltemplate``)."""
    for key, value in node.items():
        engine = ev.named(key) if isinstance(key, str) and isinstance(value, list) else None
        if engine and flag_list(value, ev.engine_specs()[engine]) is not None:
            return ev.Evidence(engine, f"`{key}`")
    return None


def _class_name(text: str) -> bool:
    """``text`` is an identifier spelt as a class is (PEP 8: CapWords)."""
    return text.isidentifier() and text[:1].isupper()


def _is_options(
    node: Mapping[Any, Any], spec: Any, short: bool = False, within: object = None
) -> bool:
    hits = ev.option_keys(scalar_keys(node), spec, short, within)
    valued = _valued(node, spec, hits)
    return len(hits) >= 3 or any(spec.fields.get(c) in _LAYOUT_FIELDS for _, c in valued)


def _valued(
    node: Mapping[Any, Any], spec: Any, hits: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The hits whose value the option could take: ``True``/``False`` for an option that takes
    a value is a switch of something else (``RMSNorm(..., tp=True)`` in an engine's own model
    code, InternLM/lmdeploy@1263d5cd), not one option naming the engine."""
    return [(k, c) for k, c in hits if not (isinstance(node.get(k), bool) and spec.options.get(c))]


def _scopes(
    nodes: Sequence[tuple[Path, dict[Any, Any]]],
    specs: Mapping[str, Any],
    file_evidence: ev.Evidence | None,
    calls: Mapping[str, str],
    root_evidence: ev.Evidence | None,
    foreign: frozenset[str],
) -> list[Scope]:
    own = {at: _own(at, node, calls, foreign) for at, node in nodes}
    if root_evidence is not None and () in own and own[()] is None:
        own[()] = root_evidence
    scopes: dict[Path, Scope] = {}
    root = dict(nodes).get(())
    for at, node in nodes:  # parents before children (pre-order)
        found = own[at]
        inside = found is not None and any(
            at[: len(s)] == s and scopes[s].engine == found.engine for s in scopes
        )
        short = engine_call(node, calls) == (found.engine if found else None)
        content = _has_content(node, specs[found.engine], short) if found is not None else None
        if content == "bare":  # only a key that chooses the engine (``format: vLLM``) says so
            content = "weak" if found is not None and ev.chooses(node, found.engine) else ""
        if found is not None and not inside and content:
            scopes[at] = Scope(at, found.engine, found.why, (at,), weak=content == "weak")
    # an engine whose options are spelled as another's counts only where something names it
    named = {s.engine for s in scopes.values()}
    named |= {e.engine for e in (file_evidence, root_evidence) if e is not None}
    unnamed = ev.unguessed() - named
    for at, node in nodes:
        if ev.is_client(node):
            continue  # a router's settings (``host``, ``port``, ``worker_urls``) run no engine
        own_call = engine_call(node, calls)
        key = at[-1] if at else None
        engines = [
            n
            for n, spec in specs.items()
            if (n not in unnamed or own_call == n) and _is_options(node, spec, own_call == n, key)
        ]
        if not engines:
            # a flag list below a scope of its engine (a chart's `model: {uri, args: [...]}`)
            held = [
                n
                for n, s in specs.items()
                if scopes and at and any(flag_list(v, s) for v in node.values())
            ]
            outer = _nearest_scope(at, scopes, held) if held else None
            if outer is not None and at not in scopes[outer].owned:
                scopes[outer] = replace(scopes[outer], owned=(*scopes[outer].owned, at))
            continue
        outer = _nearest_scope(at, scopes, engines)
        if outer is not None:
            if at not in scopes[outer].owned:
                scopes[outer] = replace(scopes[outer], owned=(*scopes[outer].owned, at))
            continue
        found = _above(at, own, engines) or file_evidence
        if found is None and at and not _stage_of_command(at, root):
            # A document that is only one engine's options is that engine's config file (TRT-LLM's
            # --extra_llm_api_options, vLLM's --config): read through the command naming it.
            # Not where the file names another engine: a module importing only TensorRT-LLM
            # builds its ``LoraConfig(max_lora_rank=8, max_loras=4, max_cpu_loras=8)``, option
            # names vLLM has too (triton-inference-server/server@e1db8a6
            # qa/L0_openai/generate_engine.py was a vLLM deployment).
            found = ev.by_vocabulary(scalar_keys(node), {e: specs[e] for e in engines})
        elif found is not None and found.engine not in engines:
            found = None
        if found is not None and not any(at[: len(s)] == s for s in scopes):
            scopes[at] = Scope(at, found.engine, found.why, (at,))
    naming = {at for at, s in scopes.items() if (e := own.get(at)) is not None and s.why == e.why}
    merged = _siblings_merged(scopes, dict(nodes), specs, naming)
    return sorted(merged.values(), key=lambda s: s.at)


def _stage_of_command(at: Path, root: Mapping[Any, Any] | None) -> bool:
    """``at`` is in a stage of a multi-stage engine's stage config, read like an engine's
    config file through the command naming it.  vLLM-Omni splits one model into stages, each
    an engine, listed under ``stage_args`` (``stage_id``, ``runtime.devices``,
    ``engine_args``) or ``stages`` (``stage_id``, ``devices`` and the engine's options): the
    file names no model, ``vllm serve MODEL --omni --stage-configs-path FILE`` does
    (vllm-project/vllm-omni@be81443c docs/configuration/stage_configs.md; bundled per model
    under vllm_omni/model_executor/stage_configs/, later vllm_omni/deploy/, and loaded by the
    model's architecture).  Read apart, each stage was a vLLM deployment naming no model
    (TL007 at every stage of vllm-project/vllm-omni#4761's MOSS-TTS config)."""
    if len(at) < 2 or not isinstance(at[1], int) or not isinstance(root, Mapping):
        return False
    stages = root.get(at[0])
    if not isinstance(stages, list) or not stages:
        return False
    if not all(isinstance(s, Mapping) and "stage_id" in s for s in stages):
        return False
    return find_model([()], root) is None


def _siblings_merged(
    scopes: Mapping[Path, Scope],
    nodes: Mapping[Path, dict[Any, Any]],
    specs: Mapping[str, Any],
    named: set[Path],
) -> dict[Path, Scope]:
    """Sibling scopes of one engine where exactly one writes the model or a layout option are
    one deployment written in parts of one record: the others hold the rest of its settings.
    ``metadata: {engine: vllm, gpu_count: 8}`` beside ``engine_args: {tensor-parallel-size: 8,
    ...}`` (amd-enterprise-ai/aim-build@2be2cf8f profiles/**/*.yaml), ``vllm_kwargs:
    {max_num_seqs: 16, ...}`` beside ``vllm_cfg: {tensor_parallel_size: 8, ...}``
    (NVIDIA-NeMo/RL@7ea279ab examples/configs/recipes/llm/*.yaml): read apart, each part was a
    deployment at TP 1 beside the real one.  The merged scope keeps the part with the layout,
    and the evidence of a part that names its engine itself (``engine: vllm``) over options
    only one engine has."""
    out = dict(scopes)
    groups: dict[tuple[Path, str], list[Scope]] = {}
    for s in scopes.values():
        if s.at and s.owned == (s.at,):
            groups.setdefault((s.at[:-1], s.engine), []).append(s)
    for (_, engine), group in groups.items():
        if len(group) < 2:
            continue
        spec = specs[engine]
        full = [s for s in group if _writes_layout_or_model(nodes.get(s.at, {}), spec)]
        if len(full) != 1:
            continue
        (kept,) = full
        rest = [s for s in group if s is not kept]
        if _repeated(group, nodes, spec):
            out[kept.at] = replace(kept, choices=tuple(s.at for s in group))
            for s in rest:
                del out[s.at]
            continue
        why = kept.why
        if kept.at not in named:
            why = next((s.why for s in rest if s.at in named), why)
        owned = (*kept.owned, *(s.at for s in rest))
        out[kept.at] = replace(kept, owned=owned, why=why, weak=False)
        for s in rest:
            del out[s.at]
    return out


def _repeated(group: Sequence[Scope], nodes: Mapping[Path, dict[Any, Any]], spec: Any) -> bool:
    """Two of the sibling mappings write the same option: they are not parts of one record
    but entries one of which runs (a preset per model, chosen at run time), so the kept scope
    reads only its own options and the layout any entry writes is left unresolved
    (``Scope.choices``).  transcope/llm-deploy@5057da2f configs/vllm_serve.yaml
    ``model_presets``: merged, the presets' ``max-model-len`` overrode each other (TL209) and the
    32B preset's ``tensor-parallel-size: 2`` was the whole file's TP."""
    seen: set[str] = set()
    for s in group:
        written = {c for _, c in ev.option_keys(scalar_keys(nodes.get(s.at, {})), spec)}
        if seen & written:
            return True
        seen |= written
    return False


def _writes_layout_or_model(node: Mapping[Any, Any], spec: Any) -> bool:
    if find_model([()], node) is not None:
        return True
    hits = ev.option_keys(scalar_keys(node), spec, scoped=True)
    return any(
        spec.fields.get(c) in _LAYOUT_FIELDS or spec.fields.get(c) == "model" for _, c in hits
    )


def _has_content(node: Mapping[Any, Any], spec: Any, short: bool = False) -> str:
    """A mapping with engine evidence is that engine's options ("strong") when it writes a
    model (as a value or as the model option's key), a flag list or options enough to be
    options (``_is_options``); options for at least half of its keys are "weak" (a deployment
    only with a model or GPUs in its scope: ``_deployment``); one that writes no option but
    requests GPUs below it is "bare" (weak when a key chooses the engine: ``_scopes``); fewer are
    none (""): vLLM's
    ``SamplingParams(seed=0, top_p=0.9, max_tokens=64, ...)`` shares one name (``seed``) with
    the engine's options and is a request's settings, not an engine."""
    keys = scalar_keys(node)
    if find_model([()], node) is not None or leading_model(node) is not None:
        return "strong"
    hits = ev.option_keys(keys, spec, short, scoped=True)  # the mapping names its engine
    if any(c in spec.fields for _, c in _valued(node, spec, hits)) or _is_options(node, spec):
        return "strong"  # the model or a layout option, or options enough
    if any(flag_list(v, spec) is not None for v in node.values()):
        return "strong"
    if any(placeholder_args(node, k) for k in node):
        return "strong"  # its arguments filled in before it runs: the engine, options unknown
    if hits and 2 * len(hits) >= len(keys):
        return "weak"
    # The engine named, no options, GPUs requested below it: the engine as its image starts it
    # (what a Kubernetes container of an engine image with no args is); a deployment only when
    # the GPUs are read (``data._deployment``).
    found = rs.collect(node)
    return "bare" if found.gpus is not None or found.gpus_per_node is not None else ""


def _nearest_scope(at: Path, scopes: Mapping[Path, Scope], engines: Sequence[str]) -> Path | None:
    for n in range(len(at), -1, -1):
        scope = scopes.get(at[:n])
        if scope is not None and scope.engine in engines:
            return at[:n]
    return None


def _above(
    at: Path, own: Mapping[Path, ev.Evidence | None], engines: Sequence[str]
) -> ev.Evidence | None:
    for n in range(len(at), -1, -1):
        found = own.get(at[:n])
        if found is not None and found.engine in engines:
            return found
    return None
