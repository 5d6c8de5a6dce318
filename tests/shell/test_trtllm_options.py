"""TensorRT-LLM options files (issue 14.3): reached through a ConfigMap mounted into the pod,
the file wins over the command line, and a file that cannot be read leaves the layout it may set
unresolved unless the command line writes it."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only

DATA = Path(__file__).parent / "data"


def k8s(name: str) -> str:
    return (DATA / name).read_text()


def test_options_from_a_mounted_configmap_win_over_the_command_line() -> None:
    dep = only("deploy.yaml", k8s("trtllm-configmap.yaml"))
    assert (dep.tp, dep.ep) == (4, 4)


def test_option_from_a_configmap_points_at_the_manifest_line() -> None:
    dep = only("deploy.yaml", k8s("trtllm-configmap.yaml"))
    flag = dep.flag("tensor_parallel_size")
    assert flag is not None and (flag.position.line, flag.position.column) == (7, 5)


def test_path_under_the_mount_that_the_configmap_lacks_is_not_a_file() -> None:
    text = k8s("trtllm-configmap.yaml").replace("config/extra.yaml", "config/sub/extra.yaml")
    dep = only("deploy.yaml", text)
    assert dep.tp == 2 and "no key sub/extra.yaml" in dep.notes[-1]


def test_unread_options_file_leaves_unwritten_layout_unresolved() -> None:
    text = k8s("trtllm-configmap.yaml").replace("/app/config", "/etc/other")
    dep = only("deploy.yaml", text)
    assert (dep.tp, dep.ep) == (2, None)
    assert [u.field for u in dep.unresolved] == ["pp", "ep"]


def test_sibling_options_file_of_a_script_is_read(tmp_path: Path) -> None:
    from toplint.parse.base import Source
    from toplint.parse.text.shellsrc import ShellParser

    (tmp_path / ".git").mkdir()
    (tmp_path / "extra.yaml").write_text("pipeline_parallel_size: 2\n")
    script = tmp_path / "serve.sh"
    script.write_text("trtllm-serve m --tp_size 4 --extra_llm_api_options extra.yaml\n")
    (dep,) = ShellParser().parse(Source.from_text(str(script), script.read_text())).deployments
    assert (dep.tp, dep.pp) == (4, 2)
