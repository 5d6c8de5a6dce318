"""Outputs that print messages only get findings without ``data`` and ``related`` from the
workers (less to send back), and print exactly what they print with them."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.cli import main
from toplint.commands import check

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("fmt", ["text", "github", "junit", "gitlab"])
def test_message_only_formats_print_the_same(
    fmt: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["check", str(EXAMPLES), "--format", fmt, "--jobs", "1"]
    seen: list[bool] = []
    real = check.needs_details

    def spy(formats: list[object]) -> bool:
        seen.append(real(formats))  # type: ignore[arg-type]
        return seen[-1]

    monkeypatch.setattr(check, "needs_details", spy)
    lean_code = main(argv)
    lean = capsys.readouterr().out
    assert seen == [False]
    monkeypatch.setattr(check, "needs_details", lambda _formats: True)
    full_code = main(argv)
    assert (lean_code, lean) == (full_code, capsys.readouterr().out)
    assert "TL101" in lean  # a finding with folded consequences (related) is in the run


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_formats_that_print_details_get_them(fmt: str) -> None:
    from toplint.report.select import formatter

    assert check.needs_details([formatter(fmt)])
