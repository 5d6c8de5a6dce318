"""``outcome.precision.precision`` is kept per everything it reads: each answer must be what
the unkept computation gives, whatever was asked before."""

from __future__ import annotations

import itertools

from toplint.hardware import catalog
from toplint.hardware.models import lookup_model
from toplint.infra.runmemo import RecordedOptions
from toplint.model import Deployment
from toplint.outcome.precision import _KEPT, _precision, precision
from toplint.record import replace

OPTIONS: list[dict[str, str]] = [
    {},
    {"quantization": "fp8"},
    {"quantization": "awq"},
    {"dtype": "bfloat16"},
    {"dtype": "half"},
    {"image": "vllm/vllm-openai:v0.5.0"},
    {"image": "vllm/vllm-openai:v0.10.0"},
    {"quantization": "fp8", "image": "vllm/vllm-openai:v0.5.0"},
]


def test_every_answer_is_the_one_computed_afresh() -> None:
    models = [
        lookup_model("meta-llama/Llama-3.1-8B-Instruct"),
        lookup_model("deepseek-ai/DeepSeek-V3"),
        lookup_model("Qwen/Qwen3-30B-A3B-FP8"),
        None,
    ]
    gpus = [catalog.lookup_gpu(name) for name in ("A100-80GB", "L40S", "H100-SXM-80GB", "V100")]
    base = Deployment(path="serve.sh", line=1, column=1, engine="vllm", model="", tp=1)
    _KEPT.clear()
    seen = set()
    for engine, model, gpu, options in itertools.product(
        ("vllm", "sglang", "tgi"), models, gpus, OPTIONS
    ):
        assert gpu is not None
        dep = replace(
            base, engine=engine, model=model.id if model else "x/y-FP8", options=dict(options)
        )
        got = precision(dep, model, gpu)
        assert got == _precision(dep, model, gpu), (engine, model, gpu.name, options)
        seen.add(None if got is None else got.effect)
    assert seen == {None, "refuses", "degrades"}  # the cases reach every answer
    assert len(_KEPT) > 100


def test_a_what_ifs_recorded_options_note_what_is_read() -> None:
    """Recorded options are computed, not looked up: the reads the what-if memo keys by are
    noted on every call, not only the first."""
    model = lookup_model("meta-llama/Llama-3.1-8B-Instruct")
    gpu = catalog.lookup_gpu("V100")
    assert gpu is not None
    dep = Deployment(path="s.sh", line=1, column=1, engine="vllm", model="m", tp=1)
    for _ in range(2):
        recorded = RecordedOptions({"dtype": "bfloat16"})
        precision(replace(dep, options=recorded), model, gpu)
        assert any(what == "dtype" for _, what, _ in recorded.reads)
