"""Every real config in ../shared/corpus parses; shell and compose files yield INDEX.md's facts."""

from __future__ import annotations

import os

import pytest
from conftest import CORPUS as SHARED_CORPUS

from toplint.parse.parallel import parse_file

CORPUS = str(SHARED_CORPUS)
pytestmark = pytest.mark.shared


def corpus_files() -> list[str]:
    out = []
    for folder, _, names in os.walk(CORPUS):
        out.extend(
            os.path.join(folder, n) for n in names if n.endswith((".yaml", ".yml", ".sh", ".bash"))
        )
    return sorted(out)


def facts(rel: str) -> list[tuple[object, ...]]:
    path = os.path.join(CORPUS, rel)
    result = parse_file(path)
    return [
        (d.engine, d.model, d.tp, d.pp, d.dp, d.ep, d.nodes, d.gpus_per_node)
        for d in result.deployments
    ]


@pytest.mark.parametrize("path", corpus_files(), ids=os.path.basename)
def test_corpus_file_parses_without_tl001_or_false_tl005(path: str) -> None:
    result = parse_file(path)
    assert [f for f in result.findings if f.rule in ("TL001", "TL005")] == []


def test_sglang_compose_one_gpu_no_tp() -> None:
    assert facts("sglang/compose.yaml") == [
        ("sglang", "meta-llama/Meta-Llama-3.1-8B-Instruct", 1, 1, 1, 1, 1, 1)
    ]


def test_inferencepack_compose_tp4_all_gpus() -> None:
    (fact,) = facts("compose-public/JinwangMok-InferencePack/docker-compose.vllm.yml")
    assert fact == ("vllm", "/models/EXAONE-3.5-32B-Instruct", 4, 1, 1, 1, 1, None)


def test_opencode_compose_single_gpu_engine() -> None:
    (fact,) = facts("compose-public/brianlechthaler-opencode-3090ti/docker-compose.vllm.yml")
    assert fact[:4] == ("vllm", "Qwen/Qwen3-Coder-30B-A3B-Instruct-FP8", 1, 1)


def test_aibrix_compose_defaults_and_anchor_merge() -> None:
    got = facts("aibrix/docker-compose.yml")
    assert [f[2] for f in got] == [1, 1, 1]  # ${VLLM_TP:-1}, ${PREFILL_TP:-1}, ${DECODE_TP:-1}
    assert [f[7] for f in got] == [1, 1, 1]  # CUDA_VISIBLE_DEVICES: ${VLLM_GPU:-0}


def test_tgi_docker_run_one_shard_from_env() -> None:
    (fact,) = facts("shell-public/nichnikov-train-llm-tutorial/run_llm.bash")
    assert fact[:3] == ("tgi", "/workspace", 1)


def test_vllm_ascend_positional_parameters_stay_unresolved() -> None:
    path = os.path.join(CORPUS, "shell-public/vllm-ascend/run_dp_template.sh")
    (dep,) = parse_file(path).deployments
    assert (dep.tp, dep.dp, dep.ep, dep.ep_enabled) == (None, None, None, True)
    assert {(u.field, u.variable) for u in dep.unresolved} >= {("tp", "$7"), ("dp", "$3")}
