"""Jupyter notebooks are read as JSON, never run (``toplint.parse.generic.notebook``): the code
cells' Python as one module, their ``!`` commands and ``%%bash`` cells as one script, a
``%%writefile`` cell as the file it writes, each position the ``.ipynb`` file's own; markdown
cells are text.  Open-world set 35 development (lingduoduo/LLM-Notebooks, luochang212/llm-deploy,
google-gemini/gemma-cookbook notebooks) had read ``!nohup vllm serve`` only by a scan of the
JSON text, ``vllm.LLM(...)`` not at all, and a markdown cell's instructions as servers."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.parse.helpers import only, parse_text
from toplint.discover.files import wanted
from toplint.parse.base import Source
from toplint.parse.builtin import BUILTIN_PARSERS, DeferredParser


def _notebook(*cells: tuple[str, list[str]]) -> str:
    """nbformat 4 JSON as Jupyter writes it (one ``source`` string a line, indent 1)."""
    return json.dumps(
        {
            "cells": [
                {"cell_type": kind, "metadata": {}, "source": source}
                | ({"execution_count": None, "outputs": []} if kind == "code" else {})
                for kind, source in cells
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        },
        indent=1,
    )


def _line_of(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of ``needle`` in the notebook's JSON text."""
    for n, line in enumerate(text.split("\n"), 1):
        if needle in line:
            return n, line.index(needle) + 1
    raise AssertionError(needle)


def test_an_escaped_command_in_a_code_cell_is_read_at_its_place_in_the_json() -> None:
    text = _notebook(
        ("code", ["!pip install vllm\n"]),
        ("code", ["!nohup vllm serve Qwen/Qwen3-8B \\\n", "  --tensor-parallel-size 2 &\n"]),
    )
    dep = only("serve.ipynb", text)
    assert (dep.engine, dep.model, dep.tp, dep.path) == ("vllm", "Qwen/Qwen3-8B", 2, "serve.ipynb")
    assert (dep.line, dep.column) == _line_of(text, "vllm serve")
    flag = dep.flag("tensor-parallel-size")
    assert flag is not None and flag.position.line == _line_of(text, "--tensor")[0]
    assert flag.position.column == _line_of(text, "--tensor")[1]


def test_a_markdown_cell_is_text_not_a_command() -> None:
    text = _notebook(
        ("markdown", ["Start it in a terminal:\n", "```bash\n", "vllm serve big/model --tp 8\n"]),
        ("code", ["from openai import OpenAI\n", 'client = OpenAI(base_url="http://x:8000/v1")\n']),
    )
    assert parse_text("client.ipynb", text).deployments == ()


def test_the_python_of_the_cells_is_one_module() -> None:
    """An environment a cell sets bounds the engine a later cell builds in-process."""
    text = _notebook(
        ("code", ["import os\n", 'os.environ["CUDA_VISIBLE_DEVICES"] = "0"\n']),
        ("code", ["import vllm\n", "MODEL = './model/Qwen2.5-1.5B-Instruct'\n"]),
        ("code", ["llm = vllm.LLM(model=MODEL, tensor_parallel_size=1)\n"]),
    )
    dep = only("deploy.ipynb", text)
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 1, 1)
    assert dep.line == _line_of(text, "llm = vllm.LLM")[0]


DOCKER_CMD = 'CMD ["--model", "org/w"]\n'


def test_a_bash_cell_is_a_script_and_a_written_dockerfile_is_a_dockerfile() -> None:
    text = _notebook(
        ("code", ["%%bash\n", "python -m sglang.launch_server --model-path org/m --tp 4\n"]),
        ("code", ["%%writefile Dockerfile\n", "FROM vllm/vllm-openai:v0.9.0\n", DOCKER_CMD]),
    )
    deps = parse_text("cells.ipynb", text).deployments
    assert sorted((d.engine, d.tp, d.model) for d in deps) == [
        ("sglang", 4, "org/m"),
        ("vllm", 1, "org/w"),
    ]


def test_a_python_expression_in_a_command_is_not_known_here() -> None:
    """IPython fills ``{TP}`` from the Python namespace before the shell runs the command."""
    command = "!vllm serve org/m --tensor-parallel-size {TP}\n"
    text = _notebook(("code", ["TP = compute()\n", command]))
    dep = only("x.ipynb", text)
    assert dep.tp is None and [u.field for u in dep.unresolved] == ["tp"]


def test_a_shell_command_written_in_a_code_cell_is_read_as_one() -> None:
    """No Python (IPython would refuse it): the server the notebook's other cells query."""
    text = _notebook(("code", ["python -m vllm.entrypoints.openai.api_server --model org/m\n"]))
    assert only("x.ipynb", text).model == "org/m"


def test_text_that_is_no_notebook_is_unparsable() -> None:
    result = parse_text("broken.ipynb", '{"cells": [')
    assert [f.rule for f in result.findings] == ["TL001"]


def test_a_directory_walk_reads_notebooks() -> None:
    assert wanted("serve.ipynb")


def test_the_reader_is_not_imported_for_other_files() -> None:
    """Asked about a file of another name, the deferred reader says no without importing."""
    (where,) = [w for w in BUILTIN_PARSERS if w[0] == "notebook"]
    reader = DeferredParser(*where)
    assert not reader.accepts(Source.from_text("serve.py", "import vllm\n"))
    assert reader._real is None
    probe = (
        "import sys\n"
        "from toplint.parse.parallel import builtin_and_plugin_parsers\n"
        "from toplint.parse.run import parse_source\n"
        "from toplint.parse.base import Source\n"
        "parse_source(Source.from_text('a.py', 'import vllm\\nvllm.LLM(model=\"m\")\\n'),"
        " builtin_and_plugin_parsers())\n"
        "print('toplint.parse.generic.notebook' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr
