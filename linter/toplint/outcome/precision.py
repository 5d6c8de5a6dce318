"""Does the GPU compute in the number format the deployment serves, and what the engine does
when it does not (issue 25: an engine that refuses to start is part of the outcome's ``starts``).

- An FP8 checkpoint (``-FP8`` in its name, a block-FP8 model such as DeepSeek-V3) or
  ``--quantization fp8`` needs FP8 tensor cores (Ada, Hopper, Blackwell, MI300X), an FP4 one
  Blackwell (``toplint.hardware.formats``).  On older GPUs the engine runs weight-only kernels
  or refuses to start, as its record says (``Engine.low_precision_fallback``).
- A BF16 checkpoint (config.json ``torch_dtype``) or ``--dtype bfloat16`` needs compute
  capability 8.0: vLLM refuses ``--dtype bfloat16`` below it in every release, and ``--dtype
  auto`` up to the release before ``Engine.bf16_auto_cast_since`` (later ones cast to float16).
- Attention kernels with a capability floor in some releases (``Engine.attention_floors``):
  TGI 2.1-2.2 runs flash-attention v2 for its flash model types on any GPU and stops below 8.0;
  0.9.4-2.0 has no flash attention below 7.5 and refuses a sharded flash model type there.

Rule TL212 reports each verdict with its anchor; ``toplint.outcome.starts`` counts the refusals
among the reasons the engine does not start, so ``cost``, ``plan`` and every judged fix see
them.  The sources are cited in TL212's page.
"""

from __future__ import annotations

from typing import Literal

from toplint.catalog_types import ModelSpec, said
from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds, pinned, version
from toplint.hardware.archs import Arch, of_gpu
from toplint.hardware.formats import Format, format_of, native
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.record import record, replace

NEEDS = {"fp8": "Ada, Hopper, Blackwell or MI300X", "fp4": "Blackwell"}
_NOT_BF16 = ("half", "float16", "fp16", "float", "float32", "fp32")

Effect = Literal["refuses", "degrades"]


@record
class Precision:
    """The GPU lacks the format the deployment serves: what the engine does about it."""

    fmt: str  # "fp8", "fp4", "bf16"; "attention" (a kernel floor), "awq"/"gptq" (a method)
    effect: Effect  # "refuses": the engine does not start; "degrades": it runs otherwise
    message: str  # "FP8 (checkpoint X) on A100: ampere GPUs have no FP8 tensor cores; ..."
    at: str  # the deployment field that asks for the format ("model", an option's key)
    fix: str
    arch: str
    gpu: str


def served_format(dep: Deployment, model: ModelSpec | None) -> tuple[Format, str, str] | None:
    """(format, what says so, deployment field to point at).

    A quantization option that names the checkpoint's own method (``ModelSpec.quant_method``)
    serves what the checkpoint alone would: the engine takes its method from the checkpoint's
    ``quantization_config`` and refuses any other (vllm-project/vllm@0052a5b8
    vllm/config/model.py ``_verify_quantization``: "if self.quantization is None:
    self.quantization = quant_method", a different one raises), so the verdict is the
    checkpoint's, whether or not the option repeats it."""
    option = get_engine(dep.engine).quantization_option
    method = str(dep.options.get(option, "")) if option else ""
    if model is not None and method.strip().lower() == model.quant_method.lower():
        method = ""  # the checkpoint's own method, written again
    if method and (fmt := format_of(method)):
        return fmt, f"{option.split('.')[-1]} {method}", option
    if dep.model and (fmt := format_of(dep.model)):
        return fmt, f"checkpoint {dep.model}", "model"
    if model is not None and model.quant_block and model.weight_bytes <= 1.0:
        return "fp8", f"block-FP8 checkpoint {said(model, dep.model)}", "model"
    return None


def precision(dep: Deployment, model: ModelSpec | None, gpu: GpuSpec) -> Precision | None:
    """The format ``dep`` serves when ``gpu`` does not compute in it, and what follows."""
    grouped = group_size_refusal(dep, model)
    if grouped is not None:
        return replace(grouped, gpu=gpu.name)
    row = of_gpu(gpu.arch, gpu.name)
    arch = row.name
    if not arch:
        return None
    kernel = _kernel_capability(dep, model, gpu.name, row)
    if kernel is not None:
        return kernel
    floor = _attention_floor(dep, model, gpu.name, row)
    if floor is not None:
        return floor
    served = served_format(dep, model)
    if served is None:
        return _bf16(dep, model, gpu.name, arch)
    fmt, why, at = served
    if native(fmt, arch):
        return None
    engine = get_engine(dep.engine)
    fallback = engine.low_precision_fallback.get(fmt)
    head = f"{fmt.upper()} ({why}) on {gpu.name}: {arch} GPUs have no {fmt.upper()} tensor cores"
    advice = f"serve a 16-bit or INT8/INT4 (AWQ, GPTQ) checkpoint, or use {NEEDS[fmt]} GPUs"
    effect: Effect = "degrades"
    if fallback is None:
        outcome = f"how {engine.title} runs {fmt.upper()} on them has not been read"
    elif arch in fallback:
        refused = _fallback_refused(dep, model, fmt)
        if refused:
            return Precision(fmt, "refuses", f"{head}; {refused}", at, advice, arch, gpu.name)
        outcome = (
            f"{engine.title} runs it as weight-only kernels (the memory saving stays, the "
            f"{fmt.upper()} compute speed-up is lost in prefill and large batches)"
        )
        moe_note = engine.low_precision_releases.moe_note.get(fmt)
        if model is not None and model.is_moe and moe_note:
            outcome += "; " + moe_note
        since = engine.low_precision_releases.since.get(fmt)
        refusing = holds(dep, Releases(until=since)) if since else None
        if refusing is not None and refusing.unknown:
            outcome += f"; releases before {since} refuse to start: {refusing.doubt()}"
    else:
        effect, outcome = "refuses", f"{engine.title} refuses to start"
    return Precision(fmt, effect, f"{head}; {outcome}", at, advice, arch, gpu.name)


