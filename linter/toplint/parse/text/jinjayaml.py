"""An Ansible role's template of a YAML file (``templates/compose.yaml.j2``,
``templates/vllm-deployment.yaml.j2``), read as the YAML the role renders (issue 24).

Ansible's ``template`` module renders a Jinja2 file (by convention named ``*.j2``: docs.ansible.com,
``ansible.builtin.template``, "src: path of a Jinja2 formatted template") with the play's variables
and writes the result, a compose file or a Kubernetes manifest the next task applies.  A template
whose only markup is ``{{ … }}`` expressions (and ``{# … #}`` comment lines) renders line for
line: each ``{{ name }}`` whose value ``parse.text.rendered.variables`` finds (the role's
defaults, ``group_vars/all``, a play that renders it) is that value, as Jinja prints it, and every
other expression (a filter this reader does not apply, an unknown name) is an unresolved
placeholder, read as a template's unfilled value: ``${jinja_<name>}`` for ``{{ name | f }}`` (so a
finding names the variable), ``${jinja_<n>}`` for any other expression.  A template with statements
(``{% for %}``, ``{% if %}``) renders some lines zero or many times: it is left as it is, under
its own name (``compose.yaml.j2``), a template no YAML reader reads.
"""

from __future__ import annotations

import re
import shlex

from toplint.discover.source import read_name
from toplint.infra.patterns import lazy
from toplint.parse.base import Source
from toplint.record import replace

_EXPR = lazy(r"\{\{-?[ \t]*([^{}\n]{1,300}?)[ \t]*-?\}\}")
_COMMENT_LINE = lazy(r"^[ \t]*\{#[^\n]{0,500}?#\}[ \t]*$", re.M)
_NAME = lazy(r"[A-Za-z_][A-Za-z0-9_]*")
# Filters whose output is the value itself for the values substituted here: ``string``, and
# ``quote`` (shell quoting) of a value that needs none (ansible.builtin.quote: shlex.quote).
_SAME = ("string", "quote")


def yaml_rendered(source: Source) -> Source:
    """``source`` as its role renders it when it is a Jinja template of YAML with expressions
    only; else ``source`` as it is."""
    text, base = source.text, source.path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if not base.endswith(".j2") or not source.yaml_named or read_name(base) != source.name:
        return source  # (a document a template's here-document writes keeps its own name)
    if "{%" in text:  # statements: a template still, under the name it has (``x.yaml.j2``)
        return replace(source, name=base)
    if "{{" not in text:
        return source
    import toplint.parse.text.rendered  # loaded by a Jinja template of YAML alone

    values = toplint.parse.text.rendered.variables(source.path)
    unresolved = 0

    def put(m: re.Match[str]) -> str:
        nonlocal unresolved
        value = _value(m.group(1), values)
        if value is not None:
            return value
        unresolved += 1
        name = m.group(1).split("|")[0].strip()
        return "${jinja_%s}" % (name if _NAME.fullmatch(name) else unresolved)

    return replace(source, text=_EXPR.sub(put, _COMMENT_LINE.sub("", text)))


def _value(expr: str, values: dict[str, str]) -> str | None:
    """The printed value of ``name`` or ``name | string`` / ``name | quote``; None otherwise."""
    name, *filters = (part.strip() for part in expr.split("|"))
    value = values.get(name) if _NAME.fullmatch(name) else None
    if value is None or "\n" in value or any(f not in _SAME for f in filters):
        return None
    if "quote" in filters and shlex.quote(value) != value:
        return None
    return value
