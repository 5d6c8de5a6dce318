"""The pipeline: discover -> parse -> hardware -> placement -> cost -> facts -> rules."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toplint.config.load import ConfigFinder
from toplint.discover.files import discover
from toplint.errors import ToplintError, UsageError
from toplint.hardware.manifest import load_hardware as load
from toplint.hardware.types import Hardware
from toplint.infra.readpolicy import name_targets
from toplint.model import Deployment, Finding, Sourced, internal_error
from toplint.optionkeys import COPIES
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers, map_files, read_and_parse
from toplint.parse.run import parse_source
from toplint.pipeline import coverage
from toplint.pipeline.batches import batches_by_config
from toplint.pipeline.deployment import analyze_deployment
from toplint.pipeline.readthrough import read_through
from toplint.pipeline.settings import Settings, settings_from_args
from toplint.record import record, replace
from toplint.report.base import printable
from toplint.rulebook.analysis import Analysis
from toplint.rulebook.run import adjust_parse_findings, prepare_rules, run_prepared
from toplint.rulebook.types import Rule
from toplint.suppression.inline import scan
from toplint.unchecked import Unchecked

if TYPE_CHECKING:
    from toplint.model import ParseResult
    from toplint.rulebook.run import Prepared, RuleSettings


@record
class AnalyzeResult:
    analyses: tuple[Analysis, ...]
    findings: tuple[Finding, ...]  # parse-stage findings (TL001, TL005, ...)
    files: int
    hardware: Hardware | None


@record
class FileRun:
    """What the pipeline found in one file (built in a worker for large trees)."""

    path: str
    # Parse-stage findings (TL001, TL003, TL005...), then the rules' findings when rules ran.
    findings: tuple[Finding, ...]
    # The analysed deployments, kept only when asked (inspect, cost): check needs findings only.
    analyses: tuple[Analysis, ...]
    # One entry per deployment: None when it was checked against hardware, else why not.
    coverage: tuple[Unchecked | None, ...]
    suppressions: Any = None  # the file's `# toplint: ignore` comments (check only)
    inferred: int = 0  # deployments checked on hardware their own config named (hints)
    sourced: tuple[Sourced, ...] = ()  # the files its deployments were read with
    # deployments checked on a GPU the manifest describes without its latency's figures
    # (``Outcome.unpriced``: TL011 says which)
    unpriced: int = 0


@record
class BatchRun:
    """The files that share one configuration, run through the pipeline with its settings."""

    settings: Settings
    hardware: Hardware | None
    files: tuple[FileRun, ...]
    findings: tuple[Finding, ...] = ()  # about the batch's paths themselves (an empty folder)

    @property
    def analyses(self) -> list[Analysis]:
        return [a for f in self.files for a in f.analyses]


def use_readers(settings: Settings) -> None:
    """The configuration's declarative readers (``readers:``) for the files parsed next."""
    if settings.config.get("readers"):
        from toplint.parse.generic.declarative import activate, readers_of

        activate(readers_of(settings.config))
    elif "toplint.parse.generic.declarative" in sys.modules:
        sys.modules["toplint.parse.generic.declarative"].activate(())


