"""The end-to-end outcome of one deployment: does it start, does it fit, how fast is it.

``check`` (through the rules), ``cost``, ``plan``, fixes and the pull-request view all read
this one record; none keeps its own arithmetic (docs/severity.md says how a rule turns an
outcome into a severity).
"""

from __future__ import annotations

from typing import Literal

from toplint.record import record

GIB = float(1 << 30)  # GPU memory is counted in the binary GiB drivers and engines report


@record
class Memory:
    """Per-GPU memory as the engine accounts it, in bytes.

    ``budget`` is what the engine's own setting lets weights, start-up working memory and the
    KV cache use together (vLLM ``--gpu-memory-utilization`` × total; SGLang
    ``--mem-fraction-static`` × total for weights and KV, the rest for activations and graphs;
    TGI ``--cuda-memory-fraction`` × total; TensorRT-LLM and LMDeploy: all of it, the KV cache
    a fraction of what is free after the weights).
    """

    engine: str
    setting: str  # the setting that sized the budget, as the user reads it
    capacity: float  # the GPU's memory (bytes, binary GiB as the driver reports)
    budget: float
    weights: float
    working: float  # start-up working memory: profile-run activations, CUDA graphs, NCCL
    kv_per_token: float  # KV bytes one token takes on one GPU
    kv_tokens: int  # tokens the KV cache the engine allocates holds (one replica)
    context: int | None  # tokens one sequence must fit at start-up (None: not checked)
    context_from: str  # where ``context`` comes from ("--max-model-len", "model default")
    # False when the budget holds weights and KV only (SGLang: working memory is the rest)
    working_in_budget: bool = True
    # the KV tokens with the start-up working memory at the low end of its band
    # (``toplint.outcome.memory.WORKING_LOW_GIB``); -1 when not computed
    kv_tokens_low: int = -1
    working_low: float = 0.0  # the start-up working memory at the low end of its band
    # dummy images the start-up profile run pushes through a vision encoder at once, and the
    # bytes each takes on one GPU (``toplint.hardware.vision``); both inside ``working``
    profile_images: int = 0
    profile_image_bytes: float = 0.0
    # the later releases' default setting with which it fits, when the setting is not written
    # and the release is not known ("the default of vLLM 0.34.0 and later (…)"); "" otherwise
    fits_from: str = ""
    # what ``context`` is, said for the user: one sequence of the context (vLLM), or the KV
    # blocks of an engine's start-up warm-up batch (TGI, ``toplint.outcome.warmup``)
    context_what: str = "one sequence of"
    # why the start-up working memory is above the fixed band, said for the user ("" when it
    # is not: an engine's warm-up prefill, ``toplint.outcome.warmup``)
    working_from: str = ""
    # what the engine says when it refuses for memory at start-up, in its own words ("" when
    # not read: TGI's warm-up error, ``toplint.outcome.warmup``)
    refusal: str = ""
    # a hybrid model's recurrent-state blocks the KV cache holds (``toplint.outcome.states``;
    # -1: not judged), at the low end of the working memory's band too, and the sequences the
    # engine runs, each needing one, with the setting that says so as the user reads it
    state_blocks: int = -1
    state_blocks_low: int = -1
    # the start-up working memory the fewest blocks (``state_blocks``) assume: the most the
    # profile run of a release that refuses can allocate (``toplint.outcome.states``)
    state_working: float = 0.0
    sequences: int = 0
    sequences_from: str = ""
    # the speculative-decoding draft counted in ``weights`` and ``kv_per_token``, said for the
    # user ("" when none; ``toplint.outcome.drafts``), and why its memory is not known ("" when
    # it is: then the figures are the target's alone, a floor)
    draft: str = ""
    draft_unjudged: str = ""
    # the most one GPU holds while the model loads, where a draft holds vocabulary tables of its
    # own for a while (``toplint.outcome.drafts``), CUDA context and NCCL's buffers included;
    # 0 when not checked
    load_peak: float = 0.0
    # where the fraction holds only weights and KV pool (SGLang): the bytes left outside them,
    # and what the engine allocates there by its own estimate, at the high and the low end
    # (``toplint.outcome.outside``); ``outside`` -1: not judged
    outside: float = -1.0
    outside_need: float = 0.0
    outside_need_low: float = 0.0
    outside_symm: float = 0.0  # the symmetric-memory pool among them
    # the KV caches ``kv_tokens`` is split into on one GPU, one per pipeline stage, where the
    # engine runs stages as virtual engines (``toplint.outcome.virtual``), and that said for
    # the user: one sequence must fit one of them
    caches: int = 1
    caches_what: str = ""
    # False when a release that keeps one KV cache may run instead (no release pinned): the
    # split then never makes a failure certain
    caches_known: bool = True
    # the fixed count of recurrent-state slots the release takes out of the KV pool, said for
    # the user ("" where none or a share: ``toplint.outcome.statesplit.fixed_said``)
    state_fixed: str = ""
    # why a token's KV counts window layers at full length, said for the user ("" when it
    # does not: ``toplint.outcome.windows.said``)
    windows_what: str = ""

    @property
    def one_sequence_tokens(self) -> int:
        """Tokens one sequence may hold: the KV cache's, or one virtual engine's share."""
        return self.kv_tokens // max(self.caches, 1)

    @property
    def outside_fits(self) -> bool:
        return self.outside < 0 or self.outside_need <= self.outside

    @property
    def outside_fits_low(self) -> bool:
        return self.outside < 0 or self.outside_need_low <= self.outside

    @property
    def weights_fit(self) -> bool:
        return self.kv_tokens > 0

    @property
    def loads(self) -> bool:
        """What loading holds at its peak fits the GPU (or is not checked)."""
        return self.load_peak <= self.capacity

    @property
    def states_fit(self) -> bool:
        """Every running sequence has its block of recurrent state (or none is judged)."""
        return self.state_blocks < 0 or self.sequences <= self.state_blocks

    @property
    def fits_at_low_end(self) -> bool:
        """Whether it fits with the start-up working memory at the low end of its band: when
        it does (and ``fits`` does not), the outcome is uncertain, not a certain failure."""
        low = self.kv_tokens if self.kv_tokens_low < 0 else self.kv_tokens_low
        low //= max(self.caches, 1) if self.caches_known else 1
        states = self.state_blocks if self.state_blocks_low < 0 else self.state_blocks_low
        enough = states < 0 or self.sequences <= states
        fits = low > 0 and (self.context is None or low >= self.context) and enough
        return fits and self.loads and self.outside_fits_low

    @property
    def one_sequence_fits(self) -> bool:
        return self.context is None or self.one_sequence_tokens >= self.context

    @property
    def fits(self) -> bool:
        """It starts: where a release that keeps one KV cache may run (``caches_known``
        False), one sequence need only fit the whole cache - the split is a doubt TL205 warns
        of (``fits_from``), never a refusal a change is judged by."""
        one = self.one_sequence_fits or (not self.caches_known and self.whole_cache_fits)
        fits = self.weights_fit and one and self.states_fit
        return self.loads and fits and self.outside_fits

    @property
    def whole_cache_fits(self) -> bool:
        return self.context is None or self.kv_tokens >= self.context

    @property
    def headroom(self) -> float:
        """Bytes left for the KV cache beyond one full sequence (negative: short)."""
        return (self.one_sequence_tokens - (self.context or 0)) * self.kv_per_token


