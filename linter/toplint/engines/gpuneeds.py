"""What an engine needs of the GPU it runs on: how it sizes GPU memory (``MemoryAccounting``,
read by ``toplint.outcome.memory``) and the compute capability its attention kernels need
(``AttentionFloor``, read by ``toplint.outcome.precision``).

Parts of the engine record (``toplint.engines.types.Engine``: ``memory``,
``attention_floors``); each engine module fills them in with the source it read them from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from toplint.engines.windowpool import WindowPool
from toplint.record import field, record

EVERY_CONTEXT = 1 << 62  # ``ProfileBatch.whole_context_up_to``: a context of any length


@record
class ProfileBatch:
    """The dummy batch a range of an engine's releases profiles with, when none is written."""

    since: str  # the first release of the range ("" = the earliest)
    tokens: tuple[int, int]  # batch tokens on a GPU below ``ProfileRun.large_gib``, from it
    seqs: tuple[int, int]  # sequences (rows the sampler runs over), likewise
    # a context of at most this many tokens is profiled whole, in one batch (no chunked
    # prefill by default); 0 = never
    whole_context_up_to: int = 0
    whole_context_at_least: int = 0  # ... and in a batch of at least this many tokens
    # whether the profile's peak is the whole process's memory in use (the CUDA context
    # included), not only what PyTorch allocated during the run
    whole_process: bool = False


@record
class ProfileRun:
    """What the engine's start-up profile run pushes through the model, read from its source
    (``toplint.outcome.profile`` bounds the start-up working memory's high end with it).

    The run is one forward pass over the batch's dummy tokens spread over its sequences, then
    the sampler over one row of logits per sequence; what it allocates at its peak is charged
    to the memory budget before the KV cache is sized."""

    tokens_key: str  # the option that sets the tokens of one batch (max_num_batched_tokens)
    seqs_key: str  # the option that sets the sequences of one batch (max_num_seqs)
    batches: tuple[ProfileBatch, ...]  # by release, in release order
    large_gib: float  # the GPU memory from which the larger defaults apply
    # the first release whose budget also holds the CUDA graphs' memory ("" = none)
    graphs_since: str = ""
    eager_key: str = ""  # the option that turns CUDA graphs off
    source: str = ""


@record
class StateBlocks:
    """How the engine pages a hybrid model's per-sequence recurrent state (Gated DeltaNet
    layers: ``ModelSpec.state_layers``) beside the attention KV cache, read from its source
    (``toplint.outcome.states``): one block per running sequence, out of the same pool as the
    attention's KV blocks, and a refusal to start when ``seqs_key`` (or its default) asks for
    more sequences than there are blocks."""

    seqs_key: str  # the option that sets the running sequences (max_num_seqs)
    # its default below ``large_gib`` of GPU memory, from it; on a GPU whose name holds one of
    # ``small_on``, the smaller one whatever its memory
    seqs_default: tuple[int, int]
    large_gib: float
    small_on: tuple[str, ...]
    since: str  # the first release that refuses ("" = every release)
    eager_key: str  # the option that turns CUDA graphs off: no refusal then
    # options whose presence (or a dotted field of it: ``--speculative-config.method``) leaves
    # the outcome not judged (another CUDA-graph mode, drafts, the state's own dtypes)
    not_judged_keys: tuple[str, ...] = ()
    # options that leave it not judged when on (prefix caching rounds the block another way)
    not_judged_when_on: tuple[str, ...] = ()
    # the option that sets the attention block's tokens: one written above the block the state
    # needs is kept, one below it raised to it
    block_key: str = ""
    refusal: str = ""  # what the engine says ({seqs}: the sequences, {blocks}: the blocks)
    source: str = ""
    # memory outside PyTorch's allocator the state layers' kernels take during the start-up
    # profile (GiB) beyond what ``ProfileRun``'s bound counts: part of the most the profile
    # can allocate, the working memory the fewest blocks assume (``toplint.outcome.states``)
    kernels_gib: float = 0.0
    # config.json ``model_type``s whose recurrent state the engine keeps in the model's 16-bit
    # dtype where the catalog counts float32 (no ``mamba_ssm_dtype`` read): not judged.  vLLM's
    # Qwen3-Next: ``get_mamba_state_dtype_from_config`` returns ``MambaStateDtypeCalculator.
    # gated_delta_net_state_dtype(model dtype, mamba_cache_dtype)``, the cache dtype ("auto":
    # the model's) for both states (vllm-project/vllm@6365b387 models/qwen3_next.py), where
    # SGLang keeps float32 (``mamba2_state_dtype``'s default: ``toplint.outcome.statesplit``)
    ssm_in_model_dtype: frozenset[str] = frozenset()


