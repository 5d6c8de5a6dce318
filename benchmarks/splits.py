"""The halves a SPLIT markdown file lists: the one reader every benchmark's split goes through.

A half is every section whose heading line starts with the half's heading (``## Development``,
``## Held out``, ``## Development files``...), up to the next ``## `` heading; its items are the
section's ``- `` lines, each the backquoted word it starts with (``- `vllm-4821` (TL205)``) or,
unquoted, the line's text (``- owner__repo/values.yaml``).
"""

from __future__ import annotations

import argparse


def halves(text: str, development: str, held_out: str) -> dict[str, list[str]]:
    """The items of each half: {"development": [...], "held-out": [...]}, in file order."""
    out: dict[str, list[str]] = {"development": [], "held-out": []}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = (
                "development"
                if line.startswith(development)
                else "held-out"
                if line.startswith(held_out)
                else None
            )
        elif current and line.startswith("- "):
            item = line[2:].strip()
            out[current].append(item.split("`")[1] if item.startswith("`") else item)
    return out


def halves_to_score(
    parser: argparse.ArgumentParser, half: str, itemise: bool, flag: str
) -> tuple[str, ...]:
    """The halves a benchmark's run scores: ``half`` ("development", "held-out" or "both"), or
    the development half alone when ``itemise`` (its ``flag``) is given.  Itemising is building:
    it never scores the held-out half beside it (a held-out half is scored once, in totals, asked
    for by name or by the default "both" without ``flag``); ``flag`` with "held-out" is refused."""
    if itemise and half == "held-out":
        parser.error(
            f"{flag} itemises the development half only; the held-out half is scored in totals"
        )
    if itemise:
        return ("development",)
    return ("development", "held-out") if half == "both" else (half,)
