"""A GPU with no BF16 (Volta, Turing) computes 16-bit serving in FP16: prefill is priced at its
FP16 tensor rate, never left unpriced (``toplint plan`` printed 0.0 ms per token on V100)."""

from __future__ import annotations

from pathlib import Path

from cost_builders import LLAMA_70B

from toplint.cost.compute import compute_ms
from toplint.hardware import catalog
from toplint.hardware.manifest import load_hardware


def test_v100_prefill_is_priced_at_its_fp16_rate() -> None:
    v100 = catalog.lookup_gpu("V100-SXM2-32GB")
    assert v100 is not None and v100.bf16_tflops == 0
    assert v100.half_tflops == v100.fp16_tflops > 0
    model = LLAMA_70B
    ms = compute_ms(v100, model, 4096, 1, [])
    assert ms is not None
    expected = 2 * model.params_active * 4096 / (v100.fp16_tflops * 1e12 * 0.5) * 1e3
    assert abs(ms - expected) < 1e-9


def test_a_described_gpu_may_give_its_fp16_rate(tmp_path: Path) -> None:
    path = tmp_path / "hw.yaml"
    path.write_text(
        "version: 1\nclusters:\n  - name: t4\n    nodes: 1\n    gpus_per_node: 2\n"
        '    gpu: {name: "T4", memory: "16 GB", memory_bandwidth: "320 GB/s", fp16_tflops: 65}\n'
        '    intra_node: {fabric: "pcie", bandwidth: "16 GB/s"}\n',
        encoding="utf-8",
    )
    gpu = load_hardware(str(path)).clusters[0].gpu
    assert (gpu.bf16_tflops, gpu.fp16_tflops, gpu.half_tflops) == (0.0, 65.0, 65.0)
