"""The verbatim-line fast paths of the two source aligners map every character exactly as the
character-by-character search they shortcut (kept here as the reference)."""

from __future__ import annotations

import bisect

from hypothesis import given, settings
from hypothesis import strategies as st

from toplint.parse import textpos
from toplint.parse.k8s import text as k8s_text
from toplint.parse.text.sourcemap import source_map


def _reference_align(file_text: str, start: int, original: str) -> list[int]:
    mapping: list[int] = []
    cursor = start
    limit = len(file_text)
    for ch in original:
        found = -1
        end = min(limit, cursor + k8s_text._WINDOW)
        if ch.isspace():
            for k in range(cursor, end):
                if file_text[k].isspace():
                    found = k
                    break
        else:
            found = file_text.find(ch, cursor, end)
        if found < 0:
            mapping.append(min(cursor, max(limit - 1, 0)))
            continue
        mapping.append(found)
        cursor = found + 1
    mapping.append(min(cursor, max(limit - 1, 0)))
    return mapping


def _reference_points(file_text: str, line: int, column: int, value: str) -> list[tuple[int, int]]:
    starts = textpos.starts_of(file_text)
    p = starts[min(line, len(starts)) - 1] + column - 1
    if p < len(file_text) and file_text[p] in "|>":
        nl = file_text.find("\n", p)
        p = len(file_text) if nl < 0 else nl + 1
    points: list[tuple[int, int]] = []
    last = (line, column)
    for ch in value:
        while p < len(file_text):
            here = file_text[p]
            if here == ch or (ch in " \n\t" and here in " \n\t"):
                break
            if here not in " \t\n\r\\'\"":
                p = -1
                break
            p += 1
        else:
            p = -1
        if p < 0:
            break
        i = bisect.bisect_right(starts, p) - 1
        last = (i + 1, p - starts[i] + 1)
        points.append(last)
        p += 1
    points.extend([last] * (len(value) + 1 - len(points)))
    return points


_LINES = st.lists(st.text(alphabet="ab $\"'\\-=\t", max_size=12), min_size=1, max_size=5)


def _written(lines: list[str], indent: str, quote: str) -> str:
    """A YAML-ish file holding the lines: some written as they are, some indented or quoted."""
    return "key: " + quote + ("\n" + indent).join(lines) + quote + "\nnext: 1\n"


@settings(max_examples=300)
@given(_LINES, st.sampled_from(["", "  ", "\t"]), st.sampled_from(["", '"', "'"]))
def test_k8s_align_matches_the_character_search(lines, indent, quote) -> None:
    value = "\n".join(lines)
    text = _written(lines, indent, quote)
    start = len("key: ") + len(quote)
    assert k8s_text._align(text, start, value) == _reference_align(text, start, value)


@settings(max_examples=300)
@given(_LINES, st.sampled_from(["", "  ", "\t"]), st.sampled_from(["", '"', "'", ">-\n  "]))
def test_k8s_align_matches_the_character_search_on_folded_lines(lines, indent, quote) -> None:
    # a folded or quoted scalar: the value joins the file's lines with spaces
    value = " ".join(lines)
    text = _written(lines, indent, quote)
    start = len("key: ") + len(quote)
    assert k8s_text._align(text, start, value) == _reference_align(text, start, value)


@settings(max_examples=300)
@given(st.text(alphabet="ab \n\t-", max_size=40), st.text(alphabet="ab \n\t-", max_size=60))
def test_k8s_align_matches_the_character_search_on_any_text(value, text) -> None:
    for start in (0, len(text) // 2):
        assert k8s_text._align(text, start, value) == _reference_align(text, start, value)


@settings(max_examples=300)
@given(_LINES, st.sampled_from(["", "  ", "\t"]), st.sampled_from(["", '"', "'", "|\n  "]))
def test_shell_source_map_matches_the_character_search(lines, indent, quote) -> None:
    value = "\n".join(lines)
    text = _written(lines, indent, quote)
    got = source_map(text, "f.yaml", 1, len("key: ") + 1, value)
    assert list(got.points) == _reference_points(text, 1, len("key: ") + 1, value)


@settings(max_examples=300)
@given(_LINES, st.sampled_from(["", "  ", "\t"]), st.sampled_from(["", '"', "'", ">-\n  "]))
def test_shell_source_map_matches_the_character_search_on_folded_lines(lines, indent, quote):
    # a folded or quoted scalar: the value joins the file's lines with spaces
    value = " ".join(lines)
    text = _written(lines, indent, quote)
    got = source_map(text, "f.yaml", 1, len("key: ") + 1, value)
    assert list(got.points) == _reference_points(text, 1, len("key: ") + 1, value)


@settings(max_examples=300)
@given(st.text(alphabet="ab \n\t-'\\", max_size=40), st.text(alphabet="ab \n\t-'\\", max_size=60))
def test_shell_source_map_matches_the_character_search_on_any_text(value, text) -> None:
    got = source_map("k: " + text, "f.yaml", 1, 4, value)
    assert list(got.points) == _reference_points("k: " + text, 1, 4, value)
