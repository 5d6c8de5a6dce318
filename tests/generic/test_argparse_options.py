"""argparse's ``add_argument`` declares an option a script accepts; it passes none to an engine
(docs.python.org/3/library/argparse.html, "The add_argument() method"), and ``args.<dest>``
after ``args = parser.parse_args()`` holds the declared ``default=`` on a run that passes no
such option (WajeehaHamid/vllm-koyeb-test@fb47120 koyeb_api_server.py)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

SERVER = """\
import argparse
import os
from vllm import LLM

model_name = os.environ.get("MODEL_NAME", "facebook/opt-125m")
tensor_parallel_size = int(os.environ.get("TENSOR_PARALLEL_SIZE", "1"))


def load():
    return LLM(model=model_name, tensor_parallel_size=tensor_parallel_size)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="server")
    parser.add_argument("--model", type=str, default=model_name, help="Model name")
    parser.add_argument("--tensor-parallel-size", type=int, default=tensor_parallel_size)
    args = parser.parse_args()
    model_name = args.model
    tensor_parallel_size = args.tensor_parallel_size
"""


def test_declared_options_are_no_engine_flags_and_their_defaults_are_what_args_hold() -> None:
    dep = only("server.py", SERVER)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "facebook/opt-125m", 1)
    assert not dep.unresolved


def _launcher(declared: str) -> str:
    text = "import argparse\nfrom vllm import LLM\n"
    text += f"parser = argparse.ArgumentParser()\nparser.add_argument({declared})\n"
    text += "args = parser.parse_args()\n"
    return text + "llm = LLM(model='org/m', tensor_parallel_size=args.tp_size)\n"


def test_the_dest_is_the_first_long_option_with_underscores() -> None:
    dep = only("a.py", _launcher("'-t', '--tp-size', type=int, default=4"))
    assert dep.tp == 4


def test_an_explicit_dest_names_the_attribute() -> None:
    dep = only("b.py", _launcher("'--tp', dest='tp_size', type=int, default=2"))
    assert dep.tp == 2


def test_an_option_declared_without_a_default_leaves_the_value_unresolved() -> None:
    dep = only("c.py", _launcher("'--tp-size', type=int"))
    assert (dep.engine, dep.tp) == ("vllm", None)
    assert any("args" in u.variable for u in dep.unresolved)


def test_an_attribute_of_another_object_is_not_an_option() -> None:
    text = _launcher("'--tp-size', type=int, default=4").replace(
        "args = parser.parse_args()", "args = load_settings()"
    )
    assert only("d.py", text).tp is None


def test_a_declared_engine_flag_alone_is_no_deployment() -> None:
    text = "import argparse\nparser = argparse.ArgumentParser()\n"
    text += "parser.add_argument('--tensor-parallel-size', type=int, default=8)\n"
    text += "parser.add_argument('--model', default='org/m')\n"
    assert not parse_text("e.py", text).deployments
