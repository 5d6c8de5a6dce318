"""Placement never puts more GPUs on one node than the cluster's nodes have (issue: TL211)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from placement_builders import make_cluster, make_deployment

from toplint.engines.registry import all_engines
from toplint.placement.place import place

ENGINES = sorted(e.name for e in all_engines())
SIZES = st.one_of(st.none(), st.integers(min_value=1, max_value=16))


@settings(max_examples=300, deadline=None)
@given(
    engine=st.sampled_from(ENGINES),
    tp=SIZES,
    pp=SIZES,
    dp=SIZES,
    nodes=SIZES,
    gpus=st.one_of(st.none(), st.integers(min_value=1, max_value=64)),
    gpus_per_node=SIZES,
    dp_local=st.one_of(st.none(), st.integers(min_value=1, max_value=8)),
    cluster_nodes=st.integers(min_value=1, max_value=8),
    node_gpus=st.integers(min_value=1, max_value=16),
)
def test_no_node_holds_more_gpus_than_the_cluster_node_has(
    engine: str,
    tp: int | None,
    pp: int | None,
    dp: int | None,
    nodes: int | None,
    gpus: int | None,
    gpus_per_node: int | None,
    dp_local: int | None,
    cluster_nodes: int,
    node_gpus: int,
) -> None:
    deployment = make_deployment(
        engine=engine,
        tp=tp,
        pp=pp,
        dp=dp,
        nodes=nodes,
        gpus=gpus,
        gpus_per_node=gpus_per_node,
        dp_local=dp_local,
    )
    cluster = make_cluster(nodes=cluster_nodes, gpus_per_node=node_gpus, nvlink_domain=node_gpus)
    placement = place(deployment, cluster, None)
    assert placement.gpus_per_node <= node_gpus
    where = {g for group in placement.groups for g in group.gpus}
    assert all(0 <= g.local < node_gpus for g in where)
    per_node = Counter(g.node for g in where)
    assert all(count <= node_gpus for count in per_node.values())


def test_a_pod_of_8_gpus_on_4_gpu_nodes_is_laid_over_2_nodes() -> None:
    cluster = make_cluster(gpus_per_node=4, nvlink_domain=4)
    placement = place(make_deployment(tp=8, nodes=1, gpus=8, gpus_per_node=8), cluster, None)
    (tp,) = placement.of("tp")
    assert (placement.gpus_per_node, tp.nodes) == (4, (0, 1))


def test_tgi_shards_beyond_one_host_are_not_squeezed_onto_it() -> None:
    cluster = make_cluster(gpus_per_node=4, nvlink_domain=4)
    placement = place(make_deployment(engine="tgi", tp=8), cluster, None)
    (tp,) = placement.of("tp")
    assert tp.nodes == (0, 1)
    assert any("runs on one node" in note for note in placement.uncertain)
