"""``toplint check [PATHS…]``: lint deployments against the hardware manifest."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from toplint.errors import EXIT_CLEAN, EXIT_FINDINGS, EXIT_INTERNAL, UsageError
from toplint.hardware.units import plural
from toplint.infra.budgets import budget_ms, workload_count
from toplint.infra.datacache import set_enabled
from toplint.model import Finding, Severity
from toplint.pipeline.analyze import groups_by_config
from toplint.pipeline.lint import lint, merge_counts, rule_settings_from, text_checker
from toplint.pipeline.order import sort_findings
from toplint.report.base import Report, printable
from toplint.report.select import formatter
from toplint.suppression.baseline import load_baseline, new_findings, write_baseline

if TYPE_CHECKING:
    from toplint.pipeline.analyze import Group
    from toplint.pipeline.lint import LintResult
    from toplint.report.base import Formatter


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
    _output_arguments(p)
    p.add_argument(
        "--prompt-tokens",
        type=workload_count,
        metavar="N",
        help="prefill tokens per step (default 4096)",
    )
    p.add_argument(
        "--decode-batch",
        type=workload_count,
        metavar="N",
        help="sequences per decode step (default 1)",
    )
    p.add_argument("--itl-ms", type=budget_ms, metavar="MS", help="inter-token latency budget")
    p.add_argument("--ttft-ms", type=budget_ms, metavar="MS", help="time-to-first-token budget")
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
    p.add_argument("--no-cache", action="store_true", help="do not read or write the data cache")
    p.add_argument("--fix", action="store_true", help="apply the safe fixes in place")
    p.add_argument("--unsafe-fixes", action="store_true", help="--fix/--diff: unsafe fixes too")
    p.add_argument("--diff", action="store_true", help="print fixes as a unified diff, write none")
    p.set_defaults(run=run)


def _output_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--format",
        default="text",
        help="format on stdout: text, json, sarif, github, junit, gitlab, markdown (default: text)",
    )
    p.add_argument(
        "--output",
        "-o",
        action="append",
        default=[],
        metavar="FORMAT=PATH",
        help="also write FORMAT to PATH (repeatable: several formats in one run)",
    )
    p.add_argument(
        "--fail-on",
        choices=[s.value for s in Severity],
        default=None,
        help="lowest severity that makes the exit code 1 (default: warning)",
    )
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    p.add_argument("--quiet", "-q", action="store_true", help="text: findings only, no summary")
    p.add_argument("--statistics", action="store_true", help="text: counts per rule")
    p.add_argument(
        "--show-fixes",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="text: show each fix's applicability and edits (--no-show-fixes hides fixes)",
    )
    p.add_argument(
        "--report-unused-ignores",
        action="store_true",
        help="report `# toplint: ignore` comments that suppress nothing (TL006)",
    )
    p.add_argument("--baseline", metavar="FILE", help="report only findings not in FILE")
    p.add_argument(
        "--base",
        metavar="REV",
        help="compare with git revision REV: report what the change introduces and resolves, "
        "and each changed deployment before and after",
    )
    p.add_argument(
        "--write-baseline", metavar="FILE", help="record the current findings in FILE; exit 0"
    )


def parse_outputs(values: Sequence[str]) -> list[tuple[Formatter, str]]:
    """``FORMAT=PATH`` pairs, with every format checked before anything runs."""

    out = []
    for value in values:
        name, sep, path = value.partition("=")
        if not sep or not name or not path:
            raise UsageError(f"--output expects FORMAT=PATH, got {value!r}")
        out.append((formatter(name.strip()), path))
    return out


class Progress:
    """A single self-erasing status line on stderr, only for people watching a terminal."""

    def __init__(self, enabled: bool, total: int) -> None:
        self.enabled = enabled and total > 1
        self.total = total

    def update(self, done: int, files: int) -> None:
        if self.enabled:
            sys.stderr.write(
                f"\rtoplint: checked {done}/{self.total} groups ({plural(files, 'file')})"
            )
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _lint_batches(
    args: argparse.Namespace,
    batches: Sequence[Group],
    progress: Progress,
    edits: bool = True,
    details: bool = True,
) -> tuple[list[LintResult], list[Severity]]:

    results = []
    thresholds = []
    files = 0
    for i, batch in enumerate(batches, start=1):
        settings = batch.settings
        rule_settings = rule_settings_from(settings.config, args)
        result = lint(
            batch.paths,
            settings,
            rule_settings,
            report_unused_ignores=args.report_unused_ignores,
            edits=edits,
            details=details,
        )
        results.append(result)
        thresholds.append(Severity(args.fail_on or settings.config.get("fail-on") or "warning"))
        files += result.files
        progress.update(i, files)
    return results, thresholds


def needs_edits(args: argparse.Namespace, formats: Sequence[Formatter]) -> bool:
    """Whether anything this run does shows or applies a fix's text edits: ``--fix``,
    ``--diff``, ``--show-fixes``, or an output format that carries them (JSON, SARIF, a plugin
    format that does not declare ``uses_edits = False``)."""
    if args.fix or args.diff or args.show_fixes:
        return True
    return any(getattr(fmt, "uses_edits", True) for fmt in formats)


def needs_details(formats: Sequence[Formatter]) -> bool:
    """Whether an output shows a finding's machine-readable ``data`` or ``related`` locations
    (JSON, SARIF, a plugin format that does not declare ``uses_details = False``); without
    one, workers send findings back without them."""
    return any(getattr(fmt, "uses_details", True) for fmt in formats)


def _failing(results: Sequence[LintResult], thresholds: Sequence[Severity]) -> list[Finding]:
    return [
        f
        for result, fail_on in zip(results, thresholds, strict=True)
        for f in result.findings
        if f.severity.rank >= fail_on.rank
    ]


def _write(path: str, text: str) -> None:
    """A report file, renamed into place (a symlink at ``path`` is replaced, never followed)."""
    from toplint.infra.safewrite import write_file

    try:
        write_file(path, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc}") from None


def report_internal(errors: Iterable[Finding]) -> bool:
    """One line on stderr per file and parser or rule that raised; True when there was one."""

    shown = False
    for f in errors:
        where = f"{printable(f.path)}:{f.line}:{f.column}"
        print(f"toplint: internal error: {where}: {printable(f.message)}", file=sys.stderr)
        shown = True
    if shown:
        print(
            "toplint: the other files were checked; please report the error with the file "
            "(TOPLINT_DEBUG=1 shows a traceback)",
            file=sys.stderr,
        )
    return shown


def _fix(args: argparse.Namespace, batches: Sequence[Group], results: Sequence[LintResult]) -> bool:
    """Apply (``--fix``) or print (``--diff``) the fixes that verify; True when a file changed
    (or would).  Each file is re-checked with its own batch's configuration."""
    from toplint.fix.apply import fix_files, fixable_paths, summary

    owner: dict[str, int] = {}
    for i, result in enumerate(results):
        for path in fixable_paths(result.findings):
            owner.setdefault(path, i)
    checkers: dict[int, Any] = {}

    def check_for(path: str) -> Any:
        i = owner[path]
        if i not in checkers:
            settings = batches[i].settings
            checkers[i] = text_checker(settings, rule_settings_from(settings.config, args))
        return checkers[i]

    outcome = fix_files(
        list(owner),
        check_for,
        unsafe=bool(args.unsafe_fixes),
        write=not args.diff,
        named=args.paths,
    )
    if args.diff:
        sys.stdout.write(outcome.diff)
    for line in summary(outcome, bool(args.unsafe_fixes), bool(args.diff)):
        print(line, file=sys.stderr)
    return bool(outcome.changed)


