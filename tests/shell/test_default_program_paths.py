"""A program named by a variable whose ``${NAME:-DEFAULT}`` default is a path known in part:
``PY=${PY:-$HOME/venv/bin/python}`` then ``exec "$PY" -m sglang.launch_server``.  bash(1),
"Parameter Expansion": with NAME unset the word is the default, whose last path part is written
literally, so the program it runs is known whatever ``$HOME`` is (AlexGS74/glm47-nvfp4-sm120
@2a4692d1 scripts/serve_glm47_nvfp4_sglang.sh and serve_qwen35_nvfp4_vllm.sh, open-world set 31)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text


def test_interpreter_from_a_default_path_starts_the_module() -> None:
    text = (
        "PY=${PY:-${HOME}/.local/share/uv/tools/sglang/bin/python}\n"
        'exec "${PY}" -m sglang.launch_server --model-path org/m --tp 4\n'
    )
    dep = only("serve.sh", text)
    assert (dep.engine, dep.tp) == ("sglang", 4)


def test_console_script_from_a_default_path_serves() -> None:
    text = (
        "VLLM_BIN=${VLLM_BIN:-${HOME}/.local/share/uv/tools/vllm/bin/vllm}\n"
        'TP=${TP:-4}\nexec "${VLLM_BIN}" serve org/m --tensor-parallel-size "${TP}"\n'
    )
    dep = only("serve.sh", text)
    assert (dep.engine, dep.tp) == ("vllm", 4)


def test_a_variable_set_in_part_wins_over_the_default() -> None:
    # PY is set (its directory unknown, its program written): the default is not what runs.
    text = (
        'PY="$VENV/bin/python"\n'
        "PY=${PY:-$HOME/venv/bin/vllm}\n"
        'exec "$PY" -m sglang.launch_server --model-path org/m --tp 2\n'
    )
    dep = only("serve.sh", text)
    assert (dep.engine, dep.tp) == ("sglang", 2)


def test_a_default_whose_last_part_is_unknown_names_no_program() -> None:
    text = 'BIN=${BIN:-$HOME/bin/$TOOL}\nexec "$BIN" serve org/m --tensor-parallel-size 2\n'
    assert parse_text("serve.sh", text).deployments == ()
