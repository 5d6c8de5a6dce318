"""Variables a script reads from a here-string (``toplint.parse.text.herestrings``), and a
``for`` loop over a list known to be empty (``toplint.parse.text.branches.loop_ends``).

mark-ramsey-ri/sglang-dgx-spark@ad616ce1 start_cluster.sh (sweep 35, development): the head
splits ``EXTRA_ARGS`` with ``read -ra EXTRA_ARGS_ARRAY <<< "${EXTRA_ARGS}"`` (lines 456-459)
and the worker addresses with ``read -ra WORKER_IB_IP_ARRAY <<< "${WORKER_IB_IP}"`` (line 209),
then starts one worker per address (``for i in "${!WORKER_IB_IP_ARRAY[@]}"``, line 299).
"""

from __future__ import annotations

import pytest

from tests.parse.helpers import only, parse_text

HEAD = """EXTRA_ARGS="${EXTRA_ARGS:---enable-dp-attention}"
SGLANG_ARGS=(--model-path openai/gpt-oss-120b --tp 2)
if [ -n "${EXTRA_ARGS}" ]; then
  read -ra EXTRA_ARGS_ARRAY <<< "${EXTRA_ARGS}"
  SGLANG_ARGS+=("${EXTRA_ARGS_ARRAY[@]}")
fi
python3 -m sglang.launch_server "${SGLANG_ARGS[@]}"
"""


def test_read_a_splits_a_here_string_into_an_array() -> None:
    dep = only("start_cluster.sh", HEAD)
    assert dep.flag("enable-dp-attention") is not None
    more = HEAD.replace(
        ":---enable-dp-attention}", ":---enable-dp-attention --max-total-tokens 8192}"
    )
    assert only("start_cluster.sh", more).flag("max-total-tokens").value == "8192"


def test_a_here_string_not_known_leaves_the_array_unknown() -> None:
    text = HEAD.replace('"${EXTRA_ARGS:---enable-dp-attention}"', '"$1"')
    dep = only("start_cluster.sh", text)
    assert dep.flag("enable-dp-attention") is None
    assert dep.tp == 2


@pytest.mark.parametrize(
    ("reading", "tp"),
    [
        ('IFS=, read -ra P <<< "$SIZES"\nTP=${P[1]}', "4"),  # a comma separates fields
        ('read -r A TP REST <<< "2 4 8"', "4"),
        ('read -r A TP <<< "2 4 8"', None),  # the last name takes the rest: "4 8"
        ('mapfile -t P <<< "$LINES"\nTP=${P[1]}', "4"),
    ],
)
def test_read_and_mapfile(reading: str, tp: str | None) -> None:
    text = f"""SIZES=2,4,8
LINES='2
4'
{reading}
vllm serve org/m --tensor-parallel-size "$TP"
"""
    dep = only("serve.sh", text)
    if tp is None:
        assert dep.tp is None
    else:
        assert dep.tp == int(tp)


WORKERS = """WORKER_IB_IP="${WORKER_IB_IP:-}"
ARGS="--model-path openai/gpt-oss-120b --tp 2 --nnodes 2 --dist-init-addr 10.0.0.1:50000"
read -ra WORKER_IB_IP_ARRAY <<< "${WORKER_IB_IP}"
NODE_RANK=1
for i in "${!WORKER_IB_IP_ARRAY[@]}"; do
  ssh "${WORKER_IB_IP_ARRAY[$i]}" python3 -m sglang.launch_server $ARGS --node-rank ${NODE_RANK}
done
python3 -m sglang.launch_server $ARGS --node-rank 0
"""


def test_a_loop_over_a_list_known_to_be_empty_starts_nothing() -> None:
    # no worker address given: bash runs the loop no time, and only the head starts
    result = parse_text("start_cluster.sh", WORKERS)
    (dep,) = result.deployments
    assert dep.flag("node-rank").value == "0"
    assert not any("one instance" in n for n in dep.notes)


def test_a_loop_over_addresses_given_starts_a_worker_each() -> None:
    text = WORKERS.replace(":-}", ":-10.0.0.2}")
    (dep,) = parse_text("start_cluster.sh", text).deployments
    assert any("one instance" in n for n in dep.notes)  # the head, its worker merged in
