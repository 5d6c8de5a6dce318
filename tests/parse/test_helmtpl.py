"""The Go-template renderer Helm charts are read through (toplint.parse.helmtpl): each construct
renders as ``helm template`` renders it, an unsupported one is unresolved or not rendered, never
guessed, and every rendered character is traced to where it was written."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.infra.budgets import new_file
from toplint.model import Position
from toplint.parse.helmtpl import render_chart

CHART = {"name": "mychart", "appVersion": "v0.9.0", "version": "1.2.3"}


def _render(template: str, values: Any = None, helpers: str = "") -> str:
    new_file()
    templates = [("templates/_helpers.tpl", helpers)] if helpers else []
    templates.append(("templates/t.yaml", template))
    maps, failed = render_chart(templates, values or {}, CHART, lambda at: Position("v", 1, 1))
    assert not failed, failed
    return maps[0].text


def _failure(template: str, values: Any = None) -> str:
    new_file()
    maps, failed = render_chart([("templates/t.yaml", template)], values or {}, CHART, _nowhere)
    assert not maps and len(failed) == 1
    return failed[0].why


def _nowhere(at: tuple[Any, ...]) -> Position:
    return Position("values.yaml", 1, 1)


def test_text_and_values_and_trim_markers() -> None:
    assert _render("a: {{ .Values.x }}\n", {"x": "y"}) == "a: y\n"
    assert _render("a:\n  {{- .Values.x }}  \n  b", {"x": 1}) == "a:1  \n  b"
    assert _render("a: {{ .Values.x -}}\n  \n b", {"x": 1}) == "a: 1b"
    assert _render("{{/* a comment */}}k: v") == "k: v"
    assert _render("{{- /* don't {{ stop }} here */ -}}\nk: {{ .Values.x }}", {"x": 1}) == "k: 1"
    assert _render("k: {{ .Values.missing }}.") == "k: ."  # helm prints a missing value as nothing


def test_numbers_print_as_helm_prints_them() -> None:
    """Helm reads every YAML number as a float64 and prints it with Go's %v."""
    values = {"tp": 8, "big": 1000000, "frac": 0.9}
    assert _render("{{ .Values.tp }} {{ .Values.big }} {{ .Values.frac }}", values) == "8 1e+06 0.9"
    assert _render("{{ .Values.big | int }}", values) == "1000000"


def test_release_chart_and_root_variable() -> None:
    out = _render(
        "{{ .Release.Name }} {{ .Chart.Name }} {{ .Chart.AppVersion }} {{ $.Values.a }}", {"a": 1}
    )
    assert out == "release-name mychart v0.9.0 1"


def test_if_else_if_else() -> None:
    tpl = "{{ if .Values.a }}A{{ else if .Values.b }}B{{ else }}C{{ end }}"
    assert [_render(tpl, v) for v in ({"a": 1}, {"b": "x"}, {"a": 0, "b": ""})] == ["A", "B", "C"]


def test_with_and_range_over_lists_and_maps() -> None:
    assert _render("{{ with .Values.m }}{{ .name }}{{ end }}", {"m": {"name": "n"}}) == "n"
    assert _render("{{ with .Values.m }}x{{ else }}none{{ end }}", {"m": {}}) == "none"
    tpl = "{{ range $i, $v := .Values.l }}{{ $i }}={{ $v }};{{ end }}"
    assert _render(tpl, {"l": ["a", "b"]}) == "0=a;1=b;"
    tpl = "{{ range $k, $v := .Values.m }}{{ $k }}={{ $v }};{{ end }}"
    assert _render(tpl, {"m": {"b": 2, "a": 1}}) == "a=1;b=2;"  # Go visits keys in order
    assert _render("{{ range .Values.l }}{{ . }}{{ else }}empty{{ end }}", {"l": []}) == "empty"
    tpl = "{{ range .Values.l }}{{ if eq . 2 }}{{ break }}{{ end }}{{ . }}{{ end }}"
    assert _render(tpl, {"l": [1, 2, 3]}) == "1"


