"""The engine record and the command-line vocabulary it carries.

Everything that differs between serving engines lives in one ``Engine`` per engine module; the
rest of toplint asks ``toplint.engines.registry.get_engine(name)`` and never names an engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Literal, get_args

from toplint.engines.gpuneeds import AttentionFloor, FallbackReleases, MemoryAccounting
from toplint.model import DIMENSIONS, Dimension
from toplint.record import field, record

if TYPE_CHECKING:
    from toplint.model import Deployment


@record
class EngineSpec:
    """One command-line vocabulary: an engine's own parser, or a wrapper that forwards to it."""

    name: str  # spec key ("vllm", "dynamo-vllm", ...): Invocation.engine
    options: Mapping[str, bool]  # canonical long option (without leading dashes) -> takes a value?
    aliases: Mapping[str, str] = field(default_factory=dict)  # with dashes, as typed -> canonical
    # canonical option -> Deployment field it sets ("tp", "pp", "dp", "dp_local", "ep", "model",
    # "ep_enabled", "nodes", "gpus_per_node") or an options key (anything else)
    fields: Mapping[str, str] = field(default_factory=dict)
    underscores_are_dashes: bool = True  # FlexibleArgumentParser (vLLM, LMDeploy); click/clap no
    allow_abbrev: bool = True  # argparse's unique-prefix matching (click and clap: none)
    negatable: frozenset[str] = frozenset()  # BooleanOptionalAction flags: --no-<name>
    engine: str = ""  # Deployment.engine this spec reads for (default: ``name``)
    env: Mapping[str, str] = field(default_factory=dict)  # env var -> canonical (clap `env`)
    config_options: tuple[str, ...] = ()  # options naming an engine config file (YAML)
    config_overrides_cli: bool = False  # TRT-LLM: the YAML wins; vLLM/SGLang: the CLI wins
    strict_config_keys: bool = True  # unknown config-file keys are TL005 (not for LLM-API YAML)
    # config-file key -> Deployment field, where the file's keys are not the options' names
    config_fields: Mapping[str, str] = field(default_factory=dict)
    release: str = ""  # the release its options were read from ("0.16.0"); newer image: TL005 info
    # canonical option -> values with which the program serves through a backend that is not
    # this engine (KServe's huggingfaceserver ``--backend huggingface``: transformers, no vLLM)
    other_backends: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    program: str = ""  # as users name it in messages ("FastChat's vllm_worker"; "": the engine's)
    bool_values: bool = False  # booleans take an optional true/false (HfArgumentParser nargs="?")
    # options a wrapper passes unless written (ms-swift: gpu_memory_utilization=0.9): key -> value
    implied: Mapping[str, str] = field(default_factory=dict)
    # switch -> the first release whose parser takes no value after it (before: StoreBoolean's
    # optional true/false; "" none known to refuse): ``toplint.parse.switchvalue``
    valued_until: Mapping[str, str] = field(default_factory=dict)
    retired: Mapping[str, tuple[bool, str, str, str, str]] = field(default_factory=dict)
    layout: Callable[[Deployment], Deployment] | None = None  # a wrapper's choice (Xinference)
    forwards_to: str = ""  # who refuses an option the wrapper passes on ("vLLM's AsyncEngineArgs")

    @property
    def engine_name(self) -> str:
        return self.engine or self.name

    @property
    def program_name(self) -> str:
        return self.program or self.engine_name

    def field_of(self, option: str) -> str:
        """The Deployment field (or options key) the canonical ``option`` sets."""
        return self.fields.get(option, option.replace("-", "_"))

    def long_options(self) -> Mapping[str, str]:
        """Every long spelling (without dashes) -> canonical, for prefix matching.

        Built once per spec (the table has hundreds of entries and every option token of every
        command line asks for it); the cache holds the spec, so an id is never reused.
        """
        hit = _LONGS.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        out = {name: name for name in self.options}
        for alias, canonical in self.aliases.items():
            if alias.startswith("--"):
                out[alias[2:]] = canonical
        _LONGS[id(self)] = (self, out)
        return out


_LONGS: dict[int, tuple[EngineSpec, dict[str, str]]] = {}


def options(with_value: str, flags: str) -> dict[str, bool]:
    """Option table from whitespace-separated names: those that take a value, then booleans."""
    out = {name: True for name in with_value.split()}
    out.update({name: False for name in flags.split()})
    return out


