"""Recipes of eugr/spark-vllm-docker's run-recipe.py and of sparkrun: ``command`` with ``{name}``
placeholders filled from ``defaults``.

run-recipe.py@25072725 ``generate_launch_script``: ``command.format(**params)`` (doubled braces are
literal braces); sparkrun fills a ``{...}`` naming a default and leaves any other as written,
doubled braces included (Mjxkill/deepseek-v4-flash-2x-dgx-spark@03a680ed README.md, trap 1).
Mjxkill's recipe (tests/recipes9) was read with ``--tensor-parallel-size `{tensor_parallel}``` as
its TP: TL010 at error on a recipe that served.
"""

from __future__ import annotations

from toplint.parse.base import Source
from toplint.parse.structured.sparkrecipe import SparkRecipeParser, filled

SPARKRUN = """\
recipe_version: '1'
model: deepseek-ai/DeepSeek-V4-Flash
runtime: vllm-ray
min_nodes: 2
container: vllm-node
defaults:
  port: 8000
  tensor_parallel: 2
  max_model_len: 1048576
command: |
  vllm serve deepseek-ai/DeepSeek-V4-Flash \\
      --port {port} \\
      --tensor-parallel-size {tensor_parallel} \\
      --max-model-len {max_model_len} \\
      --speculative-config '{"method":"mtp","num_speculative_tokens":2}' \\
      --distributed-executor-backend ray
"""


def _parse(text: str) -> list:  # type: ignore[type-arg]
    source = Source.from_text("recipes/model.yaml", text)
    parser = SparkRecipeParser()
    assert parser.accepts(source)
    return list(parser.parse(source).deployments)


def test_placeholders_are_filled_from_the_defaults() -> None:
    [dep] = _parse(SPARKRUN)
    assert (dep.engine, dep.model, dep.tp, dep.nodes) == (
        "vllm",
        "deepseek-ai/DeepSeek-V4-Flash",
        2,
        2,
    )
    assert dep.options["max_model_len"] == "1048576"
    # the option at the placeholder's line, its value where the default is written (a fix edits
    # `defaults.tensor_parallel`)
    [tp] = [f for f in dep.flags if f.name == "tensor-parallel-size"]
    assert (tp.position.line, tp.value_position.line, tp.value_position.column) == (13, 8, 20)


def test_sparkrun_leaves_what_names_no_default() -> None:
    assert filled("'{\"a\":1}' {{b}} {port}", {"port": "8000"}, sparkrun=True) == (
        "'{\"a\":1}' {{b}} 8000"
    )


def test_run_recipe_reads_the_template_as_str_format_does() -> None:
    assert filled("'{{\"a\":{n}}}' {tp}", {"n": "2", "tp": "4"}, sparkrun=False) == "'{\"a\":2}' 4"
    # a placeholder with no default stops run-recipe.py: left for the reader to find unresolved
    assert filled("--tp {missing}", {}, sparkrun=False) == "--tp {missing}"


def test_a_recipe_with_a_name_and_no_sparkrun_key_is_run_recipe_s() -> None:
    text = SPARKRUN.replace("runtime: vllm-ray\nmin_nodes: 2\n", "name: DeepSeek\n").replace(
        """'{"method":"mtp","num_speculative_tokens":2}'""",
        """'{{"method":"mtp","num_speculative_tokens":{tensor_parallel}}}'""",
    )
    [dep] = _parse(text)
    assert dep.tp == 2 and dep.nodes is None  # run-recipe.py's nodes are its .env's
    assert dep.options["speculative_config"] == '{"method":"mtp","num_speculative_tokens":2}'


def test_sparkrun_hands_doubled_braces_on_as_they_are() -> None:
    text = SPARKRUN.replace(
        """'{"method":"mtp","num_speculative_tokens":2}'""", """'{{"method":"mtp"}}'"""
    )
    [dep] = _parse(text)
    [spec] = [f for f in dep.flags if f.name == "speculative-config"]
    assert spec.value is None and spec.unresolved == ('{{"method":"mtp"}}',)


def test_a_yaml_file_without_a_recipe_version_is_not_taken() -> None:
    source = Source.from_text("x.yaml", "command: vllm serve m --tensor-parallel-size 2\n")
    assert not SparkRecipeParser().accepts(source)
