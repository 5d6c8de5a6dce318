"""Jupyter notebooks (``.ipynb``: Colab, Kaggle, SageMaker and Vertex AI notebooks) that start an
engine from their cells (issue 24).

The notebook is read as JSON, never run (``toplint.parse.generic.nbcells``).  Its code cells are
what IPython executes (``toplint.parse.generic.nbrender``): their Python, in cell order, is one
module read by the Python reader (``vllm.LLM(...)``, ``sglang.Engine(...)``,
``subprocess.Popen([...])``, ``os.environ["CUDA_VISIBLE_DEVICES"]``); the shell commands they run
(``!nohup vllm serve ... &``, a ``%%bash`` cell) are one script read by the shell reader, in the
same order, a command ending in ``&`` running beside the ones after it as in a script; a file a
``%%writefile`` cell writes (a Dockerfile, a script, a Python module) is read as that file.  Every
position is moved back onto the ``.ipynb`` file's own line and column.  Markdown cells are not
code: a command in one is an instruction to the reader.
"""

from __future__ import annotations

from collections.abc import Callable

from toplint.model import Deployment, Finding, ParseResult, Sourced, unparsable
from toplint.parse.base import SHELL_SUFFIXES, Source
from toplint.parse.generic.nbcells import NotANotebook, code_cells
from toplint.parse.generic.nbrender import Rendered, render
from toplint.parse.moveback import Mover, Point

_CELLS = "#cells"  # the cells' Python and shell, read under the notebook's path with this mark


class NotebookParser:
    name = "notebook"

    def accepts(self, source: Source) -> bool:
        return source.name.endswith(".ipynb")

    def parse(self, source: Source) -> ParseResult:
        try:
            cells = code_cells(source.text)
        except NotANotebook as error:
            why = unparsable(source.path, f"not a notebook: {error}")
            return ParseResult(source.path, (), (why,))
        rendition = render(cells)
        parts: list[tuple[str, Rendered, Callable[[Source], ParseResult]]] = [
            (source.path + _CELLS + ".py", rendition.python, _python),
            (source.path + _CELLS + ".sh", rendition.shell, _shell),
        ]
        for written in rendition.written:
            read = _reader_of(written.name)
            if read is not None:
                parts.append((f"{source.path}{_CELLS}/{written.name}", written.body, read))
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        sourced: list[Sourced] = []
        for path, rendered, read in parts:
            if not rendered.text.strip():
                continue
            found = read(Source.from_text(path, rendered.text))
            moved = Mover(path, source.path, _point(rendered)).result(found)
            deployments.extend(moved.deployments)
            findings.extend(moved.findings)
            sourced.extend(moved.sourced)
        deployments.sort(key=lambda d: (d.line, d.column))
        return ParseResult(source.path, tuple(deployments), tuple(findings), tuple(sourced))


def _python(source: Source) -> ParseResult:
    from toplint.parse.generic.pyparser import PythonParser

    return PythonParser().parse(source)


def _shell(source: Source) -> ParseResult:
    from toplint.parse.text.shellsrc import ShellParser

    return ShellParser().parse(source)


def _dockerfile(source: Source) -> ParseResult:
    from toplint.parse.text.dockerfile import DockerfileParser

    return DockerfileParser().parse(source)


def _reader_of(name: str) -> Callable[[Source], ParseResult] | None:
    """The reader of a file a ``%%writefile`` cell writes, by its name."""
    low = name.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if low.startswith(("dockerfile", "containerfile")) or low.endswith(".dockerfile"):
        return _dockerfile
    if low.endswith(SHELL_SUFFIXES):
        return _shell
    if low.endswith(".py"):
        return _python
    return None


def _point(rendered: Rendered) -> Point:
    """Where a (line, column) of the rendered text is in the notebook's file."""

    def point(line: int, column: int) -> tuple[int, int]:
        lines = rendered.lines
        k = min(max(line, 1), len(lines)) - 1
        code = lines[k]
        if code is None:  # a blank line between the code lines: the notebook's own line
            return line, column
        return code.line, code.column(rendered.starts[k] + max(column, 1) - 1)

    return point
