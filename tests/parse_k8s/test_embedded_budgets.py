"""Issue 18: a budget hit (or a syntax error) inside a value a wrapper expands is one TL001 at
the place in the file where it happened, never at 1:1 or at the value's own line 1."""

from __future__ import annotations

from tests.parse.helpers import parse_text

_NEST = "${a:-" * 40 + "1" + "}" * 40


def _llmisvc(extra_args: str) -> str:
    return (
        "apiVersion: serving.kserve.io/v1alpha1\n"
        "kind: LLMInferenceService\n"
        "metadata:\n"
        "  name: x\n"
        "spec:\n"
        "  model:\n"
        "    uri: hf://meta-llama/Llama-3.1-8B-Instruct\n"
        "  template:\n"
        "    containers:\n"
        "      - name: main\n"
        "        env:\n"
        "          - name: VLLM_ADDITIONAL_ARGS\n"
        f'            value: "--max-model-len {extra_args}"\n'
    )


def test_kserve_additional_args_budget_is_at_the_expansion() -> None:
    result = parse_text("isvc.yaml", _llmisvc(_NEST))
    [hit] = [f for f in result.findings if f.rule == "TL001"]
    assert "expansion-depth budget exceeded" in hit.message
    # line 13, column of "${" after `value: "--max-model-len `
    assert (hit.line, hit.column) == (13, 37)


def _rayservice(inner: list[str]) -> str:
    head = (
        "apiVersion: ray.io/v1\nkind: RayService\nmetadata:\n  name: s\nspec:\n  serveConfigV2: |\n"
    )
    return head + "".join(f"    {line}\n" for line in inner)


_APPS = [
    "applications:",
    "  - args:",
    "      llm_configs:",
    "        - model_loading_config: {model_id: m}",
    "          engine_kwargs: {tensor_parallel_size: 2}",
]


def test_ray_serve_config_alias_bomb_is_tl001_inside_it() -> None:
    bomb = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]'] + [
        f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)
    ]
    result = parse_text("svc.yaml", _rayservice(bomb + _APPS))
    [hit] = [f for f in result.findings if f.rule == "TL001"]
    assert "alias expansion limit" in hit.message
    assert 7 <= hit.line <= 14  # inside serveConfigV2, not the file's 1:1
    assert hit.column > 4


def test_ray_serve_config_that_is_not_yaml_is_tl001() -> None:
    result = parse_text("svc.yaml", _rayservice(["applications: [", *_APPS]))
    [hit] = [f for f in result.findings if f.rule == "TL001"]
    assert "serveConfigV2" in hit.message
    assert hit.line >= 7


def test_script_reference_doubling_is_at_the_script() -> None:
    # SkyPilot's `run:` script is substituted with `envs:` (the same $(VAR) substitution as a
    # container's script): the budget hit is placed at the script, line 5.
    text = (
        "resources:\n  accelerators: H100:8\nenvs:\n"
        f"  A: {'x' * 40000}\n"
        "run: |\n  vllm serve m --tp 2 --x $(A)$(A)\n"
    )
    [hit] = [f for f in parse_text("sky.yaml", text).findings if f.rule == "TL001"]
    assert "expansion-length budget exceeded" in hit.message
    assert hit.line == 5
