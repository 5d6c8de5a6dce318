"""Where each node label of a pod is written (``sources["label:<key>"]``), so a finding about
the GPU a label asks for (TL007) sits on its value; and KubeAI's non-GPU profiles."""

from __future__ import annotations

from tests.parse.helpers import only

AFFINITY = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: m}
spec:
  template:
    spec:
      nodeSelector:
        pool: online
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - key: nvidia.com/gpu.product
                    operator: In
                    values: [NVIDIA-L4, NVIDIA-L40S]
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.8.5
          args: ["--model", "meta-llama/Llama-3.1-8B-Instruct"]
          resources: {limits: {nvidia.com/gpu: 1}}
"""


def test_node_selector_and_affinity_values_have_positions() -> None:
    dep = only("d.yaml", AFFINITY)
    assert dep.labels["nvidia.com/gpu.product"] == "NVIDIA-L4,NVIDIA-L40S"
    pool, product = dep.sources["label:pool"], dep.sources["label:nvidia.com/gpu.product"]
    assert (pool.line, pool.column) == (8, 15)
    assert (product.line, product.column) == (16, 29)


def test_kubeai_cpu_and_tpu_profiles_name_their_part() -> None:
    text = "apiVersion: kubeai.org/v1\nkind: Model\nmetadata: {name: m}\nspec:\n"
    text += "  url: hf://meta-llama/Meta-Llama-3.1-8B-Instruct\n  engine: VLLM\n"
    cpu = only("m.yaml", text + "  resourceProfile: cpu:6\n")
    assert (cpu.options["accelerator.name"], cpu.gpus) == ("cpu", None)
    tpu = only("m.yaml", text + "  resourceProfile: google-tpu-v5e-2x2:4\n")
    assert tpu.options["accelerator.name"] == "google-tpu-v5e-2x2"
    gpu = only("m.yaml", text + "  resourceProfile: nvidia-gpu-gh200:1\n")
    assert "accelerator.name" not in gpu.options and gpu.gpus == 1