@record
class Latency:
    """Latencies at the declared workload, each with the ends of its error band (ms)."""

    ttft_ms: float
    itl_ms: float
    tokens_per_s: float  # one replica, all sequences of the decode batch (and micro-batches)
    ttft_band: tuple[float, float]
    itl_band: tuple[float, float]
    parts: tuple[str, ...] = ()  # what the figures add up, for the user


# The figures of a GPU the latency is priced from, by the manifest key that gives them, and what
# each prices (``toplint.cost.compute``: weight streaming at 0.8 x memory bandwidth, prefill at
# MFU 0.5 of the dense 16-bit peak).  A GPU without BF16 gives ``fp16_tflops`` instead.
GPU_FIGURES: dict[str, str] = {
    "memory_bandwidth": "decode time (ITL, tokens/s), from streaming the weights",
    "bf16_tflops": "prefill time (TTFT), from the GPU's compute rate",
}


@record
class Outcome:
    """What the deployment will do.  ``problems`` are reasons the engine refuses to start."""

    problems: tuple[str, ...]
    memory: Memory | None
    latency: Latency | None
    # why the memory is not judged when toplint knows only part of it ("" otherwise): a
    # speculative-decoding draft it cannot size, with which a fit of the rest says nothing
    memory_unjudged: str = ""
    # the manifest keys (``GPU_FIGURES``) of the GPU's figures that the latency needs and
    # neither the manifest nor the GPU catalog gives: the latency is then not priced, never
    # guessed; () when nothing is missing
    unpriced: tuple[str, ...] = ()
    # True when every part is the catalog's, whose vendor publishes no such figure (GB10,
    # Apple's): the gap is the catalog's, a manifest may give it; False for a manifest's part
    # outside the catalog, described without it
    unpriced_in_catalog: bool = False

    @property
    def starts(self) -> bool:
        return not self.problems

    @property
    def fits(self) -> bool | None:
        return None if self.memory is None else self.memory.fits

    @property
    def runs(self) -> bool:
        return self.starts and self.fits is not False

    def verdict(self) -> str:
        if not self.starts:
            return "refuses to start"
        if self.memory is not None and not self.memory.loads:
            return "does not load"
        if self.memory is not None and not self.memory.weights_fit:
            return "does not fit"
        if self.memory is not None and not self.memory.one_sequence_fits:
            return "refuses to start: one sequence does not fit the KV cache"
        if self.memory is not None and not self.memory.states_fit:
            return "refuses to start: more sequences than recurrent-state blocks"
        return "runs"


