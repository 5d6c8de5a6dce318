"""llama-swap configurations: each model's ``cmd`` with its macros filled as llama-swap fills them
(mostlygeek/llama-swap@0bdb3720 internal/config/macros.go ``resolveConfigMacros``), split into one
argument vector with no shell (commands.go ``SanitizeCommand``: shlex).

Open-world set 29's development half holds two such configs that read nothing or an unknown TP
before: a ``cmd`` built from a ``${vllm-run}`` macro over a literal block
(TKontu/llama-swap-deploy@8db2bc03 config.yaml) and ``--tensor-parallel-size ${tp}`` with the
macro ``tp: "1"`` (mARTin-B78/dgx-spark_lite-llm_llama-swap_vllm_llama-cpp_ollama@c83fa8bc
llama-swap/config.yaml).  The configurations below are written for these tests.
"""

from __future__ import annotations

import pytest

from toplint.infra.budgets import BudgetExceeded, new_file
from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.structured.llamaswap import START_PORT, LlamaSwapParser

CONFIG = """\
healthCheckTimeout: 900
macros:
  image: "vllm/vllm-openai:v0.11.0"
  run: >-
    docker run --rm --name ${MODEL_ID}
    -p ${PORT}:8000
  tp: 2

models:
  "big":
    cmd: |
      ${run}
      --gpus '"device=0,1"'
      ${image}
      --model Qwen/Qwen3-32B
      --tensor-parallel-size ${tp}
    proxy: http://127.0.0.1:${PORT}
  "small":
    macros:
      tp: 1
    cmd: vllm serve Qwen/Qwen3-8B --port ${PORT} --tensor-parallel-size ${tp}
  "gguf":
    cmd: llama-server --port ${PORT} -m /models/x.gguf
"""


def _parse(text: str, name: str = "config.yaml") -> list[Deployment]:
    source = Source.from_text(name, text)
    parser = LlamaSwapParser()
    assert parser.accepts(source)
    return list(parser.parse(source).deployments)


def test_macros_fill_each_models_command() -> None:
    big, small = _parse(CONFIG)
    # a macro of several words is the start of the command (docker run ... IMAGE vllm's args),
    # the one-GPU-per-index device list is docker's, on the one host llama-swap runs on
    assert (big.engine, big.model, big.tp, big.gpus_per_node, big.nodes, big.gpus) == (
        "vllm",
        "Qwen/Qwen3-32B",
        2,
        2,
        1,
        2,
    )
    assert big.source_kind == "docker-run"
    # a model's own macro overrides the global one of the same name
    assert (small.engine, small.model, small.tp, small.source_kind) == (
        "vllm",
        "Qwen/Qwen3-8B",
        1,
        "llama-swap",
    )
    assert any("llama-swap model 'small'" in note for note in small.notes)


def test_a_one_word_macro_keeps_its_place_and_has_its_value_where_it_is_declared() -> None:
    big, _ = _parse(CONFIG)
    [tp] = [f for f in big.flags if f.name == "tensor-parallel-size"]
    assert tp.position.line == 16  # the option, in the model's cmd
    assert (tp.value_position.line, tp.value_position.column) == (7, 7)  # macros.tp


def test_ports_are_counted_from_start_port_over_the_models_sorted_by_id() -> None:
    _, small = _parse(CONFIG)
    # "big", "gguf" and "small" ask for ${PORT}: 5800, 5801, 5802
    assert small.options.get("port") == str(START_PORT + 2)


def test_a_macro_declared_after_the_one_using_it_is_not_replaced() -> None:
    text = """\
macros:
  cmd-base: vllm serve Qwen/Qwen3-8B --tensor-parallel-size ${tp}
  tp: 4
models:
  m:
    cmd: ${cmd-base}
    ttl: 60
"""
    [dep] = _parse(text)
    # llama-swap replaces the last declared first: ${tp} is put in after tp's turn has passed
    assert dep.engine == "vllm" and dep.tp is None


def test_an_environment_macro_is_not_known_here() -> None:
    text = """\
models:
  m:
    cmd: vllm serve Qwen/Qwen3-8B --tensor-parallel-size ${env.TP}
    ttl: 60
"""
    [dep] = _parse(text)
    assert dep.tp is None


def test_comment_lines_are_dropped_and_only_llama_server_yields_nothing() -> None:
    text = """\
models:
  m:
    cmd: |
      vllm serve Qwen/Qwen3-8B
      # --tensor-parallel-size 8
      --max-model-len 4096
    ttl: 60
  g:
    cmd: llama-server -m /m.gguf --port ${PORT}
"""
    [dep] = _parse(text)
    assert (dep.tp, dep.options.get("max_model_len")) == (1, "4096")
    assert _parse(text.split("  m:")[0] + "  g:" + text.split("  g:")[1]) == []


def test_models_with_a_cmd_and_no_llama_swap_key_are_another_format() -> None:
    source = Source.from_text("x.yaml", "models:\n  m:\n    cmd: vllm serve Qwen/Qwen3-8B\n")
    assert LlamaSwapParser().accepts(source)  # by its text
    assert LlamaSwapParser().parse(source).deployments == ()  # not a llama-swap configuration


@pytest.mark.parametrize("joined", [" ", ""])
def test_macros_that_double_each_other_are_stopped_by_the_files_budget(joined: str) -> None:
    """Words (a macro of several words) or text (macros inside one word) doubling at each of
    sixty macros: each macro is expanded once and what it makes is charged to the file."""
    lines = ["macros:", "  m0: xxxxxxxx"]
    lines += [f"  m{i}: ${{m{i - 1}}}{joined}${{m{i - 1}}}" for i in range(1, 60)]
    cmd = "    cmd: vllm serve m --tensor-parallel-size ${m59}"
    lines += ["models:", "  m:", cmd, "    ttl: 1"]
    new_file()
    with pytest.raises(BudgetExceeded):
        _parse("\n".join(lines) + "\n")


def test_a_shell_the_command_starts_runs_its_script_after_the_macros_are_filled() -> None:
    """``bash -c "..."``: llama-swap fills the macros in the script's text, then the shell reads
    it (a line break inside the quotes ends the shell's command there)."""
    text = """\
macros:
  venv: /opt/vllm/bin/activate
  tp: 2
models:
  a:
    cmd: |
      bash -c "source ${venv} && exec vllm serve Qwen/Qwen3-8B --tensor-parallel-size ${tp}"
    ttl: 60
  b:
    cmd: |
      sh -c 'CUDA_VISIBLE_DEVICES=0,1 python -m sglang.launch_server
      --model-path Qwen/Qwen3-8B --tp 2'
    ttl: 60
"""
    a, b = _parse(text)
    assert (a.engine, a.model, a.tp) == ("vllm", "Qwen/Qwen3-8B", 2)
    assert (a.line, a.column) == (7, 39)  # `vllm`, placed as written after the masked macro
    assert (b.engine, b.tp, b.model) == ("sglang", 1, None)  # the next line is another command
