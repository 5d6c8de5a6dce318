"""``toplint rule CODE|NAME``: print a rule's documentation page (Markdown)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from toplint.errors import EXIT_CLEAN, UsageError
from toplint.pipeline.lint import all_rules


def register(sub: Any) -> None:
    p = sub.add_parser("rule", help="show a rule's documentation", description=__doc__)
    p.add_argument("rule", metavar="CODE|NAME", help="a rule code (TL101) or name")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from toplint.rulebook.docs import find_rule, page

    rules = all_rules()
    rule = find_rule(rules, args.rule)
    if rule is None:
        raise UsageError(f"no rule `{args.rule}` (see `toplint rules`)")
    sys.stdout.write(page(rule))
    return EXIT_CLEAN
