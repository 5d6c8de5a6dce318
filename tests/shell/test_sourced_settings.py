"""A settings file a script of the run sources is read with the script's deployment: its TL008
says where it is checked instead of "yields no deployment" (``toplint.pipeline.readthrough``);
a file nothing in the run sources keeps its TL008."""

from __future__ import annotations

from pathlib import Path

from toplint.model import NO_DEPLOYMENT_FOUND, Finding, Severity
from toplint.parse.base import Source
from toplint.parse.text.shellsrc import ShellParser
from toplint.pipeline.analyze import run_files
from toplint.pipeline.settings import Settings

SERVE = """#!/bin/bash
source ./cfg.env
if [[ "$ENGINE" == "vllm" ]]; then
  exec vllm serve "$MODEL" --tensor-parallel-size "$TP"
else
  exec python -m sglang.launch_server --model-path "$MODEL" --tp-size "$TP"
fi
"""


def _repo(tmp_path: Path, settings: str, serve: str = SERVE) -> tuple[Path, Path]:
    (tmp_path / ".git").mkdir()
    (tmp_path / "cfg.env").write_text(settings)
    (tmp_path / "serve.sh").write_text(serve)
    return tmp_path / "serve.sh", tmp_path / "cfg.env"


def _tl008(paths: list[Path], of: Path) -> list[Finding]:
    run = run_files([str(p) for p in paths], Settings())
    return [
        f
        for file in run.files
        for f in file.findings
        if f.rule == NO_DEPLOYMENT_FOUND.code and f.path == str(of)
    ]


def test_the_script_lists_the_file_it_sourced_with_its_deployments_engine(tmp_path: Path) -> None:
    serve, cfg = _repo(tmp_path, "ENGINE=vllm\nMODEL=org/m\nTP=2\n")
    result = ShellParser().parse(Source.from_text(str(serve), serve.read_text()))
    assert [d.tp for d in result.deployments] == [2]
    assert [(s.path, s.engine, s.deployment.line) for s in result.sourced] == [
        (str(cfg), "vllm", 4)
    ]


def test_a_sourced_settings_file_is_read_with_the_deployment(tmp_path: Path) -> None:
    serve, cfg = _repo(tmp_path, 'ENGINE="vllm"\nMODEL=org/m\nTP=2\n')
    [note] = _tl008([serve, cfg], cfg)
    assert note.severity is Severity.INFO
    assert (note.line, note.column) == (1, 9)
    assert f"read with the deployment at line 4 of `{serve}`" in note.message
    assert "yields no deployment" not in note.message


def test_alone_the_settings_file_still_yields_no_deployment(tmp_path: Path) -> None:
    _, cfg = _repo(tmp_path, 'ENGINE="vllm"\nMODEL=org/m\nTP=2\n')
    [found] = _tl008([cfg], cfg)
    assert "yields no deployment" in found.message


def test_an_engine_no_deployment_read_with_it_runs_keeps_its_finding(tmp_path: Path) -> None:
    # the script's own default wins over the file's choice: what runs is vLLM, not SGLang
    serve = SERVE.replace("source ./cfg.env\n", "source ./cfg.env\nENGINE=vllm\n")
    _, cfg = _repo(tmp_path, "ENGINE=sglang\nMODEL=org/m\nTP=2\n", serve)
    [found] = _tl008([tmp_path / "serve.sh", cfg], cfg)
    assert "yields no deployment" in found.message


def test_a_file_that_names_an_engine_command_keeps_its_finding(tmp_path: Path) -> None:
    # a command of its own may start an engine the script never reads
    settings = 'ENGINE=vllm\nMODEL=org/m\nTP=2\nCMD="vllm serve $MODEL"\n'
    serve, cfg = _repo(tmp_path, settings)
    found = _tl008([serve, cfg], cfg)
    assert all("sourced by" not in f.message for f in found)


def test_a_file_run_not_sourced_is_not_read_with_the_script(tmp_path: Path) -> None:
    # ``bash cfg.env`` runs it as a process of its own: its variables never reach the script
    serve = SERVE.replace("source ./cfg.env", "bash ./cfg.env\nENGINE=vllm MODEL=org/m TP=1")
    _, cfg = _repo(tmp_path, "ENGINE=vllm\nMODEL=org/m\nTP=2\n", serve)
    [found] = _tl008([tmp_path / "serve.sh", cfg], cfg)
    assert "yields no deployment" in found.message
