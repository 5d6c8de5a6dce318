"""The Python reader decides an ``if`` whose test compares values the module gives (``in``,
``==``), and SGLang's frontend backends are clients, not servers (open-world set 35
development: google-gemini/gemma-cookbook@af32fdf TxGemma's ``if "2b" in MODEL_ID:`` had read the
``else`` branch's four GPUs; gemma-cookbook@80d3b16's ``RuntimeEndpoint("http://localhost:9000")``
a server of that model)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

BRANCHES = """\
from vllm import LLM

VARIANT = "2b-predict"
MODEL_ID = f"txgemma-{VARIANT}"
if "2b" in MODEL_ID:
    COUNT = 1
elif MODEL_ID == "txgemma-9b-chat":
    COUNT = 2
else:
    COUNT = 4
llm = LLM(model="google/" + MODEL_ID, tensor_parallel_size=COUNT)
"""


def test_a_comparison_of_known_values_decides_the_branch() -> None:
    assert only("branches.py", BRANCHES).tp == 1
    nine = BRANCHES.replace('"2b-predict"', '"9b-chat"')
    assert only("branches.py", nine).tp == 2


def test_sglang_runtime_endpoint_is_a_client() -> None:
    text = (
        "from sglang import Engine, RuntimeEndpoint, set_default_backend\n"
        'set_default_backend(RuntimeEndpoint("http://localhost:9000"))\n'
    )
    assert parse_text("client.py", text).deployments == ()
