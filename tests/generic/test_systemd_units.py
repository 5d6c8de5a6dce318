"""systemd service units that start an engine (toplint.parse.text.systemd; issue 24, point 5):
invented units written as systemd.service(5) and systemd.exec(5) describe them."""

from __future__ import annotations

from pathlib import Path

from toplint.discover.files import wanted
from toplint.parse.base import Source
from toplint.parse.text.systemd import SystemdUnitParser

UNIT = """\
[Unit]
Description=LLM server
After=network-online.target

[Service]
Environment="CUDA_VISIBLE_DEVICES=0,1" TP=2
ExecStartPre=-/usr/bin/nvidia-smi
ExecStart=/opt/venv/bin/python -m vllm.entrypoints.openai.api_server \\
    --model org/m --tensor-parallel-size ${TP}
Restart=always

[Install]
WantedBy=multi-user.target
"""


def _parse(name: str, text: str):  # type: ignore[no-untyped-def]
    return SystemdUnitParser().parse(Source.from_text(name, text))


def test_a_unit_starts_its_engine_with_its_environment() -> None:
    (dep,) = _parse("llm.service", UNIT).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus, dep.source_kind) == (
        "vllm",
        "org/m",
        2,
        2,
        "systemd",
    )
    assert (dep.path, dep.line, dep.column) == ("llm.service", 8, 11)
    assert (dep.sources["tp"].line, dep.sources["tp"].column) == (9, 19)
    assert wanted("llm.service") and wanted("deploy/vllm@.service")


def test_only_the_service_sections_commands_run() -> None:
    text = "[Unit]\nExecStart=vllm serve org/m -tp 8\n[Service]\nExecStart=/bin/true\n"
    assert _parse("x.service", text).deployments == ()


def test_a_unit_running_a_script_of_the_repository_reads_it(tmp_path: Path) -> None:
    (tmp_path / "serve.sh").write_text("sglang serve --model-path org/m --tp 4\n")
    unit = tmp_path / "llm.service"
    unit.write_text("[Service]\nExecStart=/bin/bash serve.sh\n")
    (dep,) = _parse(str(unit), unit.read_text()).deployments
    assert (dep.engine, dep.tp) == ("sglang", 4)
    assert dep.sources["tp"].path.endswith("serve.sh")


def test_a_units_engine_command_with_an_unset_model_is_its_deployment_not_an_entrypoint() -> None:
    """systemd.exec(5): the manager runs ExecStart with the unit's environment and no arguments,
    so ``--model ${MODEL} ${ARGS}`` with neither set is the deployment with its model unknown
    (TL003), not a script waiting for a caller's arguments (before: a TL008 entrypoint note and
    no deployment, as for a container entrypoint)."""
    text = (
        "[Service]\nExecStart=/usr/bin/docker run --gpus all vllm/vllm-openai:latest \\\n"
        "    --model ${model} ${vllm_args}\n"
    )
    found = _parse("vllm.service", text)
    (dep,) = found.deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", None, 1)
    assert {u.variable for u in dep.unresolved} == {"${model}", "${vllm_args}"}
    assert not [f for f in found.findings if f.rule == "TL008"]
