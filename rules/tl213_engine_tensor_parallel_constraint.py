"""TL213 engine-tensor-parallel-constraint."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from toplint.engines.layout import flags
from toplint.engines.registry import build_pipeline, get_engine
from toplint.engines.served import table_of
from toplint.engines.versions import image_tag
from toplint.model import Finding, Severity
from toplint.optionkeys import BUILT_WRITTEN
from toplint.rulebook.helpers import anchor_of, finding, finding_at, layout_fix, settings_fix
from toplint.rulebook.types import Rule, RuleContext

if TYPE_CHECKING:
    from toplint.outcome.refusals import EngineRefusal

DOC = """\
## What it does
Checks an engine's own tensor-parallel constraints beyond the model's shape.  LMDeploy's
TurboMind backend (its default, `--backend turbomind`) accepts only a power of two as `--tp`
in releases before v0.6.  Triton Inference Server's vLLM backend refuses a `KIND_GPU`
instance group for a model on more than one GPU (tensor × pipeline parallel size above one).
SGLang's `--enable-dp-attention` refuses, in some releases, a `--dp-size` of 1 (or none) and,
from 0.4.4.post1, a `--dp-size` that does not divide `--tp-size`.  SGLang loads a checkpoint
whose fused QKV projection is stored pre-sharded (config.json `attention_projection_layout:
fused_qkv`, MiMo-V2.5-Pro's FP8 release: one [Q|K|V] stripe per KV head) only at an attention
TP (the TP, or TP / DP under DP attention) that divides its KV heads.

The release is the image's tag or, without one, the release a package install in the same
file pins (`pip install "sglang[all]==0.4.6"`); SGLang's own image at `latest` (or untagged)
is the current release.  Where no release is known, the deployment is judged with DP
attention on at the TP size, the one degree every release that runs it without `--dp-size`
runs.

Outcome reported (toplint's severity policy): refuses to start (an error; a warning where the
release that refuses is not known); runs, not as written (info): a release from 0.5.2 pinned,
or SGLang's image at `latest`, starts `--enable-dp-attention` with a DP size of 1 with DP
attention off, and the deployment is judged as it runs, without it.

A pinned engine release older than the first that registers the checkpoint's architecture
(vLLM's model registry maps config.json `architectures` to its model classes; SGLang registers
the `EntryClass` of each of its model modules: see References) refuses the model at start-up.
The release is the image's tag or a package install's pin, as above; with none pinned there is
no finding, on purpose: nearly every deployment that pins no release runs a recent one, and a
warning on each would be noise. Each engine's table (`Engine.served`) holds, per catalog
`model_type`, the first release read with the class and the last read without it; a release
pinned between the two was not read, and is a warning that says so. A model whose architecture
has no row is not judged. From the release an engine falls back to the Transformers
implementation of a class it does not register (vLLM 0.7.2, `resolve_transformers_fallback`;
SGLang's fallback of #5929, counted from 0.4.7: see References), a missing class is a warning
too: it starts where the image's `transformers` has the class, which the file does not say.
It is an error again where the release's own requirement admits no `transformers` release with
the class (vLLM 0.11.1 to 0.19.0 require `transformers<5`, SGLang 0.5.8 to 0.5.9
`transformers==4.57.1`, and Qwen3.5, GLM-5, Gemma 4 and DeepSeek-V4 are in no 4.x release) and
the file installs no `transformers` of its own. TGI picks its class by config.json `model_type`
and falls back to the image's `transformers` on one GPU only before 3.0.2 ("sharded is not
supported for AutoModel": an error with `--num-shard` above 1; and with `--quantize gptq`, `awq`,
4-bit bitsandbytes, `eetq` or `exl2`, which that path refuses); LMDeploy's PyTorch backend loads
the `transformers` class of an architecture neither backend lists up to 0.5.3, and from 0.6.0
refuses it ("Can not found rewrite for architectures").  A pinned release from the first that
no longer registers a class it served (vLLM: "was supported in vLLM until v0.23.0, and is not
supported anymore") is judged the same way; the fix pins the last release that serves it.

## Why is this bad?
SGLang's MiMoV2 loader reads the pre-sharded TP from config.json (the KV heads where
`attention_projection_layout` is `fused_qkv`) and raises "MiMoV2 fused qkv_proj checkpoint is
TP=8-interleaved; got attention tp_size=16" when the attention TP does not divide it (see
References), so `--tp 16` on two nodes of eight never loads MiMo-V2.5-Pro (sgl-project/sglang#24607;
the model's team: "only supports TP8 ... enable DP attention and set dpsize to 2").  An
attention TP below the KV heads that divides them merges whole stripes per rank in current
releases; the model's day-0 image wanted it equal (sgl-project/sglang#27668: `--tp 16 --dp 16`
failed there), a release this rule does not judge.

