"""A Python launcher that runs a vendor's device-management command (Ascend's ``npu-smi``) and
starts an engine runs it on that vendor's devices: declined (TL011), as the vendor's runtime
variables already decline it (open-world set 22, a ModelArts supervisor on Ascend NPUs)."""

from __future__ import annotations

from tests.parse.helpers import parse_text
from toplint.accelerators import by_tool, of_deployment

LAUNCHER = """import subprocess
import sys

args = [sys.executable, '-m', 'vllm.entrypoints.openai.api_server',
        '--model', '/model/weights', '--tensor-parallel-size', '8']
subprocess.run(['npu-smi', 'info'], check=False)
child = subprocess.Popen(args)
child.wait()
"""


def test_the_device_tool_names_the_accelerator() -> None:
    tool = by_tool("/usr/local/sbin/npu-smi")
    assert tool is not None and tool.kind == "ascend"
    assert by_tool("nvidia-smi") is None


def test_a_launcher_that_queries_npus_is_declined() -> None:
    (dep,) = parse_text("supervisor.py", LAUNCHER).deployments
    assert (dep.engine, dep.tp) == ("vllm", 8)
    found = of_deployment(dep)
    assert found is not None
    accelerator, why, where = found
    assert accelerator.kind == "ascend" and "npu-smi" in why
    assert (where.line, where.column) == (6, 17)


def test_a_launcher_that_queries_nvidia_gpus_is_not() -> None:
    text = LAUNCHER.replace("'npu-smi', 'info'", "'nvidia-smi', '-L'")
    (dep,) = parse_text("supervisor.py", text).deployments
    assert of_deployment(dep) is None
