"""Rule test cases as YAML files: a public helper for toplint's rules and third-party rule packs.

It runs a case through the whole pipeline (and the fixer, for ``fixed:``), so it sits above
them, beside the commands; ``toplint.rulebook.testing`` still imports it for rule packs written
against that path.

A case file holds one rule's cases (sqlfluff's ``std_rule_cases`` style)::

    rule: TL101
    test_fail_tp8_over_ethernet:
      command: vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8
      hardware: {nodes: 2, gpu: A100-SXM4-80GB, gpus_per_node: 4,
                 inter_node: {network: ethernet, bandwidth: 100 Gb/s}}
      expect:
        - {severity: warning, line: 1, column: 51, message: "spans 2 nodes", fix: "--pipeline"}
    test_pass_tp4_pp2:
      command: vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 4 -pp 2
      hardware: ...

A case's input is one of ``command`` (a shell command line, read as ``case.sh``), ``file``
(``{name, text}``: any file a parser reads), ``deployment`` (``Deployment`` fields inline, with
``sources: {field: [line, column]}``), or only ``facts``.  ``hardware`` is one manifest cluster
(or a whole manifest with ``clusters:``); ``facts`` are merged over the computed facts;
``budgets``, ``workload``, ``models`` (the config's ``models:``) and ``options`` (this rule's)
are optional.  ``expect`` lists the findings of this rule exactly (none for ``test_pass_*``);
each may give ``severity``, ``line``, ``column`` and substrings of ``message`` and ``fix``
(``fix: null``: no fix may be offered).
``fixed`` (sqlfluff's ``fix_str``) is the input's text after applying the edits of every fix
that has them (safe and unsafe, in one pass): the command line, or the file's whole text.  As in
sqlfluff, the fixed text must re-lint clean of the rule at the severity of the findings it
fixed (a warning the fix resolves may stay as info, as ``toplint.fix.apply.verify`` accepts),
and a text case without ``fixed`` must come out of its fixes unchanged (a fix that edits is
shown in its case).

Usage in a test module::

    from toplint.testing import load_cases, check_case
    CASES = load_cases("tests/rules/cases")
    @pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
    def test_rule_case(case): check_case(case)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from toplint.cost.types import Budgets, Workload
from toplint.engines.registry import EXAMPLE_ENGINE
from toplint.facts.collect import collect
from toplint.facts.registry import FACTS
from toplint.hardware.manifest import hardware_from_text
from toplint.infra.yamlsafe import dump, load_documents
from toplint.model import Deployment, Finding, Flag, ParseResult, Position, Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
from toplint.pipeline.analyze import run_parsed
from toplint.pipeline.lint import all_rules
from toplint.pipeline.settings import Settings
from toplint.record import fields, record
from toplint.rulebook.judged import judged
from toplint.rulebook.run import RuleSettings, context_for, runs_on
from toplint.rulebook.types import Rule

__all__ = [
    "Case",
    "case_text",
    "check_case",
    "fixed_text",
    "load_case_file",
    "load_cases",
    "run_case",
]


@record
class Case:
    rule: str  # code
    name: str  # "test_fail_..." / "test_pass_..."
    origin: str  # case file
    data: Mapping[str, Any]

    @property
    def id(self) -> str:
        return f"{self.rule}::{self.name}"

    @property
    def passing(self) -> bool:
        return self.name.startswith("test_pass")


def load_case_file(path: str | Path) -> list[Case]:

    text = Path(path).read_text(encoding="utf-8")
    docs = load_documents(text, str(path))
    if len(docs) != 1 or not isinstance(docs[0].data, dict):
        raise ValueError(f"{path}: a case file is one YAML mapping")
    data = docs[0].data
    code = str(data.get("rule", Path(path).stem))
    # Keys starting with "x-" hold YAML anchors shared by cases (hardware, models).
    data = {k: v for k, v in data.items() if not k.startswith("x-")}
    bad = [k for k in data if k != "rule" and not k.startswith(("test_pass", "test_fail"))]
    if bad:
        raise ValueError(f"{path}: case names start with test_pass or test_fail: {bad}")
    return [
        Case(code, name, str(path), body or {}) for name, body in data.items() if name != "rule"
    ]


def load_cases(directory: str | Path) -> list[Case]:
    """Every case of every ``*.yaml`` file in ``directory`` (sorted by file, then file order)."""
    out: list[Case] = []
    for path in sorted(Path(directory).glob("*.y*ml")):
        out.extend(load_case_file(path))
    return out


def _rules_by_code() -> dict[str, Rule]:

    return {r.code: r for r in all_rules()}


def _hardware(raw: Mapping[str, Any]) -> Any:

    manifest = dict(raw) if "clusters" in raw else {"clusters": [{"name": "case", **raw}]}

    return hardware_from_text(dump(manifest), "hardware.yaml")


def _parse(name: str, text: str) -> ParseResult:

    return parse_source(Source.from_text(name, text), builtin_and_plugin_parsers())


def _inline(raw: Mapping[str, Any], path: str = "case.yaml") -> Deployment:
    known = {f.name for f in fields(Deployment)}
    values = {k: v for k, v in raw.items() if k in known and k not in ("flags", "sources")}
    unknown = set(raw) - known
    if unknown:
        raise ValueError(f"unknown Deployment fields in case: {sorted(unknown)}")
    sources = {
        k: Position(path, int(v[0]), int(v[1])) for k, v in (raw.get("sources") or {}).items()
    }
    flags = tuple(
        Flag(
            str(f["name"]),
            None if f.get("value") is None else str(f["value"]),
            str(f.get("raw", "--" + str(f["name"]))),
            Position(path, int(f.get("line", 1)), int(f.get("column", 1))),
        )
        for f in raw.get("flags") or ()
    )
    values.setdefault("engine", EXAMPLE_ENGINE)
    values.setdefault("model", None)
    values["options"] = {str(k): str(v) for k, v in (values.get("options") or {}).items()}
    return Deployment(path=path, line=1, column=1, flags=flags, sources=sources, **values)


def case_text(data: Mapping[str, Any]) -> tuple[str, str] | None:
    """The case's input as (file name, text), when it is text (``command`` or ``file``)."""
    if "command" in data:
        return "case.sh", str(data["command"]) + "\n"
    if "file" in data:
        return str(data["file"]["name"]), str(data["file"]["text"])
    return None


