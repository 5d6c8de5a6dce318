from __future__ import annotations

import json
import textwrap

import pytest

from toplint.errors import ManifestError
from toplint.hardware.linkkinds import kind as link_kind
from toplint.hardware.manifest import hardware_from_text, load_hardware

SEED = """\
version: 1
clusters:
  - name: a100-eth
    nodes: 2
    gpu: A100-SXM4-80GB
    gpus_per_node: 4
    intra_node: {fabric: nvlink, bandwidth: 300 GB/s}
    inter_node: {network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}
"""


def load(text: str):  # type: ignore[no-untyped-def]
    return hardware_from_text(textwrap.dedent(text), "hardware.yaml")


def error_of(text: str) -> str:
    with pytest.raises(ManifestError) as info:
        load(text)
    return str(info.value)


def test_seed_form_resolves() -> None:
    c = load(SEED).clusters[0]
    assert (c.name, c.nodes, c.gpu.name, c.gpus_per_node) == ("a100-eth", 2, "A100-SXM4-80GB", 4)
    assert (c.intra.fabric, c.intra.bandwidth_gb_per_s, c.intra.nvlink_domain) == ("nvlink", 300, 4)
    assert (c.inter.network, c.inter.bandwidth_gb_per_s, c.inter.rdma) == ("ethernet", 12.5, False)
    assert c.inter.latency_us == link_kind("ethernet").latency_us


def test_json_manifest_is_accepted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "hw.json"
    path.write_text(
        json.dumps({"clusters": [{"name": "one", "nodes": 1, "gpu": "L4", "gpus_per_node": 1}]})
    )
    hw = load_hardware(str(path))
    assert hw.clusters[0].gpu.name == "L4" and hw.clusters[0].inter.network == "none"


def test_unitless_bandwidth_error_has_position_path_and_both_readings() -> None:
    text = SEED.replace("bandwidth: 100 Gb/s", "bandwidth: 400")
    assert error_of(text) == (
        'hardware.yaml:8:48: clusters[0].inter_node.bandwidth: "400" has no unit; '
        'write "400 Gb/s" (50 GB/s) or "400 GB/s"'
    )


def test_unknown_key_names_path_and_position() -> None:
    text = SEED.replace("intra_node:", "intra_nodes:")
    assert error_of(text).startswith("hardware.yaml:7:5: clusters[0].intra_nodes: unknown key")


def test_bad_enum_value_lists_the_choices() -> None:
    text = SEED.replace("fabric: nvlink", "fabric: nvlnk")
    message = error_of(text)
    assert message.startswith(
        'hardware.yaml:7:26: clusters[0].intra_node.fabric: "nvlnk" is not one of'
    )
    assert "nvswitch" in message


def test_missing_required_key_points_at_the_cluster() -> None:
    text = SEED.replace("    nodes: 2\n", "")
    assert error_of(text) == 'hardware.yaml:3:5: clusters[0]: missing required key "nodes"'


def test_wrong_type_is_reported() -> None:
    assert error_of(SEED.replace("nodes: 2", "nodes: two")).startswith(
        'hardware.yaml:4:12: clusters[0].nodes: "two" is not of type integer'
    )


def test_multi_node_without_network_is_an_error() -> None:
    text = SEED.replace(
        "    inter_node: {network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}\n",
        "",
    )
    assert "2 nodes need inter_node" in error_of(text)


def test_single_node_without_network_is_fine() -> None:
    c = load("""\
        clusters:
          - {name: box, nodes: 1, gpu: H100, gpus_per_node: 8}
        """).clusters[0]
    assert (c.inter.network, c.intra.fabric, c.intra.nvlink_domain) == ("none", "nvswitch", 8)


def test_unknown_gpu_without_link_facts_is_an_error() -> None:
    message = error_of("""\
        clusters:
          - {name: box, nodes: 1, gpu: Voodoo5, gpus_per_node: 2}
        """)
    assert message.startswith('hardware.yaml:2:32: clusters[0].gpu: unknown GPU "Voodoo5"')


def test_unknown_gpu_with_link_facts_warns() -> None:
    hw = load("""\
        clusters:
          - name: box
            nodes: 1
            gpu: Voodoo5
            gpus_per_node: 2
            intra_node: {fabric: pcie, bandwidth: 16 GB/s}
        """)
    assert hw.clusters[0].intra.bandwidth_gb_per_s == 16
    assert "not in the GPU catalog" in hw.warnings[0]


