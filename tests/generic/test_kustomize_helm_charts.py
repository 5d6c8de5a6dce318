"""Helm charts a Kustomization inflates with ``helmCharts`` (toplint.parse.generic.kustomize;
issue 24).  The shape is redhat-ai-services/ai-accelerator-examples'
examples/guardrails-hf-hap/vllm-chat-model/base (a remote vllm-kserve chart, values beside)."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

KUSTOMIZATION = """\
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization

namespace: guardrails-hf-hap

helmCharts:
- name: vllm-kserve
  releaseName: granite
  version: 0.5.11
  repo: https://redhat-ai-services.github.io/helm-charts/
  valuesFile: values.yaml
"""
VALUES = """\
fullnameOverride: granite

deploymentMode: RawDeployment

model:
  uri: oci://quay.io/redhat-ai-services/modelcar-catalog:granite-3.3-8b-instruct
  args:
    - "--gpu-memory-utilization=0.95"
    - "--max-model-len=20000"
    - "--tensor-parallel-size=2"
"""


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def test_values_a_kustomization_inflates_take_the_charts_engine(tmp_path: Path) -> None:
    (tmp_path / "kustomization.yaml").write_text(KUSTOMIZATION)
    (tmp_path / "values.yaml").write_text(VALUES)
    (dep,) = _parse(tmp_path / "values.yaml").deployments
    assert (dep.engine, dep.tp) == ("vllm", 2)
    assert "vllm-kserve" in dep.provenance["engine"]


def test_the_kustomization_renders_its_charts_values_on_the_chart_entry(tmp_path: Path) -> None:
    (tmp_path / "kustomization.yaml").write_text(KUSTOMIZATION)
    (tmp_path / "values.yaml").write_text(VALUES)
    (dep,) = _parse(tmp_path / "kustomization.yaml").deployments
    assert (dep.engine, dep.tp, dep.path, dep.line) == (
        "vllm",
        2,
        str(tmp_path / "kustomization.yaml"),
        7,
    )
    assert any("values `values.yaml`" in note for note in dep.notes)


def test_a_chart_named_for_no_engine_or_values_named_by_no_kustomization_read_nothing(
    tmp_path: Path,
) -> None:
    (tmp_path / "kustomization.yaml").write_text(KUSTOMIZATION.replace("vllm-kserve", "web-app"))
    (tmp_path / "values.yaml").write_text(VALUES.replace("--tensor-parallel-size=2", "--x=1"))
    assert _parse(tmp_path / "kustomization.yaml").deployments == ()
    (tmp_path / "kustomization.yaml").write_text(KUSTOMIZATION.replace("values.yaml", "other.yaml"))
    assert _parse(tmp_path / "values.yaml").deployments == ()
