"""A Python app that runs a command, a GPU type or a model it imports from a sibling module of
the repository (``from bench_lib import VLLM_SERVER_ARGS``, ``bench_lib.py`` beside it), in the
shape of ree2raz/inference-bench@62191001 (sweep 37 development): 21 Modal apps ``Popen`` an
argument list ``bench_lib.py`` writes, with ``gpu=GPU_TYPE`` from it too.  Each app gave a
TL008 note and no deployment."""

from __future__ import annotations

from pathlib import Path

from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

LIB = """\
GPU_TYPE = "L4"
MODEL_FP16 = "Qwen/Qwen2.5-7B-Instruct"

VLLM_SERVER_ARGS = [
    "python3", "-m", "vllm.entrypoints.openai.api_server",
    "--model", MODEL_FP16,
    "--max-num-seqs", "64",
]
"""

APP = """\
import subprocess
import modal
from bench_lib import GPU_TYPE, VLLM_SERVER_ARGS

app = modal.App("bench")


@app.cls(gpu=GPU_TYPE)
class Bench:
    @modal.enter()
    def start_server(self):
        self.proc = subprocess.Popen(VLLM_SERVER_ARGS)
        print(VLLM_SERVER_ARGS)
"""


def _parse(path: Path) -> ParseResult:
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _tree(tmp_path: Path, app: str = APP) -> Path:
    (tmp_path / "bench_lib.py").write_text(LIB)
    (tmp_path / "modal_app.py").write_text(app)
    return tmp_path / "modal_app.py"


def test_an_app_runs_the_command_its_sibling_module_writes(tmp_path: Path) -> None:
    result = _parse(_tree(tmp_path))
    (dep,) = result.deployments  # the print is a use of the one command, not a second
    assert (dep.path, dep.line) == (str(tmp_path / "modal_app.py"), 12)  # at the Popen
    assert (dep.engine, dep.model, dep.gpus) == ("vllm", "Qwen/Qwen2.5-7B-Instruct", 1)
    lib = str(tmp_path / "bench_lib.py")
    assert dep.sources["model"].path == lib  # where the module writes it
    assert dep.options["max_num_seqs"] == "64"


def test_a_name_imported_under_another_name(tmp_path: Path) -> None:
    app = (
        "import subprocess\nfrom bench_lib import MODEL_FP16 as MODEL\n"
        'subprocess.run(["vllm", "serve", MODEL, "--tensor-parallel-size", "2"])\n'
    )
    (dep,) = _parse(_tree(tmp_path, app)).deployments
    assert (dep.model, dep.tp) == ("Qwen/Qwen2.5-7B-Instruct", 2)


def test_a_module_that_is_not_beside_it_stays_unknown(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "bench_lib.py").write_text(LIB)
    app = tmp_path / "sub" / "modal_app.py"
    app.write_text(
        "import subprocess\nfrom bench_lib import MODEL_FP16\n"
        'subprocess.run(["vllm", "serve", MODEL_FP16])\n'
    )
    (dep,) = _parse(app).deployments
    assert dep.model is None and "model" in {u.field for u in dep.unresolved}


def test_the_module_linted_alone_keeps_its_own_reading(tmp_path: Path) -> None:
    _tree(tmp_path)
    (dep,) = _parse(tmp_path / "bench_lib.py").deployments
    assert dep.path == str(tmp_path / "bench_lib.py") and dep.gpus is None