@record
class Launch:
    """A command that starts the engine: ``("vllm", "serve")`` then the engine's arguments.

    The first word matches a token's basename (``/usr/bin/vllm``); the others match exactly.
    """

    words: tuple[str, ...]
    spec: str  # EngineSpec key the arguments are read with
    positional_model: bool = True  # ``vllm serve MODEL``
    # next words that make the same program do something other than serve one instance
    not_serving: frozenset[str] = frozenset()
    # (canonical option, value): a platform's command that serves through this engine only when
    # that option names it (``swift deploy --infer_backend vllm``): mentions do not count it
    when: tuple[str, ...] = ()
    key_values: bool = False  # its settings are one word of ``key=value,…`` (lighteval's)


@record
class Image:
    """A container image of the engine.  ``entrypoint``: the words its ENTRYPOINT runs (the
    container's ``args``/``CMD`` follow them); empty when the image has no engine entrypoint."""

    repository: str  # registry and tag stripped: "vllm/vllm-openai"
    entrypoint: tuple[str, ...] = ()
    # vendors that embed the version in the image name (GCP DLCs: ".../huggingface-text-
    # generation-inference-cu121.2-1.ubuntu2204.py310"): the last segment starts with this one's
    versioned_name: bool = False
    # the ENTRYPOINT passes the container's arguments on unquoted (`launcher $@`), so the shell
    # splits each at whitespace: an `args` string "--model-id m --num-shard 2" is four arguments
    splits_args: bool = False
    # environment names the image's entrypoint renames before starting the engine (AWS's
    # SageMaker TGI: SM_NUM_GPUS -> NUM_SHARD), as (image's name, engine's name)
    env_aliases: tuple[tuple[str, str], ...] = ()
    # the tag names the engine's release (``vllm/vllm-openai:v0.9.2``; ``engines.release``); False
    # where it names another project's (KServe), a framework's (AWS DLCs: PyTorch) or a server's
    release_tag: bool = True
    # a server image that runs the engine only in tags naming this flavour, never by its
    # repository alone (``registry.tagged_image``): Triton's ``…-trtllm-python-py3``
    tag_flavour: str = ""


@record
class Layout:
    """How to spell a layout change with only flags the engine has ("" = the engine has none).

    ``ep`` is a size option; ``ep_switch`` a boolean that turns expert parallelism on (its size
    is derived); ``dp_local`` the DP ranks on this node when DP spans nodes; ``node_rank`` this
    node's rank among ``nodes``; ``attention_dp`` the switch that runs attention data-parallel
    inside the TP group; ``config_note`` tells where a setting without a flag is written instead.
    ``toplint.engines.layout`` renders a layout with these (fixes and ``toplint plan``).
    """

    tp: str = ""
    pp: str = ""
    dp: str = ""
    ep: str = ""
    ep_switch: str = ""
    nodes: str = ""
    dp_local: str = ""
    node_rank: str = ""
    attention_dp: str = ""
    config_note: str = ""


@record
class AllToAll:
    """The MoE all-to-all backend option (TL110): where it is read and what to paste."""

    key: str  # Deployment.options key
    default: str  # the engine's default backend
    flag: str  # option to paste in a fix
    sparse: str  # the backend to suggest for large EP
    env: str = ""  # an older environment variable that sets the default
    # Every value the engine accepts -> what it does on the wire (WIRE below), from its source
    # (``backends_source``); any other value it rejects at start-up (TL110 says so, unpriced).
    backends: Mapping[str, Wire] = field(default_factory=dict)
    backends_source: str = ""
    needs_ep: bool = False  # the backends run only with the expert-parallel switch on


# What an all-to-all backend does on the wire (toplint.cost.enginecomm prices each):
Wire = Literal[
    "allreduce",  # no exchange: tokens replicated, one all-reduce combines the experts
    "dense",  # every rank gathers all tokens (all-gather / reduce-scatter, or broadcasts)
    "deepep-normal",  # DeepEP normal (high-throughput) kernels
    "deepep-ll",  # DeepEP low-latency kernels
    "deepep-mode",  # DeepEP, kernels chosen by --deepep-mode (auto: normal prefill, LL decode)
    "pplx",  # pplx-kernels
    "sends",  # concurrent point-to-point sends of each token copy to its expert's rank
    "unmodelled",  # accepted by the engine; toplint has not read what it does: not priced
]
WIRE: tuple[Wire, ...] = get_args(Wire)

