"""`toplint rules` and `toplint rule`."""

from __future__ import annotations

import json

import pytest

from toplint.cli import main


def test_rules_json_lists_codes_names_severities_summaries(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    tl105 = next(r for r in doc["rules"] if r["code"] == "TL105")
    assert tl105["name"] == "decode-communication-over-budget"
    assert set(tl105) == {"code", "name", "severity", "summary"}


def test_rules_text_has_one_line_per_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    assert any(
        line.startswith("TL101  tensor-parallel-across-nodes")
        for line in capsys.readouterr().out.splitlines()
    )


def test_rule_page_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "tensor-parallel-across-nodes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# tensor-parallel-across-nodes (TL101)")
    assert "## Why is this bad?" in out


def test_rule_page_by_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "tl205"]) == 0
    assert "model-does-not-fit" in capsys.readouterr().out


def test_unknown_rule_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "TL999"]) == 2
