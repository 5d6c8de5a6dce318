"""TL011 accelerator-not-modelled."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import ACCELERATOR_NOT_MODELLED, Finding, Position
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports a deployment that runs on an accelerator toplint's placement and cost model do not
describe: Intel Gaudi (HPU), AWS Trainium/Inferentia (Neuron), Google TPU, Huawei Ascend (NPU),
Intel's data-centre GPUs (Max series, Xe Link), Tenstorrent (Wormhole, Blackhole: N150, N300,
T3K, Galaxy), or a hardware manifest's part that is outside the GPU catalog and not described
well enough to price (no memory, memory bandwidth or compute figure). It is read from the
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

Outcome reported (toplint's severity policy): not computed — the cost model does not describe
this accelerator, so no latency or memory outcome is claimed (info).

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

## Use instead
Nothing to change in the deployment. Silence the finding for such files with
`per-file-ignores` or a `# toplint: ignore[TL011]` comment once the team knows toplint does not
cover that hardware.

## Options
None.

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


# toplint.model.ACCELERATOR_NOT_MODELLED (parsing raises it too: a file naming such an
# accelerator's build of an engine that yields no deployment).
RULE = Rule(
    code=ACCELERATOR_NOT_MODELLED.code,
    name=ACCELERATOR_NOT_MODELLED.name,
    summary="A deployment runs on an accelerator the cost model does not describe (Gaudi, "
    "Neuron, TPU, Ascend, Intel GPU Max, Tenstorrent, an undescribed part) or on CPUs only.",
    severity=ACCELERATOR_NOT_MODELLED.severity,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="any",
)
