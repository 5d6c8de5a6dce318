"""A module's constants that its engine call takes by name are that call's settings, one
deployment (``toplint.parse.generic.pyconstants``), in the shape of DCC-BS/bentoml-vllm-llm@
ba9fc970 service.py: a BentoML service whose ``__init__`` builds ``AsyncEngineArgs(model=MODEL_ID,
tensor_parallel_size=TENSOR_PARALLEL_SIZE)`` from constants set at the top of the module
(open-world set 17 development: read as two vLLM deployments)."""

from __future__ import annotations

from pathlib import Path

from .helpers import parse_text

SERVICE = """\
import os
import bentoml

MODEL_ID = os.getenv("MODEL_ID", "org/m")
MAX_MODEL_LEN = int(os.getenv("MAX_MODEL_LEN", 8196))
TENSOR_PARALLEL_SIZE = int(os.getenv("TENSOR_PARALLEL_SIZE", 2))


@bentoml.service(name="vllm-llm")
class VLLM:
    def __init__(self) -> None:
        from vllm import AsyncEngineArgs, AsyncLLMEngine

        ENGINE_ARGS = AsyncEngineArgs(
            model=MODEL_ID,
            max_model_len=MAX_MODEL_LEN,
            tensor_parallel_size=TENSOR_PARALLEL_SIZE,
        )
        self.engine = AsyncLLMEngine.from_engine_args(ENGINE_ARGS)
"""


def test_constants_an_engine_call_takes_are_that_calls_settings() -> None:
    (dep,) = parse_text("service.py", SERVICE).deployments
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 2, 14)


def test_constants_no_call_takes_stay_a_reading_of_their_own() -> None:
    text = SERVICE.replace("tensor_parallel_size=TENSOR_PARALLEL_SIZE", "tensor_parallel_size=4")
    text = text.replace("model=MODEL_ID", 'model="org/other"')
    found = parse_text("service.py", text).deployments
    assert sorted((d.model, d.tp) for d in found) == [("org/m", 2), ("org/other", 4)]


def test_a_module_that_loads_its_env_file_reads_the_values_it_sets(tmp_path: Path) -> None:
    """python-dotenv's ``load_dotenv()`` finds the ``.env`` beside the module (or above it, in
    the repository) and the module's ``os.getenv`` reads it (DCC-BS/bentoml-vllm-llm@ba9fc970:
    MODEL_ID in .env, read as the os.getenv default before)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".env").write_text(
        '# settings\nexport MODEL_ID="org/from-env"\nTENSOR_PARALLEL_SIZE=4\n'
    )
    app = tmp_path / "app"
    app.mkdir()
    text = SERVICE.replace(
        "import bentoml\n", "import bentoml\nfrom dotenv import load_dotenv\n\nload_dotenv()\n"
    )
    (app / "service.py").write_text(text)
    (dep,) = parse_text(str(app / "service.py"), text).deployments
    assert (dep.model, dep.tp) == ("org/from-env", 4)
    assert (dep.sources["model"].path.endswith(".env"), dep.sources["model"].line) == (True, 2)
    (dep,) = parse_text(str(app / "service.py"), SERVICE).deployments  # no load_dotenv()
    assert (dep.model, dep.tp) == ("org/m", 2)