TurboMind asserts `(tp & (tp - 1) == 0) and tp != 0` with the message "tp should be 2^n"
when the engine starts (`TurboMind.__init__`, TurboMind's Python wrapper, see References; from
#555 until e6d70a022, "automatically set max_batch_size according to the device" #2434, first
released in v0.6.0), so `--tp 5` or `--tp 6` never serves.  A user with five GPUs hit it in
InternLM/lmdeploy#2249; the maintainer's answer was "You can only use 4 GPU now".  From v0.6.0
the assertion is left only in the converter's `main` (see References), the offline
`lmdeploy convert` command (until a5edd130d, #3759, v0.10.0), which serving does not run: it
converts through `get_tm_model`, so LMDeploy 0.7.0.post3 took InternVL2.5-78B-MPO to
`--tp 6` and stopped at the converter's head-count check instead (a web page, incident case
kenforever-internvl78b-tp6: TL202).  The CLI help still says "Should be 2^n" at 1263d5c,
v0.16.0.  Without an image tag the finding is a warning; with a tag older than v0.6 it is an
error.

Triton's vLLM backend takes a `KIND_GPU` instance to hold one GPU: at load it raises
"KIND_GPU is currently for single-GPU models, please specify KIND_MODEL in the model's
config.pbtxt for multi-GPU models" when `model.json` asks for `tensor_parallel_size` ×
`pipeline_parallel_size` above one (`_validate_device_config`, see References), so the model
never loads.  `KIND_MODEL` leaves the devices to the engine (its `GPU_DEVICE_IDS` parameter
lists them).

A TensorRT-LLM engine is built for one layout: `convert_checkpoint.py --tp_size T --pp_size P`
writes a checkpoint of T × P rank shards and `trtllm-build` one engine per rank.
`trtllm-serve ENGINE` takes the engine's sizes (a written `--tp_size 1`, the default, is
overridden) and refuses any other: "tp_size 2 is not consistent with the engine's tp_size 4"
(`_load_config_from_engine`, see References).  Where the same file converts, builds and
serves, the deployment is read at the engine's sizes (`toplint.parse.builtengine`) and a size the
serving command writes that differs is reported here.

SGLang's `--enable-dp-attention` changed meaning three times (`server_args.py` of each
release's wheel, see References).  Up to 0.4.4 it set the DP size to the TP size, whatever
`--dp-size` said.  0.4.4.post1 to 0.5.1.post3 assert "Please set a dp-size > 1. You can use
1 < dp-size <= tp-size", so `--tp 8 --enable-dp-attention` alone, the command the earlier
releases' documentation showed, never starts there.  From 0.5.2 a DP size of 1 turns DP
attention off without a word (`_data_parallelism_defaults` from 0.5.17;
sgl-project/sglang#38614 describes it), and 0.5.22 reads `--dp-size N --enable-dp-attention`
as its new `--attn-dp-size N`.  From 0.4.4.post1 every release asserts
`tp_size % dp_size == 0` (an `AssertionError` with no message), so `--tp 8 --dp-size 3`
never starts.  Without a release the finding is a warning that says which releases refuse
and what the others run; with one that refuses, an error.  No public thread quoting
"Please set a dp-size > 1" was found to cite.

## Example
```yaml
image: vllm/vllm-openai:v0.6.3   # Qwen3ForCausalLM is registered from v0.8.4
args: ["--model", "Qwen/Qwen3-32B", "--tensor-parallel-size", "2"]
```

```bash
lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 6
```

```bash
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --enable-dp-attention
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --dp-size 3 \\
    --enable-dp-attention
```

```
# model_repository/vllm_model/config.pbtxt          # 1/model.json: {"tensor_parallel_size": 2, ...}
backend: "vllm"
instance_group [ { count: 1, kind: KIND_GPU } ]
```

```bash
sglang serve --model-path XiaomiMiMo/MiMo-V2.5-Pro --tp 16 --nnodes 2 --node-rank 0 \\
    --dist-init-addr 10.0.0.1:5000
```

```bash
python convert_checkpoint.py --model_dir /models/Llama-3.1-70B --output_dir /ckpt --tp_size 4
trtllm-build --checkpoint_dir /ckpt --output_dir /engine
trtllm-serve /engine --tp_size 2
```

## Use instead
```yaml
image: vllm/vllm-openai:v0.8.4
```

```bash
lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 4
```

```bash
sglang serve --model-path XiaomiMiMo/MiMo-V2.5-Pro --tp 16 --dp-size 2 --enable-dp-attention \\
    --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.1:5000
```

```bash
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --dp-size 8 \\
    --enable-dp-attention
```

```bash
trtllm-serve /engine   # the engine's sizes; another layout is another convert and build
```

```
backend: "vllm"
instance_group [ { count: 1, kind: KIND_MODEL } ]
```

## Options
None.

## Fix safety
Unsafe: the largest TP below the current size the engine starts at (a power of two that the
model's heads, KV heads and vocabulary divide by, as the outcome's start checks say) uses fewer
GPUs; memory per GPU grows.
SGLang's `--dp-size` (the TP size for none or 1, else the largest divisor of the TP size not
above the one written) changes the attention layout: each DP-attention rank holds the
attention weights of a TP group of TP/DP GPUs and its own KV cache.  For a pre-sharded fused
QKV, DP attention at TP / KV heads gives each rank the checkpoint's own attention shard.
The `KIND_MODEL` change is advice (display): it is written in `config.pbtxt`, not in the file
the engine arguments are read from.

