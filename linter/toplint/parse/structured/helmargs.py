"""The engine arguments the vLLM production-stack chart renders from its values.

Keys of a model spec and its ``vllmConfig`` become vLLM flags in the template's order
(``render``, by the tables ``SPEC_KEYS`` and ``CONFIG_KEYS``); ``extraArgs`` are one argument
each (``extra_args``).  Read by ``toplint.parse.structured.helm`` for the chart's values, the
VLLMRuntime CR and the llm-d chart.
"""

from __future__ import annotations

from typing import Any

from toplint.infra.yamlsafe import Path
from toplint.parse.k8s.context import Ctx
from toplint.parse.options import Arg

# (key, option, kind): kind "flag" = present when true; "bool" = --x / --no-x; "value".
# Order of deployment-vllm-multi.yaml L149-199 (the Ray template differs: see _ray_row).
SPEC_KEYS = (
    ("enableLoRA", "--enable-lora", "flag"),
    ("enableTool", "--enable-auto-tool-choice", "flag"),
    ("toolCallParser", "--tool-call-parser", "value"),
)
CONFIG_KEYS = (
    ("enableChunkedPrefill", "--enable-chunked-prefill", "bool"),
    ("enablePrefixCaching", "--enable-prefix-caching", "always-bool"),
    ("maxModelLen", "--max-model-len", "value"),
    ("dtype", "--dtype", "value"),
    ("tensorParallelSize", "--tensor-parallel-size", "value"),
    ("pipelineParallelSize", "--pipeline-parallel-size", "ray-value"),
    ("maxNumSeqs", "--max-num-seqs", "value"),
    ("gpuMemoryUtilization", "--gpu_memory_utilization", "value"),
    ("maxLoras", "--max_loras", "value"),
    ("runner", "--runner", "value"),
    ("convert", "--convert", "value"),
)


def render(ctx: Ctx, at: Path, keys: tuple[tuple[str, str, str], ...], ray: bool) -> list[Arg]:
    """argv the chart renders from the keys under ``at``, in the chart's order."""
    block = ctx.get(at)
    if not isinstance(block, dict):
        return []
    out: list[Arg] = []
    for key, option, kind in keys:
        present = key in block
        if kind == "ray-value" and not ray:
            continue
        if not present and kind != "always-bool":
            continue
        pos = ctx.key((*at, key)) if present else ctx.key(at)
        anchor = ".".join(str(p) for p in (*at, key))
        value = block.get(key)
        if (ray and option.startswith("--gpu_")) or (ray and option == "--max_loras"):
            option = option.replace("_", "-")  # ray-cluster.yaml spells these with dashes
        if (kind == "flag" and value) or (kind in ("bool", "always-bool") and _truthy(value)):
            out.append(Arg(option, option, pos, (), anchor))
        elif kind == "bool" or (kind == "always-bool" and not ray):
            out.append(Arg("--no-" + option[2:], option, pos, (), anchor))
        elif kind in ("value", "ray-value") and value is not None and value != "":
            out.append(Arg(option, option, pos, (), anchor))
            out.append(
                Arg(value_text(value), value_text(value), ctx.scalar_pos((*at, key)), (), anchor)
            )
    return out


def _truthy(value: Any) -> bool:
    return bool(value) and str(value).lower() not in ("false", "0")


def value_text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def extra_args(ctx: Ctx, at: Path) -> list[Arg]:
    """Each ``extraArgs`` element is one argv token (the chart quotes it)."""
    items = ctx.get(at)
    if not isinstance(items, list):
        return []
    anchor = ".".join(str(p) for p in at)
    return [
        Arg(value_text(v), value_text(v), ctx.scalar_pos((*at, i)), (), f"{anchor}[{i}]")
        for i, v in enumerate(items)
    ]