def run_files(
    paths: Sequence[str],
    settings: Settings,
    *,
    rules: Sequence[Rule] = (),
    rule_settings: RuleSettings | None = None,
    keep: bool = False,
    edits: bool = True,
    details: bool = True,
) -> BatchRun:
    """The one pipeline: discover -> parse -> hardware -> placement -> cost (-> facts -> rules).

    ``check`` passes ``rules`` and ``rule_settings`` and gets findings back; ``inspect`` and
    ``cost`` pass ``keep=True`` and get the analyses.  Each file is parsed, analysed and checked
    on its own (in forked workers for large trees), so only what was asked for comes back.
    ``edits=False`` leaves fixes without their text edits (``Fix.edits``), for outputs that
    show only a fix's message; ``details=False`` leaves findings without ``data`` and
    ``related``, for outputs that show only messages (less to send back from workers).
    A folder in ``paths`` under which no file is read gets a TL008 finding.
    """

    files = discover(paths, settings.exclude)
    use_readers(settings)
    hardware = load_hardware(settings)
    prepared = None
    if rule_settings is not None:
        prepared = prepare_rules(rules, rule_settings)

    def one(path: str) -> FileRun:
        try:
            parsed, source = read_and_parse(path)
            text = None if source is None else source.text
            checks = (
                None if prepared is None or rule_settings is None else (rule_settings, prepared)
            )
            return run_parsed(
                parsed, text, hardware, settings, rules, checks, keep, edits=edits, details=details
            )
        except ToplintError:
            raise  # a configuration error (exit 2) is not this file's
        except Exception as exc:  # a bug on one file must not lose the others' findings
            if os.environ.get("TOPLINT_DEBUG"):
                raise

            return FileRun(path, (internal_error(path, 1, 1, "the analysis", exc),), (), ())

    extra = [coverage.empty_folder(folder) for folder in _empty_folders(paths, files)]
    if rule_settings is not None:
        extra = adjust_parse_findings(extra, rules, rule_settings)
    runs = list(map_files(files, one, settings.jobs))
    for k, notes in read_through(runs).items():  # a file sourced by a script of the run
        if rule_settings is not None:
            notes = tuple(adjust_parse_findings(notes, rules, rule_settings))
        runs[k] = replace(runs[k], findings=notes)
    return BatchRun(settings, hardware, tuple(runs), tuple(extra))


def run_parsed(
    parsed: ParseResult,
    text: str | None,
    hardware: Hardware | None,
    settings: Settings,
    rules: Sequence[Rule],
    checks: tuple[RuleSettings, Sequence[Prepared]] | None,
    keep: bool = False,
    *,
    edits: bool = True,
    details: bool = True,
    shown: bool = True,
) -> FileRun:
    """One parsed file through placement, cost and (with ``checks``) the rules; fixes get the
    edits that carry out their intents in ``text`` (``toplint.fix.resolve``), and with
    ``shown`` a fix is kept only when ``--fix`` would write it (``toplint.pipeline.shown``;
    ``edits=False`` then drops the edits after that)."""
    analyses = [analyze_deployment(d, hardware, settings) for d in parsed.deployments]
    if len(analyses) > 1 or any(COPIES in a.deployment.options for a in analyses):
        analyses = _sharing_gpus(analyses)
    found: list[Finding] = list(parsed.findings)
    marks = None
    if checks is not None:
        rule_settings, prepared = checks
        found = adjust_parse_findings(found, rules, rule_settings)
        fix_text = text if edits or shown else None  # None: fixes keep only their intents
        found = _with_edits(found, None, fix_text, parsed.path)
        for a in analyses:
            more = run_prepared(prepared, [a], settings.budgets, settings.workload)
            found += _with_edits(more, a.deployment, fix_text, parsed.path)
        if shown and text is not None:
            found = _shown(
                found, parsed.path, text, len(analyses), hardware, settings, rules, checks
            )
            if not edits:
                found = [_without_edits(f) for f in found]
        marks = None if text is None else scan(parsed.path, text)
    if not details:
        found = [_message_only(f) for f in found]
    coverage = tuple(a.unchecked for a in analyses)
    inferred = sum(1 for a in analyses if a.inferred and a.unchecked is None)
    unpriced = sum(1 for a in analyses if a.outcome is not None and a.outcome.unpriced)
    kept = tuple(analyses) if keep else ()
    return FileRun(
        parsed.path, tuple(found), kept, coverage, marks, inferred, parsed.sourced, unpriced
    )


def _sharing_gpus(analyses: list[Analysis]) -> list[Analysis]:
    """The analyses of one file's deployments, each with what the file's other servers on its
    GPUs do to it (``toplint.outcome.colocation``)."""
    from toplint.outcome.colocation import shared_gpus

    found = shared_gpus([(a.deployment, a.model, a.cluster) for a in analyses])
    return [
        a if s is None else replace(a, shared_gpu=s) for a, s in zip(analyses, found, strict=True)
    ]


def _shown(
    found: list[Finding],
    path: str,
    text: str,
    deployments: int,
    hardware: Hardware | None,
    settings: Settings,
    rules: Sequence[Rule],
    checks: tuple[RuleSettings, Sequence[Prepared]],
) -> list[Finding]:
    """``found`` without the fixes ``--fix`` would refuse (``toplint.pipeline.shown``)."""
    if not any(f.fix is not None and f.fix.edits for f in found):
        return found
    # Only a file with a fix's edits in it is checked twice (one sys.modules lookup each).
    import toplint.fix.types
    import toplint.pipeline.shown

    def check(new: str) -> toplint.fix.types.Checked:
        parsed = parse_source(Source.from_text(path, new), builtin_and_plugin_parsers())
        run = run_parsed(parsed, new, hardware, settings, rules, checks, edits=False, shown=False)
        return toplint.fix.types.Checked(run.findings, len(run.coverage))

    return toplint.pipeline.shown.validated(found, deployments, path, text, check)


