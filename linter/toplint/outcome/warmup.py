"""The start-up warm-up of an engine that runs one (TGI): what its batch takes on one GPU.

TGI starts by sending its model server one batch of the largest size it will admit:
``--max-batch-prefill-tokens`` prompt tokens in requests of at most ``--max-input-tokens``,
each allowed to grow to ``--max-total-tokens``.  The server allocates the KV blocks of that batch
(before 0.9.4: of ``--max-batch-total-tokens`` and 10 blocks more; from 0.9.4 to 1.1.0 each
request's prompt and two new tokens), runs its prefill, and stops with "Not enough memory to
handle N prefill tokens" when CUDA runs out of memory (``toplint.engines.tgi.WARM_UP`` cites
where each step was read).  What the
warm-up left in PyTorch's cache is not free when the KV cache is sized after it, so its peak
is the start-up working memory, and the KV blocks of its batch are KV cache that must fit.

On one GPU, beyond the weights and those KV blocks, the peak is the larger of

- the prefill's forward pass over the batch's tokens (``toplint.outcome.profile.forward_peak``:
  the residual stream and the largest layer transient, in 16 bits), and
- its logits with the hidden states still held: up to 3.0 the warm-up asks for the prefill
  log-probabilities, so every prompt token's logits are computed over the whole vocabulary
  (gathered from the shards into one ``vocabulary × tokens`` tensor) and log-softmaxed.  On one
  GPU that is the logits and, before 2.4.0, the new tensor log-softmax returns (2 copies; from
  2.4.0 in place: 1).  Sharded, the gathered logits are a transposed view, which PyTorch's CUDA
  softmax copies to a contiguous tensor first (pytorch/pytorch aten/src/ATen/native/cuda/
  SoftMax.cu ``host_softmax``: ``input_.contiguous()``): 3 copies before 2.4.0; from 2.4.0 the
  in-place call writes into that view, 2 copies when PyTorch writes there directly and 3 when
  it goes through a temporary, the band's two ends.  From 3.0.0 only each request's last
  token's logits, unless the prefill log-probabilities are turned back on.

plus the memory outside PyTorch's allocator (``toplint.outcome.profile.NON_TORCH_GIB``).  A
release the image does not pin may be any: each range of releases is judged, and the
deployment's band spans them; a range whose defaults are chosen from the GPU's memory (3.0.0
on, for options not written) is not judged.
"""

from __future__ import annotations

import math

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.gpuneeds import WarmUp, WarmUpRange
from toplint.engines.registry import get_engine
from toplint.engines.release import in_force, pinned
from toplint.model import Deployment
from toplint.outcome.profile import ACTIVATION_BYTES, NON_TORCH_GIB, count, forward_peak
from toplint.outcome.types import GIB
from toplint.record import record

PREFILL_ROOM = 50  # the launcher's default prefill is the input + 50 (block alignment)
BLOCK = 16  # tokens per KV block (BLOCK_SIZE in flash_causal_lm.py)


@record
class WarmUpNeed:
    """One range of releases' warm-up of a deployment, on one GPU."""

    since: str  # the range's first release ("" = the earliest)
    prefill: int  # the batch's prompt tokens
    input: int  # one request's prompt tokens at most
    requests: int
    total: int  # one request's prompt and new tokens (0: the prompt and one new token)
    batch_total: int  # the whole batch's tokens the KV blocks are allocated for (0: per request)
    kv_tokens: int  # tokens the batch's KV blocks hold
    low: float  # bytes beyond the weights and the KV blocks, at the band's low end
    high: float  # ... and at its high end
    logits: float  # bytes the logits take at the high end (every copy)
    logit_rows: int  # tokens whose logits the prefill computes


