"""The cases at the top of issue 16: each fix writes a config that runs, or is not written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main

H100_PAIR = """\
version: 1
clusters:
  - name: h100
    nodes: 2
    gpu: H100-SXM5-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvlink, bandwidth: 450 GB/s}
    inter_node: {network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}
"""

L4_PCIE = """\
version: 1
clusters:
  - name: l4
    nodes: 1
    gpu: L4
    gpus_per_node: 4
    intra_node: {fabric: pcie}
"""


def _run(tmp_path: Path, name: str, text: str, hardware: str, *flags: str) -> tuple[int, str]:
    (tmp_path / "hw.yaml").write_text(hardware)
    (tmp_path / name).write_text(text)
    argv = ["check", str(tmp_path / name), "--hardware", str(tmp_path / "hw.yaml"), "--no-cache"]
    return main([*argv, *flags]), name


def _json(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> dict[str, dict]:
    argv = ["check", str(tmp_path / name), "--hardware", str(tmp_path / "hw.yaml"), "--no-cache"]
    main([*argv, "--format", "json"])
    return {f["rule"]: f for f in json.loads(capsys.readouterr().out)["findings"]}


ARGS = '["--model-path", "meta-llama/Llama-3.1-70B-Instruct", "--tp", "16", "--trust-remote-code"]'
FLOW = f"""\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: sg}}
spec:
  template:
    spec:
      containers:
        - name: sglang
          image: lmsysorg/sglang:latest
          command: ["python3", "-m", "sglang.launch_server"]
          args: {ARGS}
          resources:
            limits:
              nvidia.com/gpu: 8
"""


def test_flow_sequence_gets_new_items_not_a_longer_last_string(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "flow.yaml", FLOW, H100_PAIR, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    text = (tmp_path / "flow.yaml").read_text()
    assert '"--trust-remote-code"]' in text
    assert '"--tp", "8", "--pp-size", "2", "--trust-remote-code"]' in text


def test_gpu_request_never_exceeds_the_node(tmp_path: Path, capsys) -> None:
    nnodes = FLOW.replace('"--tp", "16"', '"--nnodes", "2", "--tp", "16"')
    _run(tmp_path, "flow.yaml", nnodes, H100_PAIR, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    assert "nvidia.com/gpu: 16" not in (tmp_path / "flow.yaml").read_text()


TGI_70B = "text-generation-launcher --model-id meta-llama/Llama-3.1-70B-Instruct --num-shard 4\n"


def test_tgi_shards_never_shrink_below_the_model(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tgi.sh", TGI_70B, L4_PCIE, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    assert (tmp_path / "tgi.sh").read_text() == TGI_70B


def test_tgi_is_never_given_a_pipeline_flag(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tgi.sh", TGI_70B, L4_PCIE)
    out = capsys.readouterr().out
    assert "--pp-size" not in out and "--num-shard 1" not in out


def test_layout_fix_never_uses_a_flag_the_engine_lacks() -> None:
    from toplint.rulebook.helpers import layout_fix

    assert layout_fix("tgi", tp=4, pp=2) is None
    fix = layout_fix("tgi", tp=4)
    assert fix is not None and [(i.kind, i.name, i.value) for i in fix.intents] == [
        ("set-flag", "num-shard", "4")
    ]


HELM_70B = """\
servingEngineSpec:
  modelSpec:
  - name: llama
    repository: vllm/vllm-openai
    tag: latest
    modelURL: meta-llama/Llama-3.1-70B-Instruct
    replicaCount: 1
    requestGPU: 1
    vllmConfig:
      tensorParallelSize: 1
