"""aws-ofi-nccl's tuner on AWS: which platform an EFA fabric is, the network latency the plugin
reports to NCCL for it, and the plugin's region tables (the algorithm and protocol it makes NCCL
run), for benchmarks/nccl_tuner.py's variants.  An experiment on the development sources, not
what toplint ships (docs/accuracy.md, fifth pass).

aws/aws-ofi-nccl@2daf7d30 src/platform-aws.cpp ``platform_data_map``: the latency reported to
NCCL (``latencyInter``) is 75 µs on p4d/p4de and "p5/p5e", 35 on "p5en/p6-b200" and p6-b300,
75 on an unknown platform.
"""

from __future__ import annotations

import math

from toplint.cost.collectives import Fabric

PLATFORM_LATENCY_US = {"p4d": 75.0, "p5": 75.0, "p5en": 35.0, "p6": 35.0}

# aws/aws-ofi-nccl@2daf7d30 src/tuner/nccl_ofi_regions.cpp: on p5/p5e, p5en, p6-b200 and p6-b300
# the plugin's tuner (chosen over its model tuner unless forced: src/tuner/nccl_ofi_tuner.cpp)
# picks (algorithm, protocol) from polygons in (log2 bytes, log2 ranks); the first region that
# holds the point (its edges included) wins, and a point in none, a communicator of ≤ 2 nodes
# ("the regions are not well defined", ``region_get_coll_info_internal_v3``), or a run that sets
# NCCL_ALGO/NCCL_PROTO falls back to NCCL's own tuner.  Transcribed: the all-reduce regions of
# p6-b200 with 8 ranks per node (``region_init_internal_p6``), the only platform whose
# development sources run ≥ 3 nodes unforced.  TUNER_MAX_SIZE 100 GiB, TUNER_MAX_RANKS 2^20
# (include/tuner/nccl_ofi_tuner_region.h).
MAX_SIZE, MAX_RANKS = 100.0 * 2**30, float(2**20)
Vertex = tuple[float, float]


def _log2(v: Vertex) -> Vertex:
    return math.log2(max(v[0], 1e-6)), math.log2(max(v[1], 1e-6))


def _extend(a: Vertex, b: Vertex, z: Vertex = (MAX_SIZE, MAX_RANKS)) -> Vertex:
    """``extend_region``: the farthest point of line a-b sharing z's x or y (log2 space)."""
    (ax, ay), (bx, by), (zx, zy) = _log2(a), _log2(b), _log2(z)
    if ax == bx:
        x, y = ax, zy
    elif ay == by:
        x, y = zx, ay
    else:
        m = (ay - by) / (ax - bx)
        c = by - m * bx
        x, y = (zx, m * zx + c) if m * zx + c < zy else ((zy - c) / m, zy)
    return 2.0**x, 2.0**y


_LL = _extend((393216, 16), (393216, 1024))
_LL128 = _extend((96993280, 1024), (106430464, 2048))
_NVLS = _extend((10737418240, 512), (34359738368, 1500))
P6_ALL_REDUCE: tuple[tuple[str, str, tuple[Vertex, ...]], ...] = (
    ("tree", "ll", ((0, 16), (393216, 16), _LL, (0, MAX_RANKS))),
    ("tree", "ll128", (_LL, (393216, 16), (4718592, 16), (18350080, 32), (40370176, 64),
                       (57147392, 128), (72876032, 256), (96993280, 1024), (106430464, 2048),
                       _LL128)),
    ("ring", "ll128", ((90701824, 128), (50855936, 64), (18350080, 32), (133693440, 32),
                       (120061952, 64))),
    ("nvlstree", "simple", (_LL128, (106430464, 2048), (96993280, 1024), (72876032, 256),
                            (57147392, 128), (40370176, 64), (18350080, 32), (50855936, 64),
                            (90701824, 128), (120061952, 64), (133693440, 32), (18350080, 32),
                            (4718592, 16), (MAX_SIZE, 16), (435159040, 32), (1072693248, 64),
                            (10737418240, 512), (34359738368, 1500), _NVLS)),
    ("ring", "simple", (_NVLS, (10737418240, 512), (1072693248, 64), (435159040, 32),
                        (MAX_SIZE, 16))),
)  # fmt: skip
REGIONS = {"p6": P6_ALL_REDUCE}


def _inside(point: Vertex, polygon: tuple[Vertex, ...]) -> bool:
    """``is_inside_region``: ray casting in log2 space, a point on an edge inside."""
    x, y = _log2(point)
    vs = [_log2(v) for v in polygon]
    crossings = False
    for (x0, y0), (x1, y1) in zip(vs, vs[1:] + vs[:1], strict=True):
        on_line = abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) < 1e-9
        in_box = min(x0, x1) - 1e-9 <= x <= max(x0, x1) + 1e-9
        if on_line and in_box and min(y0, y1) - 1e-9 <= y <= max(y0, y1) + 1e-9:
            return True
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            crossings = not crossings
    return crossings


def platform(fabric: Fabric) -> str:
    """The AWS platform an EFA fabric is, told apart by its instance preset's NICs
    (toplint/hardware/data/instances.yaml): p4d/p4de (A100), p5/p5e (32 NICs), p5en (16),
    p6-b200 (8 × 400 Gb/s); "" otherwise."""
    if fabric.net_kind != "efa":
        return ""
    if fabric.arch == "ampere":
        return "p4d"
    if fabric.arch == "hopper":
        return {32: "p5", 16: "p5en"}.get(fabric.nics_per_node, "")
    return "p6" if fabric.arch == "blackwell" and fabric.nics_per_node == 8 else ""


def region_choice(op: str, size: float, fabric: Fabric) -> tuple[str, str] | None:
    """The plugin's region pick, or None where NCCL's own tuner decides."""
    regions = REGIONS.get(platform(fabric))
    if regions is None or op != "all_reduce" or fabric.nodes <= 2 or fabric.per_node != 8:
        return None
    for algorithm, protocol, polygon in regions:
        if _inside((size, fabric.ranks), polygon):
            return algorithm, protocol
    return None