def test_an_unknown_gpu_alone_in_its_node_needs_no_link() -> None:
    """One GPU per node (or GPUs joined by nothing) moves nothing between GPUs of a node: a
    described GPU there needs no intra_node bandwidth (it had been exit 2)."""
    for intra in ("", "\n    intra_node: {fabric: none}"):
        hw = load(f"""\
clusters:
  - name: box
    nodes: 1
    gpu: {{name: RTX-2080-Ti, memory: 11 GB, memory_bandwidth: 616 GB/s, fp16_tflops: 53.8}}
    gpus_per_node: 1{intra}
""")
        assert hw.clusters[0].intra.fabric == "none"
    assert "intra_node.bandwidth" in error_of("""\
        clusters:
          - {name: box, nodes: 1, gpu: {name: X, memory: 11 GB}, gpus_per_node: 2,
             intra_node: {fabric: nvlink}}
        """)
    # over PCIe the link is the card's x16 slot: the rate of its generation when none is given
    pcie = load("""\
        clusters:
          - {name: box, nodes: 1, gpu: {name: X, memory: 11 GB}, gpus_per_node: 2,
             intra_node: {fabric: pcie, pcie_gen: 3}}
        """)
    assert (
        pcie.clusters[0].intra.bandwidth_gb_per_s == pcie.clusters[0].intra.pcie_bandwidth_gb_per_s
    )
    assert 15 < pcie.clusters[0].intra.bandwidth_gb_per_s < 16.5


def test_a_pcie_fabrics_stated_bandwidth_is_its_pcie_rate() -> None:
    """``fabric: pcie, bandwidth: 16 GB/s`` states the GPUs' PCIe link (a Gen3 card): the
    host/PCIe rate collectives and NIC traffic are priced at is that, not the default
    generation's 31.5 GB/s; over NVLink the PCIe rate stays the generation's."""
    pcie = load("""\
        clusters:
          - {name: box, nodes: 1, gpu: L40S, gpus_per_node: 4,
             intra_node: {fabric: pcie, bandwidth: 16 GB/s}}
        """)
    assert pcie.clusters[0].intra.pcie_bandwidth_gb_per_s == 16
    gen = load("""\
        clusters:
          - {name: box, nodes: 1, gpu: L40S, gpus_per_node: 4, intra_node: {pcie_gen: 3}}
        """)
    assert round(gen.clusters[0].intra.pcie_bandwidth_gb_per_s, 1) == 15.8
    nvlink = load(SEED)
    assert nvlink.clusters[0].intra.pcie_bandwidth_gb_per_s > 16


def test_a_described_gpus_bad_figure_is_named_not_any_of_the_schemas() -> None:
    """``gpu:`` is a catalog name or a description; a description's wrong figure is reported
    as itself, with what to write (a GPU without BF16 gives its FP16 rate)."""
    message = error_of("""\
        clusters:
          - name: box
            nodes: 1
            gpu: {name: RTX-2080-Ti, memory: 11 GB, memory_bandwidth: 616 GB/s, bf16_tflops: 0}
            gpus_per_node: 2
            intra_node: {fabric: pcie, bandwidth: 16 GB/s}
        """)
    assert "clusters[0].gpu.bf16_tflops: 0 must be above 0" in message
    assert "fp16_tflops" in message and "not valid under any" not in message
    wrong_key = error_of("""\
        clusters:
          - name: box
            nodes: 1
            gpu: {name: RTX-2080-Ti, vram: 11 GB}
            gpus_per_node: 2
            intra_node: {fabric: pcie, bandwidth: 16 GB/s}
        """)
    assert 'clusters[0].gpu.vram: unknown key "vram"' in wrong_key


def test_instance_fills_everything() -> None:
    c = load("""\
        clusters:
          - {name: p5, nodes: 4, instance: p5.48xlarge}
        """).clusters[0]
    assert (c.gpu.name, c.gpus_per_node, c.instance) == ("H100-SXM-80GB", 8, "p5.48xlarge")
    assert (c.inter.network, c.inter.nics_per_node, c.inter.latency_us) == (
        "efa",
        32,
        link_kind("efa").latency_us,
    )