@record
class StateSplit:
    """How the engine splits the memory its KV pool is sized from between a hybrid model's
    per-request recurrent state (``ModelSpec.state_layers``) and the attention's KV cache,
    read from its source (``toplint.outcome.statesplit``): ``size_key`` written is the state
    slots; else, with ``radix_off_key`` on and ``running_key`` written, one slot per running
    request; else the slots that fill ``ratio / (1 + ratio)`` of the memory (``ratio_key``,
    ``ratio_default``: the state's memory over the KV cache's).  Under DP attention each of the
    DP ranks takes its share of a written count.

    Releases before ``ratio_since`` turned the radix cache off for a model whose config.json
    ``model_type`` is in ``fixed_types`` and took a fixed count of slots whatever memory was
    left: ``size_key`` written, else ``running_key`` written, else ``fixed_slots``; more than
    the memory holds leaves no KV cache, a refusal.  A deployment that pins no release is
    judged as those releases, the later rule a doubt (``Memory.fits_from``)."""

    ratio_key: str
    ratio_default: float
    size_key: str
    radix_off_key: str
    running_key: str
    source: str = ""
    ratio_since: str = ""
    fixed_types: tuple[str, ...] = ()
    fixed_slots: int = 0
    fixed_refusal: str = ""  # what those releases say when the slots leave no KV cache


@record
class WarmUpRange:
    """What a range of an engine's releases warms up with (``WarmUp``), from its source.

    The option defaults: a positive number is the default; 0 is derived (the total from the
    model's context, at most ``total_cap``; the input one less than that; the
    prefill from the input, ``input + 50``, or ``max_batch_size × input`` when that is
    written); -1 is none (the prefill chosen from the GPU's memory: not judged; no input cap:
    one request; no total: each request generates one token)."""

    since: str  # the first release of the range ("" = the earliest)
    input_default: int
    total_default: int
    prefill_default: int
    total_cap: int = 0
    # each warm-up request's KV blocks hold its prompt and two new tokens (False: up to the
    # total, ``max_new_tokens = max_total_tokens - truncate``)
    two_new_tokens: bool = False
    # the prefill computes the logits of every prompt token (the warm-up asks for prefill
    # log-probabilities and the server honours it); False: of each request's last token
    all_logits: bool = True
    # ``torch.log_softmax(out, -1, out=out)``: in place (False: a new tensor)
    log_softmax_in_place: bool = False
    # the warm-up allocates KV blocks for the whole batch's tokens (``WarmUp.batch_total_key``,
    # this its default), not for its own requests; 0: for its requests
    batch_total_default: int = 0
    # what these releases say when the warm-up runs out of memory, where not ``WarmUp.error``
    # ({prefill}: the batch's prompt tokens; {total}: its KV tokens)
    error: str = ""


@record
class WarmUp:
    """The engine's start-up warm-up, read from its source (``toplint.outcome.warmup``): one
    prefill of the largest batch it will admit, run after the KV blocks that batch needs are
    allocated; running out of memory there stops the engine.  What the warm-up leaves in
    PyTorch's cache is not free when the KV cache is sized after it."""

    prefill_key: str  # the batch's prompt tokens (max_batch_prefill_tokens)
    input_keys: tuple[str, ...]  # one request's prompt tokens (max_input_tokens, its old name)
    total_key: str  # one request's prompt and new tokens (max_total_tokens)
    batch_size_key: str  # the requests of one batch (max_batch_size)
    batch_total_key: str  # the tokens of one batch (max_batch_total_tokens)
    logprobs_keys: tuple[str, ...]  # options that turn the prefill log-probabilities back on
    ranges: tuple[WarmUpRange, ...]  # by release, in release order
    error: str  # what the engine says when the warm-up runs out of memory ({prefill}: tokens)
    source: str = ""

    @property
    def keys(self) -> tuple[str, ...]:
        """The options that size the warm-up batch, the prefill's first."""
        return (self.prefill_key, self.batch_total_key, *self.input_keys, self.total_key)


