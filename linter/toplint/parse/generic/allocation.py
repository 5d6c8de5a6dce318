"""AReaL's allocation expressions: which engine a run's rollout servers are and their layout.

An AReaL run's configuration names its rollout engine and its parallelism in one string,
``rollout.backend: "sglang:d4t8"`` (``allocation_mode: sglang:d4p1t2+d4p1t1`` in the legacy
form SPMD launchers read): SGLang, four independent servers of TP 8.  Its ``sglang:`` and
``vllm:`` mappings are both engine settings; only the one the expression names starts, with the
expression's TP and PP (AReaL builds the server command from them: ``tp_size``, ``pp_size`` in
``SGLangConfig.build_args`` / ``vLLMConfig.build_args``), once per DP rank.

The grammar is AReaL's (inclusionAI/AReaL@4aef98d areal/api/alloc_mode.py
``ALLOCATION_GRAMMAR``): components joined by ``+`` (disaggregated) or ``|`` (colocated); an
inference component is ``BACKEND ("[" NAME "]")? ":" (d|t|p)N+`` with BACKEND one of the
two engines AReaL drives; every other component (``fsdp:d8``, ``megatron:d4t2p2``, ``d8``, the MoE
``(attn:…|ffn:…)`` forms) is training and starts no engine.  The settings where AReaL reads
an expression are ``ALLOCATION_KEYS``; nothing else is read as one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from toplint.engines.registry import get_engine
from toplint.infra.patterns import lazy
from toplint.infra.yamldoc import data_at
from toplint.model import Deployment, Position
from toplint.parse.generic.evidence import is_name
from toplint.parse.options import Arg
from toplint.record import record, replace

Path = tuple[str | int, ...]

# Where an AReaL configuration writes the expression (areal/api/cli_args.py: the rollout's
# ``backend`` field, "Backend and parallelism strategy"; the deprecated top-level
# ``allocation_mode``).
ALLOCATION_KEYS: tuple[Path, ...] = (("rollout", "backend"), ("allocation_mode",))
# An override on a command line or in a script (``rollout.backend=sglang:d1``,
# ``allocation_mode=vllm:d4p1t2+d4p1t1``): the key dotted as AReaL's CLI writes it.
_WRITTEN = lazy(
    r"(?<![\w.])("
    + "|".join(re.escape(".".join(str(s) for s in at)) for at in ALLOCATION_KEYS)
    + r""")["']?[ \t]*[=:][ \t]*["']?([^\s"'\\,;]{1,200})"""
)
# BACKEND ("[" NAME "]")? ":" (d|t|p)N+; the BACKEND must be an engine's registered name (AReaL's
# INFER_BACKEND: SGLang and vLLM), so ``fsdp:d8`` and ``megatron:d4t2p2`` (training) start none.
_INFERENCE = lazy(r"([A-Za-z][\w-]*)(?:\[[A-Za-z_]\w*\])?:((?:[dtp][1-9]\d*)+)")
_DIM = lazy(r"([dtp])([1-9]\d*)")


@record
class Rollout:
    """The servers one inference component starts: ``dp`` of them, each TP × PP GPUs."""

    engine: str
    tp: int
    pp: int
    dp: int
    at: Path  # the setting that wrote the expression
    text: str  # the expression as written

    def args(self, pos: Position, where: str) -> list[Arg]:
        """The engine's TP and PP options (its ``Engine.layout`` spelling) set to this
        allocation's, at the expression (``pos``, anchor ``where``)."""
        spelling = get_engine(self.engine).layout
        out: list[Arg] = []
        for flag, value in ((spelling.tp, self.tp), (spelling.pp, self.pp)):
            if flag:
                out.append(Arg(flag, self.text, pos, (), where))
                out.append(Arg(str(value), self.text, pos, (), where))
        return out

    def placed(self, dep: Deployment, pos: Position, where: str) -> Deployment:
        """One of the allocation's ``dp`` servers: TP × PP GPUs, within one node when a node
        has as many (the GPUs the run's cluster settings give are the whole job's, training
        too)."""
        world = self.tp * self.pp
        per_node = dep.gpus_per_node
        if per_node and world % per_node == 0:
            nodes, on_node = world // per_node, per_node
        elif per_node and world < per_node:
            nodes, on_node = 1, world
        else:
            nodes, on_node = None, None
        sources = {**dep.sources, "gpus": pos, "replicas": pos}
        prov = {**dep.provenance, "gpus": f"`{where}: {self.text}`"}
        if nodes is not None:
            sources["nodes"] = sources["gpus_per_node"] = pos
            prov["nodes"] = prov["gpus"]
        return replace(
            dep,
            gpus=world,
            nodes=nodes,
            gpus_per_node=on_node,
            replicas=self.dp,
            sources=sources,
            provenance=prov,
        )


def inference_components(expression: str) -> list[tuple[str, int, int, int]]:
    """(engine, tp, pp, dp) of each inference component of ``expression``; [] when it has none
    or is no allocation expression (``sglang``, ``vllm:`` alone, ``fsdp:d8``)."""
    out: list[tuple[str, int, int, int]] = []
    for component in re.split(r"[+|]", re.sub(r"\s+", "", expression)):
        m = _INFERENCE.fullmatch(component.strip("()"))
        engine = is_name(m.group(1)) if m is not None else None
        if m is None or engine is None:
            continue
        dims = {"d": 1, "t": 1, "p": 1}
        for kind, size in _DIM.findall(m.group(2)):
            dims[kind] = int(size)
        out.append((engine, dims["t"], dims["p"], dims["d"]))
    return out


def rollouts(data: Any) -> list[Rollout]:
    """The rollout servers an AReaL configuration document allocates (``ALLOCATION_KEYS``, the
    first that holds an expression with an inference component)."""
    if not isinstance(data, Mapping):
        return []
    for at in ALLOCATION_KEYS:
        value = data_at(data, at)
        if isinstance(value, str) and len(value) < 200:
            found = inference_components(value)
            if found:
                return [Rollout(e, t, p, d, at, value) for e, t, p, d in found]
    return []


def written(text: str) -> tuple[str, int, list[tuple[str, int, int, int]]] | None:
    """The first ``key=expression`` (or ``key: expression``) of ``ALLOCATION_KEYS`` in ``text``
    whose expression starts an engine: (what is written, its offset, its inference components),
    for a file that starts a run with it but writes no engine settings toplint reads."""
    for m in _WRITTEN.finditer(text):
        found = inference_components(m.group(2))
        if found:
            return f"{m.group(1)}={m.group(2)}", m.start(1), found
    return None


def unused_blocks(found: Sequence[Rollout], data: Any) -> frozenset[Path]:
    """The root mappings keyed by an engine's name (AReaL's ``sglang:``, ``vllm:``) whose
    engine the allocation does not start."""
    if not found or not isinstance(data, Mapping):
        return frozenset()
    started = {r.engine for r in found}
    return frozenset(
        (key,)
        for key, value in data.items()
        if isinstance(value, Mapping) and is_name(key) not in (None, *started)
    )
