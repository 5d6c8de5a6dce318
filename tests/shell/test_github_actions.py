"""GitHub Actions workflows: a CI job that starts an engine tests it; a deployment job (one that
names an `environment:`) deploys it (issue 14, gap 3)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import parse_text

REAL = Path(__file__).resolve().parents[1] / "data" / "corpus2" / "github-actions"

SMOKE = """\
name: smoke
on: [pull_request]
jobs:
  serve-test:
    runs-on: ubuntu-latest
    steps:
      - run: |
          vllm serve facebook/opt-125m --tensor-parallel-size 2 &
          curl --retry 30 http://localhost:8000/health
"""

DEPLOY = """\
name: deploy
on:
  push:
    branches: [main]
jobs:
  serve:
    runs-on: [self-hosted, h100]
    environment: production
    steps:
      - run: vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8
"""


def test_engine_in_a_ci_job_is_not_a_deployment() -> None:
    assert parse_text("smoke.yml", SMOKE).deployments == ()


def test_engine_in_a_ci_job_is_one_info_note() -> None:
    found = [
        (f.rule, f.severity.value, f.line, f.column)
        for f in parse_text("smoke.yml", SMOKE).findings
    ]
    assert found == [("TL008", "info", 8, 11)]


def test_job_with_an_environment_is_a_deployment() -> None:
    (dep,) = parse_text("deploy.yml", DEPLOY).deployments
    assert (dep.engine, dep.tp) == ("vllm", 8)


def test_actions_expressions_are_not_a_template() -> None:
    # `${{ … }}` is substituted by the runner; the file is read, not sent to `helm template`.
    text = DEPLOY.replace(
        "--tensor-parallel-size 8", "--tensor-parallel-size 8 --port ${{ vars.PORT }}"
    )
    (dep,) = parse_text("deploy.yml", text).deployments
    assert dep.tp == 8


def test_real_lmdeploy_ci_workflow_gives_one_info_note() -> None:
    text = (REAL / "lmdeploy-pr_ete_test.yml").read_text(encoding="utf-8")
    result = parse_text("pr_ete_test.yml", text)
    assert [(f.rule, f.severity.value) for f in result.findings] == [("TL008", "info")]
