"""Engine options as data, anywhere in a structured document (issue 24, points 1, 2 and 7).

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
import), then from vocabulary only one engine has.  GPU and node counts come from the nearest
scope that writes them (``toplint.parse.infer.resources``).  The options become an engine command
line (``toplint.parse.argv``), so every engine rule reads them as it reads a shell command;
each inferred fact records its key path in ``Deployment.provenance``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from toplint.model import Deployment, Finding, Position, Unresolved
from toplint.parse import sizing
from toplint.parse.argv import Invocation, deployment_from_invocation
from toplint.parse.enginecfg import disk_loader
from toplint.parse.generic import allocation
from toplint.parse.generic import evidence as ev
from toplint.parse.generic.models import MODEL_OPTIONS, ancestors, find_model, model_in
from toplint.parse.generic.tree import CALL, get, is_ref, scalar_keys, token
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scopevars import (
    declared,
    environment_above,
    interpolated,
    substitute,
)
from toplint.parse.infer.scoping import apply
from toplint.parse.options import OPTION_SPELLING, Arg, option_name
from toplint.parse.structured.anywhere import element
from toplint.record import record, replace

Path = tuple[str | int, ...]
_LAYOUT_FIELDS = frozenset({"tp", "pp", "dp", "ep", "dp_local", "ep_enabled", "nodes"})
_FLAG_KEYS = ("args", "extraargs", "flags", "cliargs", "engineargs", "serverargs", "arguments")
MAX_NODES = 20_000  # mappings looked at in one tree


class Tree(Protocol):
    """A document's data with the positions of its keys and values (``yamlsafe.Document``)."""

    @property
    def data(self) -> Any: ...

    def key_position(self, path: Path) -> Position: ...

    def value_position(self, path: Path) -> Position: ...


@record
class Scope:
    at: Path
    engine: str
    why: str
    owned: tuple[Path, ...] = ()  # options mappings read into it (``at`` first)
    # Admitted only for options making up half its keys (``_has_content``): a deployment only
    # with a model or GPUs around it; ``vllm_cfg: {api_key: vllm}`` alone configures a client.
    weak: bool = False


def read(
    tree: Tree,
    path: str,
    file_evidence: ev.Evidence | None = None,
    kind: str = "structured",
    known_calls: Mapping[str, str] | None = None,
    root_evidence: ev.Evidence | None = None,
    commands: Sequence[tuple[Path, str]] = (),
) -> tuple[list[Deployment], list[Finding]]:
    """The deployments ``tree`` describes as data, and the findings reading them gave.
    ``known_calls``: call names -> engine (names a Python file imports from an engine);
    ``root_evidence``: the engine the whole document is the scope of when it names none itself
    (a chart's values, from its templates: ``toplint.parse.generic.chart``); ``commands``: where
    argument vectors already read as engine command lines sit, with their engines (a scope of
    that engine holding one builds that command: ``class SGlangEngine`` whose method runs
    ``["python3", "-m", "sglang.launch_server", ...]`` starts one server, not two)."""
    specs = ev.engine_specs()
    mappings = list(_mappings(tree.data))
    scopes = _scopes(mappings, specs, file_evidence, known_calls or {}, root_evidence)
    if commands:
        scopes = _without_launchers(scopes, mappings, known_calls or {}, commands)
    read: list[tuple[Scope, Deployment, tuple[Finding, ...]]] = []
    rollouts = allocation.rollouts(tree.data)  # an AReaL run's ``rollout.backend: sglang:d4t8``
    unused = allocation.unused_blocks(rollouts, tree.data)
    for scope in scopes:
        if scope.at in unused:
            continue  # the engine settings of the backend the allocation does not start
        layout = next((r for r in rollouts if scope.at == (r.engine,)), None)
        dep, found = _deployment(tree, path, scope, specs, kind, layout)
        if dep is not None:
            read.append((scope, dep, found))
    if kind == "python":
        read = _without_argument_sources(tree, read, known_calls or {})
        read = _without_library_settings(tree, read)
    return [dep for _, dep, _ in read], [f for _, _, found in read for f in found]


