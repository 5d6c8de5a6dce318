from __future__ import annotations

import pytest

from toplint.hardware.catalog import (
    bridge_bandwidth,
    default_intra,
    gpu_names,
    instance_names,
    lookup_gpu,
    lookup_instance,
    lookup_network,
)
from toplint.hardware.linkkinds import kind as link_kind
from toplint.hardware.topology import share_nvlink


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("NVIDIA H100 80GB HBM3", "H100-SXM-80GB"),
        ("h100", "H100-SXM-80GB"),
        ("H100-SXM5-80GB", "H100-SXM-80GB"),
        ("NVIDIA-H100-80GB-HBM3", "H100-SXM-80GB"),
        ("A100-SXM4-80GB", "A100-SXM4-80GB"),
        ("NVIDIA A100-SXM4-40GB", "A100-SXM4-40GB"),
        ("nvidia-tesla-a100", "A100-SXM4-40GB"),
        ("nvidia-b200", "B200-180GB"),
        ("Tesla V100-SXM2-16GB", "V100-SXM2-16GB"),
        ("Tesla-V100-SXM2-32GB", "V100-SXM2-32GB"),
        ("NVIDIA GeForce RTX 4090", "RTX-4090"),
        ("NVIDIA RTX PRO 6000 Blackwell Server Edition", "RTX-PRO-6000"),
        ("AMD Instinct MI300X", "MI300X"),
        ("NVIDIA A100 80GB PCIe", "A100-PCIE-80GB"),
        ("NVIDIA H100 NVL", "H100-NVL-94GB"),
        ("NVIDIA H200 NVL", "H200-NVL-141GB"),
        ("NVIDIA H200", "H200-SXM-141GB"),
        ("M3 Ultra", "Apple-M3-Ultra"),
    ],
)
def test_gpu_aliases_resolve(alias: str, name: str) -> None:
    spec = lookup_gpu(alias)
    assert spec is not None and spec.name == name


def test_unknown_gpu_is_none() -> None:
    assert lookup_gpu("Voodoo 5 6000") is None


def test_every_gpu_cites_a_source() -> None:
    for name in gpu_names():
        spec = lookup_gpu(name)
        assert spec is not None and spec.source, name


@pytest.mark.parametrize(
    "name",
    [
        "A100-SXM4-40GB",
        "A100-SXM4-80GB",
        "A100-PCIE-40GB",
        "A100-PCIE-80GB",
        "H100-SXM-80GB",
        "H100-PCIE-80GB",
        "H100-NVL-94GB",
        "H200-SXM-141GB",
        "H20-96GB",
        "H800-80GB",
        "B200-180GB",
        "GB200",
        "B300-288GB",
        "L40S",
        "L4",
        "A10",
        "A10G",
        "RTX-3090",
        "RTX-4090",
        "RTX-5090",
        "RTX-PRO-6000",
        "MI300X",
        "MI325X",
        "Apple-M2-Ultra",
        "Apple-M3-Ultra",
        "V100-SXM2-16GB",
        "V100-SXM2-32GB",
    ],
)
def test_catalog_covers_cost_model_gpus(name: str) -> None:
    assert lookup_gpu(name) is not None


def test_nvlink_bandwidth_is_per_direction() -> None:
    per_direction = {
        n: lookup_gpu(n).scaleup_bandwidth_gb_per_s  # type: ignore[union-attr]
        for n in ("A100-SXM4-80GB", "H100-SXM-80GB", "B200-180GB", "V100-SXM2-16GB")
    }
    assert per_direction == {
        "A100-SXM4-80GB": 300,
        "H100-SXM-80GB": 450,
        "B200-180GB": 900,
        "V100-SXM2-16GB": 150,
    }


def test_apple_is_unified_memory_not_a_link() -> None:
    spec = lookup_gpu("Apple M2 Ultra")
    assert spec is not None
    facts = (spec.scaleup_fabric, spec.nvlink_domain, spec.memory_bandwidth_gb_per_s)
    assert facts == ("none", 1, 800)


def test_dgx_spark_is_one_gb10_whose_unified_memory_is_no_link() -> None:
    # jdaln/dgx-spark-inference-stack@a686d894's 31 deployments were declined (TL011) on a
    # manifest naming the GB10
    for name in ("GB10", "NVIDIA GB10", "DGX Spark"):
        spec = lookup_gpu(name)
        assert spec is not None and spec.name == "GB10", name
        facts = (spec.scaleup_fabric, spec.nvlink_domain, spec.memory_bandwidth_gb_per_s)
        assert facts == ("none", 1, 273)


