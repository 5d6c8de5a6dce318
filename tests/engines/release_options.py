"""Reading tests/engines/data/<engine>-<release>-options.txt: the options an engine release's
own argument parser registers, one ``name kind`` pair per line (read from the wheel)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"
CORPUS2 = Path(__file__).resolve().parents[1] / "data" / "corpus2"


def release_options(file: str) -> list[tuple[str, str]]:
    """(option, kind) of every line that is not blank or a comment."""
    lines = (DATA / file).read_text(encoding="utf-8").splitlines()
    pairs = [line.split(" ", 1) for line in lines if line and not line.startswith("#")]
    return [(name, kind) for name, kind in pairs]