# Where the MoE expert-parallel group sits (``Engine.ep_layout``): "dp_x_tp" (the DP×TP ranks of
# one PP stage), "inside_tp" (EP divides TP, strided inside each TP group) or "none".
EpLayout = Literal["dp_x_tp", "inside_tp", "none"]
EP_LAYOUTS: tuple[EpLayout, ...] = get_args(EpLayout)


def chosen_backend(a2a: AllToAll, options: Mapping[str, str]) -> tuple[str, str] | None:
    """The all-to-all backend a deployment chose and where (``a2a.flag`` or ``a2a.env``), or
    None for the engine's default.

    The flag wins; the environment variable is its default, as vLLM reads it (``--all2all-backend``
    defaults to ``VLLM_ALL2ALL_BACKEND``, vllm/envs.py ``env_with_choices``, default
    ``allgather_reducescatter``).  The variable arrives as the option ``a2a.env`` from a shell
    or Dockerfile environment, or as ``env.<name>`` from a Kubernetes container's ``env:``
    (toplint.parse.k8s.container.env_options)."""
    given = {_norm(k): v for k, v in options.items() if v}
    places = ((a2a.key, a2a.flag), (f"env.{a2a.env}", a2a.env), (a2a.env, a2a.env))
    for key, where in places:
        if key and where and _norm(key) in given:
            return str(given[_norm(key)]).strip("'\""), where
    return None


def _norm(key: str) -> str:
    return key.lower().replace("-", "_").lstrip("_")


_TRUE = frozenset({"true", "1", "yes", "on"})


@record
class Refusal:
    """Sizes some of the engine's releases refuse to start with (``Engine.refuses``; TL213), or
    (``ignored``) a setting the release the deployment runs starts with but turns off."""

    option: str  # the canonical option the finding points at ("dp-size")
    message: str  # what is refused, by which releases, in the engine's own words
    certain: bool  # every release the deployment may run refuses (else: some of them)
    fix: tuple[tuple[str, str], ...] = ()  # options every release accepts (layout.flags)
    ignored: bool = False  # it starts with the setting off (SGLang 0.5.2 on: DP attention)


def _no_derive(dep: Deployment) -> Deployment:
    return dep


def _no_attention_dp(dep: Deployment) -> int:
    return 1


def _experts_over_ep_or_tp(dep: Deployment) -> int:
    return max(dep.ep or 1, dep.tp or 1)


