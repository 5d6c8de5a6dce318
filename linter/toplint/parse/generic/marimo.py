"""marimo notebooks: a Python module whose cells are functions marimo runs (issue 24).

A marimo notebook is a ``.py`` file with ``app = marimo.App()`` and one function per cell
decorated ``@app.cell`` (``@app.cell(hide_code=True)``), which marimo calls in the order of the
names they define and use; the function's parameters are the names other cells define and its
``return`` the names it gives them (marimo docs, "Notebook file format"; marimo-team/marimo
``marimo/_ast/app.py`` ``App.cell``).  Nothing calls those functions in the file, so a reader of
the module as written sees none of their code run.  Here each cell's body is read as module-level
code at its own lines, dedented (its columns moved back after), its ``return`` dropped; a
``with app.setup:`` block's body likewise; ``@app.function`` and ``@app.class_definition``
definitions stay definitions.  The file's order is one marimo can run (it writes cells so).
"""

from __future__ import annotations

import ast

from toplint.parse.generic import pysource

_CELL_DECORATORS = frozenset({"cell"})


def flattened(text: str) -> tuple[str, dict[int, int]] | None:
    """The module with its cells' bodies at module level, and each moved line's dedent
    (1-based line -> columns removed); None when the text is no marimo notebook."""
    if "@app.cell" not in text or "marimo" not in text:
        return None
    try:
        tree = pysource.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    lines = text.split("\n")
    out = [""] * len(lines)
    shifts: dict[int, int] = {}
    cells = 0
    for node in tree.body:
        body = _cell_body(node)
        if body is None:  # imports, ``app = marimo.App()``, ``@app.function`` definitions
            for n in range(_first_line(node), (node.end_lineno or node.lineno) + 1):
                out[n - 1] = lines[n - 1]
            continue
        cells += 1
        for stmt in body:
            if isinstance(stmt, ast.Return):
                continue  # the names the cell gives the others
            for n in range(_first_line(stmt), (stmt.end_lineno or stmt.lineno) + 1):
                line = lines[n - 1]
                cut = min(stmt.col_offset, len(line) - len(line.lstrip(" \t")))
                out[n - 1], shifts[n] = line[cut:], cut
    return ("\n".join(out), shifts) if cells else None


def _cell_body(node: ast.stmt) -> list[ast.stmt] | None:
    """The statements of a marimo cell (or of ``with app.setup:``), or None for any other
    top-level statement."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        if any(_is_cell(d) for d in node.decorator_list):
            return node.body
        return None
    if isinstance(node, ast.With) and any(
        _app_attribute(item.context_expr) == "setup" for item in node.items
    ):
        return node.body
    return None


def _is_cell(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return _app_attribute(target) in _CELL_DECORATORS


def _app_attribute(node: ast.expr) -> str | None:
    """``x`` of ``app.x``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.attr if node.value.id == "app" else None
    return None


def _first_line(node: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(node, "decorator_list", None) or []
    return min([node.lineno, *(d.lineno for d in decorators)])
