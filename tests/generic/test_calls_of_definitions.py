"""A call of a function the module defines, whose body builds the engine, is the
body's deployment, not a second one (``toplint.parse.generic.data``).

The first input is copied, shortened, from dagnaputra/nlp@41a5ccc
exps/graphRAG/lightrag/llm.py (``initialize_lmdeploy_pipeline`` and its one caller): read
before as two LMDeploy deployments, the body's and the call's.
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

LIGHTRAG = """\
from functools import lru_cache


@lru_cache(maxsize=1)
def initialize_lmdeploy_pipeline(model, tp=1, chat_template=None, model_format="hf"):
    from lmdeploy import pipeline, ChatTemplateConfig, TurbomindEngineConfig

    lmdeploy_pipe = pipeline(
        model_path=model,
        backend_config=TurbomindEngineConfig(tp=tp, model_format=model_format),
        chat_template_config=ChatTemplateConfig(model_name=chat_template),
        log_level="WARNING",
    )
    return lmdeploy_pipe


async def lmdeploy_model_if_cache(model, prompt, chat_template=None, **kwargs):
    tp = kwargs.pop("tp", 1)
    lmdeploy_pipe = initialize_lmdeploy_pipeline(
        model=model,
        tp=tp,
        chat_template=chat_template,
        log_level="WARNING",
    )
    return lmdeploy_pipe
"""


def test_a_wrapper_named_after_its_engine_is_read_through_its_body() -> None:
    dep = only("llm.py", LIGHTRAG)
    assert (dep.engine, dep.line) == ("lmdeploy", 8)
    assert {u.field for u in dep.unresolved} >= {"model", "tp"}


ONCE = """\
from vllm import LLM


def start_vllm(model, tensor_parallel_size):
    return LLM(model=model, tensor_parallel_size=tensor_parallel_size)


llm = start_vllm(model="org/m", tensor_parallel_size=2)
"""


def test_a_helper_called_once_is_its_body_with_the_calls_arguments() -> None:
    dep = only("app.py", ONCE)
    assert (dep.model, dep.tp, dep.line) == ("org/m", 2, 5)


def test_a_helper_called_twice_leaves_what_its_parameters_give_unresolved() -> None:
    # each call's keywords are the helper's parameters, the engine's options only by name:
    # the body is read, its TP unresolved, rather than a guess per call
    text = ONCE.replace(
        'llm = start_vllm(model="org/m", tensor_parallel_size=2)\n',
        'a = start_vllm(model="org/a", tensor_parallel_size=2)\n'
        'b = start_vllm(model="org/b", tensor_parallel_size=4)\n',
    )
    deps = parse_text("app.py", text).deployments
    assert [(d.line, d.tp) for d in deps] == [(5, None)]
    assert "tp" in {u.field for u in deps[0].unresolved}