@record
class Engine:
    """Everything engine-specific about one serving engine (see docs/ARCHITECTURE.md)."""

    name: str  # Deployment.engine
    title: str  # how people write it ("vLLM")
    cli: EngineSpec  # the engine's own command-line vocabulary (spec key == name)
    allreduce: str  # default tensor-parallel all-reduce kernel family, cited from its source
    layout: Layout
    launches: tuple[Launch, ...] = ()
    # a platform's commands that serve through this engine when its option chooses it (``Launch.
    # when``: ms-swift ``swift deploy --infer_backend vllm``), not its own: no mention counts them
    platform_launches: tuple[Launch, ...] = ()
    # The Triton Inference Server backend that runs the engine from a model repository (a
    # model's config.pbtxt ``backend: "NAME"``), its engine arguments in the version folder's
    # ``model.json`` (``toplint.parse.structured.triton``); "" when there is none.
    triton_backend: str = ""
    modules: Mapping[str, str] = field(default_factory=dict)  # `python -m` module -> spec key
    # modules that are the engine's console script run as a module: `python -m MODULE ARGS` is
    # the first launch's program with ARGS (`python -m vllm.entrypoints.cli.main serve` is
    # `vllm serve`); not in the mention patterns, so they cost the lexer nothing
    cli_modules: tuple[str, ...] = ()
    images: tuple[Image, ...] = ()
    # the Python distributions the engine is installed as (``pip install vllm==0.6.3``): a pin in
    # the file that runs it is its release where no image pins one (``toplint.parse.pins``)
    packages: tuple[str, ...] = ()
    # wrappers that forward this engine's arguments with options of their own (Dynamo workers,
    # KServe's huggingfaceserver): extra vocabularies whose deployments run this engine
    wrappers: tuple[EngineSpec, ...] = ()
    # formats that always run this engine (production-stack Helm values, ...): source kinds
    runs_in: tuple[str, ...] = ()
    env_prefixes: tuple[str, ...] = ()  # environment worth keeping for rules ("VLLM_")
    # Python modules of the engine's package whose names serve requests to an engine built
    # elsewhere (``OpenAIServingChat``, ``BaseModelPath``), or ``package:Name``, one the package
    # re-exports from such a module: their calls start no engine (``parse.generic.pyimports``).
    frontend_modules: tuple[str, ...] = ()
    # environment variables whose value a wrapper splices into the command line unquoted
    args_env: tuple[str, ...] = ()
    # values that follow from the flags (EP size, attention DP, implicit sharding); idempotent
    derive: Callable[[Deployment], Deployment] = _no_derive
    # values that follow from the flags and the release the image pins (None: not known),
    # applied after ``derive`` (``toplint.parse.flagfields.derive``); idempotent
    by_release: Callable[[Deployment, tuple[int, int, int] | None], Deployment] | None = None
    # what of the deployment's sizes the release (None: not known) refuses at start-up (TL213)
    refuses: Callable[[Deployment, tuple[int, int, int] | None], Refusal | None] | None = None
    presharded_qkv_divides: bool = False  # TL213: the attention TP divides ModelSpec.fused_qkv_tp
    # attention data-parallel degree inside the TP group (1 = none); "attention TP" = tp / it
    attention_dp: Callable[[Deployment], int] = _no_attention_dp
    # GPUs one instance's routed experts are split over (``toplint.outcome.memory``): by
    # default max(EP, TP) — an EP below TP still TP-shards each expert over the rest (SGLang's
    # ``moe_tp_size``, TensorRT-LLM's ``moe_tp_size * moe_ep_size == tp_size``)
    experts_over: Callable[[Deployment], int] = _experts_over_ep_or_tp
    dimensions: frozenset[Dimension] = frozenset(DIMENSIONS)  # what it can parallelise
    # the first release of a dimension gained later (``toplint.engines.release.dimensions``)
    dimensions_since: Mapping[Dimension, str] = field(default_factory=dict)
    single_node: bool = False  # one instance never spans nodes (TGI)
    common_word: bool = False  # its name is an everyday word (ATOM: ``atomic``): whole words only
    # KV heads a TP size exceeds: True = each rank holds whole heads, replicated TP/KV times (vLLM
    # ``QKVParallelLinear``); False = each rank takes KV/TP and a TP not dividing them is refused
    replicates_kv_heads: bool = True
    # the first release that replicates them (``"0.6.5"``); earlier releases divide the KV
    # heads by TP and fail when TP exceeds them; "" = every release as ``replicates_kv_heads``
    # says.  The option value under which this holds (``"backend!=pytorch"``: TurboMind only).
    kv_heads_replicated_since: str = ""
    kv_heads_replicated_when: str = ""
    # the Deployment.options key of the weight quantization the engine applies or loads
    # (``--quantization``, TGI ``--quantize``/``QUANTIZE``) and the bytes per weight of each of
    # its values; a value not in the table leaves the checkpoint's own bytes
    quantization_option: str = ""
    quantization_bytes: Mapping[str, float] = field(default_factory=dict)
    # values quantizing the routed experts only, to these bytes; other layers as stored
    quantization_expert_bytes: Mapping[str, float] = field(default_factory=dict)
    # low-precision formats (toplint.hardware.formats) on GPUs whose tensor cores lack them:
    # format -> the architectures where it still runs, as weight-only kernels (elsewhere it is
    # refused); a format missing from the table has not been read (reported, never assumed).
    low_precision_fallback: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # weight-only integer checkpoints (GPTQ, AWQ, AutoRound): the archs that run them as Marlin
    int_marlin_archs: frozenset[str] = frozenset()
    low_precision_releases: FallbackReleases = FallbackReleases()  # which releases run them
    # a BF16 checkpoint on a GPU without BF16 (compute capability below 8.0: Volta, Turing):
    # the option that sets the served dtype (``dtype``) and what the engine does there -
    # the first release (``"0.8.5"``) whose ``--dtype auto`` casts it to float16 instead of
    # refusing to start (an explicit bfloat16 is refused in every release); "" = not read
    dtype_option: str = ""
    bf16_auto_cast_since: str = ""
    # quant method -> compute capability its kernels need (vLLM get_min_capability; below: refused)
    # and the error the engine prints then ({method}, {sm}: "89"); earlier releases' higher floor:
    # method -> (last release read with it, it, first with today's)
    quant_min_capability: Mapping[str, float] = field(default_factory=dict)
    quant_floor_errors: Mapping[str, str] = field(default_factory=dict)
    quant_floor_before: Mapping[str, tuple[str, float, str]] = field(default_factory=dict)
    # the group sizes of each integer weight quantization the engine loads (LMDeploy
    # TurboMind: AWQ/GPTQ at 128 only); another group size is refused at start-up.  The
    # option that names the checkpoint's format (``model_format``; else its ``quant_method``),
    # and "key=value" under which the table does not apply (``backend=pytorch``)
    quant_group_sizes: Mapping[str, frozenset[int]] = field(default_factory=dict)
    quant_format_option: str = ""
    quant_group_sizes_unless: str = ""
    # one process per GPU: the tasks a launcher starts (srun --ntasks-per-node, mpirun -np)
    rank_per_gpu: bool = False
    # the executor option and its Ray value, when the default executor is Ray once TP x PP exceeds
    # the process's GPUs (vLLM, before ``ray_fallback_until``): ``toplint.parse.text.granted``
    ray_executor: tuple[str, str] | None = None
    ray_fallback_until: str = ""  # "": no release drops that default
    ep_layout: EpLayout = "inside_tp"  # where the MoE expert-parallel group sits
    all_to_all: AllToAll | None = None
    # the options that add N redundant experts (EPLB), "{n}" standing for N; "" = none known
    redundant_experts: str = ""
    # options that change the all-reduce kernel: "key" (a boolean set true) or "key=value"
    # (Deployment.options spelling) -> kernel family; see ``allreduce_of``
    allreduce_options: Mapping[str, str] = field(default_factory=dict)
    # the shell line that starts a planned layout (``toplint plan``); None: plan cannot render it
    plan_command: Callable[[str, int, int, int, int, int], str] | None = None
    # how it sizes GPU memory for weights, working memory and KV cache (toplint.outcome.memory)
    memory: MemoryAccounting = field(default_factory=MemoryAccounting)
    # The vocabulary tables (input embedding, LM head) split evenly over the TP ranks once the
    # vocabulary is padded up to a multiple of this; the engine refuses a padded size TP does
    # not divide. 0 = the engine pads to the TP size itself, or its embedding is not read.
    vocab_padding: int = 0
    # Vision encoders whose attention heads the engine splits evenly over the TP ranks and
    # refuses to start otherwise, by the checkpoint's config.json ``model_type``
    # (``ModelSpec.vision_kind``); the option value that replicates the encoder on every rank
    # instead ("mm_encoder_tp_mode=data"); empty = not read (no check).
    vision_heads_split: frozenset[str] = frozenset()
    vision_replicated: str = ""
    # Release ranges whose attention kernels need a newer GPU (``AttentionFloor``; empty: unread)
    attention_floors: tuple[AttentionFloor, ...] = ()
    # config.json model_type -> the first release that serves its architecture (``Served``)
    served: str = ""  # the module of its architecture table: toplint.engines.served.table_of
    # Whether options written without anything that names the engine (no launch, module, image
    # or name: an image run with flags only, a mapping of options) may be read as this engine's.
    # False for an engine whose options are spelled as another's (ATOM's are vLLM's names): a
    # file that names neither is not taken as, nor tied with, it.
    guessed_from_options: bool = True

    def allreduce_of(self, dep: Deployment) -> str:
        """The all-reduce kernel family ``dep`` runs: the default unless an option changes it
        (``--disable-custom-all-reduce`` -> "nccl")."""
        for setting, family in self.allreduce_options.items():
            key, eq, wanted = setting.partition("=")
            value = str(dep.options.get(key, "")).strip("'\"").lower()
            if (eq and value == wanted.lower()) or (not eq and value in _TRUE):
                return family
        return self.allreduce

    def attention_tp(self, dep: Deployment) -> int:
        """The ranks one attention group splits its heads over: TP / the DP-attention degree
        (SGLang's ``--enable-dp-attention --dp N``), at least 1; TP where there is none.  The
        one rule ``outcome.starts``, the memory model, TL202 and TL203 share."""
        return max((dep.tp or 1) // max(self.attention_dp(dep), 1), 1)

    def kv_heads_split(self, kv: int, tp: int) -> bool:
        """Whether ``tp`` ranks can hold ``kv`` KV heads: each takes KV/TP of them or, where the
        engine replicates them, TP is a multiple of KV (``replicates_kv_heads``)."""
        return kv < 1 or kv % tp == 0 or (self.replicates_kv_heads and tp % kv == 0)

    def specs(self) -> tuple[EngineSpec, ...]:
        """Every vocabulary that reads for this engine: its own, then its wrappers'."""
        return (self.cli, *self.wrappers)