def _fallback_refused(dep: Deployment, model: ModelSpec | None, fmt: str) -> str:
    """Why the pinned release refuses a format its later releases run as weight-only kernels
    (``Engine.low_precision_releases``); "" when it does not
    or no release is pinned."""
    engine, release = get_engine(dep.engine), pinned(dep)
    if release is None:
        return ""
    shown = ".".join(map(str, release))
    first = engine.low_precision_releases.since.get(fmt, "")
    if first and holds(dep, Releases(until=first)).certain:
        return f"{engine.title} {shown} refuses to start (its weight-only kernels run from {first})"
    until = version(engine.low_precision_releases.moe_until.get(fmt, ""))
    if model is not None and model.is_moe and until is not None and release <= until:
        return (
            f"{engine.title} {shown} refuses to start: its fused-MoE kernels have no "
            f"weight-only {fmt.upper()} path"
        )
    return ""


def group_size_refusal(dep: Deployment, model: ModelSpec | None) -> Precision | None:
    """An AWQ/GPTQ checkpoint whose group size the engine does not load
    (``Engine.quant_group_sizes``): it refuses to start, on any GPU."""
    engine = get_engine(dep.engine)
    if not engine.quant_group_sizes or model is None or model.quant_group <= 0:
        return None
    key, _, value = engine.quant_group_sizes_unless.partition("=")
    if key and str(dep.options.get(key, "")).strip("'\"").lower() == value:
        return None
    option = engine.quant_format_option
    written = str(dep.options.get(option, "")).strip("'\"").lower() if option else ""
    method = written or model.quant_method
    sizes = engine.quant_group_sizes.get(method)
    if sizes is None or model.quant_group in sizes:
        return None
    allowed = ", ".join(map(str, sorted(sizes)))
    message = (
        f"{method.upper()} checkpoint {dep.model} has group size {model.quant_group}; "
        f"{engine.title} loads {method.upper()} groups of {allowed} only and refuses to start"
    )
    fix = f"quantize the checkpoint ({method.upper()}) with group size {allowed}"
    return Precision(method, "refuses", message, option if written else "model", fix, "", "")


def _kernel_capability(
    dep: Deployment, model: ModelSpec | None, gpu: str, arch: Arch
) -> Precision | None:
    """A weight quantization (AWQ, ModelOpt FP8, MXFP4) whose kernels need a newer GPU than ``arch``
    (``Engine.quant_min_capability``, and an earlier release's higher floor,
    ``Engine.quant_floor_before``, asked of ``holds``: certain up to the last release read to
    refuse, unknown between it and the first read to accept): the engine refuses to start."""
    engine = get_engine(dep.engine)
    floors, before = engine.quant_min_capability, engine.quant_floor_before
    top = max([*floors.values(), *(row[1] for row in before.values())], default=0.0)
    if not 0 < arch.compute_capability < top:
        return None  # the common case: no floor, or a GPU above every floor
    option = engine.quantization_option
    method = str(dep.options.get(option, "")).strip("'\"").lower() if option else ""
    at = option if method else "model"
    if not method:
        method = model.quant_method if model is not None else ""
    if method == "modelopt" and model is not None and model.weight_bytes < 1.0:
        # an NVFP4 ModelOpt checkpoint is vLLM's "modelopt_fp4", whose floor is not read
        # (vllm-project/vllm@00155cde modelopt.py: only quant_algo FP8 is "modelopt")
        return None
    needed = floors.get(method)
    if needed is None:
        return None
    what = f"--{option.replace('_', '-')} {method}" if at == option else f"checkpoint {dep.model}"
    name, cap = _METHOD_NAMES.get(method, method.upper()), arch.compute_capability
    head = f"{name} ({what}) on {gpu}: {engine.title}'s {name} kernels need compute capability"
    fix = f"serve a 16-bit checkpoint, or use GPUs of compute capability {needed:.1f} or newer"
    error = engine.quant_floor_errors.get(method, "")  # as the engine prints it; "" unread
    sm = f"{round(cap * 10)}"
    quote = f" ('{error.format(method=method, sm=sm)}')" if error else ""
    if cap < needed:
        message = (
            f"{head} {needed:.1f}, {arch.name} GPUs have {cap:.1f}; {engine.title} refuses "
            f"to start{quote}"
        )
        return Precision(method, "refuses", message, at, fix, arch.name, gpu)
    if method not in before:
        return None
    until, old, read_from = before[method]
    # refused up to ``until`` (read), accepted from ``read_from`` (read); between: not read
    higher = holds(dep, Releases(until=read_from, read_until=until))
    if cap >= old or not higher.judged:
        return None
    band = f"{head} {old:.1f} in releases up to {until} ({arch.name} GPUs have {cap:.1f})"
    fix = f"{engine.title} {read_from} or later, a 16-bit checkpoint, or GPUs of {old:.1f}"
    if higher.certain:
        message = f"{band}: {higher.pinned_said()} refuses to start{quote}"
        return Precision(method, "refuses", message, at, fix, arch.name, gpu)
    shown = f"this release's floor has not been read ({higher.doubt()})" if higher.pin else ""
    message = (
        f"{band}, which refuse to start{quote}; releases from {read_from} need {needed:.1f} "
        f"and run it as weight-only kernels; {shown or 'pin the image'}"
    )
    return Precision(method, "degrades", message, at, fix, arch.name, gpu)


