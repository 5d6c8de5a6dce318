"""NCCL's /dev/shm model (toplint.rulebook.devshm) against the sizes NCCL's own logs print."""

from __future__ import annotations

import pytest

from toplint.engines import sglang
from toplint.engines.release import version
from toplint.engines.vllm import nccl
from toplint.model import Deployment, Flag, Position
from toplint.record import replace
from toplint.rulebook import devshm


def _dep(engine: str = "vllm", image: str = "", **env: str) -> Deployment:
    options = {f"env.{k}": v for k, v in env.items()}
    if image:
        options["image"] = image
    return Deployment(path="x", line=1, column=1, engine=engine, model=None, options=options)


def test_ring_buffer_is_the_logged_segment() -> None:
    # vllm-project/production-stack#276 and NVIDIA/nccl#1518: "(size 9637888)";
    # pytorch/ci-infra#490: "failed to extend ... to 9637892 bytes" (the 4-byte count after it)
    assert devshm.SEGMENT == 9_637_888
    assert devshm.pages(devshm.SEGMENT) == 2354 * 4096


def test_pools_hold_the_logged_sizes() -> None:
    pools = dict(devshm.POOLS)
    assert pools["2.21"] == 7_340_384  # MiniMax-AI/MiniMax-01#42, NCCL 2.21.5
    assert pools["2.24"] == 14_156_128  # NVIDIA/nccl#1589
    assert [size for _, size in devshm.POOLS] == sorted(size for _, size in devshm.POOLS)


@pytest.mark.parametrize(
    ("release", "off"),
    [
        ("0.4.2", "false"),
        ("0.4.3", None),
        ("0.5.0", "true"),
        ("0.10.1", "true"),
        ("0.10.2", None),
        ("0.11.0", "false"),
        ("latest", None),
    ],
)
def test_vllm_releases_that_turn_cumem_off(release: str, off: str | None) -> None:
    assert nccl.by_release(_dep(), version(release)).options.get("nccl_cumem_off") == off


def test_sglang_turns_cumem_off_unless_symm_mem() -> None:
    assert sglang.by_release(_dep("sglang"), None).options["nccl_cumem_off"] == "true"
    symm = Flag("enable-symm-mem", None, "--enable-symm-mem", Position("x", 1, 1))
    dep = Deployment(path="x", line=1, column=1, engine="sglang", model=None, flags=(symm,))
    assert sglang.by_release(dep, None).options["nccl_cumem_off"] == "false"


def test_the_engine_s_value_yields_to_a_written_one() -> None:
    dep = _dep(NCCL_CUMEM_ENABLE="1")
    engine_off = replace(dep, options={**dep.options, "nccl_cumem_off": "true"})
    assert devshm.need(engine_off, 4, "pcie-no-p2p").cumem_off is None
    assert devshm.need(_dep(NCCL_CUMEM_ENABLE="0"), 4, "pcie-no-p2p").cumem_off is True


@pytest.mark.parametrize(
    ("kind", "env", "pairs"),
    [
        (None, {}, "unknown"),
        ("pcie-no-p2p", {}, "all"),
        ("pcie", {}, "none"),
        ("pcie", {"NCCL_P2P_DISABLE": "1"}, "all"),
        ("nvlink", {"NCCL_P2P_LEVEL": "LOC"}, "all"),
        ("pcie-sys", {}, "unknown"),  # AMD hosts with two GPUs allow P2P at SYS
        ("pcie-sys", {"NCCL_P2P_DISABLE": "1"}, "all"),
    ],
)
def test_shm_pairs(kind: str | None, env: dict[str, str], pairs: str) -> None:
    assert devshm.shm_pairs(kind, {f"env.{k}": v for k, v in env.items()}) == pairs


def test_floor_with_cumem_off_and_no_p2p() -> None:
    found = devshm.need(_dep(NCCL_CUMEM_ENABLE="0"), 3, "pcie-no-p2p")
    per_rank = devshm.pages(4_194_656) + 2 * devshm.pages(devshm.SEGMENT)
    assert found.floor == 3 * per_rank
    assert found.certain  # 67 MiB > 64 MiB


def test_nothing_certain_when_cumem_may_be_on() -> None:
    found = devshm.need(nccl.by_release(_dep(), (0, 11, 0)), 8, "pcie-no-p2p")
    assert found.floor == 0 and not found.certain
    assert found.legacy == 8 * (devshm.pages(34_210_176) + 2 * devshm.pages(devshm.SEGMENT))


def test_host_memory_off_makes_the_ring_certain() -> None:
    found = devshm.need(_dep(NCCL_CUMEM_HOST_ENABLE="0"), 2, "pcie-no-p2p")
    assert found.segments_certain and not found.pool_certain
    assert found.floor == 2 * 2 * devshm.pages(devshm.SEGMENT)