# What a speculative-decoding method loads beside the target (``Drafts.methods``): "none" -
# nothing (n-gram and suffix proposers); "own_layers" - the target checkpoint's own
# multi-token-prediction layers (``ModelSpec.mtp_layers``); "model" - a whole draft checkpoint
# at its own tensor-parallel size.  A method not listed is not judged.
DraftKind = Literal["none", "own_layers", "model"]


@record
class Drafts:
    """How the engine loads a speculative-decoding draft and where its memory comes from, read
    from its source (``toplint.outcome.drafts``).

    ``config_key`` holds a JSON object (its fields may also be written one by one as
    ``config_key.field``) whose ``keys`` name the method, the draft checkpoint and its
    tensor-parallel size; ``flat`` are the same three as options of their own (an engine's
    flags, or an older release's); "" where there is none."""

    config_key: str = ""
    keys: tuple[str, str, str] = ("", "", "")
    flat: tuple[str, str, str] = ("", "", "")
    methods: tuple[tuple[str, DraftKind], ...] = ()  # lower-cased method names
    # the method when only a draft checkpoint is named, after the names that say the method
    # (``named``: a piece of the checkpoint's name, and the method it means)
    model_only: str = ""
    named: tuple[tuple[str, str], ...] = ()
    # True when the draft's weights are loaded and its KV layers join the one pool the engine
    # sizes (vLLM); False when its memory is taken some other way toplint has not modelled
    # (then only a method that loads nothing is judged), said in ``elsewhere``
    pooled: bool = False
    elsewhere: str = ""
    source: str = ""

    def kind(self, method: str) -> DraftKind | None:
        return dict(self.methods).get(method.lower())