def _without_argument_sources(
    tree: Tree,
    read: list[tuple[Scope, Deployment, tuple[Finding, ...]]],
    calls: Mapping[str, str],
) -> list[tuple[Scope, Deployment, tuple[Finding, ...]]]:
    """Where a Python module builds its engine with a model (``LLM(model=args.model, …)``,
    ``llm_kwargs = dict(model=…, …)``), a scope of that engine that is no call of it and names
    no model is where those arguments come from, not a second deployment: a dataclass of the
    script's arguments (allenai/open-instruct@e6c3044
    open_instruct/rejection_sampling/generation.py ``GenerationArgs``), ``main()``'s local
    copies of them (QwenLM/Qwen2.5@77fb0c1 examples/speed-benchmark/speed_benchmark_vllm.py).
    A scope that names or computes its model stays, and so does every call of the engine."""
    called = {scope.engine for scope, dep, _ in read if _names_model(dep)}
    if not called:
        return read
    return [
        (scope, dep, found)
        for scope, dep, found in read
        if scope.engine not in called
        or _engine_call(get(tree.data, scope.at), calls)
        or _names_model(dep)
    ]


def _without_library_settings(
    tree: Tree, read: list[tuple[Scope, Deployment, tuple[Finding, ...]]]
) -> list[tuple[Scope, Deployment, tuple[Finding, ...]]]:
    """A scope inside a function's or class's body that names no model and computes none is
    code that configures an engine for its caller (its GPUs, too, are the caller's: a
    parameter's default) -- a serving library's
    engine arguments, a trainer's rollout worker, a preprocessing class's frontend settings
    (clearml/clearml-serving@c0ee96e1 examples/vllm/preprocess.py ``Preprocess.load``,
    fmperf-project/fmperf@8d85bc3d fmperf/ModelSpecs.py ``vLLMModelSpec.__init__``,
    volcengine/verl@b178a3cd verl/workers/rollout/replica.py) -- not a deployment: each was a
    TL007 "names no model" error.  The file still names its engine (TL008 says nothing here
    was checked)."""
    defined = getattr(tree, "defined", None)
    if defined is None:
        return read
    return [
        (scope, dep, found)
        for scope, dep, found in read
        if not defined(scope.at) or _names_model(dep)
    ]


def _names_model(dep: Deployment) -> bool:
    """The deployment names its model, or computes it at run time (unresolved, not absent)."""
    return dep.model is not None or any(u.field == "model" for u in dep.unresolved)


def _without_launchers(
    scopes: Sequence[Scope],
    mappings: Sequence[tuple[Path, dict[Any, Any]]],
    calls: Mapping[str, str],
    commands: Sequence[tuple[Path, str]],
) -> list[Scope]:
    """The scopes that do not build a command already read: a scope whose engine is named by
    itself or by the mapping above it that holds an argument vector of that engine (the class
    ``SGlangEngine`` whose ``__init__`` keeps the host and port and whose ``start_server`` runs
    the command) describes the process that command starts."""
    named = {at for at, node in mappings if _own(at, node, calls) is not None}

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


def _mappings(data: Any) -> Iterator[tuple[Path, dict[Any, Any]]]:
    stack: list[tuple[Path, Any]] = [((), data)]
    budget = MAX_NODES
    while stack and budget > 0:
        at, node = stack.pop()
        if isinstance(node, dict):
            budget -= 1
            if _describes_values(node) or _sets_nothing(at, node) or _names_flags(node):
                continue  # a schema, labels, a flag table or a part switched off: not options
            yield at, node
            stack.extend(((*at, k), v) for k, v in reversed(list(node.items())) if k != CALL)
        elif isinstance(node, list):
            stack.extend(((*at, i), v) for i, v in reversed(list(enumerate(node))))


def _describes_values(node: Mapping[Any, Any]) -> bool:
    """A JSON Schema (or a CRD's OpenAPI schema): ``{"$schema": ...}`` or an object type with
    ``properties``.  Its ``tensor_parallel_size: {type: integer}`` describes an option; reading
    it as a value gave TL010 errors on a repository's configuration schema."""
    properties = node.get("properties")
    return "$schema" in node or (node.get("type") == "object" and isinstance(properties, dict))


