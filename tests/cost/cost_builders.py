"""Hand-built hardware, models and placements for the cost tests (no manifest, no placer)."""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.hardware.types import Cluster, GpuSpec, InterNode, IntraNode, Link, Measurement
from toplint.model import Deployment
from toplint.placement.types import Gpu, Group, Placement
from toplint.record import replace

H100 = GpuSpec(
    name="H100-SXM5-80GB",
    memory_gb=80,
    memory_bandwidth_gb_per_s=3350,
    scaleup_fabric="nvswitch",
    scaleup_bandwidth_gb_per_s=450,
    nvlink_domain=8,
    pcie_gen=5,
    p2p_default=True,
    arch="hopper",
    bf16_tflops=989,
)
L40S = GpuSpec(
    name="L40S",
    memory_gb=48,
    memory_bandwidth_gb_per_s=864,
    scaleup_fabric="pcie",
    scaleup_bandwidth_gb_per_s=31.5,
    nvlink_domain=1,
    pcie_gen=4,
    p2p_default=True,
    arch="ada",
)
RTX4090 = GpuSpec(
    name="RTX-4090",
    memory_gb=24,
    memory_bandwidth_gb_per_s=1008,
    scaleup_fabric="pcie",
    scaleup_bandwidth_gb_per_s=31.5,
    nvlink_domain=1,
    pcie_gen=4,
    p2p_default=False,
)
NVSWITCH = IntraNode(
    fabric="nvswitch", bandwidth_gb_per_s=450, p2p=True, nvlink_domain=8, pcie_gen=5
)
PCIE4 = IntraNode(fabric="pcie", bandwidth_gb_per_s=31.5, p2p=True, nvlink_domain=1, pcie_gen=4)
IB_8X400 = InterNode(
    network="infiniband", bandwidth_gb_per_s=50, nics_per_node=8, rdma=True, latency_us=5
)
ETH_100 = InterNode(
    network="ethernet", bandwidth_gb_per_s=12.5, nics_per_node=1, rdma=False, latency_us=60
)

LLAMA_70B = ModelSpec(
    id="meta-llama/Llama-3.1-70B",
    hidden_size=8192,
    num_layers=80,
    num_attention_heads=64,
    num_kv_heads=8,
    head_dim=128,
    intermediate_size=28672,
    vocab_size=128256,
    params_total=70.55e9,
    params_active=70.55e9,
    kv_bytes_per_token=327680,
)
DEEPSEEK_V3 = ModelSpec(
    id="deepseek-ai/DeepSeek-V3",
    hidden_size=7168,
    num_layers=61,
    num_attention_heads=128,
    num_kv_heads=128,
    head_dim=192,
    intermediate_size=18432,
    vocab_size=129280,
    params_total=671e9,
    params_active=37.6e9,
    weight_bytes=1.0,
    num_experts=256,
    top_k=8,
    moe_intermediate_size=2048,
    num_moe_layers=58,
    mla=True,
    kv_lora_rank=512,
    qk_rope_head_dim=64,
    quant_block=128,
    kv_bytes_per_token=70272,
)


def cluster(
    gpu: GpuSpec = H100,
    intra: IntraNode = NVSWITCH,
    inter: InterNode = IB_8X400,
    nodes: int = 1,
    gpus_per_node: int = 8,
    measurements: tuple[Measurement, ...] = (),
) -> Cluster:
    return Cluster(
        name="test",
        nodes=nodes,
        gpu=gpu,
        gpus_per_node=gpus_per_node,
        intra=intra,
        inter=inter,
        measurements=measurements,
    )


def _link_for(c: Cluster, gpus: tuple[Gpu, ...]) -> Link:
    nodes = {g.node for g in gpus}
    if len(nodes) > 1:
        share = c.inter.nics_per_node * c.inter.bandwidth_gb_per_s / c.gpus_per_node
        return Link(c.inter.network, share, c.inter.latency_us, c.inter.rdma, "inter")
    kind = {"nvswitch": "nvlink"}.get(c.intra.fabric, c.intra.fabric)
    if kind == "pcie" and not c.intra.p2p:
        kind = "pcie-no-p2p"
    return Link(kind, c.intra.bandwidth_gb_per_s, 1.0, False, "intra")


def place(
    model: ModelSpec | None,
    c: Cluster,
    tp: int = 1,
    pp: int = 1,
    dp: int = 1,
    ep: int = 1,
    engine: str = "vllm",
    options: dict[str, str] | None = None,
) -> Placement:
    """TP innermost, then DP, then PP (vLLM's rank order), filling nodes in order."""
    d = Deployment(
        path="serve.sh",
        line=1,
        column=1,
        engine=engine,
        model=model.id if model else None,
        tp=tp,
        pp=pp,
        dp=dp,
        ep=ep,
        ep_enabled=ep > 1,
        options=options or {},
    )
    world = tp * pp * dp
    gpn = min(c.gpus_per_node, world)
    gpu = [Gpu(r // gpn, r % gpn) for r in range(world)]
    groups: list[Group] = []

    def add(kind: str, index: int, ranks: list[int]) -> None:
        gs = tuple(gpu[r] for r in ranks)
        groups.append(
            Group(
                kind, index, tuple(ranks), gs, _link_for(c, gs), tuple(sorted({g.node for g in gs}))
            )
        )

    for i in range(pp * dp):
        add("tp", i, list(range(i * tp, (i + 1) * tp)))
    for i in range(tp * dp):
        add("pp", i, [i + s * tp * dp for s in range(pp)])
    if ep > 1:
        for s in range(pp):
            add("ep", s, list(range(s * tp * dp, s * tp * dp + ep)))
    nodes = (world + gpn - 1) // gpn
    return Placement(d, c, model, nodes, gpn, tuple(groups))


def with_options(p: Placement, **options: str) -> Placement:
    return replace(p, deployment=replace(p.deployment, options=options))
