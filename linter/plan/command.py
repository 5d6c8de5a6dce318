"""The engine command that starts a planned layout.

Flag spellings from ../shared/reference/engine-vocabulary.md: vLLM §1 (``--tensor-parallel-size``,
``--pipeline-parallel-size``, ``--data-parallel-size``, ``--enable-expert-parallel``, multi-node
with ``--nnodes``/``--node-rank``, non-head nodes ``--headless``); SGLang §2 (``--tp-size`` is the
total across ``--nnodes``, ``--pp-size``, ``--dp-size``, ``--ep-size``).
"""

from __future__ import annotations

from toplint.plan.enumerate import Layout

__all__ = ["command"]


def command(model_id: str, layout: Layout, engine: str, nodes: int) -> str:
    """One shell line for the head node (multi-node: run it on each node with its rank)."""
    if engine == "sglang":
        return _sglang(model_id, layout, nodes)
    return _vllm(model_id, layout, nodes)


def _vllm(model_id: str, layout: Layout, nodes: int) -> str:
    parts = ["vllm serve", model_id]
    if layout.tp > 1:
        parts.append(f"--tensor-parallel-size {layout.tp}")
    if layout.pp > 1:
        parts.append(f"--pipeline-parallel-size {layout.pp}")
    if layout.dp > 1:
        parts.append(f"--data-parallel-size {layout.dp}")
        if nodes > 1:
            parts.append(f"--data-parallel-size-local {max(layout.dp // nodes, 1)}")
    if layout.ep > 1:
        parts.append("--enable-expert-parallel")
    if nodes > 1 and layout.dp == 1:
        # mp backend across nodes (vocabulary §1 --nnodes): head node rank 0, others --headless
        parts.append(f"--nnodes {nodes} --node-rank 0")
    return " ".join(parts)


def _sglang(model_id: str, layout: Layout, nodes: int) -> str:
    parts = ["python -m sglang.launch_server", f"--model-path {model_id}"]
    if layout.tp > 1:
        parts.append(f"--tp-size {layout.tp}")
    if layout.pp > 1:
        parts.append(f"--pp-size {layout.pp}")
    if layout.dp > 1:
        parts.append(f"--dp-size {layout.dp}")
    if layout.ep > 1:
        parts.append(f"--ep-size {layout.ep}")
    if nodes > 1:
        parts.append(f"--nnodes {nodes} --node-rank 0")
    return " ".join(parts)
