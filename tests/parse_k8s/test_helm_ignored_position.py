"""production-stack: an ignored pipelineParallelSize is reported at its own key."""

from __future__ import annotations

from toplint.parse.base import Source
from toplint.parse.structured.helm import HelmValuesParser

VALUES = """\
servingEngineSpec:
  modelSpec:
    - name: llama
      modelURL: meta-llama/Llama-3.1-8B-Instruct
      requestGPU: 2
      vllmConfig:
        tensorParallelSize: 2
        pipelineParallelSize: 2
"""


def test_ignored_pipeline_parallel_size_has_the_position_of_its_key() -> None:
    result = HelmValuesParser().parse(Source.from_text("values.yaml", VALUES))
    [dep] = result.deployments
    assert dep.options["ignored.pipelineParallelSize"] == "2"
    pos = dep.sources["ignored.pipelineParallelSize"]
    assert (pos.line, pos.column) == (8, 9)
