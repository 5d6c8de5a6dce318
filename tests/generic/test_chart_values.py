"""Helm values of a chart toplint has no reader for, read through the chart's templates
(toplint.parse.generic.chart; issue 24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

TEMPLATE = """\
apiVersion: apps/v1
kind: Deployment
spec:
  template:
    spec:
      containers:
      - name: {{ .Values.app }}
        command: ["python3", "-m", "sglang.launch_server"]
        args:
          - "--model-path"
          - "{{ .Values.modelName }}"
          {{- range .Values.extraArgs }}
          - {{ . | quote }}
          {{- end }}
"""
VALUES = """\
modelName: org/m
extraArgs: ["--tp", "4"]  # argparse reads --tp as --tp-size (a unique prefix)
resources:
  limits:
    nvidia.com/gpu: "4"
"""


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def test_values_beside_templates_take_the_engine_the_templates_run(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "deployment.yaml").write_text(TEMPLATE)
    (tmp_path / "values.yaml").write_text(VALUES)
    (dep,) = _parse(tmp_path / "values.yaml").deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("sglang", "org/m", 4, 4)
    assert "templates/deployment.yaml" in dep.provenance["engine"]


def test_values_without_templates_or_with_two_engines_read_nothing(tmp_path: Path) -> None:
    (tmp_path / "values.yaml").write_text(VALUES)
    assert _parse(tmp_path / "values.yaml").deployments == ()
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "a.yaml").write_text(TEMPLATE)
    (tmp_path / "templates" / "b.yaml").write_text('args: ["vllm serve org/m"]\n')
    assert _parse(tmp_path / "values.yaml").deployments == ()


CHART = """\
apiVersion: v2
name: vllm
description: A Helm chart for vllm
type: application
version: 0.1.0
"""


def test_a_charts_own_name_is_no_engine_choice(tmp_path: Path) -> None:
    """Chart.yaml's top-level ``name: vllm`` names the chart: with templates beside it the
    chart's values and templates are what is read (no TL008 on Chart.yaml); without them
    the name is all there is, and the note stays."""
    (tmp_path / "Chart.yaml").write_text(CHART)
    alone = _parse(tmp_path / "Chart.yaml")
    assert [f.rule for f in alone.findings] == ["TL008"]
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "deployment.yaml").write_text(TEMPLATE)
    assert _parse(tmp_path / "Chart.yaml").findings == ()
    dependency = CHART + "dependencies:\n  - name: vllm\n    repository: https://example.org/c\n"
    (tmp_path / "Chart.yaml").write_text(dependency)
    assert [f.rule for f in _parse(tmp_path / "Chart.yaml").findings] == ["TL008"]


RAYSERVICE = """\
apiVersion: ray.io/v1
kind: RayService
metadata:
  name: {{ .Release.Name }}
spec:
  serveConfigV2: |
    applications:
{{- range $app := .Values.applications }}
{{ printf "applications/%s.yaml" $app | $.Files.Get | indent 4 }}
{{- end }}
"""


def _chart_of(tmp_path: Path, template: str, values: str) -> Path:
    (tmp_path / "templates").mkdir()
    (tmp_path / "Chart.yaml").write_text("apiVersion: v2\nname: svc\nversion: 0.1.0\n")
    (tmp_path / "templates" / "rayservice.yaml").write_text(template)
    (tmp_path / "values.yaml").write_text(values)
    return tmp_path / "values.yaml"


def test_a_serve_config_the_chart_fills_from_its_files_is_not_read_nor_an_error(
    tmp_path: Path,
) -> None:
    """RationAI/model-service@2372b71f helm/rayservice: serveConfigV2 is the chart's files
    (``$.Files.Get``), which toplint does not read; the rendered placeholders are not YAML, and
    that is no fault of the file (it had ended the whole run with exit 2)."""
    values = _chart_of(tmp_path, RAYSERVICE, "applications: [episeg-1, virchow2]\n")
    result = _parse(values)
    assert result.deployments == () and result.findings == ()


def test_a_serve_config_that_is_not_yaml_is_tl001_where_it_was_written(tmp_path: Path) -> None:
    head = RAYSERVICE.split("  serveConfigV2: |")[0]
    template = head + "  serveConfigV2: {{ .Values.serve | quote }}\n"
    values = _chart_of(tmp_path, template, 'serve: "applications: [a\\n  - b: c"\n')
    result = _parse(values)
    assert result.deployments == ()
    (finding,) = result.findings
    assert finding.rule == "TL001" and "as the chart renders it" in finding.message


def test_a_chart_reader_that_fails_loses_no_other_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in the chart reader is this file's internal-error finding, not the run's end."""
    import toplint.parse.generic.helmchart as helmchart

    def broken(source: Source, folder: str) -> None:
        raise ValueError("boom")

    monkeypatch.setattr(helmchart, "rendered_deployments", broken)
    monkeypatch.delenv("TOPLINT_DEBUG", raising=False)
    values = _chart_of(tmp_path, RAYSERVICE, "applications: [a]\n")
    (finding,) = _parse(values).findings
    assert "the Helm chart reader" in finding.message and "boom" in finding.message