@record
class WarmUpNeeds:
    """Every candidate range's need; ``complete`` when each candidate range could be judged."""

    needs: tuple[WarmUpNeed, ...]
    complete: bool

    @property
    def low(self) -> float:
        return min(n.low for n in self.needs) if self.complete and self.needs else 0.0

    @property
    def high(self) -> float:
        return max((n.high for n in self.needs), default=0.0)

    @property
    def kv_tokens(self) -> int | None:
        """The fewest KV tokens any candidate range's batch holds (None: not judged)."""
        return min(n.kv_tokens for n in self.needs) if self.complete and self.needs else None


def needs(dep: Deployment, model: ModelSpec | None) -> WarmUpNeeds | None:
    """What the engine's warm-up of ``dep`` takes on one GPU, per candidate range of releases
    (the one the image pins, else every range); None when the engine runs no warm-up toplint
    models or the model is not known."""
    warm = get_engine(dep.engine).memory.warmup
    if warm is None or model is None:
        return None
    release = pinned(dep)
    ranges = in_force(warm.ranges, release)
    found = [_need(warm, r, dep, model) for r in ranges]
    judged = tuple(n for n in found if n is not None)
    return WarmUpNeeds(judged, complete=len(judged) == len(found))


def _count(dep: Deployment, *keys: str) -> int:
    return count(option(dep.options, *keys))


def _on(dep: Deployment, keys: tuple[str, ...]) -> bool:
    """A boolean option or environment variable written as on."""
    for key in keys:
        value = dep.options.get(key)
        if value is not None and str(value).strip().lower() not in ("false", "0", "no", "off"):
            return True
    return False


def _need(warm: WarmUp, r: WarmUpRange, dep: Deployment, model: ModelSpec) -> WarmUpNeed | None:
    """One range's warm-up of ``dep``; None when a default it needs is chosen from memory."""
    capped = min(model.max_context, r.total_cap) if model.max_context > 0 else r.total_cap
    total = _count(dep, warm.total_key) or _default(r.total_default, capped)
    given_input = _count(dep, *warm.input_keys)
    input_ = given_input or _default(r.input_default, capped - 1)
    batch = _count(dep, warm.batch_size_key)
    prefill = _count(dep, warm.prefill_key)
    if not prefill:
        if r.prefill_default < 0 or input_ < 0:
            return None
        prefill = r.prefill_default or (batch * input_ if batch else input_ + PREFILL_ROOM)
    if input_ <= 0:  # no cap on one request's prompt: one request
        input_ = prefill
    total = max(total, 0)
    requests = math.ceil(prefill / input_)
    if batch:
        requests = min(requests, batch)
    prompts = [input_] * (requests - 1) + [prefill - input_ * (requests - 1)]
    prefill = sum(prompts)
    batch_total = 0
    if r.batch_total_default:
        batch_total = _count(dep, warm.batch_total_key) or r.batch_total_default
        kv = batch_total + 10 * BLOCK
    elif r.two_new_tokens:
        kv = sum(p + 2 for p in prompts)
    elif total:
        kv = requests * max(total, max(prompts) + 1)
    else:
        kv = sum(p + 1 for p in prompts)
    low, high, logits, rows = _peak(r, dep, model, prefill, requests, _on(dep, warm.logprobs_keys))
    return WarmUpNeed(
        r.since, prefill, input_, requests, total, batch_total, kv, low, high, logits, rows
    )


def _default(value: int, derived: int) -> int:
    """An option's default: the value, the derived one (0), or -1 (none)."""
    return derived if value == 0 else value


def _peak(
    r: WarmUpRange, dep: Deployment, model: ModelSpec, tokens: int, requests: int, logprobs: bool
) -> tuple[float, float, float, int]:
    """Bytes the prefill takes beyond the weights and KV blocks, at the band's two ends; the
    logits' bytes at the high end and the rows they are computed for."""
    tp = max(dep.tp or 1, 1)
    forward = forward_peak(model, tp, tp, tokens)
    every = r.all_logits or logprobs
    rows = tokens if every else requests
    sharded = tp > 1 and model.vocab_size % tp == 0
    if not every:
        copies = (1.0, 1.0 + (1.0 / tp if sharded else 0.0))
    elif sharded:
        copies = (2.0, 3.0) if r.log_softmax_in_place else (3.0, 3.0)
    else:
        copies = (1.0, 1.0) if r.log_softmax_in_place else (2.0, 2.0)
    held = tokens * model.hidden_size * ACTIVATION_BYTES
    logits = rows * model.vocab_size * ACTIVATION_BYTES
    outside = NON_TORCH_GIB * GIB
    return (
        max(forward, held + logits * copies[0]) + outside,
        max(forward, held + logits * copies[1]) + outside,
        logits * copies[1],
        rows,
    )