def test_h200_nvl_is_a_pcie_card_bridged_four_ways() -> None:
    # deepseek-ai/DeepSeek-R1#507 runs R1 on "单结点 8块H200 NVL"; the card was missing and
    # resolved to nothing. Its NVLink bridge joins up to four cards (900 GB/s bidirectional), so
    # an 8-GPU node is two bridged groups of four, PCIe Gen5 between them.
    spec = lookup_gpu("NVIDIA H200 NVL")
    assert spec is not None
    intra = default_intra(spec, 8)
    facts = (spec.memory_gb, intra.fabric, intra.nvlink_domain, intra.bandwidth_gb_per_s)
    assert facts == (141, "nvlink-bridge", 4, 450)
    assert share_nvlink(range(4), intra, 8) and share_nvlink(range(4, 8), intra, 8)
    assert not share_nvlink(range(8), intra, 8)


def test_rtx_3090_has_no_p2p_but_a_bridge() -> None:
    spec = lookup_gpu("RTX 3090")
    assert spec is not None and not spec.p2p_default
    assert bridge_bandwidth(spec) == 56


@pytest.mark.parametrize(
    "name",
    [
        "p4d.24xlarge",
        "p5.48xlarge",
        "p5en.48xlarge",
        "p6-b200.48xlarge",
        "g5.12xlarge",
        "g6e.12xlarge",
        "a2-highgpu-8g",
        "a3-highgpu-8g",
        "a3-megagpu-8g",
        "a3-ultragpu-8g",
        "g2-standard-48",
        "ND A100 v4",
        "Standard_ND96asr_v4",
        "ND H100 v5",
        "BM.GPU.A100-v2.8",
        "BM.GPU.H100.8",
        "DGX A100",
        "DGX H100",
        "DGX B200",
        "GB200 NVL72",
    ],
)
def test_instances_required_by_the_issue_exist(name: str) -> None:
    assert lookup_instance(name) is not None


def test_p5_instance_resolves_gpu_and_efa() -> None:
    p5 = lookup_instance("p5.48xlarge")
    assert p5 is not None
    assert (p5.gpu.name, p5.gpus_per_node, p5.intra.fabric, p5.intra.bandwidth_gb_per_s) == (
        "H100-SXM-80GB",
        8,
        "nvswitch",
        450,
    )
    inter = (p5.inter.network, p5.inter.nics_per_node, p5.inter.bandwidth_gb_per_s)
    assert inter == ("efa", 32, 12.5)
    assert p5.inter.latency_us == link_kind("efa").latency_us and p5.inter.rdma


def test_p4d_presets_carry_efa_first_generation_latency() -> None:
    # 2x p4d / p4de take 161-184 µs for an 8 B all-reduce where 2x p5 take 65-75 µs: the first
    # EFA generation's step is the preset's own, EFA v2-v4 keep the link kind's default.
    for name in ("p4d.24xlarge", "p4de.24xlarge"):
        spec = lookup_instance(name)
        assert spec is not None and spec.inter.network == "efa"
        assert spec.inter.latency_us > 1.5 * link_kind("efa").latency_us
    for name in ("p5.48xlarge", "p5en.48xlarge", "p6-b200.48xlarge"):
        spec = lookup_instance(name)
        assert spec is not None and spec.inter.latency_us == link_kind("efa").latency_us


def test_g4dn_instances_are_t4_boxes() -> None:
    """zenml-io/zenml-projects@4e1c1596 zencoder/configs/deployment_t4.yaml asks a Hugging Face
    endpoint for ``instance_type: g4dn.12xlarge``; without the family the deployment was judged
    on the manifest's GPUs instead of being told it asks for T4s."""
    spec = lookup_instance("g4dn.12xlarge")
    assert spec is not None and (spec.gpu.name, spec.gpus_per_node) == ("T4", 4)
    assert spec.inter.bandwidth_gb_per_s == 50 / 8
    one = lookup_instance("g4dn.xlarge")
    assert one is not None and one.gpus_per_node == 1


def test_gb200_nvl72_domain_spans_trays() -> None:
    nvl = lookup_instance("GB200-NVL72")
    assert nvl is not None and (nvl.gpus_per_node, nvl.intra.nvlink_domain) == (4, 72)


def test_every_instance_cites_a_source() -> None:
    for name in instance_names():
        spec = lookup_instance(name)
        assert spec is not None and spec.source, name


@pytest.mark.parametrize(
    ("kind", "rdma"),
    [
        ("infiniband", True),
        ("roce", True),
        ("efa", True),
        ("ethernet", False),
        ("tcpx", False),
        ("tcpxo", False),
    ],
)
def test_network_defaults_come_from_the_link_kinds_table(kind: str, rdma: bool) -> None:
    net = lookup_network(kind, 50.0)
    assert net is not None and (net.latency_us, net.rdma) == (link_kind(kind).latency_us, rdma)


def test_network_picks_nearest_generation() -> None:
    net = lookup_network("infiniband", 50.0)
    assert net is not None and net.name == "IB NDR"


def test_unknown_network_kind_is_none() -> None:
    assert lookup_network("carrier-pigeon") is None