def _names_flags(node: Mapping[Any, Any]) -> bool:
    """A table of flag names: most of its values are themselves long options (``{"MODEL_NAME":
    "--model-path", "TENSOR_PARALLEL_SIZE": "--tensor-parallel-size"}``, the map a launcher
    turns environment variables into a command line with).  An option's value is never an
    option's name, so the keys name options it does not set."""
    flags = sum(1 for v in node.values() if isinstance(v, str) and OPTION_SPELLING.fullmatch(v))
    return flags >= 3 and 2 * flags >= len(node)


# Keys whose mapping only names or selects things: Kubernetes object labels and annotations
# ("identifying attributes of objects", kubernetes.io/docs/concepts/overview/working-with-objects/
# labels), the label selectors matching them (``matchLabels``, ``nodeSelector``) and a chart's
# ``podLabels``/``commonAnnotations``.  ``labels: {app: vllm, model: m}`` labels a pod; it
# starts no second vLLM beside the pod's container.
_NAMES_ONLY = ("labels", "annotations", "nodeselector")


def _sets_nothing(at: Path, node: Mapping[Any, Any]) -> bool:
    """Labels, annotations or a selector (``_NAMES_ONLY``), or a part switched off with
    ``enabled: false`` (the values convention a chart's ``{{- if .Values.x.enabled }}`` reads:
    what it configures is not rendered)."""
    key = at[-1] if at else None
    return node.get("enabled") is False or (
        isinstance(key, str) and key.lower().endswith(_NAMES_ONLY)
    )


def _own(at: Path, node: Mapping[Any, Any], calls: Mapping[str, str]) -> ev.Evidence | None:
    if ev.is_client(node):
        return None  # ``backend: vllm`` beside ``base_url: http://h:8000/v1`` calls a server
    call = node.get(CALL, "")
    call = call if isinstance(call, str) else ""
    imported = imported_call(call, calls)
    if imported is not None:
        return ev.Evidence(imported, f"`{call}`")
    found = ev.of_mapping(node, call)
    for key, value in node.items():  # ``type=VLLMwithChatTemplate``: a class named as a value
        # (CapWords, PEP 8's class names): ``model=sglang_model``, a variable holding a client
        # an agent calls, names none (camel-ai/camel@13dc7a7 examples/models/*_model_example.py)
        if found is None and is_ref(value) and _class_name(str(value.text)):
            engine = ev.named(value.text)
            found = ev.Evidence(engine, f"`{key}={value.text}`") if engine else None
    if found is None and at and isinstance(at[-1], str):
        engine = ev.named(at[-1])
        found = ev.Evidence(engine, f"`{at[-1]}`") if engine else None
    return found


def _class_name(text: str) -> bool:
    """``text`` is an identifier spelt as a class is (PEP 8: CapWords)."""
    return text.isidentifier() and text[:1].isupper()


