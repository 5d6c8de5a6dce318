"""The NCCL variable vLLM sets in its own processes, by release (``Engine.by_release``).

vLLM set ``NCCL_CUMEM_ENABLE=0`` for every process that imports it from vllm-project/vllm#5091
(merged 2024-05-28: "NCCL 2.19 will turn on virtual memory by default, which costs memory during
cudagraph capture") until vllm-project/vllm#24141 (merged 2025-09-03: "remove the env var
override"); vllm/env_override.py at vllm-project/vllm@017f6641 sets no NCCL variable.  v0.5.0
is the first release wholly after the first, v0.10.1 the last wholly before the second; v0.4.3
and v0.10.2 were cut around them and are not known.  Before v0.4.3 vLLM set nothing.  With
cuMem off NCCL keeps its host buffers as /dev/shm files created at start-up
(``toplint.rulebook.devshm``, TL215).
"""

from __future__ import annotations

from toplint.engines.versions import in_force
from toplint.model import Deployment
from toplint.record import record, replace


@record
class CumemRange:
    """From release ``since`` on: "true" (vLLM sets NCCL_CUMEM_ENABLE=0), "false" (it leaves
    NCCL's default), "" (not known which)."""

    since: str
    off: str


CUMEM = (
    CumemRange("0.0.0", "false"),
    CumemRange("0.4.3", ""),
    CumemRange("0.5.0", "true"),
    CumemRange("0.10.2", ""),
    CumemRange("0.11.0", "false"),
)


def by_release(dep: Deployment, release: tuple[int, int, int] | None) -> Deployment:
    """``options["nccl_cumem_off"]``: whether this release starts NCCL with cuMem off ("true",
    "false"; left out when the release, or the range it falls in, does not say)."""
    if release is None:
        return dep
    off = in_force(CUMEM, release)[0].off
    if not off or dep.options.get("nccl_cumem_off") == off:  # derived again: already said
        return dep
    return replace(dep, options={**dep.options, "nccl_cumem_off": off})
