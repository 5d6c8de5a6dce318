"""vLLM's gRPC server as a launch (issue 24, set 30's development half).

``python -m vllm.entrypoints.grpc_server`` parses its own ``--host``/``--port`` and then the
engine's arguments (``AsyncEngineArgs.add_cli_args``) into an ``AsyncLLM``
(vllm-project/vllm@029329a8 vllm/entrypoints/grpc_server.py).  SMG's prefill/decode and A/B
launchers start their vLLM workers this way (lightseekorg/smg@73da68ca
scripts/launch-pd-workers.sh, scripts/bfcl/launch_arm.sh); the module was no known launch, so
those workers were not read.
"""

from __future__ import annotations

from tests.parse.helpers import only

WORKER = """\
#!/bin/bash
CUDA_VISIBLE_DEVICES=0,1 python3 -m vllm.entrypoints.grpc_server \\
    --model org/model-a --host 0.0.0.0 --port 50051 \\
    --tensor-parallel-size 2 --max-model-len 4096 &
"""


def test_the_grpc_server_module_is_a_vllm_launch_with_its_layout() -> None:
    dep = only("worker.sh", WORKER)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/model-a", 2, 2)
