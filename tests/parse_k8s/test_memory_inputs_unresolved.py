"""An option the memory accounting reads whose value cannot be resolved is reported (TL003) and
leaves the fit not judged; Dynamo's v1beta1 graph (``spec.components``) is read with its
ConfigMap-held engine arguments (working-recipe set 14: ai-dynamo/dynamo@04521f47
recipes/gpt-oss-120b/vllm/agg-h200-agentic/deploy.yaml, whose `--speculative-config`,
`--compilation-config` and `--kv-transfer-config` are `$(VAR)` from a ConfigMap in the file)."""

from __future__ import annotations

import json

from tests.parse.helpers import only, parse_text
from toplint.cost.types import Workload
from toplint.engines.memoryinputs import engine_memory_inputs
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.models import lookup_model
from toplint.model import Deployment, Position, Unresolved
from toplint.outcome.build import _outcome
from toplint.outcome.precision import served_format
from toplint.record import replace

AT = Position("serve.sh", 2, 32)

SCRIPT = """#!/bin/sh
vllm serve openai/gpt-oss-120b --gpu-memory-utilization $GMU --max-model-len $LEN \\
  --speculative-config "$SPEC" --max-num-seqs $SEQS --port $PORT
"""

CONFIGMAP_ENV = """apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  spec: '{"method": "eagle3", "model": "nvidia/gpt-oss-120b-Eagle3-v3"}'
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: x
spec:
  template:
    spec:
      containers:
        - name: main
          image: vllm/vllm-openai:v0.11.0
          command: [vllm, serve]
          args: [openai/gpt-oss-120b, --speculative-config=$(NOPE)]
          resources: {limits: {nvidia.com/gpu: "1"}}
"""

V1BETA1 = """apiVersion: v1
kind: ConfigMap
metadata:
  name: agentic-config
data:
  speculative-config: |-
    {"method": "eagle3", "model": "nvidia/gpt-oss-120b-Eagle3-v3", "num_speculative_tokens": 3}
---
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata:
  name: gptoss-agg
spec:
  backendFramework: vllm
  components:
    - name: Frontend
      type: frontend
      replicas: 1
      podTemplate:
        spec:
          containers:
            - name: main
              image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1
              command: [python3]
              args: [-m, dynamo.frontend, --router-mode, kv]
    - name: agg
      type: worker
      replicas: 8
      podTemplate:
        spec:
          containers:
            - name: main
              image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1
              command: [python3, -m, dynamo.vllm]
              args:
                - --model=openai/gpt-oss-120b
                - --tensor-parallel-size=2
                - --speculative-config=$(SPECULATIVE_CONFIG)
              env:
                - name: SPECULATIVE_CONFIG
                  valueFrom: {configMapKeyRef: {name: agentic-config, key: speculative-config}}
              resources: {limits: {nvidia.com/gpu: "2"}}
"""


def _dep(model: str) -> Deployment:
    return Deployment(
        path="serve.sh", line=1, column=1, engine="vllm", model=model, tp=1, pp=1, dp=1
    )


def _reported(dep: Deployment) -> dict[str, str]:
    return {u.field: u.variable for u in dep.unresolved}


def test_unresolved_memory_inputs_are_reported_and_a_port_is_not() -> None:
    dep = only("serve.sh", SCRIPT)
    assert _reported(dep) == {
        "gpu_memory_utilization": "$GMU",
        "max_model_len": "$LEN",
        "speculative_config": "$SPEC",
        "max_num_seqs": "$SEQS",
    }


def test_a_kubernetes_variable_with_no_value_in_a_memory_input_is_reported() -> None:
    (dep,) = parse_text("deploy.yaml", CONFIGMAP_ENV).deployments
    assert _reported(dep) == {"speculative_config": "NOPE"}


def test_the_memory_inputs_are_the_options_the_engine_record_names() -> None:
    vllm = engine_memory_inputs("vllm")
    assert {"gpu_memory_utilization", "max_model_len", "speculative_config"} <= vllm
    assert {"max_num_seqs", "max_num_batched_tokens", "enforce_eager"} <= vllm
    assert "port" not in vllm and "model" not in vllm  # the draft's JSON fields are not options
    assert {"mem_fraction_static", "context_length"} <= engine_memory_inputs("sglang")
    assert engine_memory_inputs("no-such-engine") == frozenset()


def test_a_fit_that_depends_on_an_unresolved_input_is_not_judged() -> None:
    spec = lookup_model("openai/gpt-oss-120b", hf_cache=False)
    gpu = lookup_gpu("H200-SXM-141GB")
    assert spec is not None and gpu is not None
    dep = _dep(spec.id)
    workload = Workload()
    judged = _outcome(dep, spec, gpu, None, workload)
    assert judged.memory is not None and not judged.memory_unjudged
    unknown = replace(dep, unresolved=(Unresolved("gpu_memory_utilization", "$GMU", AT),))
    found = _outcome(unknown, spec, gpu, None, workload)
    assert found.memory is None
    assert found.memory_unjudged == "`gpu_memory_utilization` could not be resolved (TL003)"
    port = replace(dep, unresolved=(Unresolved("port", "$PORT", AT),))
    assert _outcome(port, spec, gpu, None, workload).memory is not None


def test_dynamo_v1beta1_components_are_read_with_their_configmap_arguments() -> None:
    (dep,) = parse_text("deploy.yaml", V1BETA1).deployments
    assert (dep.source_kind, dep.name, dep.engine, dep.tp, dep.replicas) == (
        "dynamo",
        "agg",
        "vllm",
        2,
        8,
    )
    assert (dep.gpus_per_node, dep.nodes) == (2, 1)
    assert dep.unresolved == ()
    assert json.loads(dep.options["speculative_config"])["method"] == "eagle3"


def test_a_quantization_option_naming_the_checkpoint_s_own_method_changes_no_verdict() -> None:
    spec = lookup_model("openai/gpt-oss-120b", hf_cache=False)
    assert spec is not None and spec.quant_method == "mxfp4"
    dep = _dep(spec.id)
    written = replace(dep, options={"quantization": "mxfp4"})
    assert served_format(written, spec) == served_format(dep, spec)
    # a method the checkpoint does not carry is the option's own (an online quantization)
    llama = lookup_model("meta-llama/Llama-3.1-8B-Instruct", hf_cache=False)
    assert llama is not None
    online = replace(dep, model=llama.id, options={"quantization": "fp8"})
    assert served_format(online, llama) == ("fp8", "quantization fp8", "quantization")
