"""Issue 18: a stand-alone JSON or TOML file toplint would have read (it names an engine or is
a Kubernetes manifest) but cannot parse is TL001 at the parser's error, never silence or TL008;
the run goes on with the other files."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.parse.helpers import parse_text
from toplint.cli import main

_BAD_JSON = '{"cmd": ["vllm", "serve", "m", "--tensor-parallel-size", "2"],\n  "x": [1, 2\n}\n'


def test_broken_json_naming_an_engine_is_tl001_at_the_error() -> None:
    [hit] = parse_text("job.json", _BAD_JSON).findings
    assert hit.rule == "TL001"
    assert "invalid JSON" in hit.message
    assert (hit.line, hit.column) == (3, 1)


def test_broken_kubernetes_json_is_tl001() -> None:
    text = '{"apiVersion": "v1", "kind": "Pod",\n "spec": {"containers": [}\n}\n'
    [hit] = parse_text("pod.json", text).findings
    assert hit.rule == "TL001"
    assert hit.line == 2


def test_broken_json_that_is_not_a_deployment_config_is_not_ours() -> None:
    # package.json or a JSONC settings file with comments: toplint would not read it.
    assert parse_text("settings.json", '{\n  // editor\n  "a": 1,\n}\n').findings == ()


@pytest.mark.skipif(sys.version_info < (3, 11), reason="TOML is read with tomllib (3.11+)")
def test_broken_toml_naming_an_engine_is_tl001_at_the_error() -> None:
    text = '[job]\ncmd = "vllm serve m --tensor-parallel-size 2"\nx = [1 2]\n'
    [hit] = parse_text("job.toml", text).findings
    assert hit.rule == "TL001"
    assert "invalid TOML" in hit.message
    assert (hit.line, hit.column) == (3, 8)


def test_the_run_goes_on_after_a_broken_json(tmp_path: Path, capsys) -> None:
    (tmp_path / "job.json").write_text(_BAD_JSON)
    (tmp_path / "run.sh").write_text("vllm serve m --tensor-paralel-size 2\n")
    main(["check", str(tmp_path), "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    found = {(Path(f["path"]).name, f["rule"]) for f in findings}
    assert ("job.json", "TL001") in found
    assert ("run.sh", "TL005") in found


def test_a_broken_engine_config_linted_and_referenced_is_one_tl001(tmp_path: Path, capsys) -> None:
    (tmp_path / "engine.yaml").write_text("tensor_parallel_size: 2\nx: [1,\n")
    (tmp_path / "run.sh").write_text("vllm serve m --config engine.yaml\n")
    main(["check", str(tmp_path), "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    [hit] = [f for f in findings if f["rule"] == "TL001"]
    assert hit["message"].startswith("cannot parse file")
    assert (Path(hit["path"]).name, hit["line"]) == ("engine.yaml", 3)


def test_yaml_refused_for_a_tag_or_a_repeated_key_is_info_where_no_engine_is_named() -> None:
    # kubernetes-sigs/gateway-api-inference-extension@84436a96b9e6ce2b59ddacd3d04c31b4fbd442de
    # mkdocs.yml:36 (MkDocs constructs `!!python/name:` tags) and NVIDIA/GenerativeAIExamples
    # @401cb446f550c6dee8048a246e6c5dbc57f38dae community/streaming_ingest_rag/morpheus_examples/
    # streaming_ingest_rag/vdb_upload/kafka_config.yaml:159 (a key written twice) failed sweeps
    # of whole repositories with TL001 errors on files that deploy nothing
    mkdocs = (
        "site_name: Gateway API Inference Extension\nmarkdown_extensions:\n"
        "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
    )
    twice = "source:\n  topic: a\nsink:\n  topic: b\nsource:\n  topic: c\n"
    for name, text, where in (("mkdocs.yml", mkdocs, (4, 20)), ("kafka.yaml", twice, (5, 1))):
        [hit] = parse_text(name, text).findings
        assert (hit.rule, hit.severity.value, (hit.line, hit.column)) == ("TL001", "info", where)
        assert hit.message.endswith("it names no engine, so no deployment depends on it")
    # named an engine, or malformed, the file is still an error
    named = twice.replace("topic: a", "image: vllm/vllm-openai:v0.9.0")
    [hit] = parse_text("job.yaml", named).findings
    assert (hit.rule, hit.severity.value) == ("TL001", "error")
    [hit] = parse_text("bad.yaml", "a: [1, 2\n").findings
    assert (hit.rule, hit.severity.value) == ("TL001", "error")


def test_an_anchor_written_twice_is_refused_yaml_said_plainly() -> None:
    """YAML lets an anchor be written again (an alias names the latest: spec 1.2.2 §7.1); PyYAML
    refuses the file with "second occurrence" as its problem, which was the whole message.
    oracle/oci-data-science-ai-samples@65f2d44 feature_store/apigw_terraform/modules/api_gw/
    api.yaml:2180 (`enum: &FEATURE_GROUP_LIFECYCLESTATE` twice, an OpenAPI spec) was a TL001
    error on a file that deploys nothing."""
    text = "a:\n  enum: &STATE\n    - ACTIVE\nb:\n  enum: &STATE\n    - ACTIVE\nc: *STATE\n"
    [hit] = parse_text("api.yaml", text).findings
    assert (hit.rule, hit.severity.value, (hit.line, hit.column)) == ("TL001", "info", (5, 9))
    assert "anchor written again (first at line 2)" in hit.message
    assert "second occurrence" not in hit.message
    named = text + "image: vllm/vllm-openai:v0.9.0\n"
    [hit] = parse_text("job.yaml", named).findings
    assert (hit.rule, hit.severity.value) == ("TL001", "error")
