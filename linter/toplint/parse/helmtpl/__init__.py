"""A bounded, pure-Python renderer of the Go-template subset Helm charts use (issue 24: a
chart whose templates bind values to engine flags is the commonest Kubernetes LLM deployment).

``lexer`` (text and actions, trim markers, tokens) -> ``ast`` (pipelines, if/else if/else,
with, range, define/template/block) -> ``render`` (the evaluator: ``.Values``, ``.Release``,
``.Chart``, ``$`` and variables, ``include``, ``required``, the functions of ``funcs``) ->
``spans`` (where each rendered character was written).  ``render_chart`` renders every template
of one chart for one values tree; a template that cannot be rendered is reported with why and
where, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from toplint.errors import SourceError
from toplint.model import Position
from toplint.parse.helmtpl.ast import Template, parse
from toplint.parse.helmtpl.lexer import TemplateSyntax
from toplint.parse.helmtpl.render import Define, NotRendered, Renderer, root_context
from toplint.parse.helmtpl.spans import SpanMap, TemplateLines
from toplint.record import record

__all__ = ["Failed", "SpanMap", "render_chart"]


@record
class Failed:
    """A template that was not rendered: why, and where in it."""

    path: str
    why: str
    position: Position


def render_chart(
    templates: Sequence[tuple[str, str]],
    values: Any,
    chart: Mapping[str, Any],
    value_position: Callable[[tuple[Any, ...]], Position],
) -> tuple[list[SpanMap], list[Failed]]:
    """Each manifest template (``(path, text)``; a name starting ``_`` only defines) rendered
    with ``values``, in order; the ones that do not render, with why.  A ``define`` keeps the
    file it is written in, so its text is placed there wherever it is included."""
    lines = TemplateLines(dict(templates))
    parsed: list[tuple[str, Template]] = []
    failed: list[Failed] = []
    defines: dict[str, Define] = {}
    for path, text in templates:
        try:
            tree = parse(text)
        except TemplateSyntax as exc:
            failed.append(
                Failed(path, f"not read as a template: {exc}", lines.position(path, exc.offset))
            )
            continue
        defines.update((name, (path, body)) for name, body in tree.defines.items())
        # `include (print $.Template.BasePath "/x.yaml")`
        defines[helm_name(path, chart)] = (path, tree.body)
        parsed.append((path, tree))
    rendered: list[SpanMap] = []
    for path, tree in parsed:
        if _partial(path):
            continue
        renderer = Renderer(defines, root_context(values, chart, helm_name(path, chart)), path)
        try:
            parts = renderer.render(tree.body)
        except NotRendered as exc:
            where = lines.position(exc.file or path, exc.offset)
            failed.append(Failed(path, exc.why, where))
            continue
        except (SourceError, RecursionError) as exc:  # a budget (toplint.infra.budgets)
            failed.append(Failed(path, str(exc), Position(path, 1, 1)))
            continue
        rendered.append(SpanMap(parts, path, lines, value_position))
    return rendered, failed


def helm_name(path: str, chart: Mapping[str, Any]) -> str:
    """The name Helm gives a template file: ``<chart name>/templates/<path in templates/>``."""
    parts = path.replace("\\", "/").split("/")
    last = max((i for i, p in enumerate(parts[:-1]) if p == "templates"), default=len(parts) - 2)
    return "/".join([str(chart.get("name", "")), *parts[last:]])


def _partial(path: str) -> bool:
    """Helm renders every file of ``templates/`` but ``NOTES.txt`` and names starting ``_``."""
    name = path.rsplit("/", 1)[-1]
    return name.startswith("_") or not name.endswith((".yaml", ".yml", ".json"))