def imported_call(call: str, calls: Mapping[str, str]) -> str | None:
    """The engine whose imported name ``call`` is, or whose imported module it is an attribute
    of (``Engine`` after ``from sglang import Engine``; ``sgl.Engine`` after ``import sglang as
    sgl``)."""
    if not call:
        return None
    return calls.get(call.rsplit(".", 1)[-1]) or (
        calls.get(call.split(".", 1)[0]) if "." in call else None
    )


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
    mappings: Sequence[tuple[Path, dict[Any, Any]]],
    specs: Mapping[str, Any],
    file_evidence: ev.Evidence | None,
    calls: Mapping[str, str],
    root_evidence: ev.Evidence | None = None,
) -> list[Scope]:
    own = {at: _own(at, node, calls) for at, node in mappings}
    if root_evidence is not None and () in own and own[()] is None:
        own[()] = root_evidence
    scopes: dict[Path, Scope] = {}
    for at, node in mappings:  # parents before children (pre-order)
        found = own[at]
        inside = found is not None and any(
            at[: len(s)] == s and scopes[s].engine == found.engine for s in scopes
        )
        short = _engine_call(node, calls) == (found.engine if found else None)
        content = _has_content(node, specs[found.engine], short) if found is not None else None
        if content == "bare":  # only a key that chooses the engine (``format: vLLM``) says so
            content = "weak" if found is not None and ev.chooses(node, found.engine) else ""
        if found is not None and not inside and content:
            scopes[at] = Scope(at, found.engine, found.why, (at,), weak=content == "weak")
    # an engine whose options are spelled as another's counts only where something names it
    named = {s.engine for s in scopes.values()}
    named |= {e.engine for e in (file_evidence, root_evidence) if e is not None}
    unnamed = ev.unguessed() - named
    for at, node in mappings:
        if ev.is_client(node):
            continue  # a router's settings (``host``, ``port``, ``worker_urls``) run no engine
        own_call = _engine_call(node, calls)
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
                if scopes and at and any(_flag_list(v, s) for v in node.values())
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
        if found is None and at:
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
    merged = _siblings_merged(scopes, dict(mappings), specs, naming)
    return sorted(merged.values(), key=lambda s: s.at)


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
        why = kept.why
        if kept.at not in named:
            why = next((s.why for s in rest if s.at in named), why)
        owned = (*kept.owned, *(s.at for s in rest))
        out[kept.at] = replace(kept, owned=owned, why=why, weak=False)
        for s in rest:
            del out[s.at]
    return out


def _writes_layout_or_model(node: Mapping[Any, Any], spec: Any) -> bool:
    if find_model([()], node) is not None:
        return True
    hits = ev.option_keys(scalar_keys(node), spec, scoped=True)
    return any(
        spec.fields.get(c) in _LAYOUT_FIELDS or spec.fields.get(c) == "model" for _, c in hits
    )


def _leading_model(node: Mapping[Any, Any], computed: bool = False) -> tuple[Any, Path] | None:
    """A call's first positional argument when it is a checkpoint (``LLM("org/m")``,
    ``pipeline("org/m", ...)``: the engines' Python entry points take the model first): a
    literal with a ``/`` (a Hugging Face id or a path); with ``computed`` (the call is the
    engine's, known otherwise) also a value computed at run time, which leaves the model
    unresolved rather than unnamed (``LLM(model, dtype="float16")`` in a function of ``model``:
    triton-inference-server/server@e1db8a6 qa/L0_openai/generate_engine.py)."""
    if CALL not in node:
        return None
    first = (node.get("*args") or [None])[0]
    if isinstance(first, str) and "/" in first and len(first) < 300 and " " not in first:
        return first, ("*args", 0)
    if computed and is_ref(first):
        return first, ("*args", 0)
    return None


def _engine_call(node: Mapping[Any, Any], calls: Mapping[str, str]) -> str | None:
    """The engine whose imported class or function this mapping is a call of."""
    call = node.get(CALL)
    return imported_call(call, calls) if isinstance(call, str) else None


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
    if find_model([()], node) is not None or _leading_model(node) is not None:
        return "strong"
    hits = ev.option_keys(keys, spec, short, scoped=True)  # the mapping names its engine
    if any(c in spec.fields for _, c in _valued(node, spec, hits)) or _is_options(node, spec):
        return "strong"  # the model or a layout option, or options enough
    if any(_flag_list(v, spec) is not None for v in node.values()):
        return "strong"
    if hits and 2 * len(hits) >= len(keys):
        return "weak"
    # The engine named, no options, GPUs requested below it: the engine as its image starts it
    # (what a Kubernetes container of an engine image with no args is); a deployment only when
    # the GPUs are read (``_deployment``).
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


def _flag_list(value: Any, spec: Any) -> list[Any] | None:
    """The tokens of a flag list or flag string holding at least one of ``spec``'s options."""
    if isinstance(value, str):
        if not value.lstrip().startswith("-") or len(value) > 4000:
            return None
        tokens: list[Any] = value.split()
    elif isinstance(value, list) and value and all(token(v) for v in value):
        tokens = list(value)
    else:
        return None
    known = [t for t in tokens if isinstance(t, str) and t.startswith("-")]
    names = [t.split("=", 1)[0] for t in known]
    # `--tensor_parallel_size`, and `--tp` as the engine's own parser reads it (a unique prefix)
    named = any(ev.canonical(n, spec) or option_name(spec, n) for n in names if n.startswith("--"))
    return tokens if named else None


