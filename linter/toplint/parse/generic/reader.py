"""One declarative reader (``toplint.parse.generic.declarative`` keeps the readers there are
and tries them on a file): its record, the paths it writes into a format, and the deployment it
reads at a mapping it matched: the engine, its options (``options``, ``set``), the command
(``toplint.parse.generic.readercmd``), the model, the GPUs and nodes, and the variables the
platform injects (``inject``), each fact saying it came from the reader.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from toplint.infra.globs import globs
from toplint.infra.patterns import lazy
from toplint.model import Deployment, Finding
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import Source
from toplint.parse.generic import data as structured
from toplint.parse.generic import evidence as ev
from toplint.parse.generic import scopeargs
from toplint.parse.generic.scope import Scope
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scopevars import declared, env_key
from toplint.parse.infer.scoping import apply as apply_resources
from toplint.parse.invocation import Invocation, find_invocations
from toplint.parse.options import Arg
from toplint.record import record, replace

Path = tuple[str | int, ...]
_STEP = lazy(r"([^.\[\]]+)|\[([0-9]{1,9})\]")  # an index int() reads


@record
class Reader:
    name: str
    files: tuple[str, ...]
    data: Mapping[str, Any]  # the record as written (validated)
    origin: str = ""  # "toplint.yaml:12:5" or the shipped record's file

    def paths(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, ())
        return (value,) if isinstance(value, str) else tuple(value)

    @property
    def program(self) -> str:
        """The program whose ``key=value`` arguments this reader reads (``match.program``:
        ``toplint.parse.generic.overrides``), or "" for a reader of files."""
        return str((self.data.get("match") or {}).get("program") or "")

    def wants(self, path: str) -> bool:
        name = os.path.basename(path)
        norm = path.replace(os.sep, "/")
        matcher = globs(tuple(self.files))  # compiled once, not once per file
        return matcher.any(name) or matcher.any(norm)


def parse_path(text: str) -> tuple[bool, Path]:
    """(from the document root, steps) of ``serving.flags``, ``/replicas[0].args``."""
    root = text.startswith("/")
    steps: list[str | int] = []
    for m in _STEP.finditer(text.lstrip("/")):
        steps.append(int(m.group(2)) if m.group(2) is not None else m.group(1))
    return root, tuple(steps)


def canonical_option(option: str, spec: Any) -> str | None:
    hit = ev.canonical(option, spec)
    if hit is None:
        alias = spec.aliases.get(option) or spec.aliases.get(f"-{option}")
        hit = alias or spec.aliases.get(f"--{option}")
    return hit


def get_path(data: Any, base: Path, text: str) -> tuple[Path, Any] | None:
    root, steps = parse_path(text)
    at = steps if root else (*base, *steps)
    node = data
    for step in at:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return at, node


def _first(reader: Reader, key: str, data: Any, base: Path) -> tuple[Path, Any] | None:
    return next((f for p in reader.paths(key) if (f := get_path(data, base, p)) is not None), None)


def _engine(reader: Reader, data: Any, at: Path) -> ev.Evidence | None:
    """The engine the first value at ``engine_at`` that names one names (the paths in order: a
    DJL Serving file's ``option.rolling_batch=disable`` names none, its
    ``option.entryPoint=djl_python.lmi_vllm.vllm_async_service`` names vLLM), else the reader's
    ``engine`` when nothing is written there (the format's default)."""
    written = [f for p in reader.paths("engine_at") if (f := get_path(data, at, p)) is not None]
    if not written and reader.data.get("engine"):
        return ev.Evidence(str(reader.data["engine"]), f"reader `{reader.name}`")
    for where, value in written:
        image = ev.image(value)  # an image reference: its repository, else a name in it
        engine = image.engine if image else ev.is_name(value) or ev.named(value)
        if engine is not None:
            return ev.Evidence(engine, f"reader `{reader.name}`: `{rs.anchor(where)}`")
    return None


def matched_deployments(
    reader: Reader, tree: Any, at: Path, source: Source
) -> tuple[list[Deployment], list[Finding]]:
    path = source.path
    evidence = _engine(reader, tree.data, at)
    commands = [f for p in reader.paths("command") if (f := get_path(tree.data, at, p)) is not None]
    if evidence is None and (not commands or _names_engine(reader)):
        return [], []
    resources = _resources(reader, tree.data, at)
    node = get_path(tree.data, at, "")
    written = declared(node[1]) if node is not None and isinstance(node[1], dict) else {}
    env = {**written, **_injected(reader, resources)}  # the platform's own names win
    process = _environment(tree, at, node[1] if node is not None else None, written)
    out: list[Deployment] = []
    findings: list[Finding] = []
    flags_only: list[Arg] = []  # arguments of the engine image's own entrypoint
    for c_at, value in commands:
        from toplint.parse.generic.readercmd import command_args, flags_first

        for args in command_args(tree, c_at, value, env, source):
            invocations = find_invocations(args)
            if not invocations and evidence is not None and flags_first(args):
                flags_only.extend(args)
            for inv in invocations:
                dep, more = deployment_from_invocation(inv, path, source_kind="reader", env=process)
                why = evidence.why if evidence else f"reader `{reader.name}`: `{rs.anchor(c_at)}`"
                scope = Scope(at, dep.engine, why)
                out.append(_finish(tree, dep, resources, scope, reader))
                findings.extend(more)
    if out or evidence is None or (commands and not flags_only):
        return out, findings
    spec = ev.engine_specs()[evidence.engine]
    scope = Scope(at, evidence.engine, evidence.why)
    args = [*flags_only, *_option_args(reader, tree, at, spec, evidence.engine)]
    model = _model_arg(reader, tree, at)
    positional: Arg | None = None
    if model is not None:
        flag = structured.model_flag(spec)
        if flag is None:
            positional = model[1]  # the engine takes its model only as a positional
        else:
            args[:0] = [replace(model[0], value=flag), model[1]]
    if not args and positional is None:
        return [], []
    start = tree.key_position(at) if at else tree.value_position(())
    if flags_only:  # the deployment sits on the arguments the engine starts with
        start = flags_only[0].position
    inv = Invocation(
        spec.name, tuple(args), Arg(evidence.engine, evidence.engine, start), model=positional
    )
    base = Deployment(path, start.line, start.column, engine="", model=None, source_kind="reader")
    dep, more = deployment_from_invocation(inv, path, source_kind="reader", base=base, env=process)
    return [_finish(tree, dep, resources, scope, reader)], list(more)


def _environment(tree: Any, at: Path, node: Any, written: Mapping[str, str]) -> dict[str, Arg]:
    """The environment the mapping's env-like keys (``declared``) give the process it runs, each
    variable at its entry: an engine reads its options from there as from a container's
    (TGI's launcher reads every option from its upper-cased variable, clap ``env``:
    huggingface/text-generation-inference@db931fc launcher/src/main.rs, ``MODEL_ID``; a dstack
    run's ``env`` list is the environment of its ``commands``: dstackai/dstack-examples@82fa730
    llms/mixtral/tgi.dstack.yml, its model read only there)."""
    out: dict[str, Arg] = {}
    if not isinstance(node, Mapping):
        return out
    for key, value in node.items():
        if not env_key(key) or not isinstance(value, (dict, list)):
            continue
        entries = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
        for step, item in entries:
            name = step if isinstance(value, dict) else str(item).partition("=")[0].strip()
            if isinstance(name, str) and name in written:
                where: Path = (*at, key, step)
                text = written[name]
                out[name] = Arg(text, text, tree.value_position(where), (), rs.anchor(where))
    return out


deployments = matched_deployments  # for readers of a program's arguments (``generic.overrides``)


def _names_engine(reader: Reader) -> bool:
    """The reader says where the engine is (a fixed one or a key naming it): a scope where that
    names none is not the reader's; without either, each command's own engine is."""
    return bool(reader.data.get("engine") or reader.data.get("engine_at"))


def _option_args(reader: Reader, tree: Any, at: Path, spec: Any, engine: str) -> list[Arg]:
    args: list[Arg] = []
    for text in reader.paths("options"):
        found = get_path(tree.data, at, text.replace("{engine}", engine))  # ``{engine}_args``
        if found is None:
            continue
        o_at, node = found
        if isinstance(node, dict):
            args.extend(scopeargs.option_args(tree, o_at, node, spec))
        else:
            args.extend(scopeargs.flag_args(tree, o_at, node))
    for option, where in (reader.data.get("set") or {}).items():
        found = _first_of(tree.data, at, (where,) if isinstance(where, str) else tuple(where))
        canonical = canonical_option(option, spec)
        if found is None or canonical is None:
            continue
        s_at, value = found
        anchor = rs.anchor(s_at)
        args.append(Arg(f"--{canonical}", option, tree.key_position(s_at), (), anchor))
        if _platform_word(value, spec.fields.get(canonical)):
            # ``tensor_parallel_degree=max``: the platform sizes it at run time, unresolved here
            at_value = tree.value_position(s_at)
            args.append(Arg(None, str(value), at_value, (f"{anchor}={value}",), anchor))
            continue
        args.append(scopeargs.value_arg(tree, value, tree.value_position(s_at), anchor))
    return args


_LAYOUT = frozenset({"tp", "pp", "dp", "ep"})


def _platform_word(value: Any, field_name: str | None) -> bool:
    """A word where a layout count goes, under the format's own key (``max``, ``auto``): the
    platform's to decide, not a value the engine would be handed."""
    return field_name in _LAYOUT and isinstance(value, str) and not value.strip().isdigit()


def _model_arg(reader: Reader, tree: Any, at: Path) -> tuple[Arg, Arg] | None:
    """(the model key, its value) as a command line would give them; ``@key``: the key of the
    entry ``match.each`` made the deployment, at the key."""
    for text in reader.paths("model"):
        if text == "@key" and at and isinstance(at[-1], str):
            anchor = rs.anchor(at)
            position = tree.key_position(at)
            return (
                Arg("--model", "model", position, (), anchor),
                scopeargs.value_arg(tree, at[-1], position, anchor),
            )
        model = get_path(tree.data, at, text)
        if model is None:
            continue
        m_at, value = model
        anchor = rs.anchor(m_at)
        return (
            Arg("--model", "model", tree.key_position(m_at), (), anchor),
            scopeargs.value_arg(tree, value, tree.value_position(m_at), anchor),
        )
    return None


def _first_of(data: Any, at: Path, paths: Sequence[str]) -> tuple[Path, Any] | None:
    return next((f for p in paths if (f := get_path(data, at, p)) is not None), None)


def _resources(reader: Reader, data: Any, at: Path) -> rs.Resources:
    gpus = _first(reader, "gpus", data, at)
    got = rs.gpu_value(gpus[1]) if gpus is not None else None
    default = reader.data.get("gpu_count_default")
    if gpus is not None and got is None and default and _spec_without_count(gpus[1]):
        got = (int(default), "")  # ``gpu: 24GB``: the platform's default count of that GPU
    per_node = _first(reader, "gpus_per_node", data, at)
    nodes = _first(reader, "nodes", data, at)
    return rs.Resources(
        rs.Found("gpus", got[0], got[1], gpus[0]) if gpus is not None and got else None,
        rs.Found("gpus_per_node", rs.count(per_node[1]), "", per_node[0]) if per_node else None,
        rs.Found("nodes", rs.count(nodes[1]), "", nodes[0]) if nodes else None,
    )


def _spec_without_count(value: Any) -> bool:
    """A GPU requirement written as a literal that gives no count (``24GB``, ``{memory: 24GB}``),
    not a variable."""
    if isinstance(value, dict):
        return "count" not in value and bool(value)
    return isinstance(value, str) and bool(value.strip()) and "$" not in value and "{" not in value


def _injected(reader: Reader, found: rs.Resources) -> dict[str, str]:
    per_node = found.gpus_per_node or found.gpus
    per = per_node.count if per_node is not None else None
    nodes = found.nodes.count if found.nodes is not None else None
    facts = {
        "gpus_per_node": per,
        "nodes": nodes,
        "gpus": per * (nodes or 1) if per is not None else None,
    }
    out = {}
    for variable, fact in (reader.data.get("inject") or {}).items():
        value = facts.get(fact)
        if value is not None:
            out[variable] = str(value)
    return out


def _finish(
    tree: Any, dep: Deployment, found: rs.Resources, scope: Scope, reader: Reader
) -> Deployment:
    dep = apply_resources(tree, dep, found) if not found.empty else dep
    dep = structured.with_provenance(dep, scope)
    software = _first(reader, "accelerator_at", tree.data, scope.at)
    if software is not None and isinstance(software[1], str) and software[1]:
        # what the format runs on, for accelerators.of_deployment (``transformers_neuronx``)
        options = {**dep.options, "accelerator.software": software[1]}
        sources = {**dep.sources, "accelerator": tree.value_position(software[0])}
        dep = replace(dep, options=options, sources=sources)
    gpu_type = _first(reader, "gpu_type_at", tree.data, scope.at)
    if gpu_type is not None and isinstance(gpu_type[1], str) and gpu_type[1]:
        # the GPU model it is scheduled on, for hardware.asks (Ray's ``accelerator_type``)
        options = {**dep.options, "accelerator_type": gpu_type[1]}
        sources = {**dep.sources, "accelerator_type": tree.value_position(gpu_type[0])}
        dep = replace(dep, options=options, sources=sources)
    if reader.data.get("replicas_fill"):
        from toplint.parse.generic.replicas import filled

        dep = filled(dep)
    return replace(dep, notes=(*dep.notes, f"read by reader `{reader.name}` ({reader.origin})"))
