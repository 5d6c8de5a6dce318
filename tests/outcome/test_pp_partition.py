"""The hidden layers per pipeline stage an environment writes for vLLM's partitioner
(``VLLM_PP_LAYER_PARTITION``, ``toplint.outcome.weights.pp_partition``): the fullest stage's
weights and KV cache are what must fit, and a partition vLLM refuses does not start."""

from __future__ import annotations

from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.starts import problems
from toplint.outcome.weights import kv_per_token, pp_partition, weights_per_gpu

MODEL = "Qwen/Qwen2.5-32B-Instruct"  # 64 hidden layers


def _dep(partition: str | None, pp: int = 2, engine: str = "vllm") -> Deployment:
    env = {"env.VLLM_PP_LAYER_PARTITION": partition} if partition is not None else {}
    return Deployment(
        path="serve.sh", line=1, column=1, engine=engine, model=MODEL, tp=1, pp=pp, options=env
    )


def test_the_fullest_written_stage_holds_more_weights_and_kv() -> None:
    model = lookup_model(MODEL)
    assert model is not None and model.num_layers == 64
    even, uneven = _dep(None), _dep("24,40")
    assert pp_partition(model, uneven) == ([24, 40], "")
    assert weights_per_gpu(model, uneven) > 1.2 * weights_per_gpu(model, even)
    assert kv_per_token(model, uneven) == kv_per_token(model, even) * 40 / 32
    assert not problems(uneven, model)


def test_a_partition_vllm_refuses_does_not_start() -> None:
    model = lookup_model(MODEL)
    assert model is not None
    for written, says in (
        ("15,15,15,19", "writes 4 stages for pipeline-parallel size 2"),
        ("24,30", "places 54 layers, the model has 64"),
        ("24,x", "not a list of whole numbers"),
    ):
        found = problems(_dep(written), model)
        assert any(says in p for p in found), (written, found)
        assert pp_partition(model, _dep(written))[0] is None  # priced as the engine's own split


def test_an_engine_that_reads_no_such_variable_ignores_it() -> None:
    model = lookup_model(MODEL)
    assert model is not None
    assert pp_partition(model, _dep("15,15,15,19", engine="sglang")) == (None, "")
