"""Every fact toplint publishes: its name, type, unit and meaning, one entry each.

A declarative rule may compare only the facts listed here: the rule loader rejects any other
name with the rule file's line and column (``toplint.rulebook.load``), and
``toplint.facts.collect`` publishes only these names (a test checks both).  The facts table of
docs/ARCHITECTURE.md is generated from this registry (``python -m toplint.facts.registry``) and
tested equal to it.

To add a fact, add one ``fact(...)`` line below and compute it in ``toplint.facts.collect``
under the constant it returns.  Names are written out in full so that ``grep`` finds every
reader and writer of a fact.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toplint.record import record

__all__ = [
    "BAND_SUFFIXES",
    "FACTS",
    "Fact",
    "FactView",
    "UnknownFact",
    "estimates",
    "fact",
    "markdown_table",
]


@record
class Fact:
    """One published fact.  ``type`` is ``int``, ``float`` (an int is accepted), ``str`` or
    ``bool``; ``unit`` is empty for names and flags, else what the number counts."""

    name: str
    type: type
    unit: str
    doc: str


FACTS: dict[str, Fact] = {}


def fact(name: str, kind: type, unit: str, doc: str) -> str:
    """Register a fact and return its name (the constant code uses to read or write it)."""
    if name in FACTS:
        raise ValueError(f"fact {name!r} is registered twice")
    if kind not in (int, float, str, bool):
        raise TypeError(f"fact {name!r}: type must be int, float, str or bool, not {kind!r}")
    FACTS[name] = Fact(name, kind, unit, doc)
    return name


class UnknownFact(LookupError):
    """A rule asked for a name no fact is registered under (a bug in the rule, not in the
    input: never read as "the fact is absent")."""


def _known(name: str) -> str:
    if name not in FACTS:
        import difflib  # only for a name no fact has: ~3 ms of start-up on every run

        near = difflib.get_close_matches(name, FACTS, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise UnknownFact(f"{name!r} is not a registered fact (toplint.facts.registry){hint}")
    return name


class FactView(Mapping[str, Any]):
    """One deployment's facts as a rule reads them (``RuleContext.facts``): reading a name that
    is not registered raises ``UnknownFact`` at once, where a plain dict would answer "absent"
    and the rule would silently drop what depends on it.  A registered fact that could not be
    computed is absent as before (``in`` is False, ``get`` gives the default).

    Python rules name facts by the constants below (``F.TP_DECODE_COMM_MS``), so a misspelled
    constant is a mypy error and a misspelled string fails the first time the rule runs."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = values

    def __getitem__(self, name: str) -> Any:
        return self._values[name if name in FACTS else _known(name)]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name if name in FACTS else _known(name)) in self._values

    def get(self, name: str, default: Any = None) -> Any:
        return self._values.get(name if name in FACTS else _known(name), default)

    def number(self, name: str) -> float | None:
        """A numeric fact (int or float, never a bool), or None when it is absent."""
        value = self._values.get(name if name in FACTS else _known(name))
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        return value

    def prefixed(self, prefix: str | tuple[str, ...]) -> dict[str, Any]:
        """The facts whose names start with ``prefix`` (``"tp."``), read straight from the
        values: walking the view's ``items()`` would check every name against the registry."""
        return {k: v for k, v in self._values.items() if k.startswith(prefix)}

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"FactView({dict(self._values)!r})"


# An estimate ``X`` may have companions: ``X_low`` and ``X_high`` (the ends of its error band,
# toplint.cost.uncertainty) and ``X_method`` (how it was priced).
BAND_SUFFIXES = ("_low", "_high", "_method")


