"""A Ray Serve application is one deployment: ``X.bind(...)`` passes its arguments to ``X``'s
``__init__`` (ray-project/ray@0067a909 python/ray/serve/deployment.py ``Deployment.bind``), so
the engine the constructor builds takes them, over the parameters' defaults
(``toplint.parse.generic.pycalls``, ``pytree._Reader.call``)."""

from __future__ import annotations

from pathlib import Path

from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source


def _parse(path: Path) -> ParseResult:
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().split("\n"), 1) if text in line)


MODULE = """\
import os
from ray import serve
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine


@serve.deployment(ray_actor_options={"num_gpus": 2})
class Server:
    def __init__(self, model: str, tensor_parallel_size: int = 1, max_model_len: int = 4096):
        print(f"Server {model}")
        args = AsyncEngineArgs(
            model=model,
            tensor_parallel_size=tensor_parallel_size,
            max_model_len=max_model_len,
        )
        self.engine = AsyncLLMEngine.from_engine_args(args)


"""


def _module(tmp_path: Path, bind: str) -> Path:
    path = tmp_path / "serve_app.py"
    path.write_text(MODULE + bind)
    return path


def test_bind_arguments_are_the_constructors_one_deployment(tmp_path: Path) -> None:
    bind = 'app = Server.bind(model="Qwen/Qwen2.5-7B-Instruct", tensor_parallel_size=2)\n'
    path = _module(tmp_path, bind)
    (dep,) = _parse(path).deployments  # was two: the __init__ and the .bind arguments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "Qwen/Qwen2.5-7B-Instruct", 2, 2)
    assert dep.options["max_model_len"] == "4096"  # the default bind leaves
    # the options at the engine's call, the values bind passes at their place
    assert dep.sources["tp"].line == _line_of(path, "tensor_parallel_size=tensor_parallel_size")


def test_bind_positional_arguments_and_options_then_bind(tmp_path: Path) -> None:
    bind = 'app = Server.options(num_replicas=2).bind("Qwen/Qwen2.5-7B-Instruct", 4, 8192)\n'
    (dep,) = _parse(_module(tmp_path, bind)).deployments
    assert (dep.model, dep.tp) == ("Qwen/Qwen2.5-7B-Instruct", 4)
    assert dep.options["max_model_len"] == "8192"


def test_bind_values_are_read_where_the_call_is(tmp_path: Path) -> None:
    # a name set after the class, before the call: Python reads it when the call runs
    bind = 'MODEL = os.environ.get("MODEL_ID", "Qwen/Qwen2.5-7B-Instruct")\n'
    bind += 'app = Server.bind(MODEL, tensor_parallel_size=int(os.environ.get("TP", "2")))\n'
    (dep,) = _parse(_module(tmp_path, bind)).deployments
    assert (dep.model, dep.tp) == ("Qwen/Qwen2.5-7B-Instruct", 2)


def test_two_binds_of_one_class_bind_neither(tmp_path: Path) -> None:
    # which application a config imports is not read here: the constructor's passed parameters
    # stay unknown (never the default), each call read as before
    bind = 'a = Server.bind(model="m1", tensor_parallel_size=2)\n'
    bind += 'b = Server.bind(model="m2", tensor_parallel_size=4)\n'
    deps = _parse(_module(tmp_path, bind)).deployments
    assert 1 not in [d.tp for d in deps if d.model is None]
