"""TL214 multi-node-rendezvous-mismatch."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Compares the commands that start the nodes of one multi-node instance (the head and worker
commands of one script, merged by `toplint.parse.multinode`): every node must name the same
rendezvous address and port (SGLang `--dist-init-addr`, formerly `--nccl-init-addr`; vLLM
`--master-addr`/`--master-port`, `--data-parallel-address`/`--data-parallel-rpc-port`), the
same `--nnodes`, and a `--node-rank` of its own below `--nnodes`.

## Why is this bad?
The nodes never meet.  Each process waits at the address it was given for `--nnodes` peers
with ranks 0 to nnodes-1; a node pointed elsewhere, two nodes claiming one rank, or nodes
disagreeing on how many there are leave the rendezvous incomplete, and the server hangs at
start-up until a timeout.  In sgl-project/sglang#2658 the second node was started with its own
address (`--nccl-init second_ip:8001`); the answer: "when lauching server in node 2, you should
use the `first_ip` for `nccl-init`, NOT `second_ip`".  SGLang's multi-node guide: "set
--dist-init-addr the same value for both nodes. Except --node-rank 0, other parameters should
be the same" (sgl-project/sglang#3467).

## Example
```bash
# node 1
python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 \\
    --dist-init-addr 10.0.0.1:5000 --nnodes 2 --node-rank 0
# node 2
python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 \\
    --dist-init-addr 10.0.0.2:5000 --nnodes 2 --node-rank 1
```

## Use instead
```bash
# node 2: the head's address, its own rank
python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 \\
    --dist-init-addr 10.0.0.1:5000 --nnodes 2 --node-rank 1
```

## Options
None.

## Fix safety
Displayed only: which value is right (usually the head's) is for the operator to say.

## References
- Incident: https://github.com/sgl-project/sglang/issues/2658
- Maintainer's rule of thumb: https://github.com/sgl-project/sglang/issues/3467
- SGLang multi-node deployment: https://docs.sglang.ai/references/multi_node_deployment/multi_node_index.html
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    conflicts = ctx.deployment.options.get("multinode_conflicts")
    if not conflicts:
        return
    yield finding(
        rule,
        ctx,
        "multinode_conflicts",
        f"the nodes of this instance disagree: {conflicts}; they never complete the rendezvous "
        "and the server hangs at start-up",
        fix="give every node the head's rendezvous address and --nnodes, and each its own "
        "--node-rank from 0 to nnodes-1",
        data={"conflicts": conflicts},
    )


RULE = Rule(
    code="TL214",
    name="multi-node-rendezvous-mismatch",
    summary="The nodes of one instance name different rendezvous addresses, ranks or counts.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="any",
)
