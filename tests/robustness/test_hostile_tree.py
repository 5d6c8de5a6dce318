"""Every hostile file is one plain TL001 (or nothing), and the run goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import BENIGN, MALFORMED, SIDE_EFFECT, WRONG_TYPES

Run = tuple[Path, Any, list[dict[str, Any]]]


def _tl001(findings: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [f for f in findings if f["rule"] == "TL001" and f["path"].endswith("/" + name)]


def test_run_ends_without_traceback(hostile: Run) -> None:
    _, proc, _ = hostile
    assert proc.returncode in (0, 1), proc.stderr
    assert b"Traceback" not in proc.stderr + proc.stdout
    assert b"internal error" not in proc.stderr


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_file_is_one_tl001(hostile: Run, name: str) -> None:
    found = _tl001(hostile[2], name)
    assert len(found) == 1, found
    assert found[0]["line"] >= 1 and found[0]["column"] >= 1
    assert found[0]["message"].startswith("cannot parse file: ")
    assert "internal error" not in found[0]["message"]


@pytest.mark.parametrize("name", sorted(BENIGN))
def test_benign_file_is_not_tl001(hostile: Run, name: str) -> None:
    assert _tl001(hostile[2], name) == []


@pytest.mark.parametrize("name", sorted(WRONG_TYPES))
def test_wrong_types_are_at_most_one_plain_tl001(hostile: Run, name: str) -> None:
    found = _tl001(hostile[2], name)
    assert len(found) <= 1
    assert all("internal error" not in f["message"] for f in found)


def test_parser_crash_is_not_hidden_as_internal_error(hostile: Run) -> None:
    assert not [f for f in hostile[2] if "internal error" in f["message"]]


def test_good_file_findings_are_kept(hostile: Run) -> None:
    assert [f for f in hostile[2] if f["path"].endswith("/good.sh") and f["rule"] != "TL001"]


def test_python_tag_constructs_nothing(hostile: Run) -> None:
    root, _, findings = hostile
    assert not (root / SIDE_EFFECT).exists()
    assert "!!python/object/apply:os.system" in _tl001(findings, "python-tag.yaml")[0]["message"]


@pytest.mark.parametrize(
    ("name", "limit"),
    [
        ("alias-bomb.yaml", "alias expansion limit"),
        ("deep.yaml", "depth limit"),
        ("deeper-than-libyaml.yaml", "depth limit"),
        ("huge.yaml", "read limit"),
    ],
)
def test_limit_is_named(hostile: Run, name: str, limit: str) -> None:
    assert limit in _tl001(hostile[2], name)[0]["message"]


def test_invalid_utf8_position_is_the_bad_byte(hostile: Run) -> None:
    found = _tl001(hostile[2], "latin1.yaml")[0]
    assert (found["line"], found["column"]) == (2, 10)
    assert "0xe9" in found["message"]


def test_unclosed_quote_position_is_the_quote(hostile: Run) -> None:
    found = _tl001(hostile[2], "quote.sh")[0]
    assert (found["line"], found["column"]) == (2, 37)


def test_malformed_yaml_position(hostile: Run) -> None:
    found = _tl001(hostile[2], "tabs.yaml")[0]
    assert found["line"] == 4


def test_single_line_of_megabytes_is_read(hostile: Run) -> None:
    assert _tl001(hostile[2], "long-line.yaml") == []


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("fifo.yaml", "not a regular file (a FIFO)"),
        ("dangling.yaml", "no such file (dangling symlink)"),
        ("self.yaml", "symlink loop"),
    ],
)
def test_unreadable_named_file(hostile: Run, name: str, reason: str) -> None:
    found = _tl001(hostile[2], name)
    assert len(found) == 1 and reason in found[0]["message"]