_METHOD_NAMES = {"modelopt": "ModelOpt FP8", "mxfp4": "MXFP4"}


def _attention_floor(
    dep: Deployment, model: ModelSpec | None, gpu: str, arch: Arch
) -> Precision | None:
    """An engine release whose attention kernels need a newer GPU than ``arch`` for the
    checkpoint's model type (``Engine.attention_floors``): the engine refuses to start.  Only
    an image whose tag names the release is judged."""
    engine = get_engine(dep.engine)
    if not engine.attention_floors or model is None or not model.model_type:
        return None
    release = pinned(dep)
    if release is None or arch.compute_capability <= 0:
        return None
    for floor in engine.attention_floors:
        since, until = version(floor.since or "0"), version(floor.until or "")
        if (since is not None and release < since) or (until is not None and release >= until):
            continue
        if arch.compute_capability >= floor.capability or model.model_type not in floor.models:
            return None
        shards = max(dep.tp or 1, 1)
        if floor.refuses == "sharded" and shards == 1:
            return None
        written = ".".join(map(str, release))
        head = (
            f"{engine.title} {written} serves {model.model_type} checkpoint {dep.model} through "
            f"attention kernels that need compute capability {floor.capability:.1f}; "
            f"{arch.name} GPUs ({gpu}) have {arch.compute_capability:.1f}"
        )
        if floor.refuses == "sharded":
            message = f"{head}, and {shards} shards need them: {engine.title} refuses to start"
            fix = (
                f"one shard (without them {engine.title} runs transformers' attention on one "
                f"GPU), a release from {floor.until}, or GPUs of compute capability "
                f"{floor.capability:.1f} or newer"
            )
            at = "tp"
        else:
            message = f"{head}: {engine.title} stops at start-up"
            fix = (
                f"an image of a release before {floor.since} or from {floor.until}, or GPUs of "
                f"compute capability {floor.capability:.1f} or newer"
            )
            at = "image"
        return Precision(
            "attention", "refuses", f"{message} ('{floor.error}')", at, fix, arch.name, gpu
        )
    return None


def _bf16(dep: Deployment, model: ModelSpec | None, gpu: str, arch: str) -> Precision | None:
    """A BF16 checkpoint (or ``--dtype bfloat16``) on a GPU without BF16."""
    engine = get_engine(dep.engine)
    if not engine.dtype_option or not engine.bf16_auto_cast_since or native("bf16", arch):
        return None
    asked = str(dep.options.get(engine.dtype_option, "auto")).strip("'\"").lower()
    if asked in _NOT_BF16:
        return None
    explicit = asked in ("bfloat16", "bf16")
    if not explicit and (model is None or model.dtype != "bfloat16" or model.weight_bytes < 2):
        return None
    what = f"--{engine.dtype_option} {asked}" if explicit else f"checkpoint {dep.model}"
    head = f"BF16 ({what}) on {gpu}: {arch} GPUs have no BF16 (compute capability below 8.0)"
    refusing = holds(dep, Releases(until=engine.bf16_auto_cast_since))  # no cast before it
    effect: Effect = "degrades"
    if explicit or refusing.certain:
        effect, outcome = "refuses", f"{engine.title} refuses to start"
    elif not refusing.judged:
        outcome = (
            f"{engine.title} casts it to float16 (the numerics are no longer the checkpoint's)"
        )
    else:  # a refusal judged from no release pinned is a doubt, never a certain one
        outcome = (
            f"{engine.title} {engine.bf16_auto_cast_since} and later cast it to float16, "
            f"earlier releases refuse to start ({refusing.doubt()})"
        )
    at = engine.dtype_option if explicit else "model"
    fix = f"--{engine.dtype_option} half (float16), or use Ampere or newer GPUs"
    return Precision("bf16", effect, f"{head}; {outcome}", at, fix, arch, gpu)