def test_define_include_and_template() -> None:
    helpers = '{{- define "c.args" -}}\n- --model={{ .Values.model }}\n{{- end }}'
    tpl = 'args:\n  {{- include "c.args" . | nindent 2 }}\n{{ template "c.args" . }}'
    out = _render(tpl, {"model": "org/m"}, helpers)
    assert out == "args:\n  - --model=org/m\n- --model=org/m"


def test_a_template_file_is_included_by_its_helm_name() -> None:
    """``include (print $.Template.BasePath "/x.yaml") .`` names a file: chart/templates/x.yaml."""
    new_file()
    templates = [("c/templates/cm.yaml", "k: {{ .Values.a }}"), ("c/templates/t.yaml", _BY_PATH)]
    maps, failed = render_chart(templates, {"a": 1}, CHART, _nowhere)
    assert not failed and maps[1].text == "k: 1|mychart/templates/t.yaml"


_BY_PATH = '{{ include (print $.Template.BasePath "/cm.yaml") . }}|{{ .Template.Name }}'


def test_base_path_is_the_charts_templates_folder_from_a_subfolder() -> None:
    """helm/helm pkg/engine/engine.go: BasePath is path.Join(chart, "templates") for every
    template, one in a subfolder too (stackhpc/azimuth-llm templates/ui/deployment.yml
    includes (print $.Template.BasePath "/ui/app-config-map.yml"))."""
    new_file()
    nested = '{{ include (print $.Template.BasePath "/ui/cm.yaml") . }}|{{ .Template.BasePath }}'
    templates = [
        ("c/templates/ui/cm.yaml", "k: {{ .Values.a }}"),
        ("c/templates/ui/d.yaml", nested),
    ]
    maps, failed = render_chart(templates, {"a": 1}, CHART, _nowhere)
    assert not failed and maps[1].text == "k: 1|mychart/templates"


def test_variables_assignment_and_parentheses() -> None:
    tpl = '{{ $x := "a" }}{{ if .Values.b }}{{ $x = "b" }}{{ end }}{{ $x }} '
    tpl += '{{ (index .Values.m "k").v }}'
    assert _render(tpl, {"b": True, "m": {"k": {"v": 3}}}) == "b 3"


