"""Engine options as data, anywhere in a structured document (issue 24, points 1, 2 and 7):
the deployments a tree's engine scopes describe.

The scopes (``toplint.parse.generic.scopes``: options mappings, the engine scopes naming their
engine, the flags under them) are read one by one: their keys and flags become an engine
command line (``toplint.parse.generic.scopeargs``, then ``toplint.parse.argv``), so every engine
rule reads them as it reads a shell command.  GPU and node counts come from the nearest scope
that writes them (``toplint.parse.infer.resources``), the environment from the mappings above
(``toplint.parse.infer.scopevars``); each inferred fact records its key path in
``Deployment.provenance``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toplint.model import Deployment, Finding, Unresolved
from toplint.parse import sizing
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.enginecfg import disk_loader
from toplint.parse.generic import allocation, dynamograph, scopes
from toplint.parse.generic import evidence as ev
from toplint.parse.generic.models import ancestors, find_model, leading_model
from toplint.parse.generic.scope import Scope, Tree, engine_call
from toplint.parse.generic.scopeargs import config_file, owned_args, read_keys, value_arg
from toplint.parse.generic.tree import CALL, Path, get, is_ref, scalar_keys
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scopevars import environment_above
from toplint.parse.infer.scoping import apply
from toplint.parse.invocation import Invocation
from toplint.parse.options import Arg
from toplint.record import replace


def read(
    tree: Tree,
    path: str,
    file_evidence: ev.Evidence | None = None,
    kind: str = "structured",
    known_calls: Mapping[str, str] | None = None,
    root_evidence: ev.Evidence | None = None,
    commands: Sequence[tuple[Path, str]] = (),
    foreign_calls: frozenset[str] = frozenset(),
) -> tuple[list[Deployment], list[Finding]]:
    """The deployments ``tree`` describes as data, and the findings reading them gave.
    ``known_calls``: call names -> engine (names a Python file imports from an engine);
    ``root_evidence``: the engine the whole document is the scope of when it names none itself
    (a chart's values, from its templates: ``toplint.parse.generic.chart``); ``commands``: where
    argument vectors already read as engine command lines sit, with their engines (a scope of
    that engine holding one builds that command: ``class SGlangEngine`` whose method runs
    ``["python3", "-m", "sglang.launch_server", ...]`` starts one server, not two);
    ``foreign_calls``: names a Python file imports from a module no engine owns, whose calls
    name no engine by their own name (``pyimports.foreign``)."""
    specs = ev.engine_specs()
    calls = known_calls or {}
    found = scopes.find(
        tree.data, specs, file_evidence, calls, root_evidence, commands, foreign_calls
    )
    read: list[tuple[Scope, Deployment, tuple[Finding, ...]]] = []
    rollouts = allocation.rollouts(tree.data)  # an AReaL run's ``rollout.backend: sglang:d4t8``
    unused = allocation.unused_blocks(rollouts, tree.data)
    for scope in found:
        if scope.at in unused:
            continue  # the engine settings of the backend the allocation does not start
        layout = next((r for r in rollouts if scope.at == (r.engine,)), None)
        others = _other_scopes(scope, found)
        dep, findings = _deployment(tree, path, scope, specs, kind, layout, others)
        if dep is not None:
            read.append((scope, dep, findings))
    if kind == "python":
        read = _without_argument_sources(tree, read, calls)
        read = _without_library_settings(tree, read)
        read = _without_calls_of_definitions(tree, read, foreign_calls)
    deployments = dynamograph.mark(tree, [(scope.at, dep) for scope, dep, _ in read])
    return deployments, [f for _, _, found in read for f in found]


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
        or engine_call(get(tree.data, scope.at), calls)
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


def _without_calls_of_definitions(
    tree: Tree,
    read: list[tuple[Scope, Deployment, tuple[Finding, ...]]],
    foreign_calls: frozenset[str],
) -> list[tuple[Scope, Deployment, tuple[Finding, ...]]]:
    """A call of a function the module defines at its top level (one of ``foreign_calls``:
    ``pyparser._own_functions``), whose body builds a deployment of the same engine, is that
    deployment read again, not a second one: the body is read with what the call passes
    (``pytree``: a function called once binds its parameters to the call's arguments), and a
    call's keywords are the function's parameters, options of the engine only by name.
    dagnaputra/nlp@41a5ccc exps/graphRAG/lightrag/llm.py: the call
    ``initialize_lmdeploy_pipeline(model=model, tp=tp, ...)``, whose body runs LMDeploy's
    ``pipeline(model_path=model, backend_config=TurbomindEngineConfig(tp=tp, ...))``, was a
    second LMDeploy deployment (its function's name holds the engine's, its ``tp`` is an option
    of it).  Classes are left as they were: a class's ``__init__`` is not bound to its one call
    (only to a Ray Serve ``.bind``), so its call holds what the body cannot resolve.
    A call whose definition builds nothing read (``def run_vllm(**kwargs): pass``) is still
    read from its own keywords."""
    defined = getattr(tree, "defined", None)
    if defined is None:
        return read
    bodies = {
        (scope.at[0], scope.engine)
        for scope, _, _ in read
        if scope.at and scope.at[0] in foreign_calls and defined(scope.at)
    }
    if not bodies:
        return read
    return [
        (scope, dep, found)
        for scope, dep, found in read
        if (_called(tree, scope), scope.engine) not in bodies
    ]


def _called(tree: Tree, scope: Scope) -> str | None:
    """The bare name the scope's mapping calls (``f(...)``, not ``x.f(...)``), outside the
    definition of that name."""
    node = get(tree.data, scope.at)
    call = node.get(CALL) if isinstance(node, dict) else None
    if not isinstance(call, str) or "." in call or scope.at[:1] == (call,):
        return None
    return call


def _names_model(dep: Deployment) -> bool:
    """The deployment names its model, or computes it at run time (unresolved, not absent)."""
    return dep.model is not None or any(u.field == "model" for u in dep.unresolved)


def _deployment(
    tree: Tree,
    path: str,
    scope: Scope,
    specs: Mapping[str, Any],
    kind: str,
    layout: allocation.Rollout | None = None,
    others: frozenset[Path] = frozenset(),
) -> tuple[Deployment | None, tuple[Finding, ...]]:
    spec = specs[scope.engine]
    args = owned_args(tree, scope, spec)
    if layout is not None:  # the allocation's TP and PP are what the server is started with
        args.extend(layout.args(tree.value_position(layout.at), rs.anchor(layout.at)))
    start_at = scope.at if scope.at else ((next(iter(scalar_keys(tree.data)), ""),))
    start = tree.key_position(start_at) if scope.at else tree.value_position(())
    names_model = any(a.value in ("--model", "--model-path", "--model-id") for a in args)
    model = None if names_model else find_model(scope.owned, tree.data)
    if model is None and not names_model:  # an engine call's first argument
        for at in scope.owned:
            leading = leading_model(get(tree.data, at), computed=True)
            if leading is not None:
                model = (leading[0], (*at, *leading[1]))
                break
    if model is None and not names_model:  # `model_id:` beside the scope, above it
        model = find_model(ancestors(scope.at), tree.data, nested=False)
    positional: Arg | None = None
    if model is not None:
        value, m_at = model
        given = value_arg(tree, value, tree.value_position(m_at), rs.anchor(m_at))
        flag = model_flag(spec)
        if flag is None:
            positional = given  # ``trtllm-serve MODEL``: the engine takes no model option
        else:
            name = Arg(flag, "model", tree.key_position(m_at), (), rs.anchor(m_at))
            args = [name, given, *args]
    if not args and positional is None and not scope.weak:
        return None, ()
    config = config_file(tree, path, scope, spec)
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
    dep = _with_resources(tree, dep, scope, others)
    if layout is not None:
        dep = layout.placed(dep, tree.value_position(layout.at), rs.anchor(layout.at))
    if scope.weak and len(scope.owned) == 1 and model is None and not _placed(dep):
        return None, ()  # a client's or a library's settings: no deployment evidence
    dep = _chosen_sizes(tree, _unread_sizes(tree, dep, scope, spec), scope, spec)
    return with_provenance(dep, scope), findings


def _chosen_sizes(tree: Tree, dep: Deployment, scope: Scope, spec: Any) -> Deployment:
    """A parallel dimension one of the scope's keyed entries sizes (``Scope.choices``: a
    preset per model) is unresolved: which entry runs is chosen at run time."""
    found: list[Unresolved] = []
    for at in scope.choices:
        node = get(tree.data, at)
        for key, canonical in read_keys(tree, at, node, spec):
            field = spec.fields.get(canonical)
            if field in ("tp", "pp", "dp", "ep"):
                shown = ".".join(str(p) for p in (*at, key))
                why = f"set per entry of `{at[-2]}`: the entry that runs is chosen at run time"
                found.append(Unresolved(field, shown, tree.key_position((*at, key)), why=why))
    return sizing.left_unresolved(dep, found)


def _unread_sizes(tree: Tree, dep: Deployment, scope: Scope, spec: Any) -> Deployment:
    """A key of the scope that sizes a parallel dimension but is no option of the engine
    (``toplint.parse.sizing``: a wrapper's ``vllm_tensor_parallel_size``, a plugin's
    ``ulysses_sequence_parallel_size``) leaves that dimension unresolved: how the wrapper hands
    it on is not written here, and read as absent the layout was TP 1 on a model sharded over
    eight GPUs."""
    found: list[Unresolved] = []
    for at in scope.owned:
        node = get(tree.data, at)
        read = {k for k, _ in read_keys(tree, at, node, spec)}
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


def _other_scopes(scope: Scope, found: Sequence[Scope]) -> frozenset[Path]:
    """The mappings of the document's other engine scopes that do not hold ``scope``: each is
    another deployment, whose GPUs are its own."""
    return frozenset(o.at for o in found if o.at and scope.at[: len(o.at)] != o.at)


def _with_resources(
    tree: Tree, dep: Deployment, scope: Scope, others: frozenset[Path] = frozenset()
) -> Deployment:
    """GPU and node counts of the nearest scope above the deployment that writes them, outside
    the other deployments' own mappings (``others``): a Dynamo graph config's ``Processor``
    section names the model and engine options to build its tokenizer, and asks for no GPU,
    while ``VllmWorker.ServiceArgs.resources.gpu`` beside it sizes the worker alone
    (ai-dynamo/dynamo@1266f5b1 examples/llm/components/processor.py: ``@service(resources=
    {"cpu": "10", "memory": "20Gi"})``, ``parse_vllm_args`` only for the tokenizer and model
    config)."""
    found = rs.Resources()
    for n in range(len(scope.at), -1, -1):
        found = rs.collect(get(tree.data, scope.at[:n]), scope.at[:n], others)
        if not found.empty:
            break
    return apply(tree, dep, found)


def with_provenance(dep: Deployment, scope: Scope) -> Deployment:
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
