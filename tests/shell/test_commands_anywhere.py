"""Engine commands wherever a YAML, JSON or TOML file writes them (issue 14.6)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.parse.helpers import only, parse_text
from toplint.discover.files import discover, wanted

PLATFORM = """\
name: my-llm
kind: SomePlatformThing
spec:
  steps:
    - name: serve
      run: |
        export TP=4
        vllm serve meta-llama/Llama-3.1-70B-Instruct \\
          --tensor-parallel-size $TP --pipeline-parallel-size 2
"""


def test_script_in_an_unknown_yaml_format_is_read() -> None:
    dep = only("platform.yaml", PLATFORM)
    assert (dep.engine, dep.tp, dep.pp, dep.source_kind) == ("vllm", 4, 2, "embedded")


def test_script_word_positions_map_into_the_file() -> None:
    flag = only("platform.yaml", PLATFORM).flag("pipeline-parallel-size")
    assert flag is not None and (flag.position.line, flag.position.column) == (9, 38)


def test_argument_list_anywhere_is_read_with_element_positions() -> None:
    text = (
        'w:\n  cmd: ["python3", "-m", "sglang.launch_server", "--model-path", "q/m", "--tp", "2"]\n'
    )
    dep = only("x.yaml", text)
    assert (dep.engine, dep.tp) == ("sglang", 2)
    flag = dep.flag("tp-size")
    assert flag is not None and (flag.position.line, flag.position.column) == (2, 74)


def test_command_list_joined_with_its_args_list_in_json() -> None:
    text = '{"task": {"command": ["trtllm-serve", "serve"], "args": ["q/m", "--tp_size", "8"]}}'
    dep = only("job.json", text)
    assert (dep.engine, dep.model, dep.tp) == ("trtllm", "q/m", 8)


def test_format_is_recognised_by_content_not_name() -> None:
    dep = only("launch.cfg", 'start: "vllm serve org/m -tp 2"\n')
    assert dep.tp == 2


def test_prose_that_names_an_engine_is_not_a_deployment() -> None:
    text = "description: we use vllm for serving and sglang for agents\n"
    assert parse_text("notes.yaml", text).deployments == ()


def test_dependency_list_is_not_a_deployment() -> None:
    assert parse_text("deps.yaml", "requires: [vllm, torch]\n").deployments == ()


def test_kubernetes_file_with_a_deployment_is_not_scanned_twice() -> None:
    text = (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\nspec:\n  template:\n"
        "    spec:\n      containers:\n        - name: s\n          image: x\n"
        '          command: ["vllm", "serve", "m", "-tp", "2"]\n'
    )
    assert len(parse_text("k.yaml", text).deployments) == 1


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python 3.11+")
def test_toml_string_and_array_are_read() -> None:
    text = (
        '[server]\nstart = "vllm serve org/model --tensor-parallel-size 2"\n'
        'argv = ["text-generation-launcher", "--model-id", "org/m", "--num-shard", "4"]\n'
    )
    deps = parse_text("conf.toml", text).deployments
    assert sorted((d.engine, d.tp, d.line) for d in deps) == [("tgi", 4, 3), ("vllm", 2, 2)]


def test_a_directory_walk_reads_platform_toml_and_not_a_projects_dependencies(
    tmp_path: Path,
) -> None:
    # Cerebrium's cerebrium.toml starts the container with `entrypoint`; a pyproject.toml that
    # only depends on an engine starts nothing.
    (tmp_path / "cerebrium.toml").write_text(
        '[cerebrium.runtime.custom]\nport = 8000\nentrypoint = ["vllm", "serve", "org/m", '
        '"--tensor-parallel-size", "2"]\n',
        encoding="utf-8",
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "app"\ndependencies = ["vllm>=0.6", "sglang[all]"]\n', encoding="utf-8"
    )
    assert wanted("cerebrium.toml") and wanted("pyproject.toml")
    found = {Path(path).name for path in discover([str(tmp_path)])}
    assert found == {"cerebrium.toml", "pyproject.toml"}
    if sys.version_info >= (3, 11):  # tomllib
        deps = parse_text("cerebrium.toml", (tmp_path / "cerebrium.toml").read_text()).deployments
        assert [(d.engine, d.tp) for d in deps] == [("vllm", 2)]
    result = parse_text("pyproject.toml", (tmp_path / "pyproject.toml").read_text())
    assert result.deployments == () and result.findings == ()


def test_command_and_args_written_as_strings_are_one_command() -> None:
    text = 'job:\n  command: "vllm serve org/m"\n  args: "--tensor-parallel-size 4 -O3"\n'
    dep = only("job.yaml", text)
    assert (dep.model, dep.tp) == ("org/m", 4)


# An operator's runtime template (sgl-project/ome config/runtimes/srt/deepseek-rdma-pd-rt.yaml
# @17b77eda writes `--tp-size $(PARALLELISM_SIZE)` and `--nnodes $(LWS_GROUP_SIZE)`, which the
# operator and LeaderWorkerSet inject into the pod's environment).
OPERATOR_TEMPLATE = """\
spec:
  engineConfig:
    runner:
      command: ["python3", "-m", "sglang.launch_server"]
      args:
        - --model-path
        - deepseek-ai/DeepSeek-V3
        - --tp-size
        - $(PARALLELISM_SIZE)
        - --moe-a2a-backend
        - deepep
        - --nnodes
        - ${LWS_GROUP_SIZE}
"""


def test_platform_references_in_an_argument_list_are_unresolved_not_literal() -> None:
    dep = only("runtime.yaml", OPERATOR_TEMPLATE)
    assert (dep.tp, dep.nodes) == (None, None)
    assert {(u.field, u.variable) for u in dep.unresolved} >= {
        ("tp", "PARALLELISM_SIZE"),
        ("nodes", "LWS_GROUP_SIZE"),
    }


def test_an_ep_that_follows_an_unresolved_tp_is_unresolved_not_invalid() -> None:
    result = parse_text("runtime.yaml", OPERATOR_TEMPLATE)
    (dep,) = result.deployments
    assert dep.ep is None and "ep" not in dep.sources
    assert ("ep", "PARALLELISM_SIZE") in {(u.field, u.variable) for u in dep.unresolved}
