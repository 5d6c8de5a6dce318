"""The engines' own refusals of a layout beyond the model's shape (rule TL213 reports them):

- LMDeploy's TurboMind backend asserts a power-of-two TP (``tp should be 2^n``) when it starts,
  in releases before v0.6.0 (``TurboMind.__init__``, InternLM/lmdeploy@v0.5.3
  lmdeploy/turbomind/turbomind.py; removed from the serve path by e6d70a022, #2434);
- ``Engine.refuses``: sizes some releases refuse (SGLang's ``--enable-dp-attention``:
  ``toplint.engines.sglang_dp``), or a setting the release starts with but turns off;
- ``Engine.presharded_qkv_divides``: SGLang's MiMoV2 loader takes a fused ``qkv_proj`` stored
  pre-sharded (``ModelSpec.fused_qkv_tp``) only at an attention TP that divides it;
- Triton's vLLM backend refuses a ``KIND_GPU`` instance for a model on more than one GPU
  (``toplint.parse.structured.triton``);
- a TensorRT-LLM engine the same file builds serves only at its own sizes
  (``toplint.parse.builtengine``, ``BuildPipeline.refusal``);
- a pinned release older than the first that registers the checkpoint's architecture
  (``Engine.served``, ``toplint.engines.served``): "Model architectures [...] are not
  supported".  Only a pinned release is judged: nearly every deployment that pins none runs a
  recent release, so no pin gives no refusal (not the "judged as applying" of other checks);
- a pinned release from the first that no longer serves it (``Served.retired``: vLLM's "was
  supported in vLLM until v0.23.0, and is not supported anymore"), judged the same way.

Each is said once, here: ``toplint.outcome.starts.problems`` counts the certain ones (every
release the deployment may run refuses) as reasons the engine does not start, so plan and the
fixes judged by the outcome never offer a layout TL213 flags; TL213 renders each.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec, said
from toplint.engines.registry import build_pipeline, get_engine
from toplint.engines.release import Holds, Releases, holds, pinned, version
from toplint.engines.served import Served, ServedTable, TransformersBound, table_of
from toplint.engines.versions import image_tag, names_a_line
from toplint.model import Deployment
from toplint.optionkeys import BUILT_FROM, BUILT_WRITTEN, INSTALLS_TRANSFORMERS
from toplint.record import record, replace

# e6d70a022 (#2434) removed the assertion from TurboMind.__init__ and is first in v0.6.0 (`git
# tag --contains`); the copy a5edd130d (#3759, v0.10.0) removed was in converter.main, which the
# serve path does not run.
TURBOMIND_POWER_OF_TWO = Releases(until="0.6.0")


@record
class EngineRefusal:
    """One layout the engine refuses (or, ``ignored``, starts otherwise than written)."""

    # "triton_kind_gpu", "built_size", "release", "presharded_qkv", "turbomind_tp", "architecture",
    # "retired"
    kind: str
    message: str  # in the user's words, with the engine's own where it has them
    certain: bool  # every release the deployment may run refuses (else: some of them)
    ignored: bool = False  # it starts, with the setting off (``Refusal.ignored``)
    field: str = ""  # the deployment field it is about ("tp", "tp.written", "dp-size")
    fix: tuple[tuple[str, str], ...] = ()  # options every release accepts (``Refusal.fix``)


def refusals(dep: Deployment, model: ModelSpec | None) -> tuple[EngineRefusal, ...]:
    """Every refusal of ``dep``'s sizes by the engine's own start-up checks, in TL213's order."""
    return (
        _triton_kind_gpu(dep)
        + _built_engine_sizes(dep)
        + _by_release(dep)
        + _presharded_qkv(dep, model)
        + _turbomind_tp(dep)
        + _architecture(dep, model)
    )


def _architecture(dep: Deployment, model: ModelSpec | None) -> tuple[EngineRefusal, ...]:
    """Whether the pinned release registers the model's architecture at all: too early
    (``_unserved``) or too late (``_retired``), asked of the engine's table once."""
    engine = get_engine(dep.engine)
    if model is None or not engine.served or pinned(dep) is None:
        return ()  # no table, or no release pinned: the policy is no finding
    table = table_of(engine)
    row = table.get(model.model_type)
    if row is None:
        return ()  # an architecture the table does not hold is not judged
    return _unserved(dep, model, table, row) + _retired(dep, model, table, row)


def refused(dep: Deployment, model: ModelSpec | None) -> tuple[str, ...]:
    """The refusals every release the deployment may run makes: it does not start."""
    return tuple(r.message for r in refusals(dep, model) if r.certain and not r.ignored)


def refuses_tp(dep: Deployment, model: ModelSpec | None, tp: int) -> bool:
    """Whether the engine's own checks, as the deployment pins its release, refuse TP ``tp`` in
    a way they do not refuse its current size: TurboMind's power of two before v0.6, SGLang's
    DP attention dividing the TP size, a pre-sharded QKV (TL202's valid sizes).  A refusal some
    releases make where none is pinned counts (``release.holds``: judged as applying), so a fix
    never trades a refusal for TL213's warning."""
    now = {r.kind for r in refusals(dep, model) if not r.ignored}
    return any(not r.ignored and r.kind not in now for r in refusals(replace(dep, tp=tp), model))


