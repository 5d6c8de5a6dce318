"""A Python module that builds one engine (triton-inference-server/server@e1db8a6
qa/L0_openai/generate_engine.py): TensorRT-LLM's ``LoraConfig(max_lora_rank=8, max_loras=4,
max_cpu_loras=8)`` names options vLLM has too, but the module imports TensorRT-LLM alone, so
it is no vLLM deployment (it was one, a TL007 error); and an engine call read as a deployment
whose first argument is computed (``LLM(model, ...)`` in a function of ``model``) leaves the
model unresolved (TL003), not unnamed (TL007)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

BUILD = """\
from tensorrt_llm import BuildConfig
from tensorrt_llm._tensorrt_engine import LLM
from tensorrt_llm.lora_manager import LoraConfig


def generate_model_engine(model: str, engines_path: str):
    lora_config = LoraConfig(
        lora_target_modules=["attn_q", "attn_k", "attn_v"],
        max_lora_rank=8,
        max_loras=4,
        max_cpu_loras=8,
    )
    engine = LLM(model, dtype="float16", max_batch_size=128, lora_config=lora_config)
    engine.save(engines_path)
"""


def test_another_engines_vocabulary_in_a_module_of_one_engine_is_no_deployment() -> None:
    """Nothing of the module's one engine call is written as a literal option: TL008 says so
    at info, naming TensorRT-LLM."""
    result = parse_text("generate_engine.py", BUILD)
    assert result.deployments == ()
    (said,) = result.findings
    assert (said.rule, said.severity.value) == ("TL008", "info") and "of trtllm" in said.message


def test_an_engine_calls_computed_first_argument_is_its_unresolved_model() -> None:
    text = BUILD.replace('dtype="float16"', "tensor_parallel_size=2")
    dep = only("generate_engine.py", text)
    assert (dep.engine, dep.tp, dep.line) == ("trtllm", 2, 13)
    (given,) = [u for u in dep.unresolved if u.field == "model"]
    assert dep.model is None and (given.position.line, given.position.column) == (13, 18)
