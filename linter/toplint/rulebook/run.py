"""Run rules over analysed deployments, with the configuration's selection and severities."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from toplint.cost.types import Budgets, Workload
from toplint.facts.collect import collect
from toplint.facts.registry import FactView
from toplint.model import Finding, Severity, internal_error
from toplint.record import field, record, replace
from toplint.rulebook.analysis import Analysis
from toplint.rulebook.fold import fold_consequences
from toplint.rulebook.judged import judged
from toplint.rulebook.types import Rule, RuleContext


@record
class RuleSettings:
    """Which rules run, at which severity, with which options (from the config file)."""

    select: tuple[str, ...] = ()  # codes, code prefixes ("TL1") or names; empty = all
    ignore: tuple[str, ...] = ()
    severities: Mapping[str, Severity] = field(default_factory=dict)  # code -> severity
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # code -> options


def matches(rule: Rule, selectors: Sequence[str]) -> bool:
    return any(rule.code.startswith(s) or rule.name == s or s == "ALL" for s in selectors)


def enabled(rule: Rule, settings: RuleSettings) -> bool:
    if settings.select and not matches(rule, settings.select):
        return False
    return not matches(rule, settings.ignore)


def context_for(
    rule: Rule,
    analysis: Analysis,
    facts: Mapping[str, Any],
    settings: RuleSettings,
    budgets: Budgets,
    workload: Workload,
) -> RuleContext:
    options, severity = _fixed(rule, settings)
    return _context(analysis, facts, options, severity, budgets, workload)


def _context(
    analysis: Analysis,
    facts: Mapping[str, Any],
    options: Mapping[str, Any],
    severity: Severity,
    budgets: Budgets,
    workload: Workload,
) -> RuleContext:
    return RuleContext(
        deployment=analysis.deployment,
        placement=analysis.placement,
        cost=analysis.cost,
        model=analysis.model,
        facts=FactView(facts),
        options=options,
        severity=severity,
        budgets=budgets,
        workload=workload,
        cluster=analysis.cluster,
        unchecked=getattr(analysis, "unchecked", None),
        outcome=getattr(analysis, "outcome", None),
        shared_gpu=getattr(analysis, "shared_gpu", None),
        model_unread=getattr(analysis, "model_unread", ""),
    )


_NO_OPTIONS: Mapping[str, Any] = MappingProxyType({})


def _fixed(rule: Rule, settings: RuleSettings) -> tuple[Mapping[str, Any], Severity]:
    """The options and severity ``context_for`` gives ``rule`` (the same for every deployment).

    Rules without options share one empty mapping, so ``run_prepared`` builds one context per
    (options, severity) pair instead of one per rule."""
    options = {**rule.options, **settings.options.get(rule.code, {})}
    return options or _NO_OPTIONS, settings.severities.get(rule.code, rule.severity)


def rule_crashed(rule: Rule, analysis: Analysis, exc: Exception) -> Finding:
    """An internal error (exit 3), not a finding of the rule: ``toplint.model.internal_error``."""

    dep = analysis.deployment
    return internal_error(dep.path, dep.line, dep.column, f"rule {rule.code} ({rule.name})", exc)


# A rule ready to run: the rule, its merged options and its effective severity.
Prepared = tuple[Rule, Mapping[str, Any], Severity]


def prepare_rules(rules: Sequence[Rule], settings: RuleSettings) -> list[Prepared]:
    """The enabled rules with the options and severity ``context_for`` would give them.

    Both depend on the rule alone, so they are merged once per run, not per deployment.
    """
    active = [r for r in rules if r.check is not None and enabled(r, settings)]
    return [(r, *_fixed(r, settings)) for r in active]


def run_rules(
    rules: Sequence[Rule],
    analyses: Iterable[Analysis],
    settings: RuleSettings,
    budgets: Budgets,
    workload: Workload,
) -> list[Finding]:
    return run_prepared(prepare_rules(rules, settings), analyses, budgets, workload)


def run_prepared(
    prepared: Sequence[Prepared], analyses: Iterable[Analysis], budgets: Budgets, workload: Workload
) -> list[Finding]:
    """Findings of the prepared rules over the analysed deployments."""

    findings: list[Finding] = []
    explains, leads, variants, steps = _plan(prepared)
    for analysis in analyses:
        here: list[Finding] = []
        facts = collect(
            analysis.deployment,
            analysis.placement,
            analysis.cost,
            analysis.model,
            budgets,
            workload,
            getattr(analysis, "outcome", None),
        )
        # Rules that share options and severity share one (immutable) context; the others
        # differ from it in those two fields alone (a copy, not a new context built anew).
        contexts: list[RuleContext] = []
        if variants:
            first = _context(analysis, facts, *variants[0], budgets, workload)
            contexts = [first]
            shared = first.__dict__  # ``replace`` without its keyword call: 7 copies a deployment
            for options, severity in variants[1:]:
                other = object.__new__(RuleContext)
                other.__dict__.update(shared, options=options, severity=severity)
                contexts.append(other)
        declined = _declined(analysis)
        for rule, check, k in steps:
            if declined and rule.accelerators != "any":
                continue  # GPU physics and GPU-stack facts say nothing of this accelerator (TL011)
            ctx = contexts[k]
            try:
                found = list(check(rule, ctx))
                if found:  # most rules find nothing on most deployments
                    here.extend(judged(found, ctx))
            except Exception as exc:  # a crashing rule is an internal error; the run goes on
                import os

                if os.environ.get("TOPLINT_DEBUG"):
                    raise
                here.append(rule_crashed(rule, analysis, exc))
        if explains:  # one root cause, one finding (toplint.rulebook.fold)
            here = fold_consequences(here, explains, leads)
        findings.extend(
            _elsewhere(_with_provenance(here, analysis.deployment), analysis.deployment)
        )
    return findings


def runs_on(rule: Rule, analysis: Analysis) -> bool:
    """Whether ``rule`` judges the analysed deployment (``run_prepared`` skips it otherwise)."""
    return rule.accelerators == "any" or not _declined(analysis)


def _declined(analysis: Analysis) -> bool:
    """The deployment runs on an accelerator toplint does not model (TL011): only rules whose
    judgement holds on any accelerator (``Rule.accelerators == "any"``) run on it."""
    unchecked = getattr(analysis, "unchecked", None)
    return unchecked is not None and unchecked.kind == "accelerator"


def _with_provenance(found: list[Finding], dep: Any) -> list[Finding]:
    """Findings on a layout a reader inferred say where it came from ("TP 16 from
    `flags.tp-size`, serving.yaml:12"), so a user can check the reading before the verdict."""
    if not dep.provenance:
        return found
    from toplint.parse.infer.provenance import explain
    from toplint.record import replace

    said = explain(dep)
    if not said:
        return found
    return [replace(f, message=f"{f.message} ({said})") if f.path == dep.path else f for f in found]


def _elsewhere(found: list[Finding], dep: Any) -> list[Finding]:
    """A finding placed in another file than its deployment's (a base manifest a Kustomize
    overlay patches, a chart's template its values render, a file a script sources) carries the
    deployment it is about, which the report names unless another deployment's equal finding
    says the same (``toplint.pipeline.order``): the same line of a base can be wrong for one
    overlay and right for another (GoogleCloudPlatform/kubernetes-engine-samples@2b503651
    ai-ml/llm-serving-gemma/tgi: an overlay serves gemma-2b with the base's two shards)."""
    if not found or not any(f.path != dep.path for f in found):
        return found
    from toplint.record import replace

    whose = f"{dep.path}:{dep.line}"
    return [replace(f, deployment=whose) if f.path != dep.path else f for f in found]


_Plan = tuple[
    dict[str, Any],  # code -> the consequences the rule explains (rulebook.fold)
    dict[str, Any],  # code -> how the folded message introduces them (Rule.explains_lead)
    list[tuple[Mapping[str, Any], Severity]],  # the distinct (options, severity) of the rules
    list[tuple[Rule, Any, int]],  # per rule: the rule, its check, its index in that list
]
# The plan of the last prepared rule list (the check calls ``run_prepared`` once per deployment
# with the same list); the list is held so that its id is not reused.
_last_plan: list[tuple[Sequence[Prepared], _Plan]] = []


def _plan(prepared: Sequence[Prepared]) -> _Plan:
    if _last_plan and _last_plan[0][0] is prepared:
        return _last_plan[0][1]
    explains = {rule.code: rule.explains for rule, _, _ in prepared if rule.explains}
    leads = {rule.code: rule.explains_lead for rule, _, _ in prepared if rule.explains}
    variants: list[tuple[Mapping[str, Any], Severity]] = []
    index: dict[tuple[int, Severity], int] = {}
    steps: list[tuple[Rule, Any, int]] = []
    for rule, options, severity in prepared:
        key = (id(options), severity)
        if key not in index:
            index[key] = len(variants)
            variants.append((options, severity))
        steps.append((rule, rule.check, index[key]))  # prepare_rules kept rules with a check
    plan = (explains, leads, variants, steps)
    _last_plan[:] = [(prepared, plan)]
    return plan


def adjust_parse_findings(
    findings: Iterable[Finding], rules: Sequence[Rule], settings: RuleSettings
) -> list[Finding]:
    """Apply selection and severity overrides to findings raised before the rules stage."""
    if not findings:
        return []
    by_code = {r.code: r for r in rules}
    out = []
    for f in findings:
        rule = by_code.get(f.rule)
        if rule is not None and not enabled(rule, settings):
            continue
        sev = settings.severities.get(f.rule)
        if sev is not None and sev != f.severity:
            f = replace(f, severity=sev)
        out.append(f)
    return out