def _with_affected(paths: list[str]) -> list[str]:
    """A named manifest or configuration stands for the deployments checked with it
    (``toplint.changes.affected``): pre-commit names only the files a commit changed."""
    from toplint.changes.affected import expand

    notes: list[str] = []
    expanded = expand(paths, notes)
    for note in notes:
        from toplint.report.base import printable

        print(f"toplint: {printable(note)}", file=sys.stderr)
    return expanded


def run(args: argparse.Namespace) -> int:

    if args.no_cache:
        set_enabled(False)
    if getattr(args, "base", None) is not None and (args.fix or args.diff or args.write_baseline):
        raise UsageError(
            "--base compares two revisions: run --fix, --diff or --write-baseline alone"
        )
    if getattr(args, "base", None) is not None:
        from toplint.changes.compare import preflight

        preflight(args)  # a revision that names no commit is an error before any lint
    stdout_format = formatter(args.format)
    outputs = parse_outputs(args.output)
    baseline = load_baseline(args.baseline) if args.baseline else None
    args.paths = _with_affected(args.paths)
    batches = groups_by_config(args, args.paths)
    progress = Progress(args.format == "text" and sys.stderr.isatty(), len(batches))
    try:
        formats = [stdout_format, *(fmt for fmt, _ in outputs)]
        edits, details = needs_edits(args, formats), needs_details(formats)
        # --base matches a finding against consequences folded into another (``related``).
        details = details or getattr(args, "base", None) is not None
        results, thresholds = _lint_batches(args, batches, progress, edits, details)
    finally:
        progress.close()
    if args.fix or args.diff:  # toplint.fix.apply: apply or show the fixes, then re-lint
        changed = _fix(args, batches, results)
        if args.diff:
            return EXIT_FINDINGS if changed else EXIT_CLEAN
        if changed:
            results, thresholds = _lint_batches(args, batches, Progress(False, 0))
    # Each batch's findings are sorted and unique already (pipeline.lint.lint).
    findings = (
        list(results[0].findings)
        if len(results) == 1
        else sort_findings(f for r in results for f in r.findings)
    )
    if args.write_baseline:
        count = write_baseline(args.write_baseline, findings)

        print(
            f"toplint: recorded {plural(count, 'finding')} in {args.write_baseline}",
            file=sys.stderr,
        )
    known = 0
    if baseline is not None:
        findings, known = new_findings(findings, baseline)
    changes = None
    if (
        getattr(args, "base", None) is not None
    ):  # toplint.changes: only what the change introduced counts
        from toplint.changes.compare import compare

        changes = compare(args, batches, findings)
        findings = list(changes.introduced)
    report = Report(
        findings=findings,
        rules=results[0].rules if results else (),
        files=sum(r.files for r in results),
        deployments=sum(r.deployments for r in results),
        unchecked=merge_counts(r.unchecked for r in results),
        inferred=sum(r.inferred for r in results),
        unpriced=sum(r.unpriced for r in results),
        show_fixes=args.show_fixes is not False,
        fix_details=bool(args.show_fixes),
        quiet=args.quiet,
        statistics=args.statistics,
        suppressed=sum(r.suppressed for r in results),
        baselined=known,
        changes=changes,
    )
    for fmt, path in outputs:
        _write(path, fmt.render(report))
    sys.stdout.write(stdout_format.render(report))
    if report_internal(f for r in results for f in r.internal):
        return EXIT_INTERNAL
    if args.exit_zero or args.write_baseline:
        return EXIT_CLEAN
    failing = _failing(results, thresholds)
    if baseline is not None or changes is not None:  # they drop findings after the batches'
        kept = set(findings)
        failing = [f for f in failing if f in kept]
    return EXIT_FINDINGS if failing else EXIT_CLEAN
