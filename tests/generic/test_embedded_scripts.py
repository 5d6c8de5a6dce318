"""Python scripts a manifest carries in a ConfigMap and runs from its start command (issue 24,
points 4 and 5; ``toplint.parse.generic.embedded``): invented manifests."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

_SCRIPT = """---
apiVersion: v1
kind: ConfigMap
metadata: {name: scripts}
data:
  batch.py: |
    import os
    from vllm import LLM

    llm = LLM(model="org/m", tensor_parallel_size=2)
"""

_RAYJOB = """apiVersion: ray.io/v1
kind: RayJob
metadata: {name: job}
spec:
  entrypoint: python /scripts/batch.py --rows 10
  rayClusterSpec:
    headGroupSpec:
      rayStartParams: {num-gpus: "0"}
      template:
        spec:
          containers: [{name: head, image: rayproject/ray:2.40.0}]
    workerGroupSpecs:
      - groupName: gpu
        replicas: 1
        template:
          spec:
            containers:
              - name: worker
                image: rayproject/ray:2.40.0
                resources: {limits: {nvidia.com/gpu: 2}}
"""


def test_a_rayjob_entrypoint_running_a_configmap_script_is_its_engine_on_the_cluster() -> None:
    dep = only("job.yaml", _RAYJOB + _SCRIPT)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    # at the engine statement's own line and column in the manifest
    line = (
        (_RAYJOB + _SCRIPT)
        .splitlines()
        .index('    llm = LLM(model="org/m", tensor_parallel_size=2)')
    )
    assert (dep.line, dep.column) == (line + 1, 5)  # the indentation kept
    assert "run by `python /scripts/batch.py`" in dep.provenance["engine"]
    assert any("batch.py of a ConfigMap here" in n for n in dep.notes)


def test_a_container_command_runs_it_too_with_the_gpus_around_the_command() -> None:
    job = (
        "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  template:\n    spec:\n"
        "      containers:\n        - name: c\n          image: python:3.12\n"
        "          command: [python3, -u, /opt/batch.py]\n"
        "          resources: {limits: {nvidia.com/gpu: 2}}\n"
    )
    dep = only("job.yaml", job + _SCRIPT)
    assert (dep.engine, dep.tp) == ("vllm", 2)


def test_a_script_no_command_runs_or_a_folded_block_reads_nothing() -> None:
    unrun = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: []\n"
    assert not parse_text("a.yaml", unrun + _SCRIPT).deployments
    folded = _SCRIPT.replace("batch.py: |", "batch.py: >")
    assert not parse_text("b.yaml", _RAYJOB + folded).deployments
