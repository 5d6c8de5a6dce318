"""Makefile recipes that start an engine (issue 24, point 5)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

MAKEFILE = """\
MODEL ?= org/m
TP := 4

.PHONY: serve
serve:
\t@echo starting
\tCUDA_VISIBLE_DEVICES=0,1,2,3 vllm serve $(MODEL) \\
\t\t--tensor-parallel-size $(TP)
"""


def test_a_recipe_is_read_with_the_makefile_variables_and_positions() -> None:
    dep = only("Makefile", MAKEFILE)
    assert (dep.engine, dep.model, dep.tp, dep.source_kind) == ("vllm", "org/m", 4, "makefile")
    assert dep.path == "Makefile" and dep.line == 7
    assert (dep.sources["tp"].path, dep.sources["tp"].line) == ("Makefile", 8)


def test_a_makefile_that_runs_no_engine_yields_nothing() -> None:
    text = "IMAGE ?= vllm-serve\ndocker:\n\tdocker build -t $(IMAGE) .\n"
    assert parse_text("Makefile", text).deployments == ()


def test_a_variable_continued_over_lines_is_one_value_and_keeps_the_positions() -> None:
    """``ADDED := -Da=$(X)/a \\`` then ``-Db=$(X)/b`` (mudler/LocalAI@82c191a
    backend/cpp/llama-cpp/Makefile): one value, its lines joined by a space as GNU make joins
    them; the backslash once ended the value and escaped the quote toplint wrote around it,
    and the file became a TL001."""
    text = (
        "X := base\n"
        "ADDED := $(X)-a \\\n"
        "\t$(X)-b\n"
        "TP = 2\n"
        "serve:\n"
        '\tvllm serve org/m --tensor-parallel-size $(TP) --served-model-name "$(ADDED)"\n'
    )
    result = parse_text("Makefile", text)
    assert [f.rule for f in result.findings if f.rule == "TL001"] == []
    (dep,) = result.deployments
    assert dep.tp == 2 and dep.line == 6
    named = [f.value for f in dep.flags if f.name == "served-model-name"]
    assert named == ["base-a base-b"]


def test_a_variable_set_by_a_shell_command_is_unresolved_not_its_earlier_value() -> None:
    text = "TP = 2\nTP := $(shell nvidia-smi -L | wc -l)\nserve:\n\tvllm serve org/m -tp $(TP)\n"
    dep = only("Makefile", text)
    assert dep.tp is None and any(u.field == "tp" for u in dep.unresolved)


def test_a_value_that_starts_on_its_continuation_line_loses_that_lines_indent() -> None:
    text = 'TP := \\\n\t  2\nserve:\n\tvllm serve org/m --served-model-name "x$(TP)" -tp $(TP)\n'
    dep = only("Makefile", text)
    assert dep.tp == 2
    assert [f.value for f in dep.flags if f.name == "served-model-name"] == ["x2"]


def test_a_continued_recipe_line_keeps_the_dashes_of_its_options() -> None:
    """``\\tdocker run … \\`` then ``\\t  --model-path openbmb/MiniCPM-1B-sft-bf16 \\``
    (agenticworkflow-dev/slang-docker@d7b89b28 Makefile:23-33): ``@``/``-``/``+`` prefix a
    command line only, so the continuation's dashes are the option's; they were stripped, and
    the model and every option of the command were lost."""
    text = (
        "REPO := acme/sglang\n"
        "run:\n"
        "\t@docker run -it --rm \\\n"
        "\t--gpus all \\\n"
        "\t$(REPO):v1 \\\n"
        "\tpython3 -m sglang.launch_server \\\n"
        "\t  --trust-remote-code \\\n"
        "\t  --model-path openbmb/MiniCPM-1B-sft-bf16 \\\n"
        "\t  --tp-size 2 \\\n"
        "\t  --port 30000\n"
    )
    dep = only("Makefile", text)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", "openbmb/MiniCPM-1B-sft-bf16", 2)
    assert (dep.sources["model"].line, dep.sources["model"].column) == (8, 4)
    assert "trust-remote-code" in {f.name for f in dep.flags}


def test_a_recipe_s_double_dollar_is_the_shell_s_dollar() -> None:
    """``$$`` in a recipe is the ``$`` make hands the shell: ``"$$(cat f | grep -E '[^"]*')"``
    (NVIDIA/nccl@5067397c bindings/ir/Makefile) is a command substitution, not an unclosed
    quote (it had been a TL001 error on a Makefile that runs no engine); columns stay."""
    text = (
        "all:\n"
        '\t@v="$$(cat $@.tmp | grep -E \'!([0-9]+) = !\\{[^"]*"ftz"\' | cut -d \' \' -f 1)"; \\\n'
        "\techo $$v\n"
        "serve:\n"
        "\tTP=$$(nproc) vllm serve org/m --tensor-parallel-size 2\n"
    )
    result = parse_text("Makefile", text)
    assert not result.findings
    (dep,) = result.deployments
    assert (dep.engine, dep.tp, dep.line, dep.column) == ("vllm", 2, 5, 15)


def test_a_double_dollar_before_a_make_reference_is_read_left_to_right() -> None:
    """``$$(nproc)`` is the shell's command substitution (make passes ``$(nproc)``), never the
    make variable ``nproc`` its second ``$`` would start; ``$(PP)`` is still make's."""
    text = (
        "PP := 2\nnproc := 8\nserve:\n"
        "\tvllm serve org/m --tensor-parallel-size $$(nproc) --pipeline-parallel-size $(PP)\n"
    )
    (dep,) = parse_text("Makefile", text).deployments
    assert (dep.tp, dep.pp) == (None, 2)  # a command's output: not known here
