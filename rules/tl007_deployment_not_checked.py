"""TL007 deployment-not-checked."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Finding, Fix, Position, Severity
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports a deployment toplint could not check against the hardware: there is no hardware
manifest, the manifest has several clusters and nothing says which one the file deploys to,
or the deployment's Kubernetes node labels (`nodeSelector`, node affinity) match the
`selector` of no cluster, or it asks for a GPU that no cluster of the manifest has (or that the
cluster it is assigned to by `--cluster`/`assign:` does not have): a GPU label
(`nvidia.com/gpu.product`, `cloud.google.com/gke-accelerator`,
`karpenter.k8s.aws/instance-gpu-name`), an instance type, a KubeAI `resourceProfile`
(`nvidia-gpu-gh200:1` is one GH200 in KubeAI's chart), SkyPilot `accelerators`, a Ray
`accelerator_type` or a `gpu: "<type>:<count>"` string; the finding sits on that value and the
deployment is never priced on the other GPU.  Or its layout has more ranks than toplint places
(65,536, the
`placement-ranks` budget), or it names no model (a command or image without `--model`: its
size, heads and layers decide every cost; a model written as a value toplint cannot resolve is
TL003's), or its fit was not judged: the checkpoint's config.json has a `quantization_config`
whose method, algorithm or width toplint does not read (HQQ without its `nbits`, GGUF, torchao,
Quark, FP-Quant, a ModelOpt `quant_algo` it does not know, a quantization_config without bits).
Weighing that checkpoint at 16 bits would be a guess (a 4-bit one four times too heavy), so its
links and collectives are checked and its memory is not. The fix is the line to write.

Outcome reported (toplint's severity policy): not computed — the deployment was not checked
against the hardware, so toplint cannot say what it will do (error, so an unchecked deployment
never passes silently).

## Why is this bad?
Without a cluster, no placement, link, bandwidth, budget or memory rule runs for the
deployment, so a tensor-parallel group spanning two nodes over Ethernet passes unnoticed. A CI
gate that prints a green check while it checked nothing is worse than no gate.

## Example
```yaml
# hardware.yaml has two clusters, a100-eth and h100-ib; toplint.yaml has no `assign:`
hardware: hardware.yaml
```

```yaml
# substratusai/kubeai@2f32ef4 manifests/models/deepseek-r1-70b-gh200-fp8.yaml, on a manifest
# whose only cluster has L4s
kind: Model
spec:
  url: hf://neuralmagic/DeepSeek-R1-Distill-Llama-70B-FP8-dynamic
  resourceProfile: nvidia-gpu-gh200:1
```

## Use instead
```yaml
hardware: hardware.yaml
assign: {"deploy/seed/*": a100-eth, "deploy/k8s/*": h100-ib}
```
For a GPU the manifest lacks, describe the cluster it runs on (a GPU outside the catalog with
its figures):
```yaml
clusters:
  - {name: l4, nodes: 1, gpu: L4, gpus_per_node: 8}
  - name: gh200
    nodes: 1
    gpus_per_node: 1
    gpu: {name: GH200, memory: 96 GB, memory_bandwidth: 4 TB/s, bf16_tflops: 989}
```
or `toplint check --cluster a100-eth deploy/seed/`. For a checkpoint whose quantization toplint
does not read, name a copy of its config.json whose `quantization_config` says the bits each
weight is stored in (`"bits": 4` beside its `quant_method`):
```yaml
models: {"org/Model-HQQ": models/model-hqq-config.json}
``` A repository that has no manifest on
purpose says so once in its configuration, and its deployments are then counted in the
summary as not checked but not reported one by one:
```yaml
hardware: none
```

## Options
None.

## Fix safety
Display only: the line belongs in toplint's configuration or the manifest.

## References
- The quant_method values vLLM accepts (`QuantizationMethods`): https://github.com/vllm-project/vllm/blob/05d909563e1d1ada39a13b67e7b9a4cbca1d6a8e/vllm/model_executor/layers/quantization/__init__.py
- The quant_method values SGLang accepts (`BASE_QUANTIZATION_METHODS`): https://github.com/sgl-project/sglang/blob/0116a682fcad45950388dc51d67a4f78721c00fa/python/sglang/srt/layers/quantization/__init__.py
- Kubernetes, assigning pods to nodes (`nodeSelector`, node affinity):
  https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/
- KubeAI `resourceProfile: <name>:<count>` (count times the profile's requests and limits, with
  its node selector), `getModelConfig`:
  https://github.com/substratusai/kubeai/blob/2f32ef4/internal/modelcontroller/model_controller.go
- KubeAI's chart profiles (`nvidia-gpu-gh200` is one `nvidia.com/gpu`; the GKE values select
  `cloud.google.com/gke-accelerator`): https://github.com/substratusai/kubeai/blob/2f32ef4/charts/kubeai/values.yaml,
  https://github.com/substratusai/kubeai/blob/2f32ef4/charts/kubeai/values-gke.yaml
"""

# Reasons this rule reports; the others have their own rule (TL003, TL201, TL004).
REPORTED = (
    "no-manifest",
    "no-cluster",
    "selector-mismatch",
    "gpu-mismatch",
    "placement-ranks",
    "no-model",
    "unresolved-weights",
)


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    unchecked = ctx.unchecked
    if unchecked is None or unchecked.kind not in REPORTED or unchecked.deliberate:
        return
    dep = ctx.deployment
    at = unchecked.at or ("labels" if unchecked.kind == "selector-mismatch" else "")
    pos = dep.position_of(at) if at else Position(dep.path, dep.line, dep.column)
    yield finding_at(
        rule,
        ctx,
        pos,
        f"not checked against hardware: {unchecked.reason}",
        fix=Fix(unchecked.fix) if unchecked.fix else None,
        data={"reason": unchecked.kind},
        anchor=unchecked.kind,
    )


RULE = Rule(
    code="TL007",
    name="deployment-not-checked",
    summary="A deployment was not checked against the hardware (no manifest, cluster or model, "
    "or a GPU the manifest lacks).",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
    accelerators="any",
)
