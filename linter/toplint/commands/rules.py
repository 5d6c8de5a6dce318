"""``toplint rules [--format text|json]``: list every rule with its code, name and severity."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from toplint.errors import EXIT_CLEAN
from toplint.pipeline.lint import all_rules


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="list the rules", description=__doc__)
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    p.set_defaults(run=run)


def listing(fmt: str) -> str:

    rules = all_rules()
    if fmt == "json":
        doc = {
            "rules": [
                {
                    "code": r.code,
                    "name": r.name,
                    "severity": r.severity.value,
                    "summary": r.summary,
                }
                for r in rules
            ]
        }
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    width = max((len(r.name) for r in rules), default=0)
    return "".join(
        f"{r.code}  {r.name:<{width}}  {r.severity.value:<7}  {r.summary}\n" for r in rules
    )


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(listing(args.format))
    return EXIT_CLEAN