def test_tcpx_keeps_its_spelling_and_means_gpudirect_tcpx() -> None:
    # A manifest written before GPUDirect-TCPXO had its own kind still loads; "tcpx" is the
    # A3 High transport, and an A3 Mega writes tcpxo (docs/accuracy.md, eleventh pass).
    old, mega = load("""\
        clusters:
          - {name: a, nodes: 2, instance: a3-highgpu-8g,
             inter_node: {network: tcpx, bandwidth: 200 Gb/s, nics_per_node: 8}}
          - {name: b, nodes: 2, instance: a3-megagpu-8g}
        """).clusters
    assert (old.inter.network, old.inter.latency_us) == ("tcpx", link_kind("tcpx").latency_us)
    assert (mega.inter.network, mega.inter.latency_us) == ("tcpxo", link_kind("tcpxo").latency_us)
    assert link_kind("tcpx").latency_us != link_kind("tcpxo").latency_us


def test_user_values_override_instance_defaults() -> None:
    c = load("""\
        clusters:
          - name: p5
            nodes: 2
            instance: p5.48xlarge
            inter_node: {nics_per_node: 8, latency: 30 us}
            intra_node: {numa_nodes: 1}
        """).clusters[0]
    assert (c.inter.network, c.inter.nics_per_node, c.inter.latency_us) == ("efa", 8, 30)
    assert c.intra.numa_nodes == 1


def test_unknown_instance_lists_known_ones() -> None:
    message = error_of("""\
        clusters:
          - {name: x, nodes: 1, instance: p9.huge}
        """)
    assert 'unknown instance type "p9.huge"' in message and "p5.48xlarge" in message


def test_bridge_fabric_on_pcie_card_uses_bridge_bandwidth() -> None:
    c = load("""\
        clusters:
          - {name: x, nodes: 1, gpu: RTX 3090, gpus_per_node: 2,
             intra_node: {fabric: nvlink-bridge}}
        """).clusters[0]
    intra = (c.intra.fabric, c.intra.bandwidth_gb_per_s, c.intra.nvlink_domain)
    assert intra == ("nvlink-bridge", 56, 2)
    assert c.intra.p2p is False


def test_bidirectional_nvlink_warning_says_per_direction() -> None:
    hw = load(SEED.replace("bandwidth: 300 GB/s", "bandwidth: 600 GB/s"))
    assert hw.warnings == (
        "hardware.yaml:7:45: clusters[0].intra_node.bandwidth: 600 GB/s looks like a "
        "bidirectional NVLink figure; per-direction is 300 GB/s (toplint uses per-direction "
        "bandwidth)",
    )


def test_memory_bandwidth_as_link_warns() -> None:
    hw = load(SEED.replace("bandwidth: 300 GB/s", "bandwidth: 2039 GB/s"))
    assert "memory bandwidth of A100-SXM4-80GB" in hw.warnings[0]


def test_apple_memory_bandwidth_warns() -> None:
    hw = load("""\
        clusters:
          - {name: mac, nodes: 1, gpu: M2 Ultra, gpus_per_node: 1,
             intra_node: {bandwidth: 800 GB/s}}
        """)
    assert "no GPU-to-GPU link" in hw.warnings[0]


def test_nic_bandwidth_in_bytes_warns() -> None:
    hw = load(SEED.replace("bandwidth: 100 Gb/s", "bandwidth: 400 GB/s"))
    assert 'did you mean "400 Gb/s" (50 GB/s)?' in hw.warnings[0]


def test_plausible_values_do_not_warn() -> None:
    assert load(SEED).warnings == ()


def test_selector_and_measurements() -> None:
    c = load("""\
        clusters:
          - name: h100
            nodes: 1
            gpu: H100
            gpus_per_node: 8
            selector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3, pool: true}
            measurements:
              - {op: all_reduce, ranks: 8, scope: intra, busbw: 190 GB/s, message: 64 MiB}
        """).clusters[0]
    assert c.selector == {"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3", "pool": "true"}
    m = c.measurements[0]
    assert (m.op, m.ranks, m.scope, m.busbw_gb_per_s, m.message_bytes) == (
        "all_reduce",
        8,
        "intra",
        190,
        64 * 2**20,
    )


def test_duplicate_cluster_names_are_an_error() -> None:
    message = error_of("""\
        clusters:
          - {name: a, nodes: 1, gpu: L4, gpus_per_node: 1}
          - {name: a, nodes: 1, gpu: L4, gpus_per_node: 1}
        """)
    assert message.startswith('hardware.yaml:3:12: clusters[1].name: duplicate cluster name "a"')


