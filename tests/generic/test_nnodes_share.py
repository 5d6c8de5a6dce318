"""SGLang's ``--nnodes`` with TP exactly the nodes times the GPUs this host sees: each node runs
``tp_size // nnodes`` ranks (sgl-project/sglang python/sglang/srt/entrypoints/engine.py), so the
instance spans all of them (open-world set 32, tutu329/server-install@2b75fb0c: an H20 pair's
rank-0 script with CUDA_VISIBLE_DEVICES of 8 and ``--tp 16 --nnodes 2``)."""

from __future__ import annotations

from tests.parse.helpers import only

RANK0 = """\
export CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7
python -m sglang.launch_server --model-path /models/m --tp 16 \\
  --dist-init-addr 10.0.0.1:5000 --nnodes 2 --node-rank 0 --port 30000
"""


def test_a_rank_that_sees_its_share_spans_every_node() -> None:
    dep = only("rank0.sh", RANK0)
    assert (dep.engine, dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == ("sglang", 16, 2, 8, 16)


def test_a_rank_that_sees_another_share_leaves_the_total_unknown() -> None:
    dep = only("rank0.sh", RANK0.replace("0,1,2,3,4,5,6,7", "0,1,2,3"))
    assert (dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == (16, 2, 4, None)