@record
class _Unknown:
    """A value computed at run time (a call's result): unresolved, named by its text."""

    text: str

    @property
    def variables(self) -> tuple[str, ...]:
        return (self.text,)


def _arg(tree: Tree, text: Any, pos: Position, anchor: str) -> Arg:
    if is_ref(text):
        return Arg(None, str(text.text), pos, tuple(text.variables), anchor)
    if isinstance(text, str) and text.startswith("${"):
        resolved = interpolated(tree.data, text)  # OmegaConf/Hydra ``${a.b}``
        text = resolved if resolved is not None else text
    return replace(element(str(text), pos, anchor), anchor=anchor)


def _read_keys(tree: Tree, at: Path, node: Mapping[Any, Any], spec: Any) -> list[tuple[str, str]]:
    """(key, canonical option) for the keys of an owned mapping read as the engine's options;
    the short ones too in a call of the engine's own (``TurbomindEngineConfig(tp=2)``)."""
    calls = ev.imported(getattr(tree, "imports", {}))
    short = _engine_call(node, calls) == spec.engine_name
    within = at[-1] if at else None
    return ev.option_keys(scalar_keys(node), spec, short, within, scoped=True)


def _option_args(tree: Tree, at: Path, node: Mapping[Any, Any], spec: Any) -> list[Arg]:
    args: list[Arg] = []
    for key, canonical in _read_keys(tree, at, node, spec):
        value = node[key]
        where = rs.anchor((*at, key))
        name_pos = tree.key_position((*at, key))
        value_pos = tree.value_position((*at, key))
        takes = spec.options.get(canonical, False)
        if isinstance(value, bool):
            if value and not takes:
                args.append(Arg(f"--{canonical}", key, name_pos, (), where))
            elif takes or canonical in spec.negatable:
                word = f"--{canonical}" if takes else f"--no-{canonical}"
                args.append(Arg(word, key, name_pos, (), where))
                if takes:
                    args.append(Arg(str(value).lower(), str(value), value_pos, (), where))
            continue
        if isinstance(value, dict) and CALL in value:
            value = _Unknown(f"{value[CALL]}(...)")  # a value a call computes at run time
        elif isinstance(value, dict) and canonical in MODEL_OPTIONS:
            inner = model_in(value)  # `model: {id: org/m, revision: main}`
            if inner is None:
                continue
            value, value_pos = inner[1], tree.value_position((*at, key, inner[0]))
            where = rs.anchor((*at, key, inner[0]))
        elif isinstance(value, dict):
            value = json.dumps({k: v for k, v in value.items() if k != CALL}, default=str)
        args.append(Arg(f"--{canonical}", key, name_pos, (), where))
        args.append(_arg(tree, value, value_pos, where))
    return args


def _flags(tree: Tree, at: Path, node: Mapping[Any, Any], spec: Any) -> list[Arg]:
    """The flags a mapping's flag list (or flag string) writes.  A list element's ``$(NAME)`` /
    ``${NAME}`` whose value the same mapping declares (``env: [{name: TP, value: "2"}]`` beside
    a container's ``command``: the kubelet expands ``$(NAME)`` in ``command``/``args`` from the
    container's ``env``, Kubernetes "Define a Command and Arguments for a Container", "Use
    environment variables to define arguments") is put in (``scopevars.substitute``); an
    unknown one stays unresolved."""
    args: list[Arg] = []
    env = declared(node)
    for key, value in node.items():
        if key == CALL:
            continue
        tokens = _flag_list(value, spec)
        if tokens is None or (isinstance(value, str) and rs.norm(key) not in _FLAG_KEYS):
            continue
        where = rs.anchor((*at, key))
        if isinstance(value, str):
            pos = tree.value_position((*at, key))
            args.extend(Arg(t, t, pos, (), where) for t in tokens)
            continue
        for i, tok in enumerate(tokens):
            pos = tree.value_position((*at, key, i))
            known = substitute(tok, env) if env and isinstance(tok, str) else tok
            arg = _arg(tree, known, pos, where)
            args.append(arg if known == tok else replace(arg, raw=str(tok)))
    return args