def _without_edits(f: Finding) -> Finding:
    return replace(f, fix=replace(f.fix, edits=())) if f.fix is not None and f.fix.edits else f


def _message_only(f: Finding) -> Finding:
    """``f`` without its machine-readable ``data`` and ``related`` findings (neither is part of
    its identity: ``compare=False``), for outputs that print messages only."""
    return replace(f, data={}, related=()) if f.data or f.related else f


def _with_edits(
    findings: list[Finding], dep: Deployment | None, text: str | None, path: str
) -> list[Finding]:
    """The findings with their fixes' edits in ``text`` (imports the fixer only when needed)."""
    if text is None or not any(f.fix is not None and f.fix.intents for f in findings):
        return findings
    from toplint.fix.resolve import attach_edits

    return attach_edits(findings, dep, text, path)


def _empty_folders(paths: Sequence[str], files: Sequence[str]) -> list[str]:
    import os

    found = set(files)  # a file that was read is no folder: no stat for it
    folders = [p for p in paths if p != "-" and p not in found and os.path.isdir(p)]
    if not folders:
        return []
    prefixes = {folder: os.path.join(folder, "") for folder in folders}
    return [d for d, prefix in prefixes.items() if not any(f.startswith(prefix) for f in files)]


@record
class Group:
    """Paths that share one configuration, with the settings it and the command line give."""

    paths: tuple[str, ...]
    settings: Settings


def groups_by_config(args: argparse.Namespace, paths: Sequence[str]) -> list[Group]:
    """The one place that groups files by their configuration (for every sub-command).

    A path that does not exist is a usage error (exit 2), not a silent "nothing to check".
    """

    missing = [p for p in paths if p != "-" and not _exists(p)]
    if missing:
        raise UsageError(f"{missing[0]}: no such file or directory")

    name_targets(paths)  # outside git and without a configuration, references stay inside them
    config = getattr(args, "config", None)
    finder = ConfigFinder()  # each configuration file read once, for the grouping and settings
    return [
        Group(batch.paths, settings_from_args(args, batch.paths, finder))
        for batch in batches_by_config(paths, config, getattr(args, "exclude", None), finder)
    ]


def _exists(path: str) -> bool:
    import os

    return os.path.lexists(path)


def analyze_by_config(args: argparse.Namespace, paths: Sequence[str]) -> AnalyzeResult:
    """The pipeline without rules, for each group of files that shares a configuration.

    Each file is analysed with the settings of its nearest ``toplint.yaml`` (or ``--config``),
    exactly as ``toplint check`` does (``run_files``), so ``inspect`` and ``cost`` agree with it.
    """
    analyses: list[Analysis] = []
    findings: list[Finding] = []
    files = 0
    hardware: Hardware | None = None
    for group in groups_by_config(args, paths):
        run = run_files(group.paths, group.settings, keep=True)
        analyses.extend(run.analyses)
        findings.extend(run.findings)
        findings.extend(f for file in run.files for f in file.findings)
        files += len(run.files)
        hardware = hardware or run.hardware
    return AnalyzeResult(tuple(analyses), tuple(findings), files, hardware)


def load_hardware(settings: Settings) -> Hardware | None:
    if not settings.hardware_path:
        return None

    hardware = load(settings.hardware_path)
    _warn_once(hardware)
    return hardware


# Manifests whose plausibility warnings were printed (each once per run, on stderr): a figure
# that is probably a misreading ("450 Gb/s" NVSwitch) must not pass silently into the costs.
_WARNED: set[str] = set()


def _warn_once(hardware: Hardware) -> None:
    if not hardware.warnings or hardware.path in _WARNED:
        return
    import sys

    _WARNED.add(hardware.path or "")

    for warning in hardware.warnings:
        print(f"toplint: warning: {printable(warning)}", file=sys.stderr)