def power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def _turbomind_tp(dep: Deployment) -> tuple[EngineRefusal, ...]:
    if dep.engine != "lmdeploy" or dep.tp is None or power_of_two(dep.tp):
        return ()
    if str(dep.options.get("backend", "")).strip("'\"") == "pytorch":
        return ()
    found = holds(dep, TURBOMIND_POWER_OF_TWO)  # the image's tag, else a package install's pin
    if not found.judged:
        return ()
    when = (
        f"the pinned {found.pinned_said()} refuses it at start-up ('tp should be 2^n')"
        if found.certain
        else f"{found.span()} refuses it at start-up ('tp should be 2^n'), {found.others()} "
        f"starts it; {found.doubt()}"
    )
    message = f"TurboMind needs a power of two for --tp, got {dep.tp}: {when}"
    return (EngineRefusal("turbomind_tp", message, found.certain, field="tp"),)


def _by_release(dep: Deployment) -> tuple[EngineRefusal, ...]:
    refuses = get_engine(dep.engine).refuses
    found = refuses(dep, pinned(dep)) if refuses is not None else None
    if found is None:
        return ()
    return (
        EngineRefusal(
            "release", found.message, found.certain, found.ignored, found.option, found.fix
        ),
    )


def _triton_kind_gpu(dep: Deployment) -> tuple[EngineRefusal, ...]:
    if dep.options.get("triton.instance_kind") != "KIND_GPU":
        return ()
    world = (dep.tp or 1) * (dep.pp or 1)
    if world <= 1:
        return ()
    message = (
        f"Triton's vLLM backend refuses a KIND_GPU instance for a model on {world} GPUs "
        f"(TP {dep.tp or 1} × PP {dep.pp or 1}): 'KIND_GPU is currently for single-GPU "
        "models', and the model never loads"
    )
    return (EngineRefusal("triton_kind_gpu", message, True, field="triton.instance_kind"),)


def _built_engine_sizes(dep: Deployment) -> tuple[EngineRefusal, ...]:
    pipeline = build_pipeline(dep.engine)
    if pipeline is None or BUILT_FROM not in dep.options:
        return ()
    out = []
    for field, name in pipeline.sizes:
        written, built = dep.options.get(BUILT_WRITTEN.get(field, "")), getattr(dep, field)
        if written is None or built is None or written in ("1", str(built)):
            continue
        said = pipeline.refusal.format(flag=name, written=written, built=built)
        message = (
            f"the engine it serves was built at {name} {built} ({dep.options[BUILT_FROM]}), and "
            f"{get_engine(dep.engine).title} refuses another: '{said}'; the server never starts"
        )
        out.append(EngineRefusal("built_size", message, True, field=f"{field}.written"))
    return tuple(out)


def _presharded_qkv(dep: Deployment, model: ModelSpec | None) -> tuple[EngineRefusal, ...]:
    engine = get_engine(dep.engine)
    if not engine.presharded_qkv_divides or model is None or not model.fused_qkv_tp:
        return ()
    if dep.tp is None:
        return ()
    attention, stored = engine.attention_tp(dep), model.fused_qkv_tp
    if stored % attention == 0:
        return ()
    layout = f"{engine.layout.tp} {dep.tp}"
    if attention != dep.tp:
        layout += f" / {engine.layout.dp} {dep.tp // attention}"
    name = said(model, dep.model)
    message = (
        f"{engine.title} loads {name}'s fused qkv_proj, stored pre-sharded over its "
        f"{stored} KV heads (config.json attention_projection_layout fused_qkv), only at an "
        f"attention TP that divides {stored}; {layout} gives {attention}: 'MiMoV2 fused qkv_proj "
        f"checkpoint is TP={stored}-interleaved; got attention tp_size={attention}'"
    )
    return (EngineRefusal("presharded_qkv", message, True, field="tp"),)


def _unserved(
    dep: Deployment, model: ModelSpec, table: ServedTable, row: Served
) -> tuple[EngineRefusal, ...]:
    """A pinned release older than the first that registers the model's architecture
    (``Engine.served``): certain up to the last release read without it, a doubt between."""
    found = holds(dep, Releases(until=row.first, read_until=row.last_without))
    if not found.judged or _line_serves(dep, row):
        return ()  # (a tag naming a release line is asked only where its pin predates the row)
    lacks = (
        f"the pinned {found.pinned_said()} does not register {row.architecture}"
        if found.certain
        else f"{found.engine} {row.last_without} and earlier do not register {row.architecture}"
    )
    serves = f"{found.engine} serves it from {row.first} ({row.source})"
    return _refusal("architecture", dep, model, (table, row, found), lacks, table.refusal, serves)


