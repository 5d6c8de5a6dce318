"""A split is clearly better only if it still is when it decodes the deployment's sequences
(``toplint.outcome.load``, docs/severity.md "Fixes are judged by the outcome")."""

from __future__ import annotations

from toplint.cost.types import Workload
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.build import whatif
from toplint.outcome.judge import best_split
from toplint.outcome.load import at_load, in_flight
from toplint.testing import _hardware


def _dep(tp: int, pp: int, dp: int = 1, model: str = "Qwen/Qwen2.5-1.5B-Instruct") -> Deployment:
    return Deployment(
        path="serve.sh", line=1, column=1, engine="vllm", model=model,
        tp=tp, pp=pp, dp=dp, gpus=tp * pp * dp, options={},
    )  # fmt: skip


def test_in_flight_is_the_batch_on_every_replica_and_micro_batch() -> None:
    work = Workload(prompt_tokens=1024, decode_batch=3)
    assert in_flight(_dep(1, 8), work) == 24
    assert in_flight(_dep(2, 1, dp=4), work) == 12
    assert in_flight(_dep(8, 1), work) == 3


def test_at_load_gives_a_split_with_fewer_lanes_the_deployment_s_sequences() -> None:
    work = Workload(prompt_tokens=1024, decode_batch=3)
    assert at_load(_dep(1, 8), _dep(4, 2), work) == Workload(prompt_tokens=1024, decode_batch=12)
    # rounded up: 24 sequences over 5 lanes is never fewer than offered
    assert at_load(_dep(1, 8), _dep(2, 1, dp=5), work) == Workload(1024, 5)
    # as many or more sequences in flight already: judged at the declared batch
    assert at_load(_dep(8, 1), _dep(2, 1, dp=4), work) is None
    assert at_load(_dep(1, 8), _dep(1, 1, dp=8), work) is None


def _judge(work: Workload) -> str:
    cluster = _hardware({"nodes": 1, "gpu": "A100-SXM4-80GB", "gpus_per_node": 8}).clusters[0]
    model = lookup_model("Qwen/Qwen2.5-1.5B-Instruct")
    assert model is not None
    dep = _dep(1, 8)
    before = whatif(dep, cluster, model, work)
    alt, how, _, _ = best_split(dep, before, cluster, model, work, None)
    return how if alt is not None else ""


def test_a_split_better_only_by_decoding_fewer_sequences_is_not_clearly_better() -> None:
    """PP 8 at batch 64 and 16k tokens decodes 512 sequences, its step bound by their KV reads;
    TP 2 x PP 4 at batch 64 decodes 256 and reads half the KV a step: 22.4 -> 13.7 ms per token.
    At 512 sequences it reads as much as PP 8 and decodes no faster; it is better only by its
    first token (two ranks compute each prompt), and the message says so."""
    how = _judge(Workload(prompt_tokens=16384, decode_batch=64))
    assert how.startswith("decode 22.4 → 13.7 ms per token; at the same 512 sequences in flight, ")
    assert "first token" in how.split("in flight, ")[1]


def test_a_split_better_at_the_same_sequences_says_so() -> None:
    how = _judge(Workload(prompt_tokens=4096, decode_batch=1))
    assert how == "first token 82 → 29 ms, also at the same 8 sequences in flight"
