"""Facts a faithful reader extracts from the real files of tests/shell/data/real (INDEX.md)."""

from __future__ import annotations

from pathlib import Path

from toplint.discover.files import read_source
from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source

REAL = Path(__file__).parent / "data" / "real"


def deployments(name: str) -> tuple[Deployment, ...]:
    source = read_source(str(REAL / name))
    assert isinstance(source, Source)
    return parse_source(source, toplint_parsers()).deployments


def test_trtllm_disaggregated_config_is_a_context_and_a_generation_deployment() -> None:
    found = {
        (d.name, d.engine, d.model, d.tp, d.pp, d.replicas)
        for d in deployments("trtllm-disagg_config.yaml")
    }
    model = "TinyLlama/TinyLlama-1.1B-Chat-v1.0"
    assert found == {
        ("context", "trtllm", model, 1, 1, 1),
        ("generation", "trtllm", model, 1, 1, 1),
    }


def test_sglang_head_and_worker_branches_are_one_deployment() -> None:
    (dep,) = deployments("sgrpo-serving.sh")
    assert (dep.engine, dep.line, dep.model, dep.tp, dep.nodes) == ("sglang", 27, None, None, None)
    assert {u.field for u in dep.unresolved} >= {"model", "tp", "nodes"}
