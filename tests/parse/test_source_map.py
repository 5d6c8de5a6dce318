"""Positions inside strings embedded in a file (YAML scalars, quoted shell words)."""

from __future__ import annotations

from toplint.parse.text.shellsrc import lex_embedded
from toplint.parse.text.sourcemap import source_map


def test_literal_block_maps_each_line() -> None:
    text = "args:\n  - |\n    export TP=2\n    vllm serve m -tp $TP\n"
    cmds = lex_embedded("export TP=2\nvllm serve m -tp $TP\n", {}, text, "f.yaml", 2, 5)
    last = cmds[1][-1]
    assert (last.value, last.position.line, last.position.column) == ("2", 4, 22)


def test_folded_block_maps_after_line_folding() -> None:
    text = "command: >\n  --model x\n  --port 8000\n"
    smap = source_map(text, "c.yaml", 1, 10, "--model x --port 8000\n")
    pos = smap.position(1, 11)  # "--port"
    assert (pos.line, pos.column) == (3, 3)


def test_double_quoted_scalar_skips_the_quote() -> None:
    text = 'cmd: "vllm serve m"\n'
    pos = source_map(text, "a.yaml", 1, 6, "vllm serve m").position(1, 6)
    assert (pos.line, pos.column) == (1, 12)


def test_escape_stops_exact_mapping_at_last_known_character() -> None:
    text = 'cmd: "a\\tb"\n'
    pos = source_map(text, "a.yaml", 1, 6, "a\tb").position(1, 3)
    assert pos.line == 1 and pos.column <= 9
