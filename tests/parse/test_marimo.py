"""marimo notebooks: each ``@app.cell`` function's body is read as the module-level code marimo
runs (``toplint.parse.generic.marimo``), at its own line and column.  Open-world set 35
development (mjhermanson-nv/sglang-brevdev@8722c7bc, marimo notebooks launching SGLang with
``launch_server_cmd("python3 -m sglang.launch_server ...")`` and ``sgl.Engine(...)``) read as
TL008 notes: nothing calls a cell's function in the file."""

from __future__ import annotations

from tests.parse.helpers import only

NOTEBOOK = """\
import marimo

app = marimo.App()


@app.cell
def _():
    import sglang as sgl
    return (sgl,)


@app.cell(hide_code=True)
def _(sgl):
    llm = sgl.Engine(
        model_path="qwen/qwen2.5-0.5b-instruct",
        tp_size=2,
    )
    return (llm,)


if __name__ == "__main__":
    app.run()
"""


def test_a_cell_function_body_is_read_as_run() -> None:
    dep = only("offline.py", NOTEBOOK)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", "qwen/qwen2.5-0.5b-instruct", 2)
    line = NOTEBOOK.split("\n").index("        tp_size=2,") + 1
    assert dep.sources["tp"].line == line
    assert dep.sources["tp"].column == 9  # the file's column, not the dedented text's


def test_a_command_a_helper_launches_from_a_cell_is_read() -> None:
    """A tuple assignment's value is read too (``server, port = launch(...)``)."""
    text = NOTEBOOK.replace(
        """    llm = sgl.Engine(
        model_path="qwen/qwen2.5-0.5b-instruct",
        tp_size=2,
    )
    return (llm,)""",
        """    from sglang.test.doc_patch import launch_server_cmd
    server, port = launch_server_cmd(
        "python3 -m sglang.launch_server --model-path org/m --tp 2"
    )
    return (server, port)""",
    )
    dep = only("server.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", "org/m", 2)
