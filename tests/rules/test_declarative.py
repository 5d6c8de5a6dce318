"""The declarative vocabulary: three-valued conditions, safe rendering, schema validation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toplint.errors import ConfigError
from toplint.facts.registry import FactView
from toplint.model import Deployment, Position, Severity
from toplint.rulebook.conditions import Evaluator, compile_condition
from toplint.rulebook.load import rule_from_yaml_text
from toplint.rulebook.messages import render
from toplint.rulebook.types import RuleContext

FACTS = {"tp.size": 8, "tp.link.kind": "ethernet", "decode.comm_ms_per_step": 22.7}


def truth(cond: object, facts: dict[str, object] = FACTS) -> object:
    """The condition's value, checked equal for the tree walk and the compiled closure."""
    walked = Evaluator(facts, {"limit": 4})
    compiled = Evaluator(facts, {"limit": 4})
    value = walked.truth(cond)
    assert compile_condition(cond)(compiled) is value
    assert compiled.used == walked.used
    return value


_NAMES = st.sampled_from(["tp.size", "pp.size", "tp.link.kind", "decode.comm_ms_per_step"])
_OPERANDS = st.one_of(
    st.integers(-2, 10),
    st.sampled_from(["ethernet", "nvlink", True, None]),
    st.lists(st.sampled_from(["ethernet", 8, 2]), max_size=2),
    st.builds(lambda n: {"fact": n}, _NAMES),
    st.builds(lambda n: {"option": n}, st.sampled_from(["limit", "absent"])),
)
_LEAVES = st.one_of(
    st.builds(lambda n: {"exists": n}, _NAMES),
    st.builds(
        lambda op, n, v: {op: [n, v]},
        st.sampled_from(["eq", "ne", "lt", "le", "gt", "ge", "in"]),
        _NAMES,
        _OPERANDS,
    ),
)
_CONDITIONS = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(
        st.builds(lambda xs: {"all": xs}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda xs: {"any": xs}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda x: {"not": x}, inner),
    ),
    max_leaves=8,
)


@given(_CONDITIONS, st.sampled_from([FACTS, {}, {"tp.size": True, "pp.size": 2.5}]))
def test_compiled_condition_agrees_with_the_tree_walk(cond: object, facts: dict) -> None:
    truth(cond, facts)


def test_compiled_condition_rejects_what_the_walk_rejects() -> None:
    for bad in ({"xor": []}, {"gt": ["a", 1], "lt": ["b", 2]}, [1]):
        with pytest.raises(ValueError):
            Evaluator({}, {}).truth(bad)
        with pytest.raises(ValueError):
            compile_condition(bad)


def test_comparison_on_a_fact() -> None:
    assert truth({"gt": ["tp.size", 4]}) is True


def test_comparison_with_an_option_operand() -> None:
    assert truth({"le": ["tp.size", {"option": "limit"}]}) is False


def test_missing_fact_is_unknown_not_false() -> None:
    assert truth({"gt": ["pp.size", 1]}) is None


def test_not_of_unknown_stays_unknown() -> None:
    assert truth({"not": {"gt": ["pp.size", 1]}}) is None


def test_all_is_false_when_one_part_is_false_even_with_unknowns() -> None:
    assert truth({"all": [{"gt": ["pp.size", 1]}, {"eq": ["tp.size", 2]}]}) is False


def test_any_is_true_when_one_part_is_true() -> None:
    assert truth({"any": [{"gt": ["pp.size", 1]}, {"in": ["tp.link.kind", ["ethernet"]]}]})


def test_exists() -> None:
    assert truth({"exists": "tp.size"}) is True


def test_ordering_never_compares_strings() -> None:
    assert truth({"gt": ["tp.link.kind", 1]}) is None


def test_render_formats_units_from_the_name() -> None:
    text = render("{decode.comm_ms_per_step} at TP {tp.size}", FACTS, {})
    assert text == "22.7 ms at TP 8"


def test_render_share_as_percent() -> None:
    assert render("{x.comm_share_of_itl}", {"x.comm_share_of_itl": 0.454}, {}) == "45%"


def test_render_does_not_rescan_inserted_values() -> None:
    assert render("{a}", {"a": "{b}", "b": "secret"}, {}) == "{b}"


def test_render_drops_optional_segment_with_missing_fact() -> None:
    assert render("TP[[, PP {pp.size}]]", FACTS, {}) == "TP"


def test_render_literal_braces() -> None:
    assert render("{{p2p: true}}", {}, {}) == "{p2p: true}"


RULE_YAML = """\
code: TL999
name: test-rule
summary: A test rule.
severity: warning
options: {limit: 4}
when: {gt: [tp.size, {option: limit}]}
severities:
  - when: {eq: [tp.link.kind, ethernet]}
    severity: error
at: [pp, tp]
message: "TP {tp.size} over {tp.link.kind}"
fix: {message: "--tensor-parallel-size {option.limit}", applicability: unsafe}
doc: "## What it does\\nTests.\\n"
"""


def context(rule_severity: Severity, facts: dict[str, object]) -> RuleContext:
    dep = Deployment(
        path="a.sh",
        line=1,
        column=1,
        engine="vllm",
        model=None,
        sources={"tp": Position("a.sh", 3, 7)},
    )
    return RuleContext(dep, None, None, None, FactView(facts), {"limit": 4}, rule_severity)