def test_b300_and_gb300_reach_their_nics_over_pcie_gen6() -> None:
    # NVIDIA at Hot Chips 2025: each B300 has a Gen6 x16 link to its ConnectX-8, so one GPU's
    # NIC share is not capped at Gen5's 63 GB/s.
    from toplint.hardware.catalog import lookup_gpu, pcie_bandwidth

    for name in ("B300", "GB300"):
        gpu = lookup_gpu(name)
        assert gpu is not None and gpu.pcie_gen == 6
    assert pcie_bandwidth(6) == 121.0


def test_checkpoint_rows_name_published_ids_and_known_fields() -> None:
    """Each per-checkpoint row of data/checkpoints.yaml names ids the catalog publishes (a typo
    would patch nothing, silently) and only config.json fields the architecture has, or its
    context, which an architecture whose ids span contexts leaves out (models.yaml), or - for a
    quantized release - the quantization_config that details its own (the layers' widths)."""
    from toplint.hardware.modelcatalog import _checkpoints, catalog
    from toplint.hardware.models import lookup_model

    cat = catalog()
    for key, (fields, source) in _checkpoints().items():
        item = cat.published(key)
        if item is None:  # a re-release named after its base (-FP8): its quantization only
            spec = lookup_model(key)
            assert spec is not None and "from the model name" in spec.source, key
            assert set(fields) == {"quantization_config"}, (key, fields)
            continue
        own = ("quantization_config",) if item.quantization_config else ()
        known = {*item.entry.config, "max_position_embeddings", *own}
        assert set(fields) <= known, (key, fields)
        assert source


def test_padded_official_checkpoint_reads_its_own_intermediate_size() -> None:
    from toplint.hardware.models import lookup_model

    padded = lookup_model("Qwen/Qwen2.5-72B-Instruct-AWQ")
    base = lookup_model("Qwen/Qwen2.5-72B-Instruct")
    assert padded is not None and base is not None
    assert (padded.intermediate_size, base.intermediate_size) == (29696, 29568)
    assert "QwenLM/Qwen3#578" in padded.source


def test_qwen3_2507_releases_read_their_own_longer_context() -> None:
    """The 2507 releases serve 262,144 tokens where the first Qwen3 release says 40960: a
    65,536-token --max-model-len on Qwen3-4B-Instruct-2507 (anyscale/templates@383ab5ee) was a
    false TL216 "the engine refuses to start"; the first release keeps its own context."""
    from toplint.hardware.models import lookup_model

    for model_id in ("Qwen/Qwen3-4B-Instruct-2507", "Qwen/Qwen3-235B-A22B-Thinking-2507-FP8"):
        spec = lookup_model(model_id)
        assert spec is not None and spec.max_context == 262144, model_id
        assert "xorbitsai/inference@7ecec16b" in spec.source
    first = lookup_model("Qwen/Qwen3-4B")
    assert first is not None and first.max_context == 40960


def test_gcp_a3_presets_name_their_own_gpudirect_transport() -> None:
    # GCP "Networking and GPU machines": A3 High runs GPUDirect-TCPX, A3 Mega GPUDirect-TCPXO.
    high, mega = lookup_instance("a3-highgpu-8g"), lookup_instance("a3-megagpu-8g")
    assert high is not None and high.inter is not None and high.inter.network == "tcpx"
    assert mega is not None and mega.inter is not None and mega.inter.network == "tcpxo"


@pytest.mark.parametrize(
    ("written", "name", "arch", "reported"),
    [
        ("nvidia-tesla-t4", "T4", "turing", 15.0),  # GKE's label; nvidia-smi 15360MiB
        ("Tesla T4", "T4", "turing", 15.0),  # nvidia-smi's name
        ("NVIDIA A40", "A40", "ampere", 0.0),  # no public driver total found: nominal
        ("RTX_A6000", "RTX-A6000", "ampere", 47.99),  # CoreWeave's class label
        ("NVIDIA RTX A5000", "RTX-A5000", "ampere", 23.99),
    ],
)
def test_common_cloud_and_workstation_gpus_resolve_with_their_driver_totals(
    written: str, name: str, arch: str, reported: float
) -> None:
    spec = lookup_gpu(written)
    assert spec is not None
    assert (spec.name, spec.arch, spec.memory_reported_gib) == (name, arch, reported)


def test_a_t4_computes_in_fp16_only_and_a_bridged_a40_pair_has_its_nvlink_rate() -> None:
    t4, a40 = lookup_gpu("T4"), lookup_gpu("A40")
    assert t4 is not None and a40 is not None
    assert (t4.bf16_tflops, t4.half_tflops, t4.pcie_gen) == (0, 65, 3)
    assert bridge_bandwidth(a40) == 56.25


@pytest.mark.parametrize("name", ["NVIDIA RTX 6000 Ada Generation", "RTX A4000", "A40-48Q"])
def test_names_close_to_the_new_gpus_are_not_them(name: str) -> None:
    assert lookup_gpu(name) is None
