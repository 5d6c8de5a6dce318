"""Configuration: discovery (nearest wins, pyproject), validation with positions, overrides."""

from __future__ import annotations

from pathlib import Path

from .helpers import SERVE, run, write


def test_nearest_config_wins_per_file(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "ignore: [TL990]\nhardware: none\n")
    write(tmp_path / "top.sh", SERVE.format(tp=8))
    write(tmp_path / "team" / ".toplint.yaml", "select: [TL990]\n")
    write(tmp_path / "team" / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, ".", select=False)
    assert "team/serve.sh:1:" in out
    assert "top.sh" not in out
    assert code == 1


def test_pyproject_tool_section_is_discovered(tmp_path: Path, capsys) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.toplint]\nignore = ["TL990"]\nhardware = "none"\n',
    )
    write(tmp_path / "deploy" / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, "deploy", select=False)
    assert "TL990" not in out
    assert code == 0, out


def test_pyproject_without_tool_section_is_skipped(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "ignore: [TL990]\nhardware: none\n")
    write(tmp_path / "sub" / "pyproject.toml", '[project]\nname = "x"\n')
    write(tmp_path / "sub" / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, "sub", select=False)
    assert "TL990" not in out
    assert code == 0, out


def test_config_flag_overrides_discovery(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "ignore: [TL990]\n")
    write(tmp_path / "other.yaml", "fail-on: error\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, "serve.sh", "--config", "other.yaml")
    assert "TL990" in out and code == 1


def test_unknown_key_names_position_and_suggestion(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "select: [TL990]\nexlude: [legacy]\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, out, err = run(capsys, "serve.sh")
    assert code == 2 and out == ""
    assert "toplint.yaml:2:1: exlude: unknown key `exlude`; did you mean `exclude`?" in err


def test_nested_value_error_names_key_path_and_position(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "workload:\n  prompt_tokens: lots\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, "serve.sh")
    assert code == 2
    assert "toplint.yaml:2:18: workload.prompt_tokens: expected integer, got 'lots'" in err


def test_pyproject_error_has_line(tmp_path: Path, capsys) -> None:
    text = '[tool.toplint]\nselect = ["TL990"]\n\n[tool.toplint.budgets]\nitl = 5\n'
    write(tmp_path / "pyproject.toml", text)
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, "serve.sh")
    assert code == 2
    assert "pyproject.toml:5:1: budgets.itl: unknown key `itl`" in err


def test_bad_severity_in_rules_is_positioned(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "rules:\n  TL990: warn\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, "serve.sh")
    assert code == 2
    assert "toplint.yaml:2:10: rules.TL990: 'warn' is not one of error, warning, info" in err


def test_unknown_rule_name_suggests_the_closest(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "rules:\n  test-tensor-paralel: info\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, "serve.sh")
    assert code == 2
    assert "toplint.yaml:2:3: rules.test-tensor-paralel: unknown rule" in err
    assert "did you mean `test-tensor-parallel`?" in err


def test_unknown_rule_option_is_an_error(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "rules:\n  TL990: {severity: info, limt: 4}\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, "serve.sh")
    assert code == 2 and "TL990 has no option `limt` (options: limit)" in err


def test_severity_by_rule_name_changes_exit_code(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "rules:\n  test-tensor-parallel: info\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, "serve.sh")
    assert "TL990" in out and "1 info" in out
    assert code == 0  # default fail-on is warning


def test_per_file_ignores_are_relative_to_the_config(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "per-file-ignores:\n  'legacy/*.sh': [TL990]\n")
    write(tmp_path / "legacy" / "old.sh", SERVE.format(tp=8))
    write(tmp_path / "new.sh", SERVE.format(tp=8))
    _, out, _ = run(capsys, str(tmp_path))
    assert "new.sh" in out and "old.sh" not in out


def test_config_exclude_skips_files(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "exclude: [vendor]\n")
    write(tmp_path / "vendor" / "serve.sh", SERVE.format(tp=8))
    code, out, _ = run(capsys, ".")
    assert code == 0 and "vendor" not in out


def test_cli_fail_on_overrides_config(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "fail-on: info\nrules: {TL990: info}\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    assert run(capsys, "serve.sh")[0] == 1
    assert run(capsys, "serve.sh", "--fail-on", "warning")[0] == 0


def test_underscore_keys_are_accepted(tmp_path: Path, capsys) -> None:
    write(tmp_path / "toplint.yaml", "fail_on: error\nextend_select: [TL990]\n")
    write(tmp_path / "serve.sh", SERVE.format(tp=8))
    code, _, err = run(capsys, "serve.sh")
    assert err == "" and code == 1