def _deployment(
    tree: Tree,
    path: str,
    scope: Scope,
    specs: Mapping[str, Any],
    kind: str,
    layout: allocation.Rollout | None = None,
) -> tuple[Deployment | None, tuple[Finding, ...]]:
    spec = specs[scope.engine]
    args: list[Arg] = []
    for at in scope.owned:
        node = get(tree.data, at)
        args.extend(_option_args(tree, at, node, spec))
        args.extend(_flags(tree, at, node, spec))
    if layout is not None:  # the allocation's TP and PP are what the server is started with
        args.extend(layout.args(tree.value_position(layout.at), rs.anchor(layout.at)))
    start_at = scope.at if scope.at else ((next(iter(scalar_keys(tree.data)), ""),))
    start = tree.key_position(start_at) if scope.at else tree.value_position(())
    names_model = any(a.value in ("--model", "--model-path", "--model-id") for a in args)
    model = None if names_model else find_model(scope.owned, tree.data)
    if model is None and not names_model:  # an engine call's first argument
        for at in scope.owned:
            leading = _leading_model(get(tree.data, at), computed=True)
            if leading is not None:
                model = (leading[0], (*at, *leading[1]))
                break
    if model is None and not names_model:  # `model_id:` beside the scope, above it
        model = find_model(ancestors(scope.at), tree.data, nested=False)
    positional: Arg | None = None
    if model is not None:
        value, m_at = model
        given = _arg(tree, value, tree.value_position(m_at), rs.anchor(m_at))
        flag = model_flag(spec)
        if flag is None:
            positional = given  # ``trtllm-serve MODEL``: the engine takes no model option
        else:
            name = Arg(flag, "model", tree.key_position(m_at), (), rs.anchor(m_at))
            args = [name, given, *args]
    if not args and positional is None and not scope.weak:
        return None, ()
    config = _config_file(tree, path, scope, spec)
    if config is not None:
        args.extend(config)
    inv = Invocation(
        engine=spec.name,
        args=tuple(args),
        start=Arg(scope.engine, scope.engine, start),
        model=positional,
    )
    base = Deployment(path, start.line, start.column, engine="", model=None, source_kind=kind)
    loader = disk_loader(path) if config is not None else None
    env = environment_above(tree, scope.at)  # ``env_vars:`` beside ``vllm_args:``
    dep, findings = deployment_from_invocation(
        inv, path, source_kind=kind, base=base, env=env, config_loader=loader
    )
    dep = _with_resources(tree, dep, scope)
    if layout is not None:
        dep = layout.placed(dep, tree.value_position(layout.at), rs.anchor(layout.at))
    if scope.weak and len(scope.owned) == 1 and model is None and not _placed(dep):
        return None, ()  # a client's or a library's settings: no deployment evidence
    return _provenance(_unread_sizes(tree, dep, scope, spec), scope), findings


def _unread_sizes(tree: Tree, dep: Deployment, scope: Scope, spec: Any) -> Deployment:
    """A key of the scope that sizes a parallel dimension but is no option of the engine
    (``toplint.parse.sizing``: a wrapper's ``vllm_tensor_parallel_size``, a plugin's
    ``ulysses_sequence_parallel_size``) leaves that dimension unresolved: how the wrapper hands
    it on is not written here, and read as absent the layout was TP 1 on a model sharded over
    eight GPUs."""
    found: list[Unresolved] = []
    for at in scope.owned:
        node = get(tree.data, at)
        read = {k for k, _ in _read_keys(tree, at, node, spec)}
        for key in scalar_keys(node):
            sized = None if key in read else sizing.dimension(key)
            value = node[key]
            if sized is None or sizing.trivial(value) or isinstance(value, dict):
                continue
            shown = value.text if is_ref(value) else value
            found.append(
                Unresolved(
                    sizing.FIELDS[sized],
                    f"{key}: {shown}",
                    tree.key_position((*at, key)),
                    why=f"not an option {spec.engine_name} reads: how it reaches the "
                    "engine is not written here",
                )
            )
    return sizing.left_unresolved(dep, found)


