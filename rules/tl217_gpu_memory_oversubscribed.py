"""TL217 gpu-memory-oversubscribed."""

from __future__ import annotations

import math
from collections.abc import Iterator

from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, severity_for
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Finds servers that one file starts together on the same GPU of one host - the services of a
compose file, the programs of a supervisord configuration, the commands a script starts
without waiting for them (`&`, `docker run -d`, `pm2 start`, `tmux new-session -d`, `screen
-dm`) and those it starts after them, up to a command that stops processes (`kill`, `docker
stop`) - whose memory settings cannot all be met there.  A server started in a loop's body, or
in an `if`/`case` arm the script's values do not decide, is not judged beside others; the
replicas of a compose service (`deploy.replicas`, `scale`) and the `numprocs` copies of a
supervisord program are given the same devices, and are.
Each engine's setting means something else beside another process: vLLM asks for its
`--gpu-memory-utilization` share of the *total* free at start-up and refuses otherwise;
SGLang and TGI take all the free memory but (1 - `--mem-fraction-static` /
`--cuda-memory-fraction`) of the total; LMDeploy and TensorRT-LLM take a share of what is
free once their weights are in; vLLM from 0.34.0 (its extensible KV cache) checks nothing at
start-up and takes what is free, up to its share (`toplint.outcome.colocation`).  A process's
GPUs are the devices it is given (`CUDA_VISIBLE_DEVICES`, `--gpus device=…`, compose
`device_ids`) or, with none given, the first ones.  Compose services whose `profiles` share
none are alternatives and are not judged together; a service without profiles starts beside
any profile's.

