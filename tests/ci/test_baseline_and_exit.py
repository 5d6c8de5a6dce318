"""Baselines, exit codes and writing several formats in one run."""

from __future__ import annotations

import json
from pathlib import Path

from .helpers import SERVE, run, write


def _fingerprints(path: Path) -> list[str]:
    log = json.loads(path.read_text())
    return [r["partialFingerprints"]["toplint/v1"] for r in log["runs"][0]["results"]]


def test_sarif_fingerprints_stable_when_a_line_is_inserted_above(tmp_path: Path, capsys) -> None:
    script = write(tmp_path / "serve.sh", "#!/bin/bash\n" + SERVE.format(tp=8))
    run(capsys, "serve.sh", "--output", "sarif=before.sarif")
    script.write_text("#!/bin/bash\nexport NCCL_DEBUG=INFO\n\n" + SERVE.format(tp=8))
    run(capsys, "serve.sh", "--output", "sarif=after.sarif")
    before, after = (
        _fingerprints(tmp_path / "before.sarif"),
        _fingerprints(tmp_path / "after.sarif"),
    )
    assert before and before == after
    lines = [
        json.loads((tmp_path / n).read_text())["runs"][0]["results"][0]["locations"][0][
            "physicalLocation"
        ]["region"]["startLine"]
        for n in ("before.sarif", "after.sarif")
    ]
    assert lines == [2, 4]  # the finding moved; its fingerprint did not


def test_machine_format_on_stdout_is_only_the_document(tmp_path: Path, capsys) -> None:
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, "serve.sh", "--format", "sarif")
    assert code == 1
    assert json.loads(out)["version"] == "2.1.0"


def test_several_outputs_in_one_run(tmp_path: Path, capsys) -> None:
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(
        capsys, "serve.sh", "-o", "json=out.json", "--output", "junit=out.xml", "--format", "github"
    )
    assert code == 1
    assert out.startswith("::error file=serve.sh,line=1,")
    assert json.loads((tmp_path / "out.json").read_text())["summary"]["findings"] == 1
    assert (tmp_path / "out.xml").read_text().startswith("<?xml")


def test_bad_output_argument_is_usage_error(tmp_path: Path, capsys) -> None:
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    assert run(capsys, "serve.sh", "--output", "sarif")[0] == 2
    code, _, err = run(capsys, "serve.sh", "--output", "xml=out.xml")
    assert code == 2 and "unknown format `xml`" in err


def test_baseline_round_trip_reports_only_new_findings(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, ".", "--write-baseline", "baseline.json")
    assert code == 0 and "recorded 1 finding in" in err
    code, out, _ = run(capsys, ".", "--baseline", "baseline.json")
    assert code == 0, out
    assert "1 in the baseline" in out
    write(tmp_path / "b.sh", SERVE.format(tp=4))
    code, out, _ = run(capsys, ".", "--baseline", "baseline.json")
    assert code == 1
    assert "b.sh:1:" in out and "a.sh" not in out


def test_baseline_ignores_line_moves_and_working_directory(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    write(tmp_path / "deploy" / "a.sh", SERVE.format(tp=8))
    run(capsys, "deploy", "--write-baseline", "baseline.json")
    write(tmp_path / "deploy" / "a.sh", "# moved\n\n" + SERVE.format(tp=16))
    monkeypatch.chdir(tmp_path / "deploy")
    code, out, _ = run(capsys, "a.sh", "--baseline", "../baseline.json")
    assert code == 0, out


def test_baseline_counts_duplicates(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", SERVE.format(tp=8))
    run(capsys, "a.sh", "--write-baseline", "baseline.json")
    write(tmp_path / "a.sh", SERVE.format(tp=8) + SERVE.format(tp=8))
    code, out, _ = run(capsys, "a.sh", "--baseline", "baseline.json")
    assert code == 1 and out.count("TL990") == 1


def test_broken_baseline_is_usage_error(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", SERVE.format(tp=8))
    write(tmp_path / "baseline.json", "{not json")
    code, _, err = run(capsys, "a.sh", "--baseline", "baseline.json")
    assert code == 2 and "baseline.json:1:2:" in err


def test_exit_zero_with_findings(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", SERVE.format(tp=8))
    assert run(capsys, "a.sh", "--exit-zero")[0] == 0


def test_fail_on_error_ignores_warnings(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "rules: {TL990: warning}\n")
    write(tmp_path / "a.sh", SERVE.format(tp=8))
    assert run(capsys, "a.sh")[0] == 1
    assert run(capsys, "a.sh", "--fail-on", "error")[0] == 0


def test_statistics_and_quiet_on_the_cli(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", SERVE.format(tp=8) + SERVE.format(tp=2))
    _, out, _ = run(capsys, "a.sh", "--statistics", "--quiet")
    assert out == "2  TL990  test-tensor-parallel\n"


def test_no_progress_when_stderr_is_not_a_terminal(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "select: [TL990]\n")
    write(tmp_path / "sub" / "toplint.yaml", "select: [TL990]\n")
    write(tmp_path / "a.sh", SERVE.format(tp=8))
    write(tmp_path / "sub" / "b.sh", SERVE.format(tp=8))
    _, _, err = run(capsys, ".", select=False)
    assert err == ""