@pytest.mark.parametrize(
    ("expr", "values", "expected"),
    [
        ('{{ .Values.a | default "d" }}', {"a": ""}, "d"),
        ('{{ .Values.a | default "d" }}', {"a": "x"}, "x"),
        ("{{ .Values.a | quote }}", {"a": 4}, '"4"'),
        ("{{ .Values.a | squote }}", {"a": "x"}, "'x'"),
        ("{{ .Values.a | toString }}", {"a": 4}, "4"),
        ('{{ printf "%s-%d" .Values.a 3 }}', {"a": "x"}, "x-3"),
        ('{{ join " " .Values.l }}', {"l": ["--a", "1"]}, "--a 1"),
        ('{{ .Values.a | required "set a" }}', {"a": "x"}, "x"),
        ('{{ ternary "y" "n" .Values.a }}', {"a": True}, "y"),
        ('{{ hasKey .Values "a" }} {{ empty .Values.b }}', {"a": 1}, "true true"),
        ("{{ and .Values.a .Values.b }} {{ or .Values.a .Values.b }}", {"a": 0, "b": 2}, "0 2"),
        ("{{ not .Values.a }} {{ ne .Values.a 1 }}", {"a": 1}, "false false"),
        ("{{ lt .Values.a 2 }} {{ gt .Values.a 2 }}", {"a": 1}, "true false"),
        ("{{ .Values.a | trim | upper }}", {"a": " x "}, "X"),
        ('{{ .Values.a | lower | replace "." "-" }}', {"a": "A.B"}, "a-b"),
        ("{{ .Values.a | toJson }}", {"a": {"k": [1, "x"]}}, '{"k":[1,"x"]}'),
        ("{{ .Values.a | indent 2 }}", {"a": "x\ny"}, "  x\n  y"),
        ('{{ index .Values.r "nvidia.com/gpu" }}', {"r": {"nvidia.com/gpu": 2}}, "2"),
        (
            '{{ typeIs "string" .Values.a }} {{ kindIs "map" .Values.b }}',
            {"a": "x", "b": {}},
            "true true",
        ),
        ('{{ dig "a" "b" "d" .Values }} {{ dig "a" "c" "d" .Values }}', {"a": {"b": 1}}, "1 d"),
        ("{{ (merge .Values.a .Values.b).k }}", {"a": {"k": 1}, "b": {"k": 2}}, "1"),
        ("{{ (mergeOverwrite .Values.a .Values.b).k }}", {"a": {"k": 1}, "b": {"k": 2}}, "2"),
        ("{{ concat .Values.a .Values.b | len }} {{ until 3 }}", {"a": [1], "b": [2]}, "2 [0 1 2]"),
        ("{{ .Values.global.registry }}x", {}, "x"),  # helm always gives values a `global`
        # Masterminds semver as sprig's semverCompare runs it (azimuth-llm's api deployment)
        ('{{ semverCompare "<v0.13.0" .Values.v }}', {"v": "v0.11.0"}, "true"),
        ('{{ semverCompare ">=1.2.0, <2.0.0" .Values.v }}', {"v": "2.0"}, "false"),
        ('{{ semverCompare "<1.0.0 || >3.0.0" .Values.v }}', {"v": "4.1.0"}, "true"),
        (
            '{{ has "--x" .Values.l }} {{ has "--y" .Values.l }} {{ has 1 .Values.m }}',
            {"l": ["--x"]},
            "true false false",
        ),
        # Sprig's div/mod/add1 are int64 arithmetic, truncated toward zero (Masterminds/sprig
        # functions.go); an LWS chart sizes its group with div (AI-Hypercomputer/gpu-recipes)
        ("{{ div (mul .Values.tp .Values.pp) 8 }}", {"tp": 16, "pp": 1}, "2"),
        ("{{ div .Values.g 8 | max 1 }} {{ div 7 2 }} {{ div -7 2 }}", {"g": 4}, "1 3 -3"),
        (
            '{{ mod 7 3 }} {{ mod -7 2 }} {{ add1 .Values.n }} {{ div "16" 2.9 }}',
            {"n": 2},
            "1 -1 3 8",
        ),
    ],
)
def test_functions(expr: str, values: Any, expected: str) -> None:
    assert _render(expr, values) == expected


def test_to_yaml_and_nindent_keep_structure() -> None:
    values = {"resources": {"limits": {"nvidia.com/gpu": 1, "cpu": "4"}}, "args": ["--tp", "8"]}
    out = _render(
        "r:\n  {{- toYaml .Values.resources | nindent 2 }}\na:\n{{ toYaml .Values.args }}", values
    )
    assert out == 'r:\n  limits:\n    cpu: "4"\n    nvidia.com/gpu: 1\na:\n- "--tp"\n- "8"'


def test_unsupported_values_are_unresolved_placeholders() -> None:
    """``.Files``, ``lookup`` and a missing ``required`` value are unresolved: printed as a
    placeholder the Kubernetes readers read as an unresolved value, never guessed."""
    assert _render('{{ .Files.Get "f" }}') == "${helm_Files}"
    assert _render('{{ lookup "v1" "Pod" "ns" "p" }}') == "${helm_lookup}"
    assert _render('{{ required "set it" .Values.m }}') == "${helm_required}"
    # a range or a prerelease has matching rules of its own: not computed
    assert (
        _render('{{ semverCompare "~1.2" .Values.v }}', {"v": "1.2.3"}) == "${helm_semverCompare}"
    )
    assert _render('{{ semverCompare "<2.0.0" .Values.v }}', {"v": "1.0.0-rc1"}) == (
        "${helm_semverCompare}"
    )


