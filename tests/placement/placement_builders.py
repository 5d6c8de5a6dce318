"""Small cluster and deployment builders for placement tests (imported by the tests)."""

from __future__ import annotations

from typing import Any

from toplint.hardware.types import Cluster, GpuSpec, InterNode, IntraNode
from toplint.model import Deployment


def make_cluster(
    *,
    name: str = "c",
    nodes: int = 2,
    gpus_per_node: int = 8,
    fabric: str = "nvswitch",
    bandwidth: float = 300.0,
    nvlink_domain: int = 8,
    p2p: bool = True,
    numa_nodes: int = 1,
    pcie_bandwidth: float = 31.5,
    network: str = "infiniband",
    nic_bandwidth: float = 50.0,
    nics_per_node: int = 8,
    rdma: bool = True,
    latency_us: float = 5.0,
    selector: dict[str, str] | None = None,
) -> Cluster:
    gpu = GpuSpec(
        name="TEST-GPU",
        memory_gb=80.0,
        memory_bandwidth_gb_per_s=2000.0,
        scaleup_fabric=fabric,
        scaleup_bandwidth_gb_per_s=bandwidth,
        nvlink_domain=nvlink_domain,
        pcie_gen=4,
        p2p_default=p2p,
    )
    return Cluster(
        name=name,
        nodes=nodes,
        gpu=gpu,
        gpus_per_node=gpus_per_node,
        intra=IntraNode(
            fabric=fabric,
            bandwidth_gb_per_s=bandwidth,
            p2p=p2p,
            nvlink_domain=nvlink_domain,
            numa_nodes=numa_nodes,
            pcie_bandwidth_gb_per_s=pcie_bandwidth,
        ),
        inter=InterNode(
            network=network,
            bandwidth_gb_per_s=nic_bandwidth,
            nics_per_node=nics_per_node,
            rdma=rdma,
            latency_us=latency_us,
        ),
        selector=selector or {},
    )


def make_deployment(**fields: Any) -> Deployment:
    base: dict[str, Any] = {"path": "deploy.sh", "line": 1, "column": 1, "engine": "vllm"}
    base["model"] = fields.pop("model", "meta-llama/Llama-3.1-70B")
    base.update(fields)
    return Deployment(**base)