On a GPU whose memory the host shares (a GB10's unified pool: the OS, its page cache and other
processes hold part of it), the host is the other process: vLLM's share of the total must be
free at start-up, and the catalog's band of memory measured free there
(`memory_free_at_start_gib`, `toplint.outcome.hostpool`) says whether it can be: a share above
the band refuses to start, one inside it starts only while the host holds little.  vLLM before
0.9.1 (a limit on the GPU's whole use) and from 0.34.0 (a cap on what is free) check nothing
at start-up, so a release not pinned is judged by those that do, as a warning.

Outcome reported (toplint's severity policy): refuses to start - an error when no start
order lets them all start (whatever the GPU: the settings' shares alone exceed it); a warning
when it depends on which server is up first, which nothing in the file fixes, or on an engine
release the file does not pin (vLLM before 0.9.1 took `--gpu-memory-utilization` as a limit on
the whole GPU's use, other processes included: two servers at 0.4 and 0.8 ran; from 0.34.0 the
share is a cap on what it takes of the free memory).

## Why is this bad?
Whichever server starts second finds the memory taken: vLLM stops with "Free memory on device
(…) on startup is less than desired GPU memory utilization (0.9, … GiB). Decrease GPU memory
utilization or reduce GPU memory used by other processes", SGLang with "Not enough memory.
Please try to increase --mem-fraction-static", and a container restarts in a loop.  Two vLLM
servers at the default 0.9 on one GPU ask for 1.8 of it.

## Example
```bash
CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen2.5-7B-Instruct --port 8000 &
CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen2.5-1.5B-Instruct --port 8001
```

## Use instead
```bash
CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen2.5-7B-Instruct --port 8000 \\
    --gpu-memory-utilization 0.6 &
CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen2.5-1.5B-Instruct --port 8001 \\
    --gpu-memory-utilization 0.3
```
or give each server a GPU of its own.

## Options
None.

## Fix safety
Displayed only: how to divide the GPU between the servers (or which other GPUs to give them) is
for the operator to say.  The finding gives each server's share, what it means for that engine
and what the shares add up to.

## References
- vLLM's start-up check (`request_memory`):
  https://github.com/vllm-project/vllm/blob/0027b02769fbf0f9b73c612cd8912e7fa0f37458/vllm/v1/worker/utils.py
  (skipped from 0.34.0 with the extensible KV cache, vllm-project/vllm@62d4bc3c7)
- Free memory at start-up on a GB10 (109.53 GiB after churn, ~117.7 GiB after reclaim):
  https://github.com/Blackwellboy/model-serving-minefield/issues/45
- Incident (Nemotron-3-Super NVFP4 on one DGX Spark at vLLM's default 0.92):
  https://github.com/vllm-project/recipes/pull/632
- SGLang's KV pool beside other memory (`profile_max_num_token`):
  https://github.com/sgl-project/sglang/blob/v0.5.8/python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
- TGI's free memory (`get_cuda_free_memory`):
  https://github.com/huggingface/text-generation-inference/blob/c09f5bc9/server/text_generation_server/utils/import_utils.py
- Docker's `--gpus N` gives devices 0 to N-1 (`countToDevices`):
  https://github.com/moby/moby/blob/master/daemon/nvidia_linux.go
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    yield from _host_pool(rule, ctx)
    shared = ctx.shared_gpu
    if shared is None or shared.verdict == "shares":
        return
    this = shared.processes[shared.this]
    others = [p for k, p in enumerate(shared.processes) if k != shared.this]
    gpus = ", ".join(str(g) for g in shared.gpus)
    where = f"GPU {gpus}" if len(shared.gpus) == 1 else f"GPUs {gpus}"
    beside = ", ".join(p.label for p in others)
    if shared.profiles:  # compose starts them together with these profiles active
        named = " or ".join(f"`{p}`" for p in shared.profiles.split(","))
        beside += f" (with the compose profile {named} active)"
    lines = sorted({(p.line, p.setting.split(" ", 1)[0]) for p in shared.processes})
    settings = ", ".join(f"{flag} (line {line})" for line, flag in lines)
    if any(p.replica for p in shared.processes):
        settings += " or the copies' devices (a server per GPU, each with its own devices)"
    if shared.verdict == "never":
        outcome = "they cannot all start there in any order, so this one or another is refused"
        severity = Severity.ERROR
        if shared.release:
            outcome += (
                f" (with {shared.release}, which ask for each share of the whole GPU at "
                "start-up; earlier releases counted the other servers' memory inside each "
                "share, later ones take what is free up to it: pin the release to know which "
                "applies)"
            )
            severity = Severity.WARNING
    else:
        outcome = (
            "it starts only if it is up before the others, which nothing in the file makes sure"
        )
        severity = Severity.WARNING
    who = f"this {this.engine} server shares {where} with {beside}"
    if this.replica and all(p.line == this.line for p in shared.processes):
        who = (
            f"the {len(shared.processes)} copies of this {this.engine} server all get {where}"
            f" (`{this.copies_from}`: each copy is given the same devices"
            f"{_COUNT if this.copies_from.startswith(_COMPOSE) else ''})"
        )
    yield finding(
        rule,
        ctx,
        _anchor(ctx),
        f"{who}, and {outcome}: {shared.why}",
        severity=severity_for(rule, ctx, severity),
        fix=f"set {settings} so the servers' memory fits the GPU together by each engine's "
        "rule above, or give each server GPUs of its own (CUDA_VISIBLE_DEVICES, "
        "--gpus device=N)",
        data={
            "gpus": list(shared.gpus),
            "verdict": shared.verdict,
            "from_release": shared.release,
            "capacity_gib": shared.capacity_gib,
            "processes": [
                {"line": p.line, "engine": p.engine, "setting": p.setting, "beside": p.beside}
                for p in shared.processes
            ],
        },
    )


def _host_pool(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    """The share vLLM asks for at start-up beside the host's own use of a unified-memory GPU
    (``toplint.outcome.hostpool``)."""
    placement = ctx.placement
    if placement is None or not placement.cluster.gpu.free_at_start_gib:
        return
    import toplint.outcome.hostpool as hostpool  # only on a GPU the host shares

    gpu = placement.cluster.gpu
    found = hostpool.start_share(ctx.deployment, gpu)
    if found is None:
        return
    who = f"{found.engine} {found.releases}".strip()
    measured = (
        f"{found.low_gib:.1f}-{found.high_gib:.1f} GiB of its {gpu.capacity_gib:g} GiB has "
        "been measured free at start-up (the OS, its page cache and other processes hold the "
        "rest)"
    )
    if found.verdict == "refuses":
        outcome = "more than has been measured free there, so it refuses to start"
    else:
        outcome = "it starts only while the host holds little, and otherwise refuses"
    refused = '"Free memory on device … on startup is less than desired GPU memory utilization"'
    severity = Severity.ERROR if found.verdict == "refuses" else Severity.WARNING
    if found.releases:
        severity = Severity.WARNING  # other releases check nothing at start-up
        outcome += " (pin the release to know whether it checks)"
    most = math.floor(found.low_gib / gpu.capacity_gib * 100) / 100
    flag = found.setting.split(" ", 1)[0]
    fix = f"set {flag} {most:.2f} or less ({found.low_gib:.1f} GiB of {gpu.capacity_gib:g})"
    if found.unchecked_from:
        fix += f", or run {found.engine} {found.unchecked_from} or later (no start-up check)"
    yield finding(
        rule,
        ctx,
        _anchor(ctx),
        f"{who} asks for {found.setting} × {gpu.capacity_gib:g} GiB = {found.asked_gib:.1f} "
        f"GiB free at start-up on a {gpu.name}, whose memory the host shares: "
        f"{measured}; {outcome} ({refused})",
        severity=severity_for(rule, ctx, severity),
        fix=fix,
        data={
            "setting": found.setting,
            "asked_gib": found.asked_gib,
            "free_at_start_gib": [found.low_gib, found.high_gib],
            "verdict": found.verdict,
            "releases": found.releases,
        },
    )


_COUNT = ", and compose's `count: N` is devices 0 to N-1 in every container"
_COMPOSE = ("deploy.replicas", "scale")  # compose's settings that start copies


def _anchor(ctx: RuleContext) -> str:
    """The memory setting of this server where it is written, else where it starts."""
    import toplint.outcome.memory as memory  # only where servers share a GPU

    keys = memory.accounting(ctx.deployment.engine).keys
    return next((k for k in keys if k in ctx.deployment.sources), "engine")


RULE = Rule(
    code="TL217",
    name="gpu-memory-oversubscribed",
    summary=(
        "Servers one file starts together on the same GPU whose memory settings cannot all "
        "be met there."
    ),
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="gpu",
)