def _parsed(data: Mapping[str, Any]) -> ParseResult:
    """The case's input as the parse stage would hand it on."""
    source = case_text(data)
    if source is not None:
        return _parse(*source)
    if "deployment" in data:
        return ParseResult("case.yaml", (_inline(data["deployment"]),))
    default = Deployment(path="case", line=1, column=1, engine=EXAMPLE_ENGINE, model=None)
    return ParseResult("case", (default,))


def run_case(case: Case, rule: Rule | None = None) -> list[Finding]:
    """The findings of ``case.rule`` for the case's input (parse-stage findings included).

    The input goes through the same pipeline entry point as a file (``run_parsed``: placement
    and cost); then this one rule runs, on the computed facts with the case's ``facts:`` over
    them.
    """

    rule = rule or _rules_by_code()[case.rule]
    data = case.data
    budgets = Budgets(**(data.get("budgets") or {}))
    workload = Workload(**(data.get("workload") or {}))
    settings = Settings(models=data.get("models") or {}, workload=workload, budgets=budgets)
    hardware = _hardware(data["hardware"]) if "hardware" in data else None
    rule_settings = RuleSettings(options={rule.code: dict(data.get("options") or {})})
    run = run_parsed(_parsed(data), None, hardware, settings, (), None, keep=True)
    source = case_text(data)
    found = [f for f in run.findings if f.rule == rule.code]
    if source is not None:
        found = _with_edits(found, None, source)
    if rule.check is None:
        return found
    for analysis in run.analyses:
        if not runs_on(rule, analysis):  # as run_prepared skips it
            continue
        dep = analysis.deployment
        facts: dict[str, Any] = dict(
            collect(
                dep,
                analysis.placement,
                analysis.cost,
                analysis.model,
                budgets,
                workload,
                analysis.outcome,
            )
        )
        facts.update(_case_facts(case))
        ctx = context_for(rule, analysis, facts, rule_settings, budgets, workload)
        more = judged(list(rule.check(rule, ctx)), ctx)  # as run_prepared judges them
        found.extend(more if source is None else _with_edits(more, dep, source))
    return found


def _with_edits(
    findings: list[Finding], dep: Deployment | None, source: tuple[str, str]
) -> list[Finding]:
    from toplint.fix.resolve import attach_edits

    return attach_edits(findings, dep, source[1], source[0])


def fixed_text(case: Case, findings: Sequence[Finding]) -> str:
    """The case's input with the edits of every fix that has them applied in one pass."""
    from toplint.fix.apply import apply_edits

    source = case_text(case.data)
    if source is None:
        raise AssertionError(f"{case.id}: `fixed` needs a `command` or `file` input")
    edits = [
        e
        for f in findings
        if f.fix is not None and f.fix.applicability in ("safe", "unsafe")
        for e in f.fix.edits
    ]
    text, _ = apply_edits(source[1], edits)
    return text[:-1] if "command" in case.data else text