@record
class Process:
    """One server on the shared GPUs, as the user reads it."""

    path: str
    line: int
    column: int
    engine: str  # the engine's display name
    setting: str  # "--gpu-memory-utilization 0.9 (default)"
    fraction: float
    beside: str  # MemoryAccounting.beside
    source: str  # where the engine's behaviour beside others was read
    # The release its behaviour beside others holds from, when that changed with a release and
    # the deployment does not pin one ("" otherwise).
    release: str = ""
    # Judged by the behaviour of the engine's releases before ``release``: its share limits the
    # whole GPU's use, the other servers' memory counted inside it (vLLM before 0.9.1).
    counts_others: bool = False
    # Which of the copies of one server it is ("2 of 3"; "" for a server started once), and the
    # setting that starts them (``COPIES_FROM``: "deploy.replicas: 3", "numprocs=3").
    replica: str = ""
    copies_from: str = ""

    @property
    def label(self) -> str:
        """How the user finds it: vLLM at line 12, or (copy 2 of 3, `deploy.replicas: 3`)."""
        which = f" (copy {self.replica}, `{self.copies_from}`)" if self.replica else ""
        return f"{self.engine} at line {self.line}{which}"


@record
class SharedGpu:
    """This deployment shares GPUs with other servers the same file starts, and not all of
    them can start there."""

    gpus: tuple[int, ...]  # the host GPU indices shared
    processes: tuple[Process, ...]  # every server on them, in the file's order
    this: int  # this deployment's index in ``processes``
    # "never"/"order": they cannot all start (reported on ``this``); "shares": it shares the GPU
    # and nothing found stops them (what a change to its memory setting must leave the others)
    verdict: Literal["never", "order", "shares"]
    capacity_gib: float | None  # the GPU's memory, when a cluster was assigned
    why: str  # the arithmetic, in the user's words
    # The compose profiles that start these services together ("pd"; "" when they always run).
    profiles: str = ""
    # "vLLM from 0.9.1 and before 0.34.0": the verdict holds for those releases of an
    # engine whose release the file does not pin (the others behave otherwise beside other
    # processes); "" for every release.
    release: str = ""
