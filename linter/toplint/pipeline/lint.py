"""What ``toplint check`` does, as a function: analyse, run rules, sort."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from toplint.config.load import Config
from toplint.discover.files import read_source
from toplint.engines.registry import all_engines
from toplint.errors import ConfigError, UsageError
from toplint.infra.globs import Globs, globs
from toplint.model import INTERNAL_ERROR, UNPARSABLE_FILE, Finding, Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
from toplint.pipeline.analyze import (
    load_hardware,
    run_files,
    run_parsed,
    use_readers,
)
from toplint.pipeline.order import sort_findings
from toplint.pipeline.settings import Settings
from toplint.plugins import call_hook, hook_owner
from toplint.record import field, record
from toplint.rulebook.run import RuleSettings, adjust_parse_findings, matches, prepare_rules
from toplint.rulebook.types import Rule
from toplint.suppression.baseline import Baseline, new_findings
from toplint.suppression.inline import apply, scan
from toplint.unchecked import Unchecked

if TYPE_CHECKING:
    from toplint.fix.types import Checker
    from toplint.suppression.inline import Suppression


@record
class LintResult:
    findings: tuple[Finding, ...]
    rules: tuple[Rule, ...]
    files: int
    deployments: int
    suppressed: int = 0  # hidden by `# toplint: ignore` comments
    baselined: int = 0  # hidden by the baseline
    # Deployments not checked against hardware, by reason (the others were).
    unchecked: Mapping[str, int] = field(default_factory=dict)
    inferred: int = 0  # checked on hardware inferred from the config's own hints
    unpriced: int = 0  # checked with the latency not priced (``FileRun.unpriced``)
    # A parser or rule raised (toplint.model.INTERNAL_ERROR): one per file and culprit; never
    # suppressed, never a finding; `toplint check` reports them and exits 3.
    internal: tuple[Finding, ...] = ()


def all_rules() -> list[Rule]:
    """Every rule of every plugin, sorted by code (collected once per set of plugins)."""

    owner = hook_owner()
    if "rules" not in _rules_cache or _rules_cache.get("owner") is not owner:
        _rules_cache["owner"] = owner
        _rules_cache["rules"] = _collect_rules(call_hook("toplint_rules"))
    rules: tuple[Rule, ...] = _rules_cache["rules"]
    return list(rules)


# Where the rules came from (None: the built-ins alone), and the rules (built once per process).
_rules_cache: dict[str, Any] = {}


def _collect_rules(groups: Iterable[Iterable[Rule]]) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    seen: dict[str, str] = {}
    for group in groups:
        for rule in group:
            if rule.code in seen:
                raise ConfigError(
                    f"rule code {rule.code} is defined twice ({seen[rule.code]}, {rule.origin})"
                )
            seen[rule.code] = rule.origin
            rules.append(rule)
    return tuple(sorted(rules, key=lambda r: r.code))


def _codes(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, (list, tuple)):
        return tuple(str(v) for v in value)
    raise ConfigError(f"expected a list of rule codes, got {value!r}")


def rule_settings_from(config: Config, args: argparse.Namespace) -> RuleSettings:
    select = _codes(getattr(args, "select", None)) or _codes(config.get("select"))
    select = select + _codes(config.get("extend-select")) if select else ()
    ignore = _codes(config.get("ignore")) + _codes(getattr(args, "ignore", None))
    severities: dict[str, Severity] = {}
    options: dict[str, dict[str, object]] = {}
    rules = all_rules()
    _check_selectors(select, rules)
    for key, value in (config.get("rules", {}) or {}).items():
        code = _rule_code(str(key), rules, config)
        if isinstance(value, str):
            severities[code] = _severity(value, key, config)
        elif isinstance(value, dict):
            if "severity" in value:
                severities[code] = _severity(value["severity"], key, config)
            options[code] = {k: v for k, v in value.items() if k != "severity"}
            _check_options(code, rules, options[code], key, config)
    return RuleSettings(select, ignore, severities, options)


def _check_selectors(selectors: Sequence[str], rules: Sequence[Rule]) -> None:
    """A selection that matches no rule would check nothing and pass: a usage error (exit 2)."""

    for selector in selectors:
        if not any(matches(rule, (selector,)) for rule in rules):
            import difflib

            names = [r.code for r in rules] + [r.name for r in rules]
            close = difflib.get_close_matches(selector, names, n=1, cutoff=0.6)
            hint = f"; did you mean `{close[0]}`?" if close else " (see `toplint rules`)"
            raise UsageError(f"--select/select {selector}: matches no rule{hint}")


def _rule_code(key: str, rules: Sequence[Rule], config: Config) -> str:
    for rule in rules:
        if key in (rule.code, rule.name):
            return rule.code
    import difflib

    names = [r.code for r in rules] + [r.name for r in rules]
    close = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
    hint = f"; did you mean `{close[0]}`?" if close else " (see `toplint rules`)"
    raise ConfigError(f"{config.where('rules', key)}: rules.{key}: unknown rule{hint}")


def _check_options(
    code: str, rules: Sequence[Rule], given: dict[str, object], key: str, config: Config
) -> None:
    rule = next(r for r in rules if r.code == code)
    for name in given:
        if name not in rule.options:
            known = ", ".join(sorted(rule.options)) or "none"
            raise ConfigError(
                f"{config.where('rules', key, name)}: rules.{key}.{name}: "
                f"{code} has no option `{name}` (options: {known})"
            )


def _severity(value: object, key: object, config: Config) -> Severity:
    try:
        return Severity(str(value))
    except ValueError:
        raise ConfigError(
            f"{config.where('rules', str(key))}: rules.{key}: "
            f"severity must be error, warning or info, not {value!r}"
        ) from None


def per_file_ignored(f: Finding, config: Config) -> bool:
    """True when ``per-file-ignores`` (globs relative to the config's folder) covers ``f``."""
    table = config.get("per-file-ignores", {}) or {}
    if not table:
        return False
    rel = os.path.relpath(os.path.abspath(f.path), config.base_dir).replace(os.sep, "/")
    name = rel.rsplit("/", 1)[-1]
    for codes, matcher in _ignore_groups(table):
        if codes is not None and not any(
            f.rule.startswith(c) or c in (f.name, "ALL") for c in codes
        ):
            continue
        if matcher.any(rel) or matcher.any(name):
            if codes is None:  # a value that is no list of codes: say so where it applies
                for pattern, value in table.items():
                    one = globs((str(pattern).removeprefix("./"),))
                    if one.any(rel) or one.any(name):
                        _codes(value)  # raises ConfigError
                continue
            return True
    return False


# The last table asked about and its globs grouped by the codes they ignore: every finding of
# a run asks, and each group is one compiled pattern (a finding was matched glob by glob).
_GROUPS: list[tuple[object, list[tuple[tuple[str, ...] | None, Globs]]]] = []


def _ignore_groups(table: Mapping[Any, Any]) -> list[tuple[tuple[str, ...] | None, Globs]]:
    if _GROUPS and _GROUPS[0][0] is table:
        return _GROUPS[0][1]
    grouped: dict[tuple[str, ...] | None, list[str]] = {}
    for pattern, value in table.items():
        try:
            codes: tuple[str, ...] | None = _codes(value)
        except ConfigError:
            codes = None
        grouped.setdefault(codes, []).append(str(pattern).removeprefix("./"))
    groups = [(codes, globs(tuple(patterns))) for codes, patterns in grouped.items()]
    _GROUPS[:] = [(table, groups)]
    return groups


def _suppress(
    findings: Iterable[Finding],
    files: Iterable[str],
    scanned: Mapping[str, list[Suppression] | None],
    rules: Sequence[Rule],
    rule_settings: RuleSettings,
    report_unused: bool,
) -> tuple[list[Finding], int]:
    """Apply ``# toplint: ignore`` comments.  ``scanned`` holds the comments of files read while
    checking (None: unreadable); any other file a finding names is read here."""

    findings = list(findings)
    names = set(files) | {f.path for f in findings}
    table: dict[str, list[Suppression]] = {}
    for path in sorted(names - {"-", "<stdin>"}):
        if path in scanned:
            marks = scanned[path]
        else:
            source = read_source(path)
            marks = None if isinstance(source, Finding) else scan(path, source.text)
        if marks is not None:
            table[path] = marks
    outcome = apply(findings, table, report_unused=report_unused)
    reports = adjust_parse_findings(outcome.reports, rules, rule_settings)
    return [*outcome.kept, *reports], outcome.suppressed


def lint(
    paths: Sequence[str],
    settings: Settings,
    rule_settings: RuleSettings,
    *,
    baseline: Baseline | None = None,
    report_unused_ignores: bool = False,
    edits: bool = True,
    details: bool = True,
) -> LintResult:
    """Analyse, run rules, then drop what per-file-ignores, comments and the baseline hide.

    ``edits=False``: the fixes keep their message and intents but not the text edits that
    carry them out (no output asked for them; resolving them costs a pass over each file).
    ``details=False``: findings come without ``data`` and ``related`` (no output shows them;
    neither takes part in a finding's identity)."""

    all_engines()  # a plugin engine that clashes is a configuration error before any file
    rules = all_rules()
    run = run_files(
        paths, settings, rules=rules, rule_settings=rule_settings, edits=edits, details=details
    )
    found = [*run.findings, *(f for file in run.files for f in file.findings)]
    internal = {(f.path, f.anchor): f for f in found if f.rule == INTERNAL_ERROR}
    ignores = bool(settings.config.get("per-file-ignores"))  # else no finding is looked up
    findings = [
        f
        for f in found
        if f.rule != INTERNAL_ERROR and not (ignores and per_file_ignored(f, settings.config))
    ]
    files = [file.path for file in run.files]
    findings = _one_unparsable_per_place(findings, files)
    scanned = {file.path: file.suppressions for file in run.files}
    findings, suppressed = _suppress(
        findings, files, scanned, rules, rule_settings, report_unused_ignores
    )
    # Suppression reports obey per-file-ignores too.
    if ignores:
        findings = [f for f in findings if not per_file_ignored(f, settings.config)]
    known = 0
    ordered = sort_findings(findings)
    if baseline is not None:
        ordered, known = new_findings(ordered, baseline)
    coverage = [c for file in run.files for c in file.coverage]
    return LintResult(
        tuple(ordered),
        tuple(rules),
        len(files),
        len(coverage),
        suppressed,
        known,
        unchecked=unchecked_counts(coverage),
        inferred=sum(file.inferred for file in run.files),
        unpriced=sum(file.unpriced for file in run.files),
        internal=tuple(sort_findings(internal.values())),
    )


def _one_unparsable_per_place(findings: list[Finding], files: Sequence[str]) -> list[Finding]:
    """One TL001 per place: an engine config that is linted itself and also named by a
    command (``--config engine.yaml``) is one root cause, reported once, preferably as the
    linted file's own "cannot parse file"."""
    if sum(f.rule == UNPARSABLE_FILE.code for f in findings) < 2:
        return findings
    linted = set(files)
    best: dict[tuple[str, int, int], Finding] = {}
    for f in findings:
        if f.rule != UNPARSABLE_FILE.code:
            continue
        key = (os.path.realpath(f.path), f.line, f.column)
        have = best.get(key)
        if have is None or _own(f, linted) > _own(have, linted):
            best[key] = f
    keep = {id(f) for f in best.values()}
    return [f for f in findings if f.rule != UNPARSABLE_FILE.code or id(f) in keep]


def _own(f: Finding, linted: set[str]) -> tuple[bool, bool]:
    """How much a TL001 is its file's own: reported on a linted file, as "cannot parse file"."""
    return f.path in linted, f.message.startswith("cannot parse file")


def merge_counts(counts: Iterable[Mapping[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for table in counts:
        for key, n in table.items():
            out[key] = out.get(key, 0) + n
    return out


def unchecked_counts(coverage: Iterable[Unchecked | None]) -> dict[str, int]:
    """Deployments not checked against hardware, by reason (the summary's labels)."""
    counts: dict[str, int] = {}
    for item in coverage:
        if item is not None:
            label = item.label + (" on purpose" if item.deliberate else "")
            counts[label] = counts.get(label, 0) + 1
    return counts


def text_checker(settings: Settings, rule_settings: RuleSettings) -> Checker:
    """A function checking a text as if it were the file it names (same config, hardware, rules).

    ``--fix`` verifies a fix with it before writing: the text goes through the same pipeline
    (``run_parsed``) as a file read from disk, and ``# toplint: ignore`` comments and
    per-file-ignores apply.
    """
    from toplint.fix.types import Checked

    rules = all_rules()
    checks = (rule_settings, prepare_rules(rules, rule_settings))
    use_readers(settings)
    hardware = load_hardware(settings)

    def check_text(path: str, text: str) -> Checked:
        parsed = parse_source(Source.from_text(path, text), builtin_and_plugin_parsers())
        run = run_parsed(parsed, text, hardware, settings, rules, checks)
        found = [f for f in run.findings if not per_file_ignored(f, settings.config)]
        outcome = apply(found, {path: run.suppressions or []}, report_unused=False)
        return Checked(tuple(sort_findings(outcome.kept)), len(run.coverage))

    return check_text