# Keys naming the file of the engine's options a launcher passes it (``configFile:
# serving-args.yaml`` beside ``framework: vllm``: AI-Hypercomputer/gpu-recipes@2e1fd5ef
# inference/*/recipe/values.yaml, whose launcher reads SERVER_ARGS_FILE into flags as vLLM's
# ``--config`` reads a YAML of options).
_CONFIG_KEYS = ("configfile", "argsfile", "serverargsfile", "engineargsfile", "configyaml")


def _config_file(tree: Tree, path: str, scope: Scope, spec: Any) -> list[Arg] | None:
    """``--config FILE`` for a key of the scope naming a YAML file of the engine's options that
    exists beside the file (read through ``enginecfg``, inside the repository only); None when
    the engine takes no config file or no such file is there."""
    if not spec.config_options or path == "-":
        return None
    for at in scope.owned:
        node = get(tree.data, at)
        for key, value in node.items():
            if not (isinstance(key, str) and rs.norm(key) in _CONFIG_KEYS):
                continue
            if not (isinstance(value, str) and value.endswith((".yaml", ".yml"))):
                continue
            if value.startswith(("/", "~")) or ".." in value:
                continue
            if not os.path.isfile(os.path.join(os.path.dirname(path), value)):
                continue
            where = rs.anchor((*at, key))
            name = Arg(f"--{spec.config_options[0]}", key, tree.key_position((*at, key)), (), where)
            return [name, Arg(value, value, tree.value_position((*at, key)), (), where)]
    return None


def _placed(dep: Deployment) -> bool:
    """The deployment names its model (as a flag) or is given GPUs or nodes."""
    named = dep.model is not None
    return named or dep.gpus is not None or dep.gpus_per_node is not None or dep.nodes is not None


def model_flag(spec: Any) -> str | None:
    """The option the engine takes its model by (``--model``, ``--model-path``,
    ``--model-id``), or None when the model is only positional (``trtllm-serve MODEL``,
    ``lmdeploy serve api_server MODEL``)."""
    names = [o for o, f in spec.fields.items() if f == "model" and o in spec.options]
    return f"--{names[0]}" if names else None


def _with_resources(tree: Tree, dep: Deployment, scope: Scope) -> Deployment:
    """GPU and node counts of the nearest scope above the deployment that writes them."""
    found = rs.Resources()
    for n in range(len(scope.at), -1, -1):
        found = rs.collect(get(tree.data, scope.at[:n]), scope.at[:n])
        if not found.empty:
            break
    return apply(tree, dep, found)


def _provenance(dep: Deployment, scope: Scope) -> Deployment:
    prov = dict(dep.provenance)
    prov.setdefault("engine", scope.why)
    image = ev.image_named(scope.why)
    if image and "image" not in dep.options:  # what it runs in (an accelerator's build?)
        dep = replace(dep, options={**dep.options, "image": image})
    for flag in dep.flags:
        field_name = flag.name
        for name, value in (("tp", dep.tp), ("pp", dep.pp), ("dp", dep.dp), ("ep", dep.ep)):
            if dep.sources.get(name) == flag.position and flag.anchor and value is not None:
                prov.setdefault(name, f"`{flag.anchor}`")
        if field_name in ("model", "model-path") and flag.anchor:
            prov.setdefault("model", f"`{flag.anchor}`")
    return replace(dep, provenance=prov)


# The pieces a declarative reader (``parse.generic.declarative``) assembles its deployments from.
mappings = _mappings
option_args = _option_args
value_arg = _arg
with_provenance = _provenance


def flag_args(tree: Tree, at: Path, value: Any) -> list[Arg]:
    """A flag list (each element placed) or flag string (split as words) as arguments."""
    where = rs.anchor(at)
    if isinstance(value, str):
        pos = tree.value_position(at)
        return [Arg(t, t, pos, (), where) for t in value.split()]
    if isinstance(value, list):
        return [_arg(tree, v, tree.value_position((*at, i)), where) for i, v in enumerate(value)]
    return []
