"""One root cause, one finding (issue 15.3)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.model import Finding, Severity
from toplint.rulebook.fold import fold_consequences

ROOT = Path(__file__).resolve().parents[2]
EXPLAINS = {"TL101": ("TL105", "TL106", "TL203")}


def finding(rule: str, severity: Severity, message: str, line: int = 3) -> Finding:
    return Finding(rule, rule.lower(), severity, "serve.sh", line, 5, message)


def test_the_seed_example_gives_exactly_one_finding_at_warning_or_above(capsys) -> None:
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        code = main(["check", "examples/", "--format", "json"])
    finally:
        os.chdir(before)
    found = json.loads(capsys.readouterr().out)["findings"]
    loud = [f for f in found if f["severity"] in ("warning", "error")]
    assert [f["rule"] for f in loud] == ["TL101"]
    assert code == 1


def test_consequences_fold_into_the_cause_with_their_numbers() -> None:
    cause = finding("TL101", Severity.ERROR, "TP 8 spans 2 nodes")
    decode = finding("TL105", Severity.WARNING, "decode 22.7 ms, 45% of the 50 ms budget")
    prefill = finding("TL106", Severity.WARNING, "prefill 2.1 s")
    (out,) = fold_consequences([decode, cause, prefill], EXPLAINS)
    assert out.rule == "TL101"
    assert "(1) decode 22.7 ms, 45% of the 50 ms budget [TL105]" in out.message
    assert "(2) prefill 2.1 s [TL106]" in out.message
    assert [r.rule for r in out.related] == ["TL105", "TL106"]


def test_consequences_are_introduced_in_the_causes_own_words() -> None:
    cause = finding("TL211", Severity.ERROR, "pod requests 8 GPUs; nodes have 4")
    spans = finding("TL101", Severity.ERROR, "TP 8 spans 2 nodes")
    (out,) = fold_consequences(
        [cause, spans], {"TL211": ("TL101",)}, {"TL211": "Even laid over several nodes"}
    )
    assert out.message == (
        "pod requests 8 GPUs; nodes have 4. Even laid over several nodes: "
        "TP 8 spans 2 nodes [TL101]"
    )


def test_the_folded_finding_keeps_the_highest_severity() -> None:
    cause = finding("TL102", Severity.WARNING, "TP over PCIe")
    decode = finding("TL105", Severity.ERROR, "decode 80% of the budget")
    (out,) = fold_consequences([cause, decode], {"TL102": ("TL105",)})
    assert out.severity is Severity.ERROR


def test_a_consequence_without_its_cause_is_reported_alone() -> None:
    decode = finding("TL105", Severity.WARNING, "decode over budget")
    other = finding("TL201", Severity.ERROR, "GPU count")
    assert fold_consequences([decode, other], EXPLAINS) == [decode, other]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "hw.yaml").write_text((ROOT / "tests" / "data" / "seed-hardware.yaml").read_text())
    return tmp_path


def test_budget_rule_fires_alone_when_tp_stays_inside_the_node(tree: Path, capsys) -> None:
    # TP 4 inside each node, PP 2 across Ethernet: no TL101, but a 2 ms ITL budget is blown.
    (tree / "serve.sh").write_text(
        "vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct -tp 4 -pp 2\n"
    )
    main(["check", str(tree / "serve.sh"), "--hardware", str(tree / "hw.yaml"), "--itl-ms", "2"])
    out = capsys.readouterr().out
    assert "TL105 [" in out and "TL101 [" not in out


def test_sarif_lists_the_folded_consequences_as_related_locations(tree: Path, capsys) -> None:
    (tree / "serve.sh").write_text(
        "vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct --tensor-parallel-size 8\n"
    )
    argv = ["check", str(tree / "serve.sh"), "--hardware", str(tree / "hw.yaml")]
    main([*argv, "--itl-ms", "15", "--format", "sarif"])
    (result,) = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert result["ruleId"] == "TL101"
    texts = [r["message"]["text"] for r in result["relatedLocations"]]
    assert any(t.startswith("TL105 [warning] decode collectives") for t in texts)


def test_a_cause_explained_by_another_hands_its_consequences_on() -> None:
    # TL211 (pod larger than a node) explains TL101, which explains TL105: none is lost.
    root = finding("TL211", Severity.ERROR, "pod requests 8 GPUs")
    middle = finding("TL101", Severity.ERROR, "TP 8 spans 2 nodes")
    leaf = finding("TL105", Severity.WARNING, "decode 20.9 ms")
    explains = {"TL211": ("TL101", "TL105"), "TL101": ("TL105",)}
    (out,) = fold_consequences([middle, leaf, root], explains)
    assert out.rule == "TL211"
    assert [r.rule for r in out.related] == ["TL101", "TL105"]


def test_a_pod_larger_than_a_node_is_one_finding(tmp_path: Path, capsys) -> None:
    (tmp_path / "hw.yaml").write_text((ROOT / "tests" / "data" / "seed-hardware.yaml").read_text())
    (tmp_path / "deploy.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: v}\nspec:\n  template:\n"
        "    spec:\n      hostIPC: true\n      containers:\n        - name: vllm\n"
        "          image: vllm/vllm-openai\n"
        '          args: ["--model", "meta-llama/Llama-3.1-70B-Instruct", "-tp", "8"]\n'
        "          resources: {limits: {nvidia.com/gpu: 8}}\n"
    )
    argv = ["check", str(tmp_path / "deploy.yaml"), "--hardware", str(tmp_path / "hw.yaml")]
    assert main([*argv, "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in found] == ["TL211"]
    # in the user's words: the pod cannot start; what follows is the layout laid over nodes
    assert (
        "scheduled. Even laid over several nodes, this layout would fall short: (1) "
        in (found[0]["message"])
    )


def test_a_tensor_parallel_group_without_peer_to_peer_is_one_finding(
    tmp_path: Path, capsys
) -> None:
    # sgl-project/sglang#4814: TP 2 on RTX 4090s, which have no P2P.  The missing P2P (TL103) is
    # why the group's all-reduces take the host path, so TL102's PCIe finding on the same group
    # folds into it instead of standing beside it as a second cause.
    (tmp_path / "hw.yaml").write_text(
        "version: 1\nclusters:\n  - name: c\n    nodes: 1\n    gpu: RTX-4090\n"
        "    gpus_per_node: 8\n    intra_node: {fabric: pcie}\n"
    )
    (tmp_path / "serve.sh").write_text(
        "python -m sglang.launch_server --model-path Qwen/Qwen2.5-0.5B-Instruct --tp 2\n"
    )
    argv = ["check", str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hw.yaml")]
    main([*argv, "--format", "json", "--no-cache"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in found] == ["TL103"]
    assert "has no NVLink path" in found[0]["message"]
    assert "[TL102]" in found[0]["message"]


def test_a_group_over_pcie_with_peer_to_peer_keeps_its_pcie_finding(tmp_path: Path, capsys) -> None:
    (tmp_path / "hw.yaml").write_text(
        "version: 1\nclusters:\n  - name: c\n    nodes: 1\n    gpu: RTX-4090\n"
        "    gpus_per_node: 8\n    intra_node: {fabric: pcie, p2p: true}\n"
    )
    (tmp_path / "serve.sh").write_text(
        "python -m sglang.launch_server --model-path Qwen/Qwen2.5-0.5B-Instruct --tp 2\n"
    )
    argv = ["check", str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hw.yaml")]
    main([*argv, "--format", "json", "--no-cache"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in found] == ["TL102"]


def test_the_folded_finding_keeps_the_split_tl102_would_have_offered(
    tmp_path: Path, capsys
) -> None:
    # TL102's layout fix is not lost with its finding: where a split of the same GPUs is faster,
    # TL103 offers it (tests/rules/cases/TL103.yaml shows it applied).
    (tmp_path / "hw.yaml").write_text(
        "version: 1\nclusters:\n  - name: c\n    nodes: 1\n    gpu: RTX-4090\n"
        "    gpus_per_node: 4\n    intra_node: {fabric: pcie, p2p: false}\n"
    )
    (tmp_path / "serve.sh").write_text(
        "vllm serve Qwen/Qwen2.5-1.5B-Instruct --tensor-parallel-size 4\n"
    )
    argv = ["check", str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hw.yaml")]
    main([*argv, "--decode-batch", "64", "--format", "json", "--no-cache"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert "TL102" not in [f["rule"] for f in findings]
    (found,) = [f for f in findings if f["rule"] == "TL103"]
    assert found["severity"] == "warning"
    assert "--pipeline-parallel-size 2" in json.dumps(found["fix"])
