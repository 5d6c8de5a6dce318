"""Every corpus file parses without a crash, and the facts corpus/INDEX.md states come out.

One row per deployment (``name`` "" when the file holds one).  A field left out of a row is not
checked: INDEX.md does not state it definitely.  ``None`` means "written but unresolved".
Where INDEX.md and toplint disagree after reading the source, the row says why.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from conftest import CORPUS

from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import choose, parse_source

PS = "production-stack/"

# (file, deployment name, expected facts)
ROWS: list[tuple[str, str, dict[str, Any]]] = [
    # 1: the only modelSpec is `enabled: false` -> nothing is deployed.
    (PS + "values.yaml", "-", {}),
    (PS + "values-example.yaml", "opt125m", dict(engine="vllm", tp=1, nodes=1, gpus_per_node=1)),
    (PS + "values-02-basic-config.yaml", "llama3", dict(engine="vllm", tp=1, gpus_per_node=1)),
    (PS + "values-04-multiple-models.yaml", "llama3", dict(tp=1, gpus_per_node=1)),
    (PS + "values-04-multiple-models.yaml", "mistral", dict(tp=1, gpus_per_node=1)),
    (PS + "values-14-vllm-v1.yaml", "llama3", dict(engine="vllm", gpus_per_node=1)),
    (
        PS + "values-15-a-minimal-pipeline-parallel-example-raycluster.yaml",
        "distilgpt2-raycluster",
        dict(engine="vllm", tp=1, pp=2, nodes=2, gpus_per_node=1),
    ),
    (
        PS + "values-15-b-minimal-pipeline-parallel-example-multiple-modelspec.yaml",
        "distilgpt2-raycluster",
        dict(tp=1, pp=2, nodes=2, gpus_per_node=1),
    ),
    (
        PS + "values-15-b-minimal-pipeline-parallel-example-multiple-modelspec.yaml",
        "opt125m-deployment",
        dict(tp=1, pp=1, nodes=1, gpus_per_node=1),
    ),
    # 9: requestGPU is commented out -> no GPU requested (None), TP 1.
    # requestGPU is commented out: the chart renders no GPU request at all.
    (PS + "values-16-disagg-prefill.yaml", "llama-prefill", dict(tp=1, gpus_per_node=0)),
    (PS + "values-16-disagg-prefill.yaml", "llama-decode", dict(tp=1, gpus_per_node=0)),
    (PS + "values-25-v100-multi-gpu-tp2.yaml", "qwen7b", dict(tp=2, nodes=1, gpus_per_node=2)),
    (PS + "values-25-v100-multi-gpu-tp4.yaml", "qwen14b", dict(tp=4, nodes=1, gpus_per_node=4)),
    (
        PS + "production-stack_v1alpha1_vllmruntime.yaml",
        "",
        dict(engine="vllm", tp=1, gpus_per_node=1),
    ),
    (
        "kserve/llm-inference-service-dp-ep-deepseek-r1-gpu-deepep-ht.yaml",
        "",
        dict(engine="vllm", tp=1, dp=32, ep=32, nodes=4, gpus_per_node=8),
    ),
    (
        "kserve/llm-inference-service-dp-ep-deepseek-r1-gpu-naive.yaml",
        "",
        dict(engine="vllm", tp=1, dp=16, ep=16, nodes=2, gpus_per_node=8),
    ),
    (
        "kserve/llm-inference-service-dp-ep-deepseek-r1-pd-gpu-p-deepep-ht-d-pplx.yaml",
        "deepseek-r1-0528-pd/decode",
        dict(tp=1, dp=16, ep=16, nodes=2, gpus_per_node=8),
    ),
    (
        "kserve/llm-inference-service-dp-ep-deepseek-r1-pd-gpu-p-deepep-ht-d-pplx.yaml",
        "deepseek-r1-0528-pd/prefill",
        dict(tp=1, dp=16, ep=16, nodes=2, gpus_per_node=8),
    ),
    ("kserve/network-roce.yaml", "-", {}),
    # 19: a runtime template; TP/PP are injected per InferenceService -> unresolved.
    ("kserve/kserve-huggingfaceserver-multinode.yaml", "", dict(tp=None, pp=None)),
    # 20: the engine line is inside `eval "exec vllm serve ..."` built from Go templates.
    ("kserve/config-llm-worker-data-parallel.yaml", "-", {}),
    ("kserve/llm-inference-service-qwen2-7b-gpu.yaml", "", dict(tp=1, nodes=1, gpus_per_node=1)),
    ("kserve/kserve-vllmserver.yaml", "", dict(engine="vllm", tp=1, pp=1)),
    ("lws/vllm-gpu-lws.yaml", "", dict(engine="vllm", tp=8, pp=2, nodes=2, gpus_per_node=8)),
    ("lws/sglang-lws.yaml", "", dict(engine="sglang", tp=2, nodes=2, gpus_per_node=1)),
    # 25: INDEX reads --pp=8 --tp=2 off `python3 ./server.py`, a custom Triton launcher whose
    # flags are not TensorRT-LLM's; toplint does not guess an unknown program's options.
    ("lws/tensorrt-llm-lws.yaml", "-", {}),
    ("lws/lws-exclusive-placement.yaml", "-", {}),
    (
        "aibrix/deepseek-r1-tcp.yaml",
        "",
        dict(engine="vllm", tp=8, pp=2, nodes=2, gpus_per_node=8),
    ),
    ("aibrix/fleet-two-node.yaml", "", dict(engine="vllm", tp=2, nodes=2, gpus_per_node=1)),
    ("aibrix/tp-1p1d.yaml", "prefill", dict(engine="sglang", tp=2, nodes=2, gpus_per_node=1)),
    ("aibrix/tp-1p1d.yaml", "decode", dict(engine="sglang", tp=2, nodes=2, gpus_per_node=1)),
    (
        "aibrix/qwen3-8b-round-robin-4p4d-multinode.yaml",
        "VllmDecodeWorker",
        dict(engine="vllm", tp=1, nodes=1, gpus_per_node=1, replicas=4),
    ),
    (
        "aibrix/qwen3-8b-round-robin-4p4d-multinode.yaml",
        "VllmPrefillWorker",
        dict(engine="vllm", tp=1, nodes=1, gpus_per_node=1, replicas=4),
    ),
    ("aibrix/deployment-tp.yaml", "", dict(engine="vllm", tp=4, gpus_per_node=1)),
    (
        "kuberay/ray-service.deepseek.yaml",
        "",
        dict(engine="vllm", tp=8, pp=2, nodes=2, gpus_per_node=8),
    ),
    (
        "kuberay/ray-service.high-throughput-gemma4.yaml",
        "",
        dict(engine="vllm", tp=1, nodes=1, gpus_per_node=8, replicas=8),
    ),
    (
        "llm-d/wide-ep-lws-decode.yaml",
        "",
        dict(engine="vllm", tp=1, dp=16, ep=16, nodes=2, gpus_per_node=8),
    ),
    ("llm-d-deployer/llama4-fp8.yaml", "prefill", dict(engine="vllm", tp=4, gpus_per_node=4)),
    ("llm-d-deployer/llama4-fp8.yaml", "decode", dict(engine="vllm", tp=4, gpus_per_node=4)),
    ("llm-d-deployer/values.yaml", "prefill", dict(engine="vllm", tp=1, gpus_per_node=1)),
    ("llm-d-deployer/values.yaml", "decode", dict(engine="vllm", tp=1, gpus_per_node=1)),
    # Formats read by the other parsers (compose, shell): checked once they are registered.
    ("sglang/compose.yaml", "", dict(engine="sglang", tp=1, gpus_per_node=1)),
    ("compose-public/JinwangMok-InferencePack/docker-compose.vllm.yml", "", dict(tp=4)),
    ("compose-public/brianlechthaler-opencode-3090ti/docker-compose.vllm.yml", "", dict(tp=1)),
    ("shell-public/vllm-ascend/run_dp_template.sh", "", dict(engine="vllm", tp=None, dp=None)),
    ("shell-public/nichnikov-train-llm-tutorial/run_llm.bash", "", dict(engine="tgi", tp=1)),
]

BY_FILE: dict[str, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
for _file, _name, _facts in ROWS:
    BY_FILE[_file].append((_name, _facts))

SKIP = ("nvidia-smi/", "values.schema.json", "INDEX.md")


def parse(rel: str) -> ParseResult:
    path = CORPUS / rel
    source = Source.from_text(str(path), path.read_text())
    if choose(source, toplint_parsers()) is None:
        pytest.skip(f"no parser registered for {rel} yet")
    return parse_source(source, toplint_parsers())


def corpus_files() -> list[str]:
    files = [str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*") if p.is_file()]
    return sorted(f for f in files if not f.startswith(SKIP) and not f.endswith(SKIP))


@pytest.mark.shared
@pytest.mark.parametrize("rel", corpus_files() if CORPUS.is_dir() else [])
def test_corpus_file_parses_without_tl001(rel: str) -> None:
    path = CORPUS / rel
    result = parse_source(Source.from_text(str(path), path.read_text()), toplint_parsers())
    assert [f.message for f in result.findings if f.rule == "TL001"] == []


@pytest.mark.shared
@pytest.mark.parametrize("rel", sorted(BY_FILE))
def test_corpus_facts_match_index(rel: str) -> None:
    result = parse(rel)
    expected = BY_FILE[rel]
    if expected == [("-", {})]:
        assert result.deployments == ()
        return
    assert len(result.deployments) == len(expected), [d.name for d in result.deployments]
    for name, facts in expected:
        matches = [d for d in result.deployments if not name or d.name == name]
        assert len(matches) == 1, (name, [d.name for d in result.deployments])
        got = {key: getattr(matches[0], key) for key in facts}
        assert got == facts, name
