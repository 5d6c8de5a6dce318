"""The whole shared corpus, linted against manifests of the hardware each file states.

The table is in ``rows.py``; each row runs ``toplint inspect`` and ``toplint check --format json``
in-process and asserts the row's findings for its deployment.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

from toplint.cli import main

from .rows import PS, ROWS, Row

MANIFESTS = Path(__file__).resolve().parent / "manifests"
RANK = {"info": 0, "warning": 1, "error": 2}
# Files that hold no deployment by nature: the index, a JSON schema, nvidia-smi topology dumps.
NOT_DEPLOYMENTS = ("INDEX.md", "production-stack/values.schema.json", "nvidia-smi/")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert "internal error" not in err, err
    assert code in (0, 1), err
    return code, json.loads(out)


def owned(
    findings: list[dict[str, Any]], deployments: list[dict[str, Any]], name: str
) -> list[dict[str, Any]]:
    """The findings inside deployment ``name``: from its line up to the next deployment's.

    Findings above the first deployment (a shared anchor, a chart default) belong to every
    deployment of the file.
    """
    starts = sorted((d["line"], d["name"]) for d in deployments)
    if not name:
        assert len(starts) == 1, [n for _, n in starts]
        return findings
    names = [n for _, n in starts]
    assert name in names, names
    index = names.index(name)
    low, high = starts[index][0], float("inf")
    if index + 1 < len(starts):
        high = starts[index + 1][0]
    return [f for f in findings if low <= f["line"] < high or f["line"] < starts[0][0]]


def satisfied(spec: str, findings: list[dict[str, Any]]) -> bool:
    codes, _, severity = spec.partition(":")
    return any(
        f["rule"] in codes.split("|") and (not severity or f["severity"] == severity)
        for f in findings
    )


def params() -> list[Any]:
    out = []
    for row in ROWS:
        marks = [pytest.mark.xfail(strict=True, reason=row.xfail)] if row.xfail else []
        label = f"{row.file}[{row.deployment}]@{row.manifest}:{row.cluster or ''}"
        out.append(pytest.param(row, id=label, marks=marks))
    return out


pytestmark = pytest.mark.shared


@pytest.mark.parametrize("row", params())
def test_verdict(row: Row, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CORPUS / row.file)
    _, inspected = run(["inspect", path, "--format", "json"], capsys)
    argv = [
        "check",
        path,
        "--hardware",
        str(MANIFESTS / row.manifest),
        "--format",
        "json",
        "--no-cache",
        "--exit-zero",
    ]
    _, report = run([*argv, "--cluster", row.cluster] if row.cluster else argv, capsys)
    if row.deployment == "-":  # no deployment: nothing, or TL008 saying nothing was checked
        assert inspected["deployments"] == []
        assert sorted(f"{f['rule']}:{f['severity']}" for f in report["findings"]) == sorted(
            row.expect
        )
        return
    found = owned(report["findings"], inspected["deployments"], row.deployment)
    seen = sorted(f"{f['rule']}:{f['severity']}" for f in found)
    assert [s for s in row.expect if not satisfied(s, found)] == [], seen
    assert [f["rule"] for f in found if f["rule"] in row.absent] == [], seen
    assert all(RANK[f["severity"]] <= RANK[row.worst] for f in found), seen


def test_every_corpus_deployment_has_a_row(capsys: pytest.CaptureFixture[str]) -> None:
    _, inspected = run(["inspect", str(CORPUS), "--format", "json"], capsys)
    single: dict[str, int] = {}
    for d in inspected["deployments"]:
        rel = str(Path(d["path"]).relative_to(CORPUS))
        single[rel] = single.get(rel, 0) + 1
    listed = {
        (str(Path(d["path"]).relative_to(CORPUS)), d["name"]) for d in inspected["deployments"]
    }
    rows = {(r.file, r.deployment) for r in ROWS if r.deployment != "-"}
    expected = {(f, "" if single[f] == 1 else n) for f, n in listed}
    assert expected == rows


def test_every_corpus_file_has_a_row() -> None:
    files = {
        str(p.relative_to(CORPUS))
        for p in CORPUS.rglob("*")
        if p.is_file() and not str(p.relative_to(CORPUS)).startswith(NOT_DEPLOYMENTS)
    }
    assert files == {r.file for r in ROWS}


@pytest.mark.parametrize("manifest", sorted(p.name for p in MANIFESTS.glob("*.yaml")))
def test_manifest_resolves_without_warnings(
    manifest: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["hardware", "check", str(MANIFESTS / manifest), "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["warnings"] == []


# --- production-stack/values.yaml "if linted anyway" (INDEX #1) ------------------------------
# The corpus file with its one modelSpec switched on, written to tmp_path (the corpus stays
# untouched): TP=2 on one requested MIG slice, and gpu memory utilization given twice.

ZERO_LINK = """\
version: 1
clusters:
  - {name: mig, nodes: 1, gpu: H200-SXM-141GB, gpus_per_node: 1,
     intra_node: {fabric: none, p2p: false}}
"""


def enabled_values(tmp_path: Path) -> str:
    text = (CORPUS / PS / "values.yaml").read_text()
    assert text.count("enabled: false") >= 1
    path = tmp_path / "values.yaml"
    path.write_text(text.replace("enabled: false", "enabled: true", 1))
    return str(path)


def check_enabled(tmp_path: Path, manifest: str, capsys: pytest.CaptureFixture[str]) -> Any:
    argv = [
        "check",
        enabled_values(tmp_path),
        "--hardware",
        manifest,
        "--format",
        "json",
        "--no-cache",
        "--exit-zero",
    ]
    return run(argv, capsys)[1]["findings"]


def test_enabled_mig_values_report_gpu_count_and_duplicate_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = check_enabled(tmp_path, str(MANIFESTS / "mig-h200-4g71gb.yaml"), capsys)
    assert satisfied("TL201:error", found) and satisfied("TL209:warning", found), found


def test_enabled_mig_values_do_not_invent_a_second_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = check_enabled(tmp_path, str(MANIFESTS / "mig-h200-4g71gb.yaml"), capsys)
    assert [f["rule"] for f in found if f["rule"] == "TL101"] == []


def test_zero_bandwidth_link_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = tmp_path / "zero-link.yaml"
    manifest.write_text(ZERO_LINK)
    found = check_enabled(tmp_path, str(manifest), capsys)
    assert satisfied("TL201:error", found), found