## References
- vLLM's registry (`Engine.served` rows, and `_PREVIOUSLY_SUPPORTED_MODELS` in wheels): https://github.com/vllm-project/vllm/blob/v0.11.1/vllm/model_executor/models/registry.py
- Qwen3.5 refused by vLLM 0.16.0, served by 0.17.1: https://github.com/runpod-workers/worker-vllm/issues/279
- TGI's `get_model` (model types by tag): https://github.com/huggingface/text-generation-inference/blob/v3.3.7/server/text_generation_server/models/__init__.py
- LMDeploy's tables: https://github.com/InternLM/lmdeploy/blob/v0.16.0/lmdeploy/pytorch/models/module_map.py
- SGLang's model classes (`EntryClass`): https://github.com/sgl-project/sglang/tree/main/python/sglang/srt/models
- TensorRT-LLM's LLM API loading an engine, `_load_config_from_engine`: https://github.com/NVIDIA/TensorRT-LLM/blob/fcd3f31682808ae56118ae43c1d7864a3a945e6f/tensorrt_llm/llmapi/llm_args.py
- TensorRT-LLM `convert_checkpoint.py` `--tp_size`/`--pp_size` (the checkpoint's `mapping`): https://github.com/NVIDIA/TensorRT-LLM/blob/04a2cacbfd3b9ac76191bd8498ad871607b63a04/examples/llama/convert_checkpoint.py
- LMDeploy TurboMind assertion: https://github.com/InternLM/lmdeploy/blob/v0.5.3/lmdeploy/turbomind/turbomind.py
- Removal from the serve path (#2434, e6d70a022, v0.6.0): https://github.com/InternLM/lmdeploy/pull/2434
- The copy in the offline converter's `main` (removed by #3759, v0.10.0): https://github.com/InternLM/lmdeploy/blob/v0.9.2/lmdeploy/turbomind/deploy/converter.py
- Incident: https://github.com/InternLM/lmdeploy/issues/2249
- SGLang 0.4.4 (DP size = TP size): https://github.com/sgl-project/sglang/blob/v0.4.4/python/sglang/srt/server_args.py
- SGLang 0.4.4.post1 to 0.5.1.post3 ("Please set a dp-size > 1"): https://github.com/sgl-project/sglang/blob/v0.5.1.post3/python/sglang/srt/server_args.py
- SGLang 0.5.2 (DP size 1 turns DP attention off): https://github.com/sgl-project/sglang/blob/v0.5.2/python/sglang/srt/server_args.py
- SGLang `_data_parallelism_defaults`, described: https://github.com/sgl-project/sglang/pull/38614
- SGLang `get_mimo_v2_fused_qkv_expected_tp_size`: https://github.com/sgl-project/sglang/blob/001adf564fd332c285397a46a034ee2f93ba7515/python/sglang/srt/configs/model_config.py
- SGLang MiMoV2 loader (`load_mimo_v2_qkv_proj_weight`): https://github.com/sgl-project/sglang/blob/0397405f30f23fea2d08f72d07c7d2346dcf87c7/python/sglang/srt/models/mimo_v2.py
- Incident (TP 16): https://github.com/sgl-project/sglang/issues/24607
- Incident (the day-0 image, DP 16): https://github.com/sgl-project/sglang/pull/27668
- Triton vLLM backend `_validate_device_config`: https://github.com/triton-inference-server/vllm_backend/blob/00ea75bc67f48ad7c6283b1983620e1dbb1a9cfe/src/model.py
- vLLM's Transformers fallback (v0.7.2): https://github.com/vllm-project/vllm/blob/v0.7.2/vllm/model_executor/model_loader/utils.py
- SGLang's Transformers fallback: https://github.com/sgl-project/sglang/pull/5929
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    # the engine's own refusals, as the outcome model reads them (toplint.outcome.refusals:
    # outcome.starts counts the certain ones, so plan and fixes never offer what this flags)
    import toplint.outcome.refusals as refusals

    for found in refusals.refusals(ctx.deployment, ctx.model):
        yield _RENDER[found.kind](rule, ctx, found)


def _turbomind_tp(rule: Rule, ctx: RuleContext, found: EngineRefusal) -> Finding:
    """TurboMind's power-of-two TP: an error where the pinned release refuses it, a warning
    where the release is not known."""
    tp = ctx.deployment.tp or 1
    best = _largest_starting_tp(ctx)
    return finding(
        rule,
        ctx,
        "tp",
        found.message,
        severity=Severity.ERROR if found.certain else Severity.WARNING,
        fix=layout_fix(ctx.deployment.engine, tp=best),
        data={"tp": tp, "suggested_tp": best},
    )


def _largest_starting_tp(ctx: RuleContext) -> int:
    """The largest TP below the current one the engine starts at: the outcome's start checks
    (heads, KV heads, vocabulary, tiles: ``toplint.outcome.starts``) find nothing, and no
    release the deployment may run refuses it (a refusal of TP judged from no release pinned
    counts: ``release.holds``).  A power of two below alone gave TP 4 for 12 heads at TP 6,
    which the judged-fix step then dropped (it does not start)."""
    import toplint.outcome.judge as judge  # loaded by a run that reports TL213
    import toplint.outcome.refusals as refusals
    import toplint.outcome.starts as starts

    dep, gpu = ctx.deployment, ctx.cluster.gpu if ctx.cluster is not None else None
    for tp in range((dep.tp or 1) - 1, 1, -1):
        new = judge.changed(dep, tp, None, None)
        refused = [r for r in refusals.refusals(new, ctx.model) if r.field == "tp"]
        if not refused and not starts.problems(new, ctx.model, gpu):
            return tp
    return 1


def _refused_by_release(rule: Rule, ctx: RuleContext, found: EngineRefusal) -> Finding:
    """Sizes the engine's releases refuse (``Engine.refuses``: SGLang's DP attention): an
    error where the release the deployment pins refuses, a warning where some releases do and
    which one runs is not known."""
    dep = ctx.deployment
    flag = dep.flag(found.field)
    if found.ignored:  # it starts, with the setting off: the layout as run, not as written
        severity = Severity.INFO
    else:
        severity = Severity.ERROR if found.certain else Severity.WARNING
    return finding_at(
        rule,
        ctx,
        flag.position if flag is not None else dep.position_of("dp"),
        found.message,
        fix=settings_fix(list(found.fix)) if found.fix else None,
        data={"option": found.field, "ignored": found.ignored},
        severity=severity,
        anchor=(flag.anchor or flag.name) if flag is not None else anchor_of(ctx, "dp"),
    )


def _triton_kind_gpu(rule: Rule, ctx: RuleContext, found: EngineRefusal) -> Finding:
    """Triton's vLLM backend: a ``KIND_GPU`` instance holds one GPU
    (``toplint.parse.structured.triton``)."""
    dep = ctx.deployment
    return finding(
        rule,
        ctx,
        "triton.instance_kind",
        found.message,
        fix="kind: KIND_MODEL   # in config.pbtxt (GPU_DEVICE_IDS lists the GPUs it may use)",
        data={"instance_kind": "KIND_GPU", "world_size": (dep.tp or 1) * (dep.pp or 1)},
    )


def _built_engine_sizes(rule: Rule, ctx: RuleContext, found: EngineRefusal) -> Finding:
    """A server of an engine its file builds (``toplint.parse.builtengine``) that writes a size
    other than 1 or the engine's: the engine's pipeline says it refuses it
    (``BuildPipeline.refusal``)."""
    dep = ctx.deployment
    field = found.field.removesuffix(".written")
    pipeline = build_pipeline(dep.engine)
    assert pipeline is not None  # the outcome found it
    name = dict(pipeline.sizes)[field]
    return finding_at(
        rule,
        ctx,
        dep.position_of(found.field),
        found.message,
        data={name: dep.options.get(BUILT_WRITTEN.get(field, "")), "built": getattr(dep, field)},
        anchor=found.field,
    )


def _presharded_qkv(rule: Rule, ctx: RuleContext, found: EngineRefusal) -> Finding:
    """An engine that loads a fused ``qkv_proj`` stored pre-sharded (``ModelSpec.fused_qkv_tp``)
    only at an attention TP dividing it (``Engine.presharded_qkv_divides``: SGLang's MiMoV2
    loader, ``expected_fused_tp_size % tp_size``); the fix: DP attention at TP / the stored
    TP, which gives each rank the checkpoint's own shard."""
    dep, model = ctx.deployment, ctx.model
    assert model is not None and dep.tp is not None  # the outcome found it
    engine = get_engine(dep.engine)
    attention, stored = engine.attention_tp(dep), model.fused_qkv_tp
    dp = dep.tp // stored if dep.tp % stored == 0 else 0
    fix = (
        settings_fix(flags(engine.layout, attention_dp=True, dp=dp))
        if dp > 1 and engine.layout.attention_dp and engine.layout.dp
        else None
    )
    return finding(
        rule,
        ctx,
        "tp",
        found.message,
        severity=Severity.ERROR,
        fix=fix,
        data={"attention_tp": attention, "fused_qkv_tp": stored},
    )


def _unserved(rule: Rule, ctx: RuleContext, found: EngineRefusal) -> Finding:
    """A pinned release older than the first that registers the model's architecture, or from
    the first that no longer does (``Engine.served``, ``Served.retired``); the fix names the
    image tag (or pip pin) of the first release that serves it, or of the last."""
    dep = ctx.deployment
    engine = get_engine(dep.engine)
    row = table_of(engine)[ctx.model.model_type] if ctx.model is not None else None
    assert row is not None  # the outcome found it
    gone = row.retired if found.kind == "retired" else None
    at, says = (gone.last, "is the last release that") if gone else (row.first, "or later")
    image = str(dep.options.get("image", ""))
    if found.field == "image" and image:
        tag = image_tag(image)
        wanted = f"{image.rsplit(':', 1)[0]}:{'v' if tag.startswith('v') else ''}{at}"
    else:
        wanted = f"{engine.packages[0]}=={at}" if engine.packages else at
    return finding(
        rule,
        ctx,
        found.field,
        found.message,
        severity=Severity.ERROR if found.certain else Severity.WARNING,
        fix=f"{wanted}   # {engine.title} {at} {says} registers {row.architecture}",
        data={"architecture": row.architecture, "first": row.first, "source": row.source}
        | ({"last": gone.last, "refused_from": gone.refused_from} if gone else {}),
    )


_RENDER: dict[str, Callable[[Rule, RuleContext, EngineRefusal], Finding]] = {
    "triton_kind_gpu": _triton_kind_gpu,
    "built_size": _built_engine_sizes,
    "release": _refused_by_release,
    "presharded_qkv": _presharded_qkv,
    "turbomind_tp": _turbomind_tp,
    "architecture": _unserved,
    "retired": _unserved,
}


RULE = Rule(
    code="TL213",
    name="engine-tensor-parallel-constraint",
    summary=(
        "The engine's own tensor-parallel constraint (LMDeploy TurboMind: a power of two; "
        "Triton's vLLM backend: KIND_MODEL for more than one GPU; SGLang DP attention: "
        "--dp-size dividing --tp-size, and above 1 where a release asserts it; an attention TP "
        "dividing the KV heads a fused QKV is stored pre-sharded over; TensorRT-LLM: the sizes "
        "its engine was built with), and a pinned release that does not register the "
        "checkpoint's architecture."
    ),
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