def test_what_cannot_render_says_why() -> None:
    assert "condition" in _failure('{{ if .Files.Get "x" }}a{{ end }}')
    assert "fails" in _failure('{{ fail "no" }}')
    assert "nil pointer" in _failure("{{ .Values.a.b }}")
    assert "no template" in _failure('{{ include "missing" . }}')
    assert "not read as a template" in _failure("{{ if .Values.a }}")
    assert "divide by zero" in _failure("{{ div 1 .Values.z }}", {"z": 0})


def test_budgets_bound_loops_and_recursion() -> None:
    assert "range" in _failure("{{ range .Values.n }}x{{ end }}", {"n": 10**6})
    new_file()
    loop = '{{ define "a" }}{{ include "a" . }}{{ end }}{{ include "a" . }}'
    maps, failed = render_chart([("templates/t.yaml", loop)], {}, CHART, _nowhere)
    assert not maps and "nest" in failed[0].why


def test_each_rendered_character_is_traced_to_where_it_was_written() -> None:
    """A value is at its path in the values; literal text at its own line and column."""
    new_file()
    template = "args:\n  - --tensor-parallel-size={{ .Values.tp }}\n  - --enforce-eager\n"
    maps, _ = render_chart(
        [("templates/t.yaml", template)],
        {"tp": 8},
        CHART,
        lambda at: Position("values.yaml", 7, len(at)),
    )
    (span,) = maps
    assert span.text == "args:\n  - --tensor-parallel-size=8\n  - --enforce-eager\n"
    assert span.position(2, 5) == Position("values.yaml", 7, 1)  # the word holds the value
    assert span.position(3, 5) == Position("templates/t.yaml", 3, 5)


def test_tpl_renders_a_value_as_a_template_with_the_context_it_is_given() -> None:
    # helm/helm pkg/engine/engine.go: `tpl` parses its string as a template and executes it with
    # the value it is given; charts use it for values that name other values
    values = {"model": "org/m", "args": "--model={{ .Values.model }} --tp={{ .Values.tp }}"}
    values["tp"] = 4
    assert _render("{{ tpl .Values.args . }}", values) == "--model=org/m --tp=4"
    assert _render('{{ tpl "{{ .name }}" .Values.m }}', {"m": {"name": "x"}}) == "x"
    assert _render("{{ tpl .Values.a . }}", {"a": '{{ .Files.Get "f" }}'}) == "${helm_Files}"
    assert "tpl" in _failure("{{ tpl .Values.a . }}", {"a": "{{ if }}"})


def test_what_tpl_writes_is_placed_at_the_value_that_held_it() -> None:
    new_file()
    template = "args:\n  - {{ tpl .Values.flag . }}\n"
    maps, _ = render_chart(
        [("templates/t.yaml", template)],
        {"flag": "--tensor-parallel-size={{ .Values.tp }}", "tp": 8},
        CHART,
        lambda at: Position("values.yaml", 7 if at == ("flag",) else 9, 1),
    )
    (span,) = maps
    assert span.text == "args:\n  - --tensor-parallel-size=8\n"
    assert span.position(2, 5) == Position("values.yaml", 7, 1)  # the flag's own text
    assert span.position(2, 28) == Position("values.yaml", 9, 1)  # the value it reads


_FLAGS = '{{- define "c.flags" -}}\n- --enforce-eager\n- --tp={{ .Values.tp }}\n{{- end }}\n'
_ARGS = (
    "{{/* the engine's arguments */}}\n"
    '{{- define "c.args" -}}\n- --served-model-name=m\n{{ include "c.flags" . }}\n{{- end }}\n'
)


def _traced(templates: list[tuple[str, str]]) -> Any:
    new_file()
    maps, failed = render_chart(
        templates, {"tp": 8}, CHART, lambda at: Position("values.yaml", 7, len(at))
    )
    assert not failed, failed
    return maps[-1]


