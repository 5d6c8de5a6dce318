"""A pod that heads a Ray cluster with vLLM's multi-node helper (``multi-node-serving.sh leader
--ray_cluster_size=N``, vllm-project/vllm@2584e94b examples/online_serving/multi-node-serving.sh)
and then starts the engine on Ray is one node of an N-node instance, its worker pods written
elsewhere: romaingrx/kimi-k2-thinking-k8s@1adc2c80 src/k8s/tp16/01-ray-head.yaml, whose shape
these manifests keep (a bare Pod, 8 GPUs, ``CUDA_VISIBLE_DEVICES`` listing them, TP 16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.parse.helpers import only
from toplint.cli import main

_HEAD = """apiVersion: v1
kind: Pod
metadata:
  name: ray-head
spec:
  hostNetwork: true
  containers:
    - name: ray-head
      image: vllm/vllm-openai:latest
      command:
        - /bin/bash
        - -c
        - |
          pip install -U vllm --pre --extra-index-url https://wheels.vllm.ai/nightly
          bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader \\
            --ray_cluster_size=CLUSTER \\
            --ray_port=6379 \\
            --ray_init_timeout=600
          vllm serve moonshotai/Kimi-K2-Thinking \\
            --tensor-parallel-size TP \\
            --distributed-executor-backend ray \\
            --max-model-len 32768
      resources:
        limits:
          nvidia.com/gpu: 8
      env:
        - name: CUDA_VISIBLE_DEVICES
          value: "0,1,2,3,4,5,6,7"
"""


def _head(cluster: str, tp: int) -> str:
    return _HEAD.replace("CLUSTER", cluster).replace("TP", str(tp))


def test_the_leader_pod_is_one_node_of_the_ray_cluster_it_heads() -> None:
    dep = only("01-ray-head.yaml", _head("2", 16))
    assert (dep.engine, dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == ("vllm", 16, 2, 8, 16)
    assert "gpus_from" not in dep.options  # the Ray workers' GPUs bound it, not this process's
    assert any("Ray cluster of 2 nodes" in note for note in dep.notes)


@pytest.mark.parametrize(("cluster", "count_error"), [("2", False), ("1", True)])
def test_the_pods_visible_gpus_bound_the_engine_only_outside_the_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cluster: str, count_error: bool
) -> None:
    """TP 16 on a pod of 8: a count error (TL201) unless the pod heads a 2-node Ray cluster."""
    (tmp_path / "01-ray-head.yaml").write_text(_head(cluster, 16))
    main(["check", str(tmp_path / "01-ray-head.yaml"), "--format", "json", "--no-cache"])
    rules = [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert ("TL201" in rules) is count_error


def test_an_engine_that_fits_the_pod_or_no_cluster_stays_one_pod() -> None:
    fits = only("01-ray-head.yaml", _head("2", 8))  # TP 8 on the pod's 8 GPUs: not on Ray
    assert (fits.nodes, fits.gpus) == (1, 8)
    alone = only("01-ray-head.yaml", _head("1", 16))  # a one-node cluster spans nothing
    assert (alone.nodes, alone.gpus) == (1, 8)


def test_only_the_helpers_leader_with_a_size_names_a_cluster() -> None:
    from toplint.parse.text.granted import ray_leader_size

    script = "/vllm-workspace/examples/online_serving/multi-node-serving.sh"
    assert ray_leader_size(["bash", script, "leader", "--ray_cluster_size=4"]) == 4
    assert ray_leader_size(["bash", script, "leader", "--ray_port=6379"]) is None
    assert ray_leader_size(["bash", script, "worker", "--ray_address=10.0.0.1"]) is None
    # the helper reads only the ``=`` form; a separate value is one of ray start's params
    assert ray_leader_size(["bash", script, "leader", "--ray_cluster_size", "4"]) is None


def test_the_script_is_read_once_for_the_engine_and_the_cluster_it_heads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The container's script is read for its invocations and again for the Ray cluster it
    heads; the second reading is the first's (``Ctx.scripts``), so it is lexed once."""
    import toplint.parse.text.shellrun as shellrun

    lexed: list[str] = []
    lex = shellrun.lex
    monkeypatch.setattr(shellrun, "lex", lambda text, *a: lexed.append(text) or lex(text, *a))
    dep = only("01-ray-head.yaml", _head("2", 16))
    assert (dep.nodes, dep.tp) == (2, 16)  # both readings took effect
    assert len(lexed) == 1
