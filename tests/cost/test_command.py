"""`toplint cost` output shapes, from hand-built analyses (no parser, no manifest)."""

from __future__ import annotations

from cost_builders import LLAMA_70B, cluster, place

from toplint.commands.cost import deployment_doc, fmt_bytes, fmt_ms, fmt_us, render_text
from toplint.cost.estimate import estimate
from toplint.cost.types import Workload
from toplint.rulebook.analysis import Analysis


def analysis() -> Analysis:
    p = place(LLAMA_70B, cluster(), tp=8)
    return Analysis(p.deployment, p.cluster, LLAMA_70B, p, estimate(p, Workload()))


def test_json_collective_keys() -> None:
    row = deployment_doc(analysis(), True)["collectives"][0]
    assert {
        "phase",
        "group",
        "op",
        "ranks",
        "link",
        "message_bytes",
        "count",
        "payload_bytes",
        "wire_bytes_per_gpu",
        "time_us",
        "total_ms",
        "method",
    } <= set(row)


def test_json_totals_and_layout() -> None:
    doc = deployment_doc(analysis(), True)
    assert doc["layout"] == {"tp": 8, "pp": 1, "dp": 1, "ep": 1}
    assert set(doc["totals"]) >= {
        "prefill_comm_ms",
        "decode_comm_ms_per_step",
        "decode_comm_ms_per_token",
    }


def test_without_hardware_says_why() -> None:
    a = analysis()
    doc = deployment_doc(Analysis(a.deployment, None, a.model, None), False)
    assert doc["collectives"] == [] and "hardware" in doc["skipped"]


def test_text_table_uses_human_units() -> None:
    text = render_text([deployment_doc(analysis(), True)])
    assert "64 MiB" in text and "323 µs" in text and "other-system measurement" in text


def test_units() -> None:
    assert (fmt_bytes(16384), fmt_us(1500.0), fmt_ms(8870.0)) == ("16 KiB", "1.5 ms", "8.87 s")


def test_text_names_the_kernel_and_what_was_not_priced() -> None:
    from cost_builders import DEEPSEEK_V3, with_options

    for backend, shown in (("deepep_low_latency", "DeepEP low-latency"), ("bogus", "not priced")):
        p = with_options(place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8), all2all_backend=backend)
        a = Analysis(p.deployment, p.cluster, DEEPSEEK_V3, p, estimate(p, Workload()))
        assert shown in render_text([deployment_doc(a, True)])


def test_not_costed_gives_the_reason_check_reports() -> None:
    from toplint.record import replace
    from toplint.unchecked import Unchecked

    why = Unchecked("accelerator", "cluster c runs on `Acme-X1`, a part outside the catalog")
    skipped = replace(analysis(), cost=None, unchecked=why)
    assert deployment_doc(skipped, True)["skipped"] == why.reason