def estimates(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The estimates in ``data`` that carry a band: ``{X: {value, low, high, method, unit}}``."""
    out: dict[str, dict[str, Any]] = {}
    for name, value in data.items():
        low, high = data.get(name + "_low"), data.get(name + "_high")
        if low is None or high is None or name.endswith(BAND_SUFFIXES):
            continue
        entry: dict[str, Any] = {"value": value, "low": low, "high": high}
        if name + "_method" in data:
            entry["method"] = data[name + "_method"]
        if name in FACTS:
            entry["unit"] = FACTS[name].unit
        out[name] = entry
    return out


# --- the deployment as configured (parse) ----------------------------------------------------
DEPLOYMENT_ENGINE = fact("deployment.engine", str, "", "serving engine (`vllm`, `sglang`, ...)")
DEPLOYMENT_TP = fact("deployment.tp", int, "GPUs", "tensor-parallel size")
DEPLOYMENT_PP = fact("deployment.pp", int, "stages", "pipeline-parallel size")
DEPLOYMENT_DP = fact("deployment.dp", int, "replicas", "data-parallel size")
DEPLOYMENT_EP = fact("deployment.ep", int, "GPUs", "expert-parallel size, when set explicitly")
DEPLOYMENT_EP_ENABLED = fact(
    "deployment.ep_enabled", bool, "", "expert parallelism switched on (`--enable-expert-parallel`)"
)
DEPLOYMENT_WORLD_SIZE = fact("deployment.world_size", int, "GPUs", "GPUs the layout uses")
DEPLOYMENT_GPUS_REQUESTED = fact(
    "deployment.gpus_requested", int, "GPUs", "GPUs the deployment asks for (resources, pods)"
)
DEPLOYMENT_NODES = fact("deployment.nodes", int, "nodes", "nodes the deployment runs on")
DEPLOYMENT_GPUS_PER_NODE = fact(
    "deployment.gpus_per_node", int, "GPUs", "GPUs the deployment uses on each node"
)

# --- the model (catalog) ---------------------------------------------------------------------
MODEL_KNOWN = fact("model.known", bool, "", "the model was found in the model catalog")
MODEL_HEADS = fact("model.heads", int, "heads", "attention heads")
MODEL_KV_HEADS = fact("model.kv_heads", int, "heads", "key/value heads")
MODEL_LAYERS = fact("model.layers", int, "layers", "transformer layers")
MODEL_IS_MOE = fact("model.is_moe", bool, "", "mixture-of-experts model")
MODEL_EXPERTS = fact("model.experts", int, "experts", "routed experts per MoE layer")
MODEL_MLA = fact("model.mla", bool, "", "multi-head latent attention (DeepSeek-style)")

# --- the cluster the deployment was placed on (hardware) -------------------------------------
CLUSTER_NAME = fact("cluster.name", str, "", "cluster name in the hardware manifest")
CLUSTER_GPU = fact("cluster.gpu", str, "", "GPU catalog name")
CLUSTER_GPUS_PER_NODE = fact("cluster.gpus_per_node", int, "GPUs", "GPUs in each node")
CLUSTER_NVLINK_DOMAIN = fact(
    "cluster.nvlink_domain", int, "GPUs", "GPUs one scale-up (NVLink) domain joins"
)
CLUSTER_INTRA_FABRIC = fact("cluster.intra.fabric", str, "", "link kind inside a node")
CLUSTER_INTRA_P2P = fact("cluster.intra.p2p", bool, "", "GPU peer-to-peer inside a node")
CLUSTER_INTER_NETWORK = fact("cluster.inter.network", str, "", "link kind between nodes")
CLUSTER_INTER_RDMA = fact("cluster.inter.rdma", bool, "", "the network between nodes has RDMA")

# --- the parallel groups as placed (placement): the slowest group of each kind ----------------
TP_SIZE = fact("tp.size", int, "GPUs", "GPUs in a tensor-parallel group")
TP_CROSSES_NODES = fact("tp.crosses_nodes", bool, "", "a tensor-parallel group spans nodes")
TP_LINK_KIND = fact("tp.link.kind", str, "", "slowest link in a tensor-parallel group")
TP_LINK_BANDWIDTH = fact(
    "tp.link.bandwidth_gb_per_s", float, "GB/s", "per-GPU bandwidth of that link, per direction"
)
TP_LINK_SCOPE = fact("tp.link.scope", str, "", "where that link is: `intra` or `inter` node")
PP_SIZE = fact("pp.size", int, "stages", "stages in a pipeline")
PP_CROSSES_NODES = fact("pp.crosses_nodes", bool, "", "a pipeline spans nodes")
PP_LINK_KIND = fact("pp.link.kind", str, "", "slowest link between pipeline stages")
PP_LINK_BANDWIDTH = fact(
    "pp.link.bandwidth_gb_per_s", float, "GB/s", "per-GPU bandwidth of that link, per direction"
)
EP_SIZE = fact("ep.size", int, "GPUs", "GPUs in an expert-parallel group")
EP_CROSSES_NODES = fact("ep.crosses_nodes", bool, "", "an expert-parallel group spans nodes")
EP_LINK_KIND = fact("ep.link.kind", str, "", "slowest link in an expert-parallel group")
EP_LINK_BANDWIDTH = fact(
    "ep.link.bandwidth_gb_per_s", float, "GB/s", "per-GPU bandwidth of that link, per direction"
)
EP_UNPRICED = fact(
    "ep.unpriced", str, "", "why the expert-parallel exchange is not priced (absent when it is)"
)

# --- collective costs (cost) -----------------------------------------------------------------
TP_PREFILL_MESSAGE_BYTES = fact(
    "tp.prefill.message_bytes", int, "bytes", "largest tensor-parallel all-reduce of a prefill"
)
TP_PREFILL_PAYLOAD_BYTES = fact(
    "tp.prefill.payload_bytes", int, "bytes", "all-reduce payload of one prefill, summed"
)
TP_PREFILL_WIRE_BYTES = fact(
    "tp.prefill.wire_bytes_per_gpu",
    float,
    "bytes",
    "bytes each GPU sends for those all-reduces (ring traffic)",
)
TP_PREFILL_COMM_MS = fact(
    "tp.prefill.comm_ms", float, "ms", "tensor-parallel collectives of one prefill"
)
TP_DECODE_COMM_MS = fact(
    "tp.decode.comm_ms", float, "ms", "tensor-parallel collectives of one decode step"
)
PP_PREFILL_COMM_MS = fact("pp.prefill.comm_ms", float, "ms", "pipeline sends of one prefill")
PP_DECODE_COMM_MS = fact("pp.decode.comm_ms", float, "ms", "pipeline sends of one decode step")
EP_PREFILL_COMM_MS = fact(
    "ep.prefill.comm_ms", float, "ms", "expert dispatch and combine of one prefill"
)
EP_DECODE_COMM_MS = fact(
    "ep.decode.comm_ms", float, "ms", "expert dispatch and combine of one decode step"
)
PREFILL_COMM_MS = fact("prefill.comm_ms", float, "ms", "all collectives of one prefill")
DECODE_COMM_MS_PER_STEP = fact(
    "decode.comm_ms_per_step", float, "ms", "all collectives of one decode step"
)
PREFILL_COMM_MS_LOW = fact(
    "prefill.comm_ms_low",
    float,
    "ms",
    "low end of prefill.comm_ms's error band (each collective's 80% band, summed)",
)
PREFILL_COMM_MS_HIGH = fact(
    "prefill.comm_ms_high", float, "ms", "high end of prefill.comm_ms's error band"
)
DECODE_COMM_MS_PER_STEP_LOW = fact(
    "decode.comm_ms_per_step_low",
    float,
    "ms",
    "low end of decode.comm_ms_per_step's error band: what an error-severity rule compares",
)
DECODE_COMM_MS_PER_STEP_HIGH = fact(
    "decode.comm_ms_per_step_high", float, "ms", "high end of decode.comm_ms_per_step's band"
)
PREFILL_COMM_MS_METHOD = fact(
    "prefill.comm_ms_method",
    str,
    "",
    "how prefill.comm_ms was priced: its collectives' methods, most trusted first, comma-separated",
)
DECODE_COMM_MS_PER_STEP_METHOD = fact(
    "decode.comm_ms_per_step_method",
    str,
    "",
    "how decode.comm_ms_per_step was priced (methods, most trusted first, comma-separated)",
)
DECODE_COMM_MS_PER_TOKEN = fact(
    "decode.comm_ms_per_token", float, "ms", "decode collectives per generated token"
)
DECODE_WEIGHT_STREAM_MS = fact(
    "decode.weight_stream_ms",
    float,
    "ms",
    "time the GPUs need to read their weights once, every pipeline stage in turn",
)
PREFILL_COMPUTE_MS = fact("prefill.compute_ms", float, "ms", "compute time of one prefill")

# --- the outcome: what the deployment will do (toplint.outcome, docs/severity.md) ------------
OUTCOME_STARTS = fact(
    "outcome.starts", bool, "", "the engine's own validation accepts the layout and the model"
)
OUTCOME_FITS = fact(
    "outcome.fits", bool, "", "weights, working memory and one sequence fit the engine's budget"
)
OUTCOME_ITL_MS = fact(
    "outcome.itl_ms", float, "ms", "inter-token latency at the declared workload (all parts)"
)
OUTCOME_ITL_MS_LOW = fact(
    "outcome.itl_ms_low", float, "ms", "low end of outcome.itl_ms's band: what a miss compares"
)
OUTCOME_TTFT_MS = fact(
    "outcome.ttft_ms", float, "ms", "time to first token at the declared workload (all parts)"
)
OUTCOME_TTFT_MS_LOW = fact(
    "outcome.ttft_ms_low", float, "ms", "low end of outcome.ttft_ms's band: what a miss compares"
)
OUTCOME_TOKENS_PER_S = fact(
    "outcome.tokens_per_s", float, "tokens/s", "tokens generated per second, all replicas"
)

# --- the configuration's workload and budgets ------------------------------------------------
BUDGET_ITL_MS = fact("budget.itl_ms", float, "ms", "inter-token latency budget (`budgets:`)")
BUDGET_TTFT_MS = fact("budget.ttft_ms", float, "ms", "time-to-first-token budget (`budgets:`)")
WORKLOAD_PROMPT_TOKENS = fact(
    "workload.prompt_tokens", int, "tokens", "prompt length costs are computed for"
)
WORKLOAD_DECODE_BATCH = fact(
    "workload.decode_batch", int, "sequences", "sequences decoded together"
)

# --- ratios of the numbers above -------------------------------------------------------------
DECODE_COMM_SHARE_OF_ITL = fact(
    "decode.comm_share_of_itl", float, "ratio", "decode collectives / inter-token latency budget"
)
PREFILL_COMM_SHARE_OF_TTFT = fact(
    "prefill.comm_share_of_ttft", float, "ratio", "prefill collectives / time-to-first-token budget"
)
DECODE_COMM_SHARE_OF_WEIGHT_STREAM = fact(
    "decode.comm_share_of_weight_stream",
    float,
    "ratio",
    "decode collectives / weight-streaming time",
)
DECODE_COMM_SHARE_OF_ITL_LOW = fact(
    "decode.comm_share_of_itl_low",
    float,
    "ratio",
    "decode.comm_ms_per_step_low / budget.itl_ms (the band's conservative end for errors)",
)
PREFILL_COMM_SHARE_OF_TTFT_LOW = fact(
    "prefill.comm_share_of_ttft_low",
    float,
    "ratio",
    "prefill.comm_ms_low / budget.ttft_ms (the band's conservative end for errors)",
)
PREFILL_COMM_SHARE_OF_COMPUTE = fact(
    "prefill.comm_share_of_compute", float, "ratio", "prefill collectives / prefill compute"
)


def markdown_table() -> str:
    """The facts as the Markdown table docs/ARCHITECTURE.md shows."""
    rows = ["| fact | type | unit | meaning |", "|---|---|---|---|"]
    for f in FACTS.values():
        rows.append(f"| `{f.name}` | {f.type.__name__} | {f.unit or '—'} | {f.doc} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(markdown_table())
