"""``toplint check [PATHS…]``: lint deployments against the hardware manifest."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from toplint.errors import EXIT_CLEAN, EXIT_FINDINGS
from toplint.model import Severity


def register(sub: Any) -> None:
    p = sub.add_parser("check", help="lint deployment configs", description=__doc__)
    p.add_argument(
        "paths",
        nargs="*",
        default=["."],
        metavar="PATH",
        help="files or directories to check ('-' reads stdin)",
    )
    p.add_argument("--hardware", metavar="FILE", help="hardware manifest (YAML or JSON)")
    p.add_argument("--cluster", metavar="NAME", help="cluster of the manifest to check against")
    p.add_argument(
        "--config", metavar="FILE", help="configuration file (default: nearest toplint.yaml)"
    )
    p.add_argument("--format", default="text", help="output format: text, json (default: text)")
    p.add_argument(
        "--fail-on",
        choices=[s.value for s in Severity],
        default=None,
        help="lowest severity that makes the exit code 1 (default: warning)",
    )
    p.add_argument(
        "--prompt-tokens", type=int, metavar="N", help="prefill tokens per step (default 4096)"
    )
    p.add_argument(
        "--decode-batch", type=int, metavar="N", help="sequences per decode step (default 1)"
    )
    p.add_argument("--itl-ms", type=float, metavar="MS", help="inter-token latency budget")
    p.add_argument("--ttft-ms", type=float, metavar="MS", help="time-to-first-token budget")
    p.add_argument(
        "--select", metavar="CODES", help="comma-separated rule codes or prefixes to run"
    )
    p.add_argument(
        "--ignore", metavar="CODES", help="comma-separated rule codes or prefixes to skip"
    )
    p.add_argument("--exclude", action="append", metavar="GLOB", help="skip paths matching GLOB")
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="parse files in N worker processes (default: CPU count for large trees)",
    )
    p.add_argument("--no-cache", action="store_true", help="do not read or write the parse cache")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from toplint.engine import settings_from_args
    from toplint.lint import lint, rule_settings_from
    from toplint.report.base import Report
    from toplint.report.select import formatter

    settings = settings_from_args(args, args.paths)
    rule_settings = rule_settings_from(settings.config, args)
    result = lint(args.paths, settings, rule_settings)
    fmt = formatter(args.format)
    report = Report(result.findings, result.rules, result.files, result.deployments)
    sys.stdout.write(fmt.render(report))
    fail_on = Severity(args.fail_on or settings.config.get("fail-on", "warning"))
    failing = [f for f in result.findings if f.severity.rank >= fail_on.rank]
    return EXIT_FINDINGS if failing else EXIT_CLEAN
