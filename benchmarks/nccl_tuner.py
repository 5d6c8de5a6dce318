"""NCCL's own choice of algorithm and protocol across nodes, priced with toplint's model: an
experiment on the development sources (issue 28 point 2), not what toplint ships.

    python benchmarks/nccl_tuner.py [VARIANT ...] [--by-source] [--ll128=F]   # development only

``--ll128=F`` scales LL128's bandwidth across nodes by F inside the variants.

NCCL does not run the algorithm that would be fastest; it runs the one its tuner *rates*
fastest, from a table of bandwidths and latencies it builds once per communicator
(NVIDIA/nccl@5067397c src/graph/tuning.cc ``ncclTopoTuneModel``) and a time per call
(``ncclTopoGetAlgoTime``: ``latency + bytes / (1000·bandwidth)``, with the tree's
``treeCorrectionFactor`` and the ring's "plateau" factor), the minimum over every enabled
(algorithm, protocol) pair (src/enqueue.cc ``topoGetAlgoInfo``).  ``estimate_us`` rebuilds that
estimate from what a manifest says — the constants are tuning.cc's ``ncclTunerConstants``
defaults; nothing here is fitted — and each variant prices NCCL's pick with
``toplint.cost.network``'s timing (the fit then refits the shipped knobs around it).
toplint ships the cheapest of its own ring and tree (LL, Simple) instead: every variant here was
worse on the development sources' cross-validation (docs/accuracy.md "Tried").

What a manifest does not say, and what is taken instead:

- The channel count and per-channel bandwidth of NCCL's topology search: the search doubles its
  channels (src/graph/search.cc ``ncclTopoDupChannels`` halves the per-channel bandwidth), so
  channels × per-channel bandwidth is the bandwidth the search found — the node's NIC rate or
  its NVLink rate, whichever is lower; a tree on ≤ 2 nodes up to twice the NIC rate ("increase
  bwIntra for trees (2 nodes or collnet)", and the tuner rates ≤ 2 nodes at bwIntra) — and the
  channel count is two per NIC the group's ranks use (2 to 32): it only enters the caps.
- The network plugin's latency (``graphs[a]->latencyInter``, added once per network step and
  once more for Simple): 0 for InfiniBand, RoCE and sockets (src/transport/net_ib/init.cc,
  net_socket.cc: ``props->latency = 0``); for EFA what aws-ofi-nccl reports
  (aws/aws-ofi-nccl@2daf7d30 src/platform-aws.cpp): 75 µs on p4d/p4de (A100), 35 µs on p5en,
  p6-b200, p6-b300 (p5/p5e report 75: the ``by_platform`` variants tell the platforms apart by
  their instance preset's NICs, benchmarks/ofi_regions.py); TCPX not read (0).
- On p5/p5e, p5en and p6 the plugin's own tuner decides first (``regions`` variants:
  aws-ofi-nccl's region tables, ≥ 3 nodes; benchmarks/ofi_regions.py).
- The CPU: Intel x86 (``llMaxBws`` row 0, ``getNetOverhead`` 1 µs).
- LL128 across nodes: NVLink nodes (``typeIntra <= PATH_NVB``) on Hopper and later (NIC up to
  PXN); on Ampere up to PXB, taken to hold when the node has a NIC per GPU.
- CollNet/SHARP off, so NVLS across nodes is off and NVLSTree is a candidate on NVLS nodes; PAT
  (one GPU per node, all-gather / reduce-scatter) is not modelled: those run as a ring.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toplint.cost import nettuning, network
from toplint.cost.collectives import Fabric, Prediction
from toplint.cost.params import Params
from toplint.hardware import archs
from toplint.hardware.linkkinds import kind

# tuning.cc ncclTunerConstantsDefaults, µs: baseLatencies[algorithm][protocol] (LL, LL128, Simple).
BASE = {"tree": (6.8, 14.0, 8.4), "ring": (6.6, 14.0, 8.4), "nvlstree": (0.0, 0.0, 0.0)}
# hwLatencies[NVLINK | PCI | NET][algorithm][protocol].
HW = {
    "nvlink": {"tree": (0.6, 1.25, 4.0), "ring": (0.6, 1.9, 3.4), "nvlstree": (0.0, 0.0, 25.0)},
    "pci": {"tree": (1.0, 1.9, 4.0), "ring": (1.0, 2.5, 5.7), "nvlstree": (0.0, 0.0, 0.0)},
    "net": {"tree": (5.0, 8.5, 14.0), "ring": (2.7, 4.0, 14.0), "nvlstree": (0.0, 0.0, 20.9)},
}
# llMaxBws[Intel][nNodes 1 | 2 | >2] across nodes (the multi-node row is chosen by CPU vendor).
LL_MAX_BW = (39.0, 39.0, 20.4)
# Per-channel caps [compCap Volta, Ampere, Hopper, Blackwell][nNodes 1 | 2 | >2], GB/s.
PER_CH_RING_LL128 = ((20.0,) * 3, (20.0,) * 3, (36.7,) * 3, (40.0,) * 3)
PER_CH_TREE_LL128 = ((20.0,) * 3, (20.0,) * 3, (36.7, 36.7, 29.0), (55.6, 31.67, 20.0))
PER_CH_TREE = ((26.5, 18.5, 10.0), (24.0, 23.6, 17.8), (38.7, 41.4, 36.0), (70.0, 42.8, 24.0))
PER_CH_NVLS_TREE = ((26.5, 18.5, 10.0), (24.0, 23.6, 17.8), (0.0, 57.7, 45.5), (0.0, 96.0, 80.0))
NVLS_EFFICIENCY = (0.0, 0.0, 0.85, 0.74)  # nvlsEfficiency per compCap index
# src/transport/nvls.cc: NVLS_NCHANNELS_SM90 16, NVLS_NCHANNELS_SM100 32 across nodes.
NVLS_CHANNELS = (16, 16, 16, 32)
NET_OVERHEAD_US = 1.0  # getNetOverhead on Intel x86, ×3 for Simple
MAX_CHANNELS = 32
PROTOCOLS = ("ll", "ll128", "simple")
# aws-ofi-nccl@2daf7d30 src/platform-aws.cpp platform latency, µs (see the module docstring).
EFA_LATENCY_US = {"ampere": 75.0}
EFA_LATENCY_DEFAULT_US = 35.0


def _sibling(file: str, name: str) -> Any:
    """A module of benchmarks/ loaded by path (benchmarks/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# aws-ofi-nccl's platforms, their latencies and region tables (benchmarks/ofi_regions.py).
regions = _sibling("ofi_regions.py", "toplint_ofi_regions")


def _cc_index(fabric: Fabric) -> int:
    """tuning.cc compCapIndex (Volta, Ampere, Hopper, Blackwell); NVLS nodes are Hopper or later
    whatever the manifest's GPU row says."""
    name = fabric.arch or fabric.nvls_arch
    cc = archs.arch(name).compute_capability if name else 0.0
    return 3 if cc >= 10 else 2 if cc >= 9 else 1 if cc >= 8 else 0


BY_PLATFORM = {"on": False}  # the variants that read the platform's own latency


def plugin_latency_us(fabric: Fabric) -> float:
    """``latencyInter``: the latency the network plugin reports to NCCL."""
    if fabric.net_kind != "efa":
        return 0.0
    if BY_PLATFORM["on"]:
        return regions.PLATFORM_LATENCY_US.get(
            regions.platform(fabric), 75.0
        )  # 75: an unknown platform
    return EFA_LATENCY_US.get(fabric.arch, EFA_LATENCY_DEFAULT_US)


def ll128_enabled(fabric: Fabric) -> bool:
    """tuning.cc's default LL128 enable across nodes (see the module docstring)."""
    if kind(fabric.intra_kind).nccl_hw != "nvlink" or fabric.per_node <= 1:
        return False
    cc = _cc_index(fabric)
    if cc >= 2:
        return True
    return cc == 1 and fabric.nics_per_node >= fabric.sharers


def _log2i(n: float) -> int:
    return max(int(n), 1).bit_length() - 1


def estimate_us(op: str, size: float, fabric: Fabric, algorithm: str, protocol: str) -> float:
    """NCCL's own estimate of one (algorithm, protocol) across nodes; inf where it is disabled."""
    p = PROTOCOLS.index(protocol)
    if algorithm == "nvlstree" and (protocol != "simple" or not fabric.nvls_arch):
        return math.inf
    if algorithm != "ring" and op != "all_reduce":
        return math.inf
    if protocol == "ll128" and not ll128_enabled(fabric):
        return math.inf
    n, k, ppn = fabric.ranks, fabric.nodes, fabric.per_node
    cc, i2 = _cc_index(fabric), min(k, 3) - 1
    nsteps = 2 * (n - 1) if op == "all_reduce" else n - 1
    nics = min(fabric.nics_per_node, ppn) if fabric.nics_per_node else 1
    channels = max(2, min(MAX_CHANNELS, 2 * nics))
    total = min(fabric.intra_gb_per_s, fabric.net_node_gb_per_s)
    if algorithm == "nvlstree":
        channels = NVLS_CHANNELS[cc]
        intra = fabric.intra_gb_per_s * NVLS_EFFICIENCY[cc] * (channels - 1) / channels * 2
        inter = fabric.net_node_gb_per_s * (2 if k <= 2 else 1)
        bus = min(intra, inter, PER_CH_NVLS_TREE[cc][i2] * channels)
    elif algorithm == "tree" and k <= 2:
        # search.cc raises a tree's bwIntra up to twice its bwInter ("increase bwIntra for trees
        # (2 nodes or collnet)"), and on ≤ 2 nodes the tuner rates every algorithm at bwIntra.
        bus = min(fabric.intra_gb_per_s, 2 * fabric.net_node_gb_per_s)
    else:
        bus = total
    if algorithm == "ring" and protocol == "ll":
        bus = min(LL_MAX_BW[i2], bus * 0.5)
    if algorithm == "ring" and protocol == "ll128":
        bus = min(bus * 0.92, channels * PER_CH_RING_LL128[cc][i2])
    if algorithm == "tree":
        bus = min(bus * 0.92, channels * PER_CH_TREE[cc][i2])
        if protocol == "ll":
            bus = min(bus / 3.8, LL_MAX_BW[i2])
        if protocol == "ll128":
            bus = min(bus * 120.0 / 128.0, channels * PER_CH_TREE_LL128[cc][i2])
    bw = bus * (0.5 if algorithm == "tree" else n / nsteps)
    hw = "nvlink" if kind(fabric.intra_kind).nccl_hw == "nvlink" else "pci"
    intra_lat = HW[hw][algorithm][p]
    inter_lat = HW["net"]["tree" if ppn == 1 else algorithm][p] + plugin_latency_us(fabric)
    if protocol == "simple":
        inter_lat += plugin_latency_us(fabric)
    lat = BASE[algorithm][p]
    if algorithm == "ring":
        intra_lat = max(intra_lat, NET_OVERHEAD_US * (3 if protocol == "simple" else 1))
        n_inter = 2 * (k - 1) if op == "all_reduce" else k - 1
        lat += (nsteps - n_inter) * intra_lat + n_inter * inter_lat
        if protocol == "simple" and op == "all_reduce" and size / (channels * n) >= 64:
            lat *= 1.4  # "Plateau effect of ring" (compCap >= 80)
    elif algorithm == "tree":
        lat += 2 * ((ppn - 1) * intra_lat + _log2i(k) * inter_lat)
    else:
        lat += intra_lat + 2 * _log2i(k) * inter_lat
    log_size = _log2i(int(size) >> 6) if int(size) >> 6 else -1
    if 0 <= log_size < 23 and (algorithm == "tree" or (algorithm == "nvlstree" and cc >= 3)):
        bw *= nettuning.TREE_CORRECTION[protocol][log_size]
    return lat + size / (1000.0 * bw) if bw > 0 else math.inf


def choice(
    op: str,
    size: float,
    fabric: Fabric,
    algorithms: tuple[str, ...],
    protocols: tuple[str, ...] = PROTOCOLS,
) -> tuple[str, str]:
    """The (algorithm, protocol) NCCL's tuner runs among ``algorithms`` × ``protocols``."""
    best = min(
        ((estimate_us(op, size, fabric, a, pr), a, pr) for a in algorithms for pr in protocols),
        key=lambda t: t[0],
    )
    if math.isinf(best[0]):  # nothing rated (a bandwidth the manifest leaves unknown)
        return algorithms[0], "simple"
    return best[1], best[2]


# --- the experiment ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """What NCCL's tuner may pick among (``algorithms`` × ``protocols``), and how:
    ``regions``: aws-ofi-nccl's region tables first (``region_choice``); ``by_platform``: the
    plugin latency of the platform (p5 75 µs, not p5en's 35); ``algorithm_only``: the pick sets
    the algorithm and toplint times its cheapest protocol (LL, Simple); ``efa_only``: the
    tuner decides on EFA only (the AWS plugin), toplint's cheapest elsewhere; ``all_reduce_only``:
    other ring collectives keep toplint's own protocol choice; ``tree_family``: a tree or
    NVLSTree pick is timed as the shipped model times its tree (NVLS inside NVLS nodes, the
    cheapest of LL and Simple), so the tuner only decides ring or tree."""

    algorithms: tuple[str, ...]
    protocols: tuple[str, ...] = PROTOCOLS
    regions: bool = False
    by_platform: bool = False
    algorithm_only: bool = False
    efa_only: bool = False
    all_reduce_only: bool = False
    tree_family: bool = False


RT, RTN = ("ring", "tree"), ("ring", "tree", "nvlstree")
# Third pass: "ring+tree" is the shipped model's candidate set chosen by NCCL's estimate instead
# of by toplint's own times.  Fifth pass: the plugin's region tables and platform latencies.
VARIANTS: dict[str, Variant] = {
    "ring+tree": Variant(RT, ("ll", "simple")),
    "ring+tree+ll128": Variant(RT),
    "all": Variant(RTN),
    "regions": Variant((), regions=True, all_reduce_only=True),
    "regions+tuner": Variant(RT, regions=True, by_platform=True, all_reduce_only=True),
    "regions+tuner-ll-simple": Variant(
        RT, ("ll", "simple"), regions=True, by_platform=True, all_reduce_only=True
    ),
    "regions+tuner-algorithm": Variant(
        RT, regions=True, by_platform=True, algorithm_only=True, all_reduce_only=True
    ),
    "regions+tuner-algorithm-nvlstree": Variant(
        RTN, regions=True, by_platform=True, algorithm_only=True, all_reduce_only=True
    ),
    "regions+tuner-ring-or-tree": Variant(
        RTN, regions=True, by_platform=True, algorithm_only=True, all_reduce_only=True,
        tree_family=True,
    ),
    "regions+tuner-ring-or-tree-no-nvlstree": Variant(
        RT, regions=True, by_platform=True, algorithm_only=True, all_reduce_only=True,
        tree_family=True,
    ),
    "efa-regions+tuner": Variant(
        RT, regions=True, by_platform=True, efa_only=True, all_reduce_only=True
    ),
    "efa-regions+tuner-algorithm": Variant(
        RT, regions=True, by_platform=True, algorithm_only=True, efa_only=True,
        all_reduce_only=True,
    ),
}  # fmt: skip


def tuned(v: Variant, ll128: float = 1.0) -> Callable[..., Prediction]:
    """``network.predict_spanning`` with NCCL's tuner (and the plugin's regions) choosing
    (a tree is a chain inside each node; NVLSTree is its own algorithm); LL128 across nodes
    timed at ``ll128`` × its bandwidth."""
    inner = _tuned(v)
    if ll128 == 1.0:
        return inner
    base = network.PROTOCOL_BW
    scaled = {**base, "ll128": base["ll128"] * ll128}

    def spanning(*args: Any, **kwargs: Any) -> Prediction:
        network.PROTOCOL_BW = scaled  # network's module global only: not inside a node
        try:
            return inner(*args, **kwargs)
        finally:
            network.PROTOCOL_BW = base

    return spanning


def _tuned(v: Variant) -> Callable[..., Prediction]:
    shipped = network.predict_spanning

    def spanning(
        op: str, size: float, fabric: Fabric, params: Params, impl: str = "nccl", algo: str = ""
    ) -> Prediction:
        if op not in network.RING_OPS or fabric.ranks <= 1 or size <= 0:
            return shipped(op, size, fabric, params, impl, algo)
        if (v.efa_only and fabric.net_kind != "efa") or (
            v.all_reduce_only and (algo or op != "all_reduce")
        ):
            return shipped(op, size, fabric, params, impl, algo)
        pick = regions.region_choice(op, size, fabric) if v.regions else None
        if pick is None and not v.algorithms:
            return shipped(op, size, fabric, params, impl, algo)
        if pick is None:
            allowed = ("ring",) if op != "all_reduce" else (algo,) if algo else v.algorithms
            BY_PLATFORM["on"] = v.by_platform
            pick = choice(op, size, fabric, allowed, v.protocols)
            BY_PLATFORM["on"] = False
        a, p = pick
        if v.tree_family and a != "ring":
            return network._tree(size, fabric, params)
        if a == "nvlstree":
            return network._nvls_tree(size, fabric, params)
        protocols = network.CHEAPEST_OF if v.algorithm_only else (p,)
        if a == "tree":
            return network._tree(size, fabric, params, protocols, nvls=False)
        return network._ring(op, size, fabric, params, protocols)

    return spanning


def _accuracy() -> Any:
    return _sibling("accuracy.py", "toplint_accuracy_tuner")


def main(argv: list[str]) -> int:
    """Leave-one-source-out on the development sources: the shipped choice and each variant,
    over every α–β point and by class (the held-out publications are not touched)."""
    bench = _accuracy()
    points = bench.development(bench.all_points())
    shipped = network.predict_spanning
    names = [a for a in argv if not a.startswith("--")] or list(VARIANTS)
    ll128 = float(next((a[8:] for a in argv if a.startswith("--ll128=")), 1.0))

    def text(rows: list[Any]) -> str:
        s = bench.stats(rows)
        return f"{s.median:.1%} / {s.within25:.1%} ({s.n})" if s else "-"

    for name in ["shipped", *names]:
        network.predict_spanning = shipped  # a variant falls back on the shipped choice
        if name != "shipped":
            network.predict_spanning = tuned(VARIANTS[name], ll128)
        bench._FABRICS.clear()
        rows = bench.alpha_beta_cv(points)
        classes = {
            "all": rows,
            "multi-node": [r for r in rows if r.cls == "multi-node"],
            "across nodes": [r for r in rows if r.across],
            "< 1 MiB": [r for r in rows if r.size < bench.SMALL],
            **{c: [r for r in rows if r.cls == c] for c in ("intra-node", "pcie", "all-to-all")},
        }
        print(f"{name}: " + " | ".join(f"{c} {text(r)}" for c, r in classes.items()), flush=True)
        multi = classes["multi-node"]
        for system in sorted({r.system for r in multi}) if "--by-source" in argv else ():
            print(f"  {system}: {text([r for r in multi if r.system == system])}")
    network.predict_spanning = shipped
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
