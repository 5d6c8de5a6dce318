"""TL011 accelerator-not-modelled."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import ACCELERATOR_NOT_MODELLED, Finding, Fix, Position
from toplint.outcome.types import GPU_FIGURES
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports a deployment that runs on an accelerator toplint's placement and cost model do not
describe: Intel Gaudi (HPU), AWS Trainium/Inferentia (Neuron), Google TPU, Huawei Ascend (NPU),
Intel's data-centre GPUs (Max series, Xe Link), Tenstorrent (Wormhole, Blackhole: N150, N300,
T3K, Galaxy), or a hardware manifest's part that is outside the GPU catalog and gives not even
its memory. It is read from the
manifest's `gpu` name, from the Kubernetes resource the pod requests (`habana.ai/gaudi`,
`aws.amazon.com/neuron`, `aws.amazon.com/neuroncore`, `google.com/tpu`, `huawei.com/Ascend910`,
`gpu.intel.com/i915`), the node labels (`cloud.google.com/gke-tpu-*`, a `trn`/`inf`/`ct5lp`…
instance type), the serving image (`vault.habana.ai/gaudi-docker`, `tgi-gaudi`, AWS `neuronx`
containers, `vllm-tpu`, `vllm-ascend`, `-xpu` builds, `ghcr.io/tenstorrent/…`), the engine's
`--device` option (`hpu`, `neuron`, `tpu`, `npu`, `xpu`) or a variable only that vendor's
runtime reads in the engine's environment (`HABANA_VISIBLE_MODULES`, `ZE_AFFINITY_MASK`,
`HCCL_BUFFSIZE`, Tenstorrent's `MESH_DEVICE`). One finding per deployment says which, and no
link, bandwidth, budget or memory rule runs for it. A file that names such a build of an engine
(`vllm-ascend`, `tgi-gaudi`) but from which no deployment is read (its command is in another
file) gets this finding at the image instead of TL008: read or not, it would not be checked.

A deployment on CPUs only is reported the same way: vLLM's `--device cpu`, an engine's CPU build
(`public.ecr.aws/q9t5s3a7/vllm-cpu-release-repo`, a `…-cpu` tag), a KubeAI `resourceProfile`
named `cpu` (its chart's `cpu` profile requests CPU and memory only). KubeAI's
`google-tpu-*` profiles are TPUs.

A GPU outside the catalog that the manifest describes by its memory but not by its memory
bandwidth (`memory_bandwidth`) or compute rate (`bf16_tflops`) is checked: whether it starts,
whether the model fits its memory by the engine's own accounting, how the layout is placed on
the manifest's links. Its latency is not: this rule reports once that the ITL, TTFT and any
budget on them were not priced, which key the manifest lacks, and the line to add; nothing is
guessed in its place. The same holds for a GPU of the catalog without such a figure on record
from its vendor (GB10 / DGX Spark, whose vendor states only a sparse FP4 rate; the RTX PRO 6000
Blackwell; Apple's M2 and M3 Ultra): the catalog does not estimate one from a sibling part.

Outcome reported (toplint's severity policy): not computed — the cost model does not describe
this accelerator, so no latency or memory outcome is claimed (info); for a GPU described by its
memory, the latency only.

## Why is this bad?
Nothing is wrong with the deployment; toplint cannot judge it. These accelerators have their own
interconnects (Gaudi's integrated RoCE ports, NeuronLink, the TPU inter-chip torus, Ascend's
HCCS, the Ethernet links between Tenstorrent chips) and collective libraries (HCCL on Ascend);
pricing their all-reduces with NVLink and NCCL formulas would print numbers that look precise
and are not. A green check for a file that was not checked is worse than saying so.

## Example
```yaml
resources:
  limits:
    google.com/tpu: 8
```
```yaml
# substratusai/kubeai@2f32ef4 manifests/models/llama-3.1-8b-instruct-cpu.yaml
kind: Model
spec:
  url: hf://meta-llama/Meta-Llama-3.1-8B-Instruct
  resourceProfile: cpu:6
```

```yaml
# hardware.yaml: the model's fit on 48 GiB is checked, its latency is not priced
clusters:
  - name: lab
    nodes: 1
    gpus_per_node: 4
    gpu: {name: MyCard, memory: 48 GiB}
    intra_node: {fabric: pcie}
```

## Use instead
For a GPU described by its memory, or a catalog GPU without them, add the figures the
finding names to its `gpu:` in the manifest (`memory_bandwidth: 960 GB/s, bf16_tflops: 181`:
the datasheet's memory bandwidth and dense 16-bit tensor peak; `fp16_tflops` for a GPU without
BF16). Otherwise nothing to change in
the deployment. Silence the finding for such files with
`per-file-ignores` or a `# toplint: ignore[TL011]` comment once the team knows toplint does not
cover that hardware.

## Options
None.

## Fix safety
Display only: the figures belong in the hardware manifest, and only its datasheet knows them.

## References
- Intel Gaudi device plugin for Kubernetes (`habana.ai/gaudi`):
  https://docs.habana.ai/en/latest/Orchestration/Gaudi_Kubernetes/Device_Plugin_for_Kubernetes.html
- AWS Neuron device plugin (`aws.amazon.com/neuron`, `aws.amazon.com/neuroncore`):
  https://awsdocs-neuron.readthedocs-hosted.com/en/latest/containers/kubernetes-getting-started.html
- GKE TPUs (`google.com/tpu`, `cloud.google.com/gke-tpu-accelerator`):
  https://cloud.google.com/kubernetes-engine/docs/concepts/tpus
- Intel GPU device plugin (`gpu.intel.com/i915`, `gpu.intel.com/xe`):
  https://github.com/intel/intel-device-plugins-for-kubernetes/blob/main/cmd/gpu_plugin/README.md
- Huawei Ascend in Kubernetes (`huawei.com/Ascend910`, `huawei.com/Ascend310P`):
  https://github.com/Project-HAMi/HAMi/blob/master/docs/ascend910b-support.md
- vLLM's CPU images (`public.ecr.aws/q9t5s3a7/vllm-cpu-release-repo`):
  https://www.mintlify.com/vllm-project/vllm/deployment/docker
- KubeAI's `cpu` and `google-tpu-*` resource profiles (`resourceProfiles`):
  https://github.com/substratusai/kubeai/blob/2f32ef4/charts/kubeai/values.yaml, https://github.com/substratusai/kubeai/blob/2f32ef4/charts/kubeai/values-gke.yaml
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    unchecked = ctx.unchecked
    if unchecked is None or unchecked.kind != "accelerator":
        yield from _unpriced(rule, ctx)
        return
    from toplint.accelerators import of_deployment

    dep = ctx.deployment
    found = of_deployment(dep)
    pos = found[2] if found else Position(dep.path, dep.line, dep.column)
    where = ""
    if pos.path != dep.path:  # set in a script the deployment's file runs: reported here
        where = f" (set at {pos.path.rsplit('/', 1)[-1]}:{pos.line})"
        pos = Position(dep.path, dep.line, dep.column)
    yield finding_at(
        rule,
        ctx,
        pos,
        f"not checked against hardware: {unchecked.reason}{where}",
        data={"accelerator": found[0].kind if found else ""},
        anchor="accelerator",
    )


def _unpriced(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    """A GPU without the figures its latency is priced from (``Outcome.unpriced``): a manifest's
    part outside the catalog described without them, or a catalog part without a vendor figure
    (``Outcome.unpriced_in_catalog``): checked for memory, start-up and placement, its latency
    not priced."""
    outcome, cluster = ctx.outcome, ctx.cluster
    if outcome is None or not outcome.unpriced or cluster is None:
        return
    dep, gpu = ctx.deployment, cluster.gpu.name
    keys = outcome.unpriced
    prices = "; ".join(f"`{k}` prices its {GPU_FIGURES[k]}" for k in keys)
    written = ", ".join(f"{k}: {_PLACEHOLDER[k]}" for k in keys)
    named = " and ".join(f"`{k}`" for k in keys)
    whose = (
        f"a GPU toplint's catalog knows without its {named} (no figure its vendor publishes "
        "is on record; a manifest may give one)"
        if outcome.unpriced_in_catalog
        else f"a GPU outside the catalog whose {named} the manifest does not give"
    )
    yield finding_at(
        rule,
        ctx,
        Position(dep.path, dep.line, dep.column),
        f"latency not priced: cluster {cluster.name} runs on `{gpu}`, {whose} ({prices}); "
        "its start-up, memory fit and placement were checked, its ITL, TTFT and any budget "
        "on them were not",
        fix=Fix(f"gpu: {{name: {gpu}, …, {written}}}   # cluster {cluster.name} in the manifest"),
        data={"accelerator": "", "unpriced": list(keys)},
        anchor="unpriced",
    )


# What to write for each missing figure (``toplint.outcome.types.GPU_FIGURES``): its unit.
_PLACEHOLDER = {
    "memory_bandwidth": "<GB/s from the datasheet>",
    "bf16_tflops": "<dense BF16 TFLOPS; fp16_tflops without BF16>",
}


# toplint.model.ACCELERATOR_NOT_MODELLED (parsing raises it too: a file naming such an
# accelerator's build of an engine that yields no deployment).
RULE = Rule(
    code=ACCELERATOR_NOT_MODELLED.code,
    name=ACCELERATOR_NOT_MODELLED.name,
    summary="A deployment runs on an accelerator the cost model does not describe (Gaudi, "
    "Neuron, TPU, Ascend, Intel GPU Max, Tenstorrent, an undescribed part) or on CPUs only, "
    "or on a GPU described without the figures its latency is priced from.",
    severity=ACCELERATOR_NOT_MODELLED.severity,
    check=check,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
    accelerators="any",
)
