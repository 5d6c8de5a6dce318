"""How an engine's settings combine, after the command line is read.

* engine config files named by a flag (vLLM/SGLang ``--config FILE.yaml``, TensorRT-LLM
  ``--extra_llm_api_options``/``--config``, Dynamo ``--extra-engine-args``), folded in with the
  engine's precedence: vLLM and SGLang put the file's options right after ``serve MODEL`` so the
  command line wins (vllm/utils/argparse_utils.py ``_pull_args_from_config``); TensorRT-LLM
  applies the YAML over the command-line arguments (commands/serve.py
  ``update_llm_args_with_extra_options``), so the file wins;
* environment and visible GPUs (``docker run --gpus``, ``NVIDIA_VISIBLE_DEVICES``,
  ``CUDA_VISIBLE_DEVICES``, the environment variable of an engine's all-to-all backend);
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from toplint.engines.registry import find_engine
from toplint.engines.release import newer_image
from toplint.engines.types import EngineSpec
from toplint.errors import SourceError
from toplint.infra.numbers import digits, whole_text
from toplint.infra.readpolicy import (
    OUTSIDE,
    ReadRefused,
    read_reference,
)
from toplint.infra.yamlsafe import load_documents
from toplint.model import (
    REFERENCE_OUTSIDE_REPOSITORY,
    UNKNOWN_ENGINE_FLAG,
    UNPARSABLE_FILE,
    Deployment,
    Finding,
    Flag,
    Position,
    Severity,
    Unresolved,
)
from toplint.parse.flagfields import apply_flags
from toplint.parse.options import _canonical, closest_option
from toplint.record import replace
from toplint.sourcekinds import source_kind

if TYPE_CHECKING:
    from toplint.parse.options import Arg

# Reads the file a config flag names: (path used in positions, text), or None when it is not
# a config file; raises ``toplint.infra.readpolicy.ReadRefused`` when the read policy refuses it.
ConfigLoader = Callable[[str], tuple[str, str] | None]

_MAX_CONFIG_BYTES = 1024 * 1024  # engine configs are small; anything larger is not one
_CONFIG_SUFFIXES = (".yaml", ".yml", ".json")


def disk_loader(source_path: str) -> ConfigLoader:
    """A loader that reads config files relative to the directory of ``source_path``, inside
    its repository only (``toplint.infra.readpolicy``)."""

    def load(ref: str) -> tuple[str, str] | None:
        if source_path == "-" or not ref.lower().endswith(_CONFIG_SUFFIXES):
            return None
        return read_reference(source_path, ref, _MAX_CONFIG_BYTES)

    return load


def fold_engine_config(
    dep: Deployment, spec: EngineSpec, loader: ConfigLoader, image: str = ""
) -> tuple[Deployment, tuple[Finding, ...]]:
    """Fold the keys of the config file the deployment's flags name, with engine precedence
    (``image``: the container image, for the release an unknown key is judged against)."""
    ref = next((f for f in reversed(dep.flags) if f.name in spec.config_options), None)
    if ref is None:
        return dep, ()
    if ref.value is None:
        # The path is a variable this file does not set (``--extra-engine-args ${config_file}``,
        # a script's argument): where the file wins over the command line, as an unreadable
        # path does, the layout it may write is unknown.
        if ref.unresolved and spec.config_overrides_cli:
            return _unread(dep, spec, ref, "its path is not known here"), ()
        return dep, ()

    try:
        loaded = loader(ref.value)
    except ReadRefused as exc:
        if exc.reason == OUTSIDE:  # there at run time, read by the engine: its layout unknown
            return _unread(dep, spec, ref, None, outside=True), (_outside(ref),)
        return _unread(dep, spec, ref, exc.reason), ()
    if loaded is None:
        return _unread(dep, spec, ref, None), ()
    path, text = loaded
    try:
        flags, findings = config_flags(spec, path, text, image)
    except SourceError as exc:
        return dep, (_unparsable(path, exc),)
    cli = {f.name for f in dep.flags}
    if not spec.config_overrides_cli:
        flags = [f for f in flags if f.name not in cli]

    fields = {**spec.fields, **spec.config_fields}
    dep = apply_flags(dep, flags, replace(spec, fields=fields))
    return dep, tuple(findings)


def config_flags(
    spec: EngineSpec, path: str, text: str, image: str = ""
) -> tuple[list[Flag], list[Finding]]:
    """The options a config file sets, as flags positioned in that file."""

    docs = load_documents(text, path)
    if not docs:
        return [], []
    doc = docs[0]
    if not isinstance(doc.data, dict):
        pos = doc.value_position(())
        raise SourceError("an engine config must be a mapping of options", pos.line, pos.column)
    flags: list[Flag] = []
    findings: list[Finding] = []
    for key, value in _flatten(doc.data, spec.strict_config_keys):
        at = doc.key_position(tuple(key.split(".")) if not spec.strict_config_keys else (key,))
        canonical, _how = _canonical(spec, "--" + key)
        if canonical is None and spec.strict_config_keys:
            close = closest_option(spec, key)
            findings.append(_unknown_key(spec, key, at, close, image))
            continue
        name = canonical or key
        flags.append(Flag(name, _as_text(value), key, at, _value_pos(doc, key, spec), anchor=key))
    return flags, findings


def _value_pos(doc: Any, key: str, spec: EngineSpec) -> Position:
    path = tuple(key.split(".")) if not spec.strict_config_keys else (key,)
    pos: Position = doc.value_position(path)
    return pos


def _flatten(data: Mapping[str, Any], strict: bool, prefix: str = "") -> list[tuple[str, Any]]:
    """vLLM/SGLang keys are flags (a dict value is JSON); LLM-API YAML nests (a.b)."""
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and not strict:
            out.extend(_flatten(value, strict, name + "."))
        else:
            out.append((name, value))
    return out


def _as_text(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if isinstance(value, dict):
        import json  # rare: a mapping-valued option (JSON on the command line)

        return json.dumps(value)
    return None if value is None else str(value)


def _unknown_key(
    spec: EngineSpec, key: str, at: Position, close: str | None, image: str = ""
) -> Finding:
    hint = f"; did you mean `{close}`?" if close else ""

    newer = newer_image(spec, image)
    message = f"{spec.engine_name} does not know the config key `{key}`{hint}"
    if newer is not None:
        message = (
            f"config key `{key}` is not in toplint's {spec.engine_name} {spec.release} "
            f"vocabulary; the image is {newer}, which may have it{hint}"
        )
    return UNKNOWN_ENGINE_FLAG.finding(
        at.path,
        at.line,
        at.column,
        message,
        anchor=key,
        severity=Severity.INFO if newer is not None else Severity.WARNING,
    )


def _unread(
    dep: Deployment, spec: EngineSpec, ref: Flag, reason: str | None, outside: bool = False
) -> Deployment:
    """A config file that was not read.  A layout value the command line does not write is the
    file's when the file sets one, so it is unknown: unresolved, not the default.  That holds
    where the file wins over the command line (TensorRT-LLM's YAML), and, where the command
    line wins (vLLM's ``--config``: docs.vllm.ai, "vllm serve", "Configuration file": a value
    given on the command line takes precedence over the file's), for a file outside the
    repository (``outside``), which the engine reads at run time.  A file the repository should
    hold but does not (a branch's other choice) keeps the defaults there, as before.  A value
    the command line writes is kept; where the file wins, the note says it may override it."""
    why = f" ({reason})" if reason else ""
    shown = ref.value if ref.value is not None else " ".join(ref.unresolved)
    note = f"engine config `{shown}` was not read{why}; its settings are not included"
    if spec.config_overrides_cli:
        note += " (it takes precedence over the command line)"
    dep = replace(dep, notes=(*dep.notes, note))
    if not (spec.config_overrides_cli or outside):
        return dep
    at = ref.value_position or ref.position
    written = {spec.fields.get(f.name) for f in dep.flags}
    settable = {*spec.fields.values(), *spec.config_fields.values()}
    fields: list[str] = [f for f in ("tp", "pp", "ep") if f in settable and f not in written]
    if not fields:
        return dep
    variable = f"{ref.value if ref.value is not None else ', '.join(ref.unresolved)} (not read)"
    unresolved = [u for u in dep.unresolved if u.field not in fields]
    unresolved.extend(Unresolved(f, variable, at) for f in fields)
    sources = {**dep.sources, **{f: at for f in fields}}
    values: dict[str, Any] = {f: None for f in fields}
    return replace(dep, unresolved=tuple(unresolved), sources=sources, **values)


def _outside(ref: Flag) -> Finding:
    return outside_reference(
        ref.position,
        f"--{ref.name}",
        "its settings are not included (keep the engine config inside the repository)",
        ref.name,
    )


def outside_reference(at: Position, what: str, effect: str, anchor: str) -> Finding:
    """TL009: ``what`` names a file outside the repository; it is neither opened nor quoted."""

    return REFERENCE_OUTSIDE_REPOSITORY.finding(
        at.path, at.line, at.column, f"{what}: {OUTSIDE}; {effect}", anchor=anchor
    )


def _unparsable(path: str, exc: SourceError) -> Finding:
    return UNPARSABLE_FILE.finding(
        path, exc.line, exc.column, f"cannot parse engine config: {exc}", anchor="file"
    )


def count_devices(spec: str) -> int | None:
    """GPUs named by a device list: "0,1" -> 2, "device=0,1" -> 2, "GPU-uuid" -> 1;
    "all" -> None (unknown here), "none"/"void"/"" -> 0."""
    text = spec.strip().strip("'\"")
    if text.startswith("device="):
        text = text[len("device=") :].strip("'\"")
    if text.lower() in ("all", ""):
        return None if text else 0
    if text.lower() in ("none", "void"):
        return 0
    return len([part for part in text.split(",") if part.strip()])


def narrow_ids(seen: list[str] | None, spec: str) -> list[str] | None:
    """The host GPU indices a device list leaves visible, in the order the process numbers
    them: each list indexes the devices the previous one left (``--gpus '"device=1,3"'`` then
    ``CUDA_VISIBLE_DEVICES=1`` is host GPU 3); ``[]`` = all of the host's, None = unknown
    (UUIDs, MIG devices, a count).  CUDA numbers devices fastest first unless
    ``CUDA_DEVICE_ORDER=PCI_BUS_ID``; on a node of one GPU model the two orders agree."""
    text = spec.strip().strip("'\"")
    if text.startswith("device="):
        text = text[len("device=") :].strip("'\"")
    if seen is None or text.lower() == "all":
        return seen
    parts = [part.strip() for part in text.split(",") if part.strip()]
    numbers = [digits(part, 1 << 20) for part in parts]
    if not parts or None in numbers:
        return None
    if not seen:
        return parts
    picked = [seen[n] for n in numbers if n is not None and n < len(seen)]
    return picked if len(picked) == len(parts) else None


# The communication libraries' variables worth keeping beside the engine's own (``env.NCCL_IB_HCA``,
# ``env.NCCL_P2P_DISABLE``): whatever starts the engine, a script, a compose service or a pod.
COMMUNICATION_ENV = ("NCCL_", "NVSHMEM_", "UCX_")


def engine_environment(dep: Deployment, env: Mapping[str, Arg]) -> Deployment:
    """The engine's own variables (``Engine.env_prefixes``: ``VLLM_``) and the communication
    libraries' (``COMMUNICATION_ENV``) of a shell's or container's environment as
    ``env.<name>`` options, as a Kubernetes container's ``env:`` gives them
    (``toplint.parse.k8s.container.env_options``), for the rules that read one (TL216:
    ``VLLM_ALLOW_LONG_MAX_MODEL_LEN``).  A value already given wins."""
    if not env:
        return dep
    engine = find_engine(dep.engine)
    prefixes = (*(engine.env_prefixes if engine is not None else ()), *COMMUNICATION_ENV)
    given = {
        f"env.{name}": arg
        for name, arg in env.items()
        if prefixes and name.startswith(prefixes) and arg.value is not None
    }
    kept = {k: arg for k, arg in given.items() if k not in dep.options}
    if not kept:
        return dep
    # Where each value is written, for the rules that report one (TL112: NCCL_P2P_DISABLE).
    options = {**dep.options, **{k: str(arg.value) for k, arg in kept.items()}}
    sources = {**{k: arg.position for k, arg in kept.items()}, **dep.sources}
    return replace(dep, options=options, sources=sources)


# The variables that narrow the GPUs a process sees, outermost first: the NVIDIA container
# runtime's, then ROCm's runtime (ROCr) and HIP's, then CUDA's, which HIP honours too
# (rocm.docs.amd.com HIP "GPU isolation variables": ROCR_VISIBLE_DEVICES, HIP_VISIBLE_DEVICES or
# CUDA_VISIBLE_DEVICES; pytorch/pytorch#142292 applies ROCR before HIP).
VISIBILITY = (
    "NVIDIA_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES",
    "HIP_VISIBLE_DEVICES",
    "CUDA_VISIBLE_DEVICES",
)


def visible_gpus(
    dep: Deployment, env: Mapping[str, Arg], docker_gpus: Arg | None = None
) -> Deployment:
    """GPUs one process sees: ``docker run --gpus``, ``NVIDIA_VISIBLE_DEVICES`` and
    ``CUDA_VISIBLE_DEVICES``, and on AMD's stack ``ROCR_VISIBLE_DEVICES`` and
    ``HIP_VISIBLE_DEVICES`` (``VISIBILITY``: each narrows the previous); plus the environment
    variable that sets the engine's all-to-all backend (``Engine.all_to_all.env``)."""
    count, where = dep.gpus_per_node, dep.sources.get("gpus_per_node")
    options = dict(dep.options)
    unresolved = list(dep.unresolved)
    requests: list[tuple[Arg, str]] = []  # (value, variable; "" for a count)
    if docker_gpus is not None:
        requests.append((docker_gpus, ""))
    for name in VISIBILITY:
        if name in env:
            requests.append((env[name], name))
    bound_by = ""
    ids: list[str] | None = []  # host GPU indices seen so far ([] = all of them; None = unknown)
    for arg, variable in requests:
        is_count = not variable
        if arg.value is None:
            count, where = None, arg.position
            unresolved.extend(Unresolved("gpus_per_node", v, arg.position) for v in arg.unresolved)
            ids = None
            continue
        text = arg.value.strip().strip("'\"")
        ids = None if is_count and text.isdigit() else narrow_ids(ids, text)
        n = whole_text(text, 0, 1 << 20) if is_count and text.isdigit() else count_devices(text)
        if n is None:
            options["gpus_visible"] = "all"
            continue
        count = n if count is None else min(count, n)
        where = arg.position
        if variable:  # the variable that bounds what the process sees (TL201 names it)
            options["gpus_from"] = bound_by = variable

    engine = find_engine(dep.engine)
    a2a = engine.all_to_all if engine is not None else None
    backend = env.get(a2a.env) if a2a is not None and a2a.env else None
    if a2a is not None and backend is not None and backend.value and a2a.key not in options:
        options[a2a.key] = backend.value
    if ids and not source_kind(dep.source_kind).devices_listed:
        # a pod's devices are the device plugin's pick, so only a host's indices are known
        options["gpu_ids"] = ",".join(ids)
    if bound_by and count is not None:
        # every GPU of the node granted (compose `count: all`), then narrowed by the variable:
        # the process sees those it lists, not the node (open_world11
        # Cloud-Linuxer__Qwen/deploy-qwen3-32b-awq.sh: CUDA_VISIBLE_DEVICES=0, where TL205
        # offered TP 4 "on all 4 GPUs of the node")
        options.pop("gpus_visible", None)
    sources = dict(dep.sources)
    if where is not None and count is not None:
        sources["gpus_per_node"] = where
        if bound_by and "gpus" in sources:  # a pod's request, narrowed by the variable
            sources["gpus"] = where
    return replace(
        dep, gpus_per_node=count, options=options, sources=sources, unresolved=tuple(unresolved)
    )


def one_host(dep: Deployment) -> Deployment:
    """A process a shell script starts on one host, its GPUs bounded by the visible devices
    it was given (``CUDA_VISIBLE_DEVICES=0,1 vllm serve …``): its whole layout runs on those
    GPUs, on that one host (vLLM: "World size (4) is larger than the number of available GPUs
    (2) in this node", vllm/config/parallel.py), unless something joins other hosts: a
    launcher's allocation or ``--nnodes`` (``dep.nodes``), a per-node data-parallel share, or a
    distributed executor other than the local one (Ray).  Joined by ``--nnodes`` with TP × PP
    exactly ``nodes`` × the GPUs this host sees, each node runs that share (SGLang:
    ``tp_size_per_node = server_args.tp_size // server_args.nnodes``, scheduler launch in
    python/sglang/srt/entrypoints/engine.py), so the instance spans all of them."""
    per_node = dep.gpus_per_node
    if dep.options.get("gpus_from") is None or per_node is None or dep.dp_local is not None:
        return dep
    where = dep.sources.get("gpus_per_node")
    sources = dict(dep.sources)
    if dep.nodes is not None or dep.gpus is not None:
        nodes, span = dep.nodes or 1, (dep.tp or 0) * (dep.pp or 0)
        if dep.gpus is None and nodes > 1 and dep.dp in (None, 1) and span == nodes * per_node:
            return replace(dep, gpus=span, sources=dict(sources, gpus=where) if where else sources)
        return dep
    backend = dep.flag("distributed-executor-backend")
    if backend is not None and backend.value not in ("mp", "uni"):
        return dep
    if where is not None:
        sources.update(gpus=where, nodes=where)
    return replace(dep, nodes=1, gpus=per_node, sources=sources)