"""


def test_helm_model_too_big_adds_no_key_the_chart_ignores(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "values.yaml", HELM_70B, H100_PAIR, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    assert "pipelineParallelSize" not in (tmp_path / "values.yaml").read_text()


TYPO = "text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --num-shards 2\n"


def test_typo_gets_no_safe_fix_beside_it(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tgi.sh", TYPO, H100_PAIR, "--fix")
    capsys.readouterr()
    assert (tmp_path / "tgi.sh").read_text() == TYPO


def test_typo_is_renamed_by_the_unsafe_fix(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tgi.sh", TYPO, H100_PAIR, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    assert (tmp_path / "tgi.sh").read_text() == TYPO.replace("--num-shards", "--num-shard")


TP8 = "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 16\n"


def test_fix_says_unsafe_fixes_are_available(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tp.sh", TP8, H100_PAIR, "--fix")
    assert "available with `--unsafe-fixes`" in capsys.readouterr().err
    assert (tmp_path / "tp.sh").read_text() == TP8


def test_diff_says_unsafe_fixes_are_available(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tp.sh", TP8, H100_PAIR, "--diff")
    assert "available with `--unsafe-fixes`" in capsys.readouterr().err


def test_json_fix_carries_edits(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tp.sh", TP8, H100_PAIR)
    capsys.readouterr()
    fix = _json(tmp_path, "tp.sh", capsys)["TL101"]["fix"]
    assert fix["applicability"] == "unsafe" and fix["edits"]


def test_sarif_result_carries_artifact_changes(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tp.sh", TP8, H100_PAIR)
    capsys.readouterr()
    argv = ["check", str(tmp_path / "tp.sh"), "--hardware", str(tmp_path / "hw.yaml")]
    main([*argv, "--no-cache", "--format", "sarif"])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    change = results[0]["fixes"][0]["artifactChanges"][0]
    assert change["artifactLocation"]["uri"].endswith("tp.sh")
    assert {r["insertedContent"]["text"] for r in change["replacements"]} == {
        "8",
        " --pipeline-parallel-size 2",
    }


HELM_TP2 = HELM_70B.replace("Llama-3.1-70B-Instruct", "Llama-3.1-8B-Instruct").replace(
    "tensorParallelSize: 1", "tensorParallelSize: 2"
)


def test_helm_request_gpu_fix_is_applied(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "values.yaml", HELM_TP2, H100_PAIR, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    assert (tmp_path / "values.yaml").read_text() == HELM_TP2.replace(
        "requestGPU: 1", "requestGPU: 2"
    )


def test_show_fixes_prints_the_edits(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "tp.sh", TP8, H100_PAIR, "--show-fixes")
    out = capsys.readouterr().out
    assert "fix (unsafe)" in out and "--pipeline-parallel-size 2" in out


L4_PAIR = L4_PCIE.replace("gpus_per_node: 4", "gpus_per_node: 2")


def test_a_flag_the_engine_rejects_is_fixed_even_if_the_fix_reveals_a_finding(
    tmp_path: Path, capsys
) -> None:
    """Issue 25: the engine does not start with an option it does not know; the renamed flag
    reveals that the 70B weights do not fit two L4s, which the next check reports."""
    typo = TYPO.replace("Llama-3.1-8B", "Llama-3.1-70B")
    _run(tmp_path, "tgi.sh", typo, L4_PAIR, "--fix", "--unsafe-fixes")
    capsys.readouterr()
    assert (tmp_path / "tgi.sh").read_text() == typo.replace("--num-shards", "--num-shard")
    found = _json(tmp_path, "tgi.sh", capsys)
    assert "TL005" not in found and found["TL205"]["severity"] == "error"


BOTH = (
    "vllm serve meta-llama/Llama-3.1-70B-Instruct --gpu-memory-utilization 0.95 "
    "--tensor-parallel-size 8 --gpu-memory-utilization 0.9\n"
)
SEED = (Path(__file__).parents[1] / "data" / "seed-hardware.yaml").read_text()


def test_fixes_repeat_until_nothing_is_left_to_fix(tmp_path: Path, capsys) -> None:
    _run(tmp_path, "both.sh", BOTH, SEED, "--fix", "--unsafe-fixes")
    assert "fixed 2 findings in 1 file\n" in capsys.readouterr().err
    assert (tmp_path / "both.sh").read_text() == (
        "vllm serve meta-llama/Llama-3.1-70B-Instruct "
        "--tensor-parallel-size 4 --pipeline-parallel-size 2 --gpu-memory-utilization 0.9\n"
    )