@record
class MemoryAccounting:
    """How the engine sizes GPU memory (``toplint.outcome.memory``): its setting's option
    names and default; whether that fraction is of the total (else of what the weights and
    working memory leave, for the KV cache); whether it holds only weights and KV cache
    (working memory outside it); whether the engine refuses to start when one sequence of its
    context (``context_keys``, default the model's) does not fit the KV cache."""

    keys: tuple[str, ...] = ("gpu_memory_utilization",)
    default: float = 0.9
    of_total: bool = True
    weights_inside: bool = False
    refuses_long_context: bool = False
    context_keys: tuple[str, ...] = ()
    # the environment variable without which the engine refuses a context (``context_keys``)
    # longer than the one it derives from config.json (``toplint.hardware.hfcontext``; rule
    # TL216); "" when the engine's check has not been read
    beyond_positions_env: str = ""
    # The options whose JSON is laid over config.json before the engine derives its context
    # (``toplint.hardware.hfcontext.with_overrides``: vLLM's ``hf_overrides``, and the older
    # ``rope_scaling`` flag's rope dictionary).
    config_overrides: tuple[str, ...] = ()
    source: str = ""
    # Where the vocabulary tables live under pipeline parallelism: "edges" when the first
    # stage holds the input embedding and the last the LM head, each split over TP, and the
    # hidden layers are split as the engine's own partitioner does; "" when not read from the
    # engine's source (the weights are then taken as evenly split over the stages).
    pp_tables: str = ""
    pp_tables_source: str = ""
    # The environment variable that writes each pipeline stage's hidden layers (vLLM's
    # ``VLLM_PP_LAYER_PARTITION="24,40"``; ``toplint.outcome.weights.pp_partition``), "" when
    # the engine's partitioner reads none
    pp_partition_env: str = ""
    # The options that turn the decode step's CUDA graphs off (the host then launches every
    # kernel each step: ``toplint.outcome.latency`` says its ITL is a lower bound); empty: none
    graphs_off: tuple[str, ...] = ()
    # The option that sets how many dummy images the start-up profile run pushes through a
    # vision-language model's encoder at once, and its default; "" when the engine's profile
    # of vision encoders has not been read (``toplint.hardware.vision``).
    profile_images_key: str = ""
    profile_images_default: int = 0
    profile_images_source: str = ""
    # The switch with which the engine builds no multimodal tower (the checkpoint's vision
    # encoder is neither loaded nor profiled); "" when the engine has none or it is not read.
    language_only_key: str = ""
    language_only_source: str = ""
    # The vision towers (the checkpoint's config.json ``model_type``) whose encoder attention
    # the engine holds whole on every rank when TP does not divide the tower's heads
    # (``ModelSpec.vision_attention_params``; ``toplint.outcome.towers``); empty: not read.
    tower_attention_whole: frozenset[str] = frozenset()
    # The option that makes the engine keep a model's window layers (``ModelSpec.window_layers``)
    # at full length, where its window cache has been read (``toplint.outcome.windows``: then
    # one sequence keeps at least its window in them); "" when not read.
    full_window_key: str = ""
    # Options with which the engine may turn that window cache off itself, by release or value
    # (``toplint.outcome.windows.doubt``), each with its other names; empty: none
    window_off_keys: tuple[tuple[str, ...], ...] = ()
    chunked_window_env: str = ""  # without it chunked local layers may be kept whole; "": none
    window_pool: WindowPool | None = None  # its own pool for window layers (SGLang's); None: unread
    # GiB of each GPU's decoder-layer weights it keeps in CPU memory (``outcome.weights.offloaded``)
    offload_key: str = ""
    # What the engine does beside other processes on its GPU (``toplint.outcome.colocation``):
    # "requests" - it needs its fraction of the total free when it starts and refuses or fails
    # otherwise; "leaves" - it takes all the memory free but (1 - fraction) of the total;
    # "free_share" - its KV cache takes the fraction of what is free once its weights are in;
    # "caps" - it loads in what is free and takes its fraction of the total, or what is free
    # when less (no start-up check); "" when not read from the engine's source (not judged).
    beside: Literal["requests", "leaves", "free_share", "caps", ""] = ""
    beside_source: str = ""
    # The first release with ``beside``'s behaviour ("" = every release).  An image that pins an
    # earlier one is judged as "leaves"; a release not known, by both.
    beside_since: str = ""
    beside_before_source: str = ""
    # Later releases whose behaviour beside others is another, in release order: (first
    # release, behaviour, where it was read).  A release not known is judged by each.
    beside_later: tuple[
        tuple[str, Literal["requests", "leaves", "free_share", "caps"], str], ...
    ] = ()
    # Releases that changed ``default``, in release order: (first release, its default, what
    # that default means when it is more than a fraction); ``default`` is the earlier
    # releases'.  An image that pins a release takes that release's default; a release not
    # known is judged by ``default`` and, where that does not fit, by the later ones (TL205
    # then warns that the outcome depends on the release).
    defaults_since: tuple[tuple[str, float, str], ...] = ()
    # The start-up profile run, when its source has been read: on one GPU the working
    # memory's high end is then bounded by the model's own run (``toplint.outcome.profile``);
    # None = the fixed band.
    profile: ProfileRun | None = None
    # The start-up warm-up, when its source has been read: its peak is the start-up working
    # memory, and the KV blocks of its batch must fit (``toplint.outcome.warmup``); None = not
    # modelled.
    warmup: WarmUp | None = None
    # How a hybrid model's per-sequence recurrent state is paged, when its source has been
    # read (``toplint.outcome.states``); None = not modelled.
    states: StateBlocks | None = None
    # How the memory the KV pool is sized from is shared with a hybrid model's recurrent
    # state, when its source has been read (``toplint.outcome.statesplit``); None = the state
    # is not taken from it (or paged inside it: ``states``).
    state_split: StateSplit | None = None
    # How a speculative-decoding draft's weights and KV cache are taken, when its source has
    # been read (``toplint.outcome.drafts``); None = drafts not modelled.
    drafts: Drafts | None = None
    # What an engine whose fraction holds only the weights and the KV pool keeps outside it
    # by its own estimate (``toplint.outcome.outside``); None = not read.
    outside: OutsideReserve | None = None
    # The releases that run pipeline parallelism as virtual engines, one KV cache per stage
    # (``toplint.outcome.virtual``); None = every release keeps one KV cache per GPU.
    virtual_engines: VirtualEngines | None = None