def test_invalid_yaml_is_a_manifest_error() -> None:
    assert error_of("clusters: [\n").startswith("hardware.yaml:")


def test_missing_file_is_a_manifest_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ManifestError, match="cannot read"):
        load_hardware(str(tmp_path / "nope.yaml"))


def test_nvlink_domain_on_pcie_warns() -> None:
    hw = load("""\
        clusters:
          - {name: x, nodes: 1, gpu: L40S, gpus_per_node: 4, intra_node: {nvlink_domain: 4}}
        """)
    assert "did you mean fabric nvlink?" in hw.warnings[0]


def test_all_schema_errors_are_reported_in_file_order() -> None:
    lines = error_of(SEED.replace("nodes: 2", "nodes: 0").replace("rdma: false", "rdma: 1"))
    first, second = lines.splitlines()
    assert first.startswith("hardware.yaml:4:12: clusters[0].nodes: 0 is below the minimum 1")
    assert second.startswith("hardware.yaml:8:")


def test_a_count_over_its_bound_says_what_to_write() -> None:
    # Issue 18: an absurd count is exit 2 naming the range to write, never "unknown".
    first = error_of(SEED.replace("nodes: 2", "nodes: 99999999999999999999999")).splitlines()[0]
    assert first.startswith("hardware.yaml:4:12: clusters[0].nodes: 99999999999999999999999")
    assert first.endswith("above the maximum 1,048,576; write a whole number from 1 to 1,048,576")


def test_a_catalog_gpu_restated_at_its_nominal_size_keeps_the_driver_total() -> None:
    # "48 GB" of an L40S is the card's nominal size; the driver reports 46068 MiB (44.99 GiB,
    # the catalog's memory_reported_gib).  Another size is the manifest's own figure.
    def gpu(memory: str) -> tuple[float, float]:
        c = load(f"""\
            clusters:
              - {{name: box, nodes: 1, gpu: {{name: L40S, memory: "{memory}"}}, gpus_per_node: 2}}
            """).clusters[0]
        return c.gpu.memory_gb, c.gpu.memory_reported_gib

    assert gpu("48 GB") == (48.0, 44.99)
    assert gpu("40 GB") == (40.0, 0.0)


def test_another_memory_size_drops_the_measured_free_memory_at_start() -> None:
    # GB10's band of free memory at start-up was measured on its 121.69 GiB: not another size's
    def band(memory: str) -> object:
        return (
            load(f"""\
            clusters:
              - {{name: s, nodes: 1, gpu: {{name: GB10, memory: "{memory}"}}, gpus_per_node: 1}}
            """)
            .clusters[0]
            .gpu.free_at_start_gib
        )

    assert band("128 GB") == (109.53, 117.7)
    assert band("96 GB") == ()
    assert band("100 GiB") == ()


def test_a_size_in_binary_units_is_what_the_driver_reports() -> None:
    # "8188 MiB" (nvidia-smi) and "44.53 GiB" (an OOM message's total capacity) are the totals
    # the engine sees; they were taken as that many decimal gigabytes and so as 8.59 and 47.8
    # GiB, 7% more than the card has.  A decimal size stays the nominal one.
    def gpu(memory: str) -> tuple[float, float]:
        c = load(f"""\
            clusters:
              - name: box
                nodes: 1
                gpu: {{name: X, memory: "{memory}", memory_bandwidth: "288 GB/s", bf16_tflops: 88}}
                gpus_per_node: 1
                intra_node: {{fabric: pcie, bandwidth: "32 GB/s"}}
            """).clusters[0]
        return c.gpu.memory_gb, c.gpu.memory_reported_gib

    assert gpu("8188 MiB") == (pytest.approx(8.585740288), pytest.approx(8188 / 1024))
    assert gpu("44.53 GiB") == (pytest.approx(47.81373), pytest.approx(44.53))
    assert gpu("8 GB") == (8.0, 0.0)
    # a catalog GPU given in binary units: the figure written is the driver's
    c = load("""\
        clusters:
          - {name: box, nodes: 1, gpu: {name: L40S, memory: "45 GiB"}, gpus_per_node: 2}
        """).clusters[0]
    assert c.gpu.memory_reported_gib == pytest.approx(45.0)
