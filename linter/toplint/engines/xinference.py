"""Xinference's ``xinference launch``: a platform command that serves a model through the
engine its ``--model-engine`` names (read here for ``vllm``).

Its own options are click options (dashed; no abbreviations, no underscore spellings); every
other ``--key value`` pair is taken whole, the key without its two dashes and unchanged, as a
keyword the engine's model receives (``ignore_unknown_options``/``allow_extra_args``;
``kwargs[ctx.args[i][2:]] = ...``: xorbitsai/inference@v0.16.1 and @7ecec16b
xinference/deploy/cmdline.py ``model_launch``).  For vLLM those keywords become
``AsyncEngineArgs(model=..., **model_config)`` (xinference/model/llm/vllm/core.py ``load``), so
an engine setting is written in the argument's Python name (``--gpu_memory_utilization 0.9``)
and a dashed one (``--gpu-memory-utilization``) is a keyword ``AsyncEngineArgs`` does not take:
the launch fails (xorbitsai/inference#2696, the maintainer: ``--gpu_memory_utilization 0.9``).
Every such keyword is a pair, a switch included (``--enforce_eager true``).  ``--model_path``
is the checkpoint (consumed by ``create_llm_model_instance``; a builtin ``--model-path`` at
@7ecec16b).

``_sanitize_model_config`` passes ``gpu_memory_utilization=0.90`` and ``max_num_seqs=256``
unless written, whatever vLLM's own defaults, and ``tensor_parallel_size`` = the GPUs the worker
gave the model: ``--gpu-idx`` (a comma list; it overrides ``--n-gpu``), else ``--n-gpu N``,
else (``auto``, the default) every free GPU of the worker at launch time (xinference/core/
worker.py ``launch_builtin_model``, ``allocate_devices``), which the command does not say.
"""

from __future__ import annotations

from toplint.engines.types import EngineSpec, Launch
from toplint.model import Deployment, Unresolved
from toplint.record import replace

# click options of ``xinference launch`` that take a value: v0.16.1 and @7ecec16b (the
# union); the two-value ones (``--lora-modules NAME PATH``) are read with their first value.
_OWN_VALUES = """
    endpoint model-name model-type model-engine model-uid size-in-billions model-format
    quantization replica n-worker n-gpu lora-modules image-lora-load-kwargs
    image-lora-fuse-kwargs quantization-config worker-ip gpu-idx trust-remote-code api-key
    model-path virtual-env-package virtual-env-find-link env
"""
_OWN_FLAGS = "enable-thinking enable-virtual-env disable-virtual-env"
_OWN_SHORT = {
    "-e": "endpoint",
    "-n": "model-name",
    "-t": "model-type",
    "-en": "model-engine",
    "-u": "model-uid",
    "-s": "size-in-billions",
    "-f": "model-format",
    "-q": "quantization",
    "-r": "replica",
    "-lm": "lora-modules",
    "-ld": "image-lora-load-kwargs",
    "-fd": "image-lora-fuse-kwargs",
    "-qc": "quantization-config",
    "-ak": "api-key",
    "-mp": "model-path",
    "-vp": "virtual-env-package",
    "-ev": "env",
}
# keywords Xinference itself takes out of the engine's before ``AsyncEngineArgs`` (@7ecec16b
# xinference/model/llm/vllm/core.py ``model_config.pop``; xinference/core/worker.py and
# xinference/model/llm/core.py ``kwargs.pop``/``get``): its own, never vLLM's
_OWN_KEYWORDS = """
    reasoning_content enable_thinking xavier_transfer_block_num draft_model_path
    num_speculative_tokens min_pixels max_pixels enable_tensorizer multimodal_projector
    draft_quantization enable_mtp enable_xavier virtual_env_name n_worker shard device
"""
CHOOSER = "model-engine"
PROGRAM = "Xinference's `xinference launch`"
PREFIX = "xinference_"  # its own options' keys: never read as the engine's (``--quantization``)


def own_options() -> dict[str, bool]:
    out = {name: True for name in _OWN_VALUES.split()}
    out.update({name: False for name in _OWN_FLAGS.split()})
    return out


def spec(
    engine: str, engine_options: dict[str, bool], layout: dict[str, str], takes: str
) -> EngineSpec:
    """``xinference launch --model-engine ENGINE``'s vocabulary: its own options, then each of
    the engine's options (dashed names) as the keyword Xinference passes on (underscores), every
    one taking a value; ``layout`` maps the engine's dashed layout options to the fields;
    ``takes`` names what receives the keywords (``EngineSpec.forwards_to``)."""
    keywords = {name.replace("-", "_"): True for name in engine_options}
    own = {name: True for name in _OWN_KEYWORDS.split()}
    fields = {name: PREFIX + name.replace("-", "_") for name in (*own_options(), *own)}
    fields.update({name.replace("-", "_"): field for name, field in layout.items()})
    fields.update({"model_path": "model", "model-path": "model"})
    fields["model_quantization"] = "quantization"  # the engine's (``_sanitize_model_config``)
    return EngineSpec(
        name=f"xinference-{engine}",
        options={
            **keywords,
            **own,
            "model_path": True,
            "model_quantization": True,
            **own_options(),
        },
        aliases=dict(_OWN_SHORT),
        fields=fields,
        underscores_are_dashes=False,
        allow_abbrev=False,
        engine=engine,
        program=PROGRAM,
        implied={"gpu_memory_utilization": "0.9", "max_num_seqs": "256"},
        layout=gpus_given,
        forwards_to=takes,
    )


def launch(engine: str) -> Launch:
    """``xinference launch …`` read as ``engine``'s when its ``--model-engine`` names it."""
    return Launch(
        ("xinference", "launch"),
        f"xinference-{engine}",
        positional_model=False,
        when=(CHOOSER, engine),
    )


def gpus_given(dep: Deployment) -> Deployment:
    """The tensor-parallel size Xinference gives the engine when none is written: the count of
    ``--gpu-idx``, else ``--n-gpu N``; ``auto`` (the default) is the worker's free GPUs at launch
    time, unresolved here (never a default of 1)."""
    if "tp" in dep.sources:
        return dep
    idx, n_gpu = dep.options.get(PREFIX + "gpu_idx"), dep.options.get(PREFIX + "n_gpu")
    if idx is not None and all(p.strip().isdigit() for p in idx.strip("'\"").split(",")):
        return _tp(dep, len(idx.strip("'\"").split(",")), PREFIX + "gpu_idx")
    if idx is None and n_gpu is not None and n_gpu.strip("'\"").isdigit():
        return _tp(dep, int(n_gpu.strip("'\"")), PREFIX + "n_gpu")
    at = dep.position_of(PREFIX + "gpu_idx" if idx is not None else PREFIX + "n_gpu")
    why = "layout chosen by Xinference (`--n-gpu auto`: the worker's free GPUs at launch)"
    return replace(dep, tp=None, unresolved=(*dep.unresolved, Unresolved("tp", why, at)))


def _tp(dep: Deployment, size: int, key: str) -> Deployment:
    sources = {**dep.sources, "tp": dep.position_of(key)}
    return replace(dep, tp=size, sources=sources)