@record
class VirtualEngines:
    """Releases that run pipeline parallelism as virtual engines (vLLM's V0 engine): every GPU
    keeps one KV cache per pipeline stage, each ``num_gpu_blocks // pipeline_parallel_size`` of
    the blocks its memory holds, and one sequence of the context must fit one of them at
    start-up (``toplint.outcome.virtual``)."""

    until: str  # the first release that runs it otherwise by default (one cache per GPU)
    # the option that picks the executor: written, releases from ``key_since`` may run it the
    # other way already, which toplint does not judge (no split is assumed there)
    key: str
    key_since: str
    env: str  # the variable that asks for the other engine ("1": no virtual engines)
    what: str  # the engine's name for them, said for the user
    source: str


@record
class OutsideReserve:
    """What an engine whose fraction holds only the weights and the KV pool (SGLang) keeps
    outside it for the allocations it makes after the pool - activations, CUDA graphs,
    all-to-all buffers, a symmetric-memory pool - by the engine's own estimate, the one it
    picks its default fraction with (``toplint.outcome.outside``).  Sizes in MiB as the
    engine writes them; ``prefill_defaults``: (GPU memory below this many GiB, chunked-prefill
    tokens, CUDA-graph batch below ``graph_tp_split`` TP ranks, from it), the last row for
    every larger GPU."""

    prefill_defaults: tuple[tuple[float, int, int, int], ...]
    graph_tp_split: int
    base_mib: float  # constant metadata (attention backends)
    per_token_mib: float  # activations per token of the larger of the chunk and the floor
    min_tokens: int
    per_graph_batch_mib: float  # decode CUDA graphs, per batch of the largest captured
    per_rank_mib: float  # per tensor x pipeline rank
    dp_attention_mib: float  # per graph batch x DP rank with DP attention
    dp_attention_large_batch: int  # above this largest graph batch, ...
    dp_attention_large_mib: float  # ... this much more per graph batch x DP rank
    floor_above_gib: float  # on a GPU larger than this, ...
    floor_mib: float  # ... at least this much
    deepep_mib: float  # DeepEP all-to-all buffers in the decode graphs
    symm_key: str  # the option that turns the symmetric-memory pool on
    symm_env: str  # the variable that sizes it (GiB)
    symm_default_gib: float  # its size when the option is on and the variable is not set
    source: str


@record
class AttentionFloor:
    """Releases of an engine whose attention kernels need a minimum compute capability, and
    what the engine does below it (``toplint.outcome.precision``).

    ``since``/``until``: the first release it holds for and the first it no longer does ("":
    unbounded); ``refuses``: "always" (the kernels run, and fail, on every start) or
    "sharded" (the engine loads another attention on one GPU and refuses a sharded one);
    ``models``: the checkpoints' config.json ``model_type`` values the engine serves through
    those kernels (others take a path without them and are not judged); ``error``: what the
    engine says; ``source``: repository@commit path read.
    """

    since: str
    until: str
    capability: float
    refuses: Literal["always", "sharded"]
    models: frozenset[str]
    error: str
    source: str


@record
class FallbackReleases:
    """Which releases of an engine run a low-precision format as its weight-only fallback
    (``Engine.low_precision_fallback``): format -> the first release that does (earlier ones
    refuse; absent: every release does); for MoE checkpoints, the last release known to refuse
    them there (its fused-MoE kernels lack the fallback), and, per format, what to say of MoE
    experts on it (``toplint.outcome.precision``; a format without a note has none said)."""

    since: Mapping[str, str] = field(default_factory=dict)
    moe_until: Mapping[str, str] = field(default_factory=dict)
    moe_note: Mapping[str, str] = field(default_factory=dict)