def test_text_a_define_writes_is_traced_to_the_file_and_line_of_the_define() -> None:
    """A define's text is written in its own file (``_helpers.tpl``), not in the template that
    includes it: its lines are that file's; a value it prints is still at the value."""
    template = 'args:\n  {{- include "c.flags" . | nindent 2 }}\n  - --port=8000\n'
    span = _traced([("templates/_helpers.tpl", _FLAGS), ("templates/t.yaml", template)])
    assert span.text == "args:\n  - --enforce-eager\n  - --tp=8\n  - --port=8000\n"
    assert span.position(2, 5) == Position("templates/_helpers.tpl", 2, 3)
    assert span.position(3, 5) == Position("values.yaml", 7, 1)  # the word holds the value
    assert span.position(4, 5) == Position("templates/t.yaml", 3, 5)  # the template's own


def test_a_define_that_includes_a_define_of_a_third_file_is_traced_to_each() -> None:
    """``template``, and a define including one of another file: each text at its own file."""
    template = 'args:\n{{ template "c.args" . }}\n'
    span = _traced(
        [
            ("templates/_flags.tpl", _FLAGS),
            ("templates/_args.tpl", _ARGS),
            ("templates/t.yaml", template),
        ]
    )
    assert span.text == "args:\n- --served-model-name=m\n- --enforce-eager\n- --tp=8\n"
    assert span.position(2, 3) == Position("templates/_args.tpl", 3, 3)
    assert span.position(3, 3) == Position("templates/_flags.tpl", 2, 3)
    assert span.position(4, 3) == Position("values.yaml", 7, 1)
    assert span.position(1, 1) == Position("templates/t.yaml", 1, 1)


def test_what_does_not_render_in_a_define_is_said_at_the_define() -> None:
    new_file()
    helpers = '{{- define "c.bad" -}}\nx: 1\n{{ fail "no model" }}\n{{- end }}\n'
    template = 'a\n{{ include "c.bad" . }}'
    templates = [("templates/_helpers.tpl", helpers), ("templates/t.yaml", template)]
    maps, failed = render_chart(templates, {}, CHART, _nowhere)
    assert not maps and failed[0].path == "templates/t.yaml"  # the template not rendered,
    assert failed[0].position == Position("templates/_helpers.tpl", 3, 4)  # at the `fail`


def test_lines_an_indent_adds_leave_a_defines_text_at_its_own_columns() -> None:
    """``nindent 8`` puts 8 spaces before each line the define writes: they are the action's,
    and each line keeps its own column in the define (not 8 further per line)."""
    template = 'spec:\n  args:{{ include "c.flags" . | nindent 8 }}\n'
    span = _traced([("templates/_helpers.tpl", _FLAGS), ("templates/t.yaml", template)])
    assert span.text == "spec:\n  args:\n        - --enforce-eager\n        - --tp=8\n"
    assert span.position(3, 11) == Position("templates/_helpers.tpl", 2, 3)
    assert span.position(4, 9) == Position("templates/_helpers.tpl", 3, 1)
    assert span.position(4, 3).path == "templates/t.yaml"  # a space the nindent wrote


def test_a_define_a_tpl_string_includes_is_traced_to_the_define() -> None:
    """The string's own text is at the value holding it; the define's at the define."""
    new_file()
    template = "args:\n{{ tpl .Values.args . }}\n"
    maps, failed = render_chart(
        [("templates/_helpers.tpl", _FLAGS), ("templates/t.yaml", template)],
        {"tp": 8, "args": '- --port=8000\n{{ include "c.flags" . }}'},
        CHART,
        lambda at: Position("values.yaml", 7 if at == ("args",) else 9, 1),
    )
    assert not failed, failed
    (span,) = maps
    assert span.text == "args:\n- --port=8000\n- --enforce-eager\n- --tp=8\n"
    assert span.position(2, 3) == Position("values.yaml", 7, 1)
    assert span.position(3, 3) == Position("templates/_helpers.tpl", 2, 3)
    assert span.position(4, 3) == Position("values.yaml", 9, 1)