def _retired(
    dep: Deployment, model: ModelSpec, table: ServedTable, row: Served
) -> tuple[EngineRefusal, ...]:
    """A pinned release from the first that no longer registers the model's architecture
    (``Served.retired``): certain from the first release read to refuse it, a doubt between
    it and the last read to serve it; no release pinned, no finding (as ``_unserved``)."""
    gone = row.retired
    if gone is None:
        return ()
    found = holds(dep, Releases(since=gone.refused_from, read_since=gone.last))
    if not found.judged:
        return ()
    lacks = (
        f"the pinned {found.pinned_said()} no longer registers {row.architecture}"
        if found.certain
        else f"{found.engine} {gone.refused_from} and later no longer register {row.architecture}"
    )
    serves = f"{found.engine} {gone.last} is the last release read to serve it ({gone.source})"
    return _refusal("retired", dep, model, (table, row, found), lacks, gone.says, serves)


def _refusal(
    kind: str,
    dep: Deployment,
    model: ModelSpec,
    asked: tuple[ServedTable, Served, Holds],
    lacks: str,
    says: str,
    serves: str,
) -> tuple[EngineRefusal, ...]:
    """The refusal of a pinned release that does not register the model's class: what it
    ``lacks``, what the engine ``says``, which releases do serve it (``serves``)."""
    table, row, found = asked
    refuses, falls_back = _refuses(dep, table, row, found)
    message = (
        f"{lacks}, the architecture of {said(model, dep.model)} (config.json model_type "
        f"{model.model_type}), and {refuses} to start with no model class for it ({says}); "
        f"{serves}"
    )
    if not found.certain:  # pinned in the band between the two releases read
        message += f"; whether the pinned {found.pinned_said()} does was not read"
    # the release a package install pins is set only where no image pins one (parse.pins): a
    # base image (nvidia/cuda:12.9.1-base) is then not where the fix goes
    at = "engine_release" if "engine_release" in dep.options else "image"
    return (EngineRefusal(kind, message, found.certain and not falls_back, field=at),)


def _refuses(dep: Deployment, table: ServedTable, row: Served, found: Holds) -> tuple[str, bool]:
    """What the releases ``found`` judges do with a class they do not register, said ("refuses",
    or the Transformers fallback and where it starts), and whether they may fall back."""
    since, pin = table.fallback_since, found.pin
    falls_back = table.falls_back(pin)
    # a fallback that runs on one GPU only (TGI's CausalLM before its Transformers backend)
    one_gpu = falls_back and pin is not None and not table.shards_fallback(pin)
    unsharded = one_gpu and dep.tp is not None and dep.tp > 1
    # a setting the fallback refuses (TGI's AutoModel path and --quantize gptq)
    setting = table.refused_by_fallback(pin, dep.options) if falls_back and pin else None
    bound = _bound(table, row, pin, dep) if falls_back and not unsharded else None
    falls_back = falls_back and bound is None and not unsharded and setting is None
    refuses = "refuses" if found.certain else "refuse"
    if falls_back:  # it may start through the Transformers implementation of the class
        refuses = (
            f"from {since} {'falls' if found.certain else 'fall'} back to the Transformers "
            f"implementation of a class it does not register, which starts only where the "
            f"image's transformers has {row.architecture} (this file does not say; "
            f"{table.fallback_source}), else {refuses}"
        )
    elif unsharded:  # its fallback serves one GPU, and the deployment shards the model
        refuses = (
            f"its fallback to the Transformers implementation runs on one GPU only before "
            f"{table.sharded_fallback_since} ({table.fallback_source}), and {dep.tp} shards are "
            f"asked, so {refuses}"
        )
    elif setting is not None:  # its fallback refuses a setting the file writes
        refuses = (
            f"its fallback to the Transformers implementation refuses --{setting.option} "
            f"{setting.value} from {setting.since} ('{setting.says}'), so {refuses}"
        )
    elif bound is not None:  # the release's own transformers has no class to fall back to
        refuses = (
            f"its Transformers fallback has none either ({found.engine} {bound.first} to "
            f"{bound.last} require {bound.requirement}, and no transformers release that admits "
            f"has {row.architecture}: {bound.source}), so {refuses}"
        )
    return refuses, falls_back


def _line_serves(dep: Deployment, row: Served) -> bool:
    """An image tag that names a release line (TGI's ``2.0``) runs the line's newest release,
    which serves the class where the line's own releases include the first that does."""
    if "engine_release" in dep.options:
        return False  # a package pin ("lmdeploy==0.7") is that release
    tag = image_tag(str(dep.options.get("image", "")))
    line, first = version(tag), version(row.first)
    return names_a_line(tag) and line is not None and first is not None and first[:2] == line[:2]


def _bound(
    table: ServedTable, row: Served, pin: tuple[int, int, int] | None, dep: Deployment
) -> TransformersBound | None:
    """The requirement of the pinned release that admits no transformers release with the
    row's class (``ServedTable.bounds``), where the file installs no transformers of its own."""
    if pin is None or INSTALLS_TRANSFORMERS in dep.options:
        return None
    for bound in table.bounds:
        first, last = version(bound.first), version(bound.last)
        inside = first is not None and last is not None and first <= pin <= last
        if inside and row.architecture in bound.lacks:
            return bound
    return None