def context(dep: Deployment, warm: WarmUpNeeds | None) -> tuple[int | None, str]:
    """The KV tokens the warm-up batch of ``dep`` holds (``warm``: its ``needs``; the fewest
    over the releases it may run; None when not judged), and what they are, for the user."""
    tokens = warm.kv_tokens if warm is not None else None
    keys = get_engine(dep.engine).memory.warmup
    if warm is None or tokens is None or keys is None:
        return None, ""
    need = min(warm.needs, key=lambda n: n.kv_tokens)
    requests = f"{need.requests} request{'s' if need.requests != 1 else ''}"
    each = (
        f"each up to {_flag(keys.total_key)} {need.total:,}"
        if need.total
        else "each its prompt and one new token"
    )
    least = pinned(dep) is None and len(warm.needs) > 1
    release = ", the least any release takes" if least else ""
    if need.batch_total:
        blocks = f"{_flag(keys.batch_total_key)} {need.batch_total:,} and 10 blocks more"
        return tokens, f"{blocks}{release}"
    return tokens, f"{_flag(keys.prefill_key)} {need.prefill:,} in {requests}, {each}{release}"


def working(dep: Deployment, warm: WarmUpNeeds | None, fixed: float) -> str:
    """Why the start-up working memory is above the ``fixed`` band's high end: the largest
    warm-up, said for the user; "" when it is not."""
    keys = get_engine(dep.engine).memory.warmup
    if warm is None or keys is None or not warm.needs or warm.high <= fixed:
        return ""
    need = max(warm.needs, key=lambda n: n.high)
    title = get_engine(dep.engine).title
    gib = need.logits / GIB
    logits = (
        f", its logits of {need.logit_rows:,} prompt tokens over the whole vocabulary "
        f"{gib:.1f} GiB of it"
        if gib >= 0.1
        else ""
    )
    top = [n.since for n in warm.needs if n.high >= need.high * 0.999]  # the ranges that tie
    since = (
        ""
        if pinned(dep) is not None
        else f" (as {title} {_releases(keys, top[0], top[-1])} runs it; the image pins no release)"
    )
    return (
        f"{title}'s start-up warm-up: a prefill of {_flag(keys.prefill_key)} {need.prefill:,} "
        f"takes {need.high / GIB:.1f} GiB{logits}{since}"
    )


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def _releases(warm: WarmUp, first: str, last: str) -> str:
    """The releases the ranges from ``first`` to ``last`` span, for the user ("2.0.0 to before
    2.4.0")."""
    starts = [r.since for r in warm.ranges]
    after = starts.index(last) + 1
    if after < len(starts):
        return f"{first} to before {starts[after]}" if first else f"before {starts[after]}"
    return f"{first} and later" if first else "every release"


def refusal(dep: Deployment, warm: WarmUpNeeds | None) -> str:
    """What the engine says when its warm-up of ``dep`` runs out of memory, with the prompt
    tokens of the largest warm-up; "" when not modelled."""
    keys = get_engine(dep.engine).memory.warmup
    if warm is None or keys is None or not warm.needs:
        return ""
    need = max(warm.needs, key=lambda n: n.high)
    said = next((r.error for r in keys.ranges if r.since == need.since and r.error), keys.error)
    return said.format(prefill=need.prefill, total=need.batch_total or need.kv_tokens)