def test_yaml_rule_fires_with_position_severity_and_fix() -> None:
    rule = rule_from_yaml_text(RULE_YAML, "t.yaml")
    assert rule.check is not None
    [f] = rule.check(rule, context(rule.severity, FACTS))
    assert (f.line, f.column, f.severity) == (3, 7, Severity.ERROR)
    assert f.message == "TP 8 over ethernet"
    assert f.fix is not None and f.fix.message == "--tensor-parallel-size 4"
    assert f.data["tp.size"] == 8


def test_configured_severity_overrides_conditional_severity() -> None:
    rule = rule_from_yaml_text(RULE_YAML, "t.yaml")
    assert rule.check is not None
    [f] = rule.check(rule, context(Severity.INFO, FACTS))
    assert f.severity == Severity.INFO


def test_yaml_rule_quiet_when_facts_are_missing() -> None:
    rule = rule_from_yaml_text(RULE_YAML, "t.yaml")
    assert rule.check is not None
    assert list(rule.check(rule, context(rule.severity, {}))) == []


def test_schema_error_names_the_place() -> None:
    with pytest.raises(ConfigError, match=r"t.yaml:6:7: when"):
        rule_from_yaml_text(RULE_YAML.replace("{gt: [tp.size", "{bigger: [tp.size"), "t.yaml")


def test_unknown_fact_in_a_condition_names_its_place_and_the_closest_fact() -> None:
    bad = RULE_YAML.replace("{gt: [tp.size,", "{gt: [tp.sise,")
    wanted = r"t.yaml:6:13: when.gt.0: unknown fact `tp.sise`; did you mean `tp.size`\?"
    with pytest.raises(ConfigError, match=wanted):
        rule_from_yaml_text(bad, "t.yaml")


def test_unknown_fact_in_a_fact_operand_is_rejected() -> None:
    bad = RULE_YAML.replace("{option: limit}", "{fact: pp.sizes}")
    with pytest.raises(ConfigError, match=r"t.yaml:6:\d+: when.gt.1.fact: unknown fact `pp.size"):
        rule_from_yaml_text(bad, "t.yaml")


def test_unknown_fact_in_a_nested_condition_is_rejected() -> None:
    bad = RULE_YAML.replace("{eq: [tp.link.kind, ethernet]}", "{not: {exists: tp.link.knd}}")
    wanted = r"t.yaml:8:26: severities.0.when.not.exists: unknown fact"
    with pytest.raises(ConfigError, match=wanted):
        rule_from_yaml_text(bad, "t.yaml")


def test_unknown_fact_in_a_message_is_rejected() -> None:
    bad = RULE_YAML.replace('"TP {tp.size} over', '"TP {tp.width} over')
    wanted = r"t.yaml:11:10: message: unknown fact `tp.width` \(`python -m toplint.facts.registry`"
    with pytest.raises(ConfigError, match=wanted):
        rule_from_yaml_text(bad, "t.yaml")


def test_undeclared_option_is_rejected() -> None:
    bad = RULE_YAML.replace("{option.limit}", "{option.limt}")
    with pytest.raises(ConfigError, match=r"fix.message: option `limt` is not declared.*`limit`"):
        rule_from_yaml_text(bad, "t.yaml")


BAND_RULE_YAML = """\
code: TL999
name: test-rule
summary: A test rule.
severity: warning
when: {gt: [decode.comm_ms_per_step, 1.0]}
at: [tp]
message: "decode takes {decode.comm_ms_per_step}"
doc: "## What it does\\nTests.\\n"
"""


def test_finding_carries_the_band_and_method_of_each_estimate_it_used() -> None:
    rule = rule_from_yaml_text(BAND_RULE_YAML, "t.yaml")
    assert rule.check is not None
    facts = {
        "decode.comm_ms_per_step": 3.0,
        "decode.comm_ms_per_step_low": 2.5,
        "decode.comm_ms_per_step_high": 4.0,
        "decode.comm_ms_per_step_method": "interpolation, alpha-beta",
        "prefill.comm_ms_low": 9.0,  # not used by the rule: not carried
    }
    [f] = rule.check(rule, context(rule.severity, facts))
    assert dict(f.data) == {k: v for k, v in facts.items() if k.startswith("decode.")}


@given(
    st.lists(
        st.sampled_from(["{", "}", "{{", "}}", "a ", "tp", ".", "option.", "x_ms", " ", "[["]),
        max_size=12,
    ).map("".join)
)
def test_a_template_parsed_once_renders_as_it_reads(template: str) -> None:
    """``_render`` fills a template from its parts, parsed once per template; the same text as
    reading it brace by brace (``_render_reading``), or the same error."""
    from toplint.rulebook.messages import _render, _render_reading

    facts = {"tp": 4, "x_ms": 1.5, "a": "word"}
    options = {"tp": 2, "x_ms": 0.25}
    try:
        expected = _render_reading(template, facts, options)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc).replace("{", r"\{").split("'")[0]):
            _render(template, facts, options)
        return
    assert _render(template, facts, options) == expected
