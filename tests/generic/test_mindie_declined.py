"""MindIE, Huawei's server for Ascend NPUs, is no engine toplint reads: its start scripts and
config files are declined (TL011), not left silent or read as a vLLM mention (open-world set 32:
itove/ascend@78ca5993 bin/run-in-container.sh, oeyoews/MindIE_Auto_Deploy_Tool_PLUS@4d1a2f81
deploy.sh and lib/config.json, whose ``"openAiSupport": "vllm"`` names the API it speaks)."""

from __future__ import annotations

from tests.parse.helpers import parse_text

MINDIE_START = """\
#!/bin/bash
cd $MIES_INSTALL_PATH
cp $CONF_PATH conf/config.json
bin/mindieservice_daemon 2>&1 | tee /s/log/mindie.log
"""

MINDIE_CONFIG = """\
{
    "ServerConfig": {"port": 1025, "openAiSupport": "vllm"},
    "BackendConfig": {
        "npuDeviceIds": [[0, 1, 2, 3]],
        "ModelDeployConfig": {"ModelConfig": [{"modelName": "m", "worldSize": 4}]}
    }
}
"""


def test_a_mindie_start_script_is_declined() -> None:
    result = parse_text("run.sh", MINDIE_START)
    assert not result.deployments
    (found,) = [f for f in result.findings if f.rule == "TL011"]
    assert (found.line, found.column) == (4, 5) and "Huawei Ascend" in found.message


def test_a_mindie_config_is_declined_not_read_as_a_vllm_mention() -> None:
    result = parse_text("config.json", MINDIE_CONFIG)
    assert not result.deployments
    assert [f.rule for f in result.findings] == ["TL011"]
    assert result.findings[0].line == 4


def test_a_script_without_a_server_word_is_not_declined() -> None:
    text = MINDIE_START.replace("bin/mindieservice_daemon", "bin/other_daemon")
    assert not [f for f in parse_text("run.sh", text).findings if f.rule == "TL011"]