def _case_facts(case: Case) -> Mapping[str, Any]:
    """The case's ``facts:``, each a published fact (a misspelled one would test nothing)."""

    given: Mapping[str, Any] = case.data.get("facts") or {}
    unknown = sorted(set(given) - set(FACTS))
    if unknown:
        raise ValueError(f"{case.id} ({case.origin}): unknown facts {unknown}")
    return given


def _mismatch(expected: Mapping[str, Any], got: Finding) -> list[str]:
    problems = []
    if "severity" in expected and Severity(expected["severity"]) != got.severity:
        problems.append(f"severity {got.severity} != {expected['severity']}")
    for key in ("line", "column"):
        if key in expected and int(expected[key]) != getattr(got, key):
            problems.append(f"{key} {getattr(got, key)} != {expected[key]}")
    if "message" in expected and str(expected["message"]) not in got.message:
        problems.append(f"message {got.message!r} lacks {expected['message']!r}")
    if "fix" in expected and expected["fix"] is None:  # `fix: null`: no fix may be offered
        if got.fix is not None:
            problems.append(f"fix {got.fix.message!r} offered where none may be")
    elif "fix" in expected and (got.fix is None or str(expected["fix"]) not in got.fix.message):
        problems.append(f"fix {got.fix.message if got.fix else None!r} lacks {expected['fix']!r}")
    return problems


def check_case(case: Case, rule: Rule | None = None) -> list[Finding]:
    """Run a case and assert its findings match ``expect`` (in order); returns the findings."""
    got = run_case(case, rule)
    expected: Sequence[Mapping[str, Any]] = case.data.get("expect") or ()
    shown = "\n".join(f"  {f.line}:{f.column} {f.severity} {f.message}" for f in got)
    if len(got) != len(expected):
        raise AssertionError(
            f"{case.id} ({case.origin}): expected {len(expected)} finding(s), got {len(got)}:\n"
            f"{shown}"
        )
    for i, (want, finding) in enumerate(zip(expected, sorted(got, key=_order), strict=True)):
        problems = _mismatch(want, finding)
        if problems:
            raise AssertionError(f"{case.id} finding {i}: " + "; ".join(problems) + f"\n{shown}")
    if "fixed" in case.data:
        _check_fixed(case, got, str(case.data["fixed"]), rule)
    elif case_text(case.data) is not None and fixed_text(case, got) != _input(case):
        raise AssertionError(
            f"{case.id}: the fixes change the text but the case has no `fixed:`; add\n"
            f"fixed: {fixed_text(case, got)!r}"
        )
    return got


def _check_fixed(case: Case, got: Sequence[Finding], want: str, rule: Rule | None) -> None:
    """sqlfluff's two checks of ``fix_str``: the fixed text is the one expected, and it
    re-lints clean of the rule at the severity of the findings it fixed (a fix that leaves
    its own finding behind fixes nothing).  As ``toplint.fix.apply.verify`` accepts a fix,
    a warning whose outcome the fix resolves may stay as info: severity is the outcome
    (docs/severity.md), and e.g. TP over PCIe is reported as info when nothing is better."""
    text = fixed_text(case, got)
    if text != want:
        raise AssertionError(
            f"{case.id}: fixed text differs\n--- expected\n{want}\n--- got\n{text}"
        )
    fixed = [
        f.severity.rank
        for f in got
        if f.fix is not None and f.fix.applicability in ("safe", "unsafe") and f.fix.edits
    ]
    least = min(fixed, default=Severity.INFO.rank)
    again = [f for f in run_case(_with_text(case, text), rule) if f.severity.rank >= least]
    if again:
        shown = "\n".join(f"  {f.line}:{f.column} {f.severity} {f.message}" for f in again)
        raise AssertionError(f"{case.id}: the fixed text still has {case.rule} findings:\n{shown}")


def _input(case: Case) -> str:
    """The case's input text as ``fixed`` spells it (a ``command`` without its newline)."""
    data = case.data
    return str(data["command"]) if "command" in data else str(data["file"]["text"])


def _with_text(case: Case, text: str) -> Case:
    """The case with its input text replaced (``command`` or ``file``), everything else kept."""
    data = dict(case.data)
    data.pop("expect", None)
    data.pop("fixed", None)
    if "command" in data:
        data["command"] = text
    else:
        data["file"] = {**data["file"], "text": text}
    return Case(case.rule, case.name, case.origin, data)


def _order(f: Finding) -> tuple[int, int, str]:
    return (f.line, f.column, f.message)
