"""Cross-validated accuracy of the communication cost model against public measurements.

    python benchmarks/accuracy.py            # Markdown report (docs/accuracy.md holds it)
    python benchmarks/accuracy.py --fit      # the development fit, and any shipped constant not it
    python benchmarks/accuracy.py --write    # also write toplint/cost/data/accuracy.yaml (bands)
    python benchmarks/accuracy.py --heldout2 # the shipped model on the second held-out draw
    python benchmarks/accuracy.py --heldout3 # the shipped model on the third held-out draw
    python benchmarks/accuracy.py --heldout4 # the shipped model on the fourth held-out draw
    python benchmarks/accuracy.py --heldout5 # the shipped model on the fifth held-out draw
    python benchmarks/accuracy.py --heldout6 # the shipped model on the sixth held-out draw
    python benchmarks/accuracy.py --heldout7 # the shipped model on the seventh held-out draw
    python benchmarks/accuracy.py --heldout8 # the shipped model on the eighth held-out draw
    python benchmarks/accuracy.py --heldout9 # the shipped model on the ninth held-out draw
    python benchmarks/accuracy.py --heldout10 # the shipped model on the tenth held-out draw
    python benchmarks/accuracy.py --heldout11 # the shipped model on the eleventh held-out draw
    python benchmarks/accuracy.py --heldout12 # the shipped model on the twelfth held-out draw
    python benchmarks/accuracy.py --heldout13 # the shipped model on the thirteenth held-out draw
    python benchmarks/accuracy.py --heldout14 # the shipped model on the fourteenth held-out draw
    python benchmarks/accuracy.py --heldout15 # the shipped model on the fifteenth held-out draw

Data: the nccl-tests tables shipped in toplint/cost/data/measured.yaml (NVIDIA's, published in
ai-dynamo/aiconfigurator), the vLLM/TensorRT-LLM kernel tables in data/kernels.yaml, and the
multi-node, all-to-all and other-machine measurements in benchmarks/data/public.yaml, each with
its source and system.  The unit left out is one source's measurements of one machine.

Four methods, four honest checks (never fit and test on the same points):

- **alpha-beta**: leave-one-source-out.  The fitted constants (toplint.cost.params, whose
  per-kind and per-architecture defaults are the rows of toplint.hardware.linkkinds and
  toplint.hardware.archs, and the networks' per-step latency) are fitted on the development
  sources but one; that one is predicted.  The held-out publications (benchmarks/heldout.py)
  are predicted by the fit on every development source, which is what toplint ships:
  ``--fit`` prints any row that is not it (``shipped_stale``).
- **interpolation**: leave-one-point-out inside each measured table.
- **other-system measurement**: a shipped table replayed against another publication's
  measurement of the same GPU, op and rank count.
- **custom-kernel**: the engines' kernel model (toplint.cost.kernels) fitted on every other
  machine's kernel table and checked on the one left out.

Classes: intra-node (NVLink), pcie, multi-node, all-to-all, custom-kernel.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
import math
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toplint.cost import uncertainty
from toplint.cost.calibration import interpolate, systems
from toplint.cost.collectives import Fabric
from toplint.cost.fabric import cluster_fabric
from toplint.cost.params import PARAMS, Params
from toplint.cost.predict import predict_us
from toplint.cost.uncertainty import SIZES, size_stratum, stratum
from toplint.hardware.archs import ARCHS
from toplint.hardware.catalog import lookup_instance
from toplint.hardware.linkkinds import KINDS, PCIE, kind
from toplint.hardware.types import Cluster, GpuSpec, InterNode, IntraNode
from toplint.infra.yamlsafe import trusted_data
from toplint.record import replace

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "benchmarks" / "data" / "public.yaml"
BANDS = ROOT / "linter" / "toplint" / "cost" / "data" / "accuracy.yaml"
CLASSES = ("intra-node", "pcie", "multi-node", "all-to-all", "custom-kernel")
NETS = ("infiniband", "roce", "efa", "tcpx", "tcpxo", "ethernet")
# The network kinds whose NCCL transport plugin sets the rate (LinkKind.transport_eta).
TRANSPORTS = tuple(k for k in NETS if KINDS[k].transport_eta)
# The step latency toplint's p4d preset carries (EFA's first generation).
EFA_V1_LATENCY_US = lookup_instance("p4d.24xlarge").inter.latency_us  # type: ignore[union-attr]
SMALL = 1024 * 1024  # below 1 MiB: the latency-bound regime
BULK = 64 * 1024 * 1024


@dataclass(frozen=True)
class Machine:
    name: str
    source: str
    intra: str  # link kind per rank count is resolved in fabric()
    intra_gb_per_s: float
    nvls: str = ""
    gpus_per_node: int = 8
    nodes: int = 1  # 0: nodes = ranks / gpus_per_node
    network: str = "none"
    nics_per_node: int = 0
    nic_gb_per_s: float = 0.0
    pcie_gb_per_s: float = 63.0
    impl: str = "nccl"
    harness: str = "nccl-tests"
    kinds: dict[int, str] = field(default_factory=dict)
    arch: str = ""
    # The exclusion rules' inputs (benchmarks/data/HELDOUT.md; public.yaml's header).
    unstated: tuple[str, ...] = ()  # "nics" | "domains" | "gpu": no source states it
    gpus_per_process: int = 1  # the -g N of the printed launch line
    shared_box: bool = False  # the source says other tenants used the GPUs
    algorithm: str = ""  # the NCCL_ALGO the run forced ("" = NCCL's own choice)
    # Whose per-step latency the network takes: its kind, or the one its instance preset sets
    # (AWS p4d/p4de: EFA's first generation, toplint/hardware/data/instances.yaml).
    latency_kind: str = ""

    @property
    def step_key(self) -> str:
        return self.latency_kind or self.network

    def cluster(self, latency: dict[str, float]) -> Cluster:
        """The machine as a hardware manifest describes it (``toplint.hardware.types``): an
        NVSwitch node when its source runs NVLS, else NVLink point to point or PCIe."""
        nvlink = "nvswitch" if self.nvls else "nvlink"
        fabric = nvlink if self.intra == "nvlink" else "pcie"
        assert not self.nvls or self.nvls == self.arch, self.name
        gpu = GpuSpec(
            name=self.name,
            memory_gb=0.0,
            memory_bandwidth_gb_per_s=0.0,
            scaleup_fabric=fabric,  # type: ignore[arg-type]
            scaleup_bandwidth_gb_per_s=self.intra_gb_per_s,
            nvlink_domain=self.gpus_per_node,
            pcie_gen=5,
            p2p_default=True,
            arch=self.arch,
        )
        intra = IntraNode(
            fabric=fabric,  # type: ignore[arg-type]
            bandwidth_gb_per_s=self.intra_gb_per_s,
            p2p=self.intra != "pcie-no-p2p",
            nvlink_domain=self.gpus_per_node if fabric != "pcie" else 1,
            pcie_bandwidth_gb_per_s=self.pcie_gb_per_s,
        )
        inter = InterNode(
            network=self.network,  # type: ignore[arg-type]
            bandwidth_gb_per_s=self.nic_gb_per_s,
            nics_per_node=self.nics_per_node,
            rdma=not kind(self.network).tcp,
            latency_us=latency.get(self.step_key, 0.0),
        )
        return Cluster(self.name, max(self.nodes, 1), gpu, self.gpus_per_node, intra, inter)

    def fabric(self, ranks: int, latency: dict[str, float]) -> Fabric:
        """What the CLI prices a collective over ``ranks`` GPUs of this machine on:
        ``toplint.cost.fabric.cluster_fabric``, the function ``group_fabric`` calls."""
        nodes = self.nodes or max(ranks // self.gpus_per_node, 1)
        cluster = self.cluster(latency)
        if nodes > 1:
            return cluster_fabric(cluster, self.network, ranks, nodes, self.gpus_per_node)
        return cluster_fabric(cluster, self.kinds.get(ranks, self.intra), ranks)


@dataclass(frozen=True)
class Point:
    machine: Machine
    op: str
    ranks: int
    size: int
    measured_us: float
    not_monotone: bool = False  # rule 4, set by public_points()

    @property
    def unreliable(self) -> str:
        """Why the fit does not learn from this point ("" when it does): the exclusion rules
        of benchmarks/data/HELDOUT.md, applied to every system alike."""
        m, spans = self.machine, _spans_nodes(self)
        for what in m.unstated:
            if what == "gpu" or spans:
                return f"the source does not state the {what}"
        if m.gpus_per_process > 1 and self.size < SMALL:
            return f"one process drives {m.gpus_per_process} GPUs (-g), below 1 MiB"
        if m.shared_box:
            return "other tenants shared the box"
        if self.not_monotone:
            return "more than twice the time of the next larger size of its run"
        return ""

    @property
    def cls(self) -> str:
        if self.op == "all_to_all":
            return "all-to-all"
        nodes = self.machine.nodes or max(self.ranks // self.machine.gpus_per_node, 1)
        if nodes > 1:
            return "multi-node"
        link = self.machine.kinds.get(self.ranks, self.machine.intra)
        return "pcie" if KINDS[link].cls == PCIE else "intra-node"


_FABRICS: dict[tuple[str, int, float], Fabric] = {}

# Where every fit starts: the constants as the sources state them, before any fitting
# (cost-model.md "Constants to ship" and §1.13; nccl-tests#117, #178, #290; tuning.cc), so that
# no fold starts from values fitted on the source it predicts.
PRIOR = Params(
    eta={"nvlink": 0.7, "nvlink-bridge": 0.69, "xgmi": 0.7, "pcie": 0.62, "pcie-sys": 0.4},
    nvls_eta={"hopper": 1.07, "blackwell": 0.93},
    step_scale={"ampere": 1.0, "hopper": 1.0, "blackwell": 1.0},
    # 0 = not capped.  Every architecture whose row ships a fitted value is named here: a key
    # missing from a fold's table falls back to the shipped row (Params.p2p_channel_of), which
    # would hand the fold a value fitted on the sources it predicts.
    p2p_channel_gb_per_s={"ampere": 0.0, "hopper": 0.0, "blackwell": 0.0},
    deepep_pipe_gb_per_s={"hopper": 50.0, "blackwell": 50.0},
    pcie_step_scale=1.0,
    launch_us=0.0,
    ramp_bytes=0.0,
    net_extra_us=0.0,
    no_p2p_shared=0.65,
    no_p2p_cap=0.2,
    net_eta=0.92,
    a2a_net_eta=0.92,
    tcp_eta=0.7,
    # GPUDirect-TCPX and -TCPXO start where NCCL's sockets do (tcp_eta): no source states them.
    transport_eta={k: 0.7 for k in TRANSPORTS},
    tree_eta=0.62,
    a2a_base_us=7.0,
    deepep_ll_base_us=30.0,
    deepep_normal_base_us=60.0,
)
# InfiniBand / RoCE keep NCCL's own per-step latency (tuning.cc NET hwLat, tree LL): it is a
# documented constant, and the sources that would bend it are one-GPU-per-node systems.
PRIOR_LATENCY = {
    "infiniband": 5.0,
    "roce": 5.0,
    "efa": 23.0,
    "efa-v1": 23.0,
    "tcpx": 60.0,
    "tcpxo": 60.0,
    "ethernet": 60.0,
}


@dataclass
class Model:
    """The model as shipped (defaults) or as a fold fitted it (``fit``)."""

    params: Params = PARAMS
    latency: dict[str, float] = field(
        default_factory=lambda: {
            **{k: KINDS[k].latency_us for k in NETS},
            "efa-v1": EFA_V1_LATENCY_US,
        }
    )
    torch_overhead_us: float = 20.0

    def predict(self, p: Point) -> float:
        key = (p.machine.name, p.ranks, self.latency.get(p.machine.step_key, 0.0))
        fabric = _FABRICS.get(key)
        if fabric is None:
            fabric = _FABRICS[key] = p.machine.fabric(p.ranks, self.latency)
        t = predict_us(
            p.op, p.size, fabric, self.params, p.machine.impl, p.machine.algorithm
        ).time_us
        return t + (self.torch_overhead_us if p.machine.harness == "torch" else 0.0)


# --- data -----------------------------------------------------------------------------------


def table_points() -> list[Point]:
    """The shipped nccl-tests tables, one source per machine."""
    out = []
    for s in systems():
        m = Machine(
            s.name,
            f"aiconfigurator:{s.key}",
            s.link,
            s.bandwidth_gb_per_s,
            s.nvls,
            kinds=dict(s.kinds),
            pcie_gb_per_s=s.bandwidth_gb_per_s if s.link == "pcie" else 63.0,
            arch=s.arch,
        )
        out.extend(Point(m, q.op, q.ranks, q.message_bytes, q.time_us) for q in s.points)
    return out


def public_points() -> list[Point]:
    """Every point of public.yaml (a new list each call; the file is read once)."""
    return list(_public_points())


@functools.cache
def _public_points() -> tuple[Point, ...]:
    doc = trusted_data(PUBLIC.read_text(encoding="utf-8"))
    out = []
    for s in doc["systems"]:
        m = Machine(
            s["name"],
            s["source"],
            s["intra"],
            float(s["intra_gb_per_s"]),
            s.get("nvls") or "",
            int(s["gpus_per_node"]),
            int(s["nodes"]),
            s["network"],
            int(s["nics_per_node"]),
            float(s["nic_gb_per_s"]),
            float(s["pcie_gb_per_s"]),
            s["impl"],
            s["harness"],
            arch=s.get("arch", ""),
            unstated=tuple(s.get("unstated", ())),
            gpus_per_process=int(s.get("gpus_per_process", 1)),
            shared_box=bool(s.get("shared_box", False)),
            algorithm=str(s.get("nccl_algo", "")).lower(),
            latency_kind=s.get("latency_kind", ""),
        )
        out.extend(Point(m, op, int(n), int(size), _time(t)) for op, n, size, *t in s["points"])
    return tuple(_mark_not_monotone(out))


def _mark_not_monotone(points: list[Point]) -> list[Point]:
    """Rule 4: a point more than twice the time of the next larger size of the same run (same
    source and machine description whatever its name, op and ranks) is a warming-up harness or
    a straggler."""
    runs: dict[tuple[Any, ...], list[Point]] = {}
    for p in points:
        key = repr(dataclasses.replace(p.machine, name=""))
        runs.setdefault((key, p.op, p.ranks), []).append(p)
    flagged: set[int] = set()
    for run in runs.values():
        sizes = sorted({p.size for p in run})
        fastest = {n: min(p.measured_us for p in run if p.size == n) for n in sizes}
        after = dict(itertools.pairwise(sizes))
        for p in run:
            if p.size in after and p.measured_us > 2.0 * fastest[after[p.size]]:
                flagged.add(id(p))
    return [replace_point(p) if id(p) in flagged else p for p in points]


def replace_point(p: Point) -> Point:
    return Point(p.machine, p.op, p.ranks, p.size, p.measured_us, not_monotone=True)


def _time(columns: list[Any]) -> float:
    """One time per point: the faster of nccl-tests' out-of-place and in-place columns when the
    source printed both (they time the same collective; a one-off stall is not its cost)."""
    return min(float(t) for t in columns)


def all_points() -> list[Point]:
    """Every point the benchmark scores, the eighth to tenth, twelfth to nineteenth,
    twenty-first, twenty-second and twenty-fourth passes' publications apart until a pass
    brings them in (HELDOUT.md "Second draw" to "Fifteenth draw"; ``heldout_points(2)`` to
    ``heldout_points(15)``)."""
    later = SECOND_SOURCES | THIRD_SOURCES | FOURTH_SOURCES | FIFTH_SOURCES | SIXTH_SOURCES
    later |= SEVENTH_SOURCES | EIGHTH_SOURCES | NINTH_SOURCES | TENTH_SOURCES
    later |= ELEVENTH_SOURCES | TWELFTH_SOURCES | THIRTEENTH_SOURCES | FOURTEENTH_SOURCES
    later |= FIFTEENTH_SOURCES
    return table_points() + [p for p in public_points() if p.machine.source not in later]


def heldout_points(n: int) -> list[Point]:
    """The points of the ``n``-th draw's held-out publications (benchmarks/data/heldoutN.yaml,
    ``held_outN_sources`` of benchmarks/heldout.py)."""
    held = getattr(heldout_module(), f"held_out{n}_sources")()
    return [p for p in public_points() if p.machine.source in held]


def err(pred: float, meas: float) -> float:
    return abs(pred / meas - 1.0)


# --- fitting --------------------------------------------------------------------------------

Setter = Callable[[Model, float], None]


def _entry(name: str, key: str) -> Setter:
    """Sets one key of a per-kind or per-architecture table of Params (``eta["nvlink"]``)."""

    def set_(m: Model, v: float) -> None:
        m.params = replace(m.params, **{name: {**getattr(m.params, name), key: v}})

    return set_


def _param(name: str) -> Setter:
    def set_(m: Model, v: float) -> None:
        m.params = replace(m.params, **{name: v})

    return set_


def _lat(*kinds: str) -> Setter:
    def set_(m: Model, v: float) -> None:
        for k in kinds:
            m.latency[k] = v

    return set_


def _torch(m: Model, v: float) -> None:
    m.torch_overhead_us = v


# (name, setter, lo, hi, which points it is fitted on)
def _net(p: Point, *kinds: str) -> bool:
    return p.cls in ("multi-node", "all-to-all") and p.machine.step_key in kinds


def _bulk(p: Point) -> bool:
    """A multi-node point whose time is mostly bandwidth (≥ 64 MiB): where the network
    efficiencies are fitted, so that latency-bound sizes do not bend them."""
    return p.cls == "multi-node" and p.size >= BULK


def _spans_nodes(p: Point) -> bool:
    return (p.machine.nodes or max(p.ranks // p.machine.gpus_per_node, 1)) > 1


def _small_intra(p: Point) -> bool:
    return p.cls in ("intra-node", "pcie") and p.size <= 128 * 1024


KNOBS: list[tuple[str, Setter, float, float, Callable[[Point], bool]]] = [
    ("launch", _param("launch_us"), 0.0, 15.0, _small_intra),
    *(
        (
            f"step scale {a}",
            _entry("step_scale", a),
            0.3,
            4.0,
            lambda p, a=a: _small_intra(p) and p.machine.arch == a,
        )
        for a in ("ampere", "hopper", "blackwell", "ada")
    ),
    ("ramp", _param("ramp_bytes"), 0.0, 4e6, lambda p: p.cls in ("intra-node", "pcie")),
    ("eta nvlink", _entry("eta", "nvlink"), 0.3, 1.0, lambda p: p.cls == "intra-node"),
    ("nvls hopper", _entry("nvls_eta", "hopper"), 0.6, 1.3, lambda p: p.cls == "intra-node"),
    ("nvls blackwell", _entry("nvls_eta", "blackwell"), 0.5, 1.2, lambda p: p.cls == "intra-node"),
    ("eta pcie", _entry("eta", "pcie"), 0.3, 1.0, lambda p: p.cls == "pcie"),
    ("eta pcie-sys", _entry("eta", "pcie-sys"), 0.2, 1.0, lambda p: p.cls == "pcie"),
    ("no-p2p shared", _param("no_p2p_shared"), 0.2, 2.0, lambda p: p.cls == "pcie"),
    ("net eta", _param("net_eta"), 0.4, 1.0, _bulk),
    (
        "a2a net eta",
        _param("a2a_net_eta"),
        0.3,
        1.0,
        lambda p: p.cls == "all-to-all" and _spans_nodes(p),
    ),
    ("tree eta", _param("tree_eta"), 0.3, 1.0, _bulk),
    ("tcp eta", _param("tcp_eta"), 0.3, 1.0, _bulk),
    *(
        (
            f"transport eta {k}",
            _entry("transport_eta", k),
            0.2,
            1.0,
            lambda p, k=k: _bulk(p) and p.machine.network == k,
        )
        for k in TRANSPORTS
    ),
    ("efa step", _lat("efa"), 1.0, 200.0, lambda p: _net(p, "efa")),
    ("efa v1 step", _lat("efa-v1"), 1.0, 200.0, lambda p: _net(p, "efa-v1")),
    ("tcpx step", _lat("tcpx"), 10.0, 3000.0, lambda p: _net(p, "tcpx")),
    # NCCL's sockets (ethernet) have no run in the fit; they keep the step fitted on TCPXO,
    # as before this pass (docs/accuracy.md, eleventh pass).
    ("tcp step", _lat("tcpxo", "ethernet"), 10.0, 150.0, lambda p: _net(p, "tcpxo", "ethernet")),
    ("a2a base", _param("a2a_base_us"), 1.0, 30.0, lambda p: p.cls == "all-to-all"),
    *(
        (
            f"p2p channel {a}",
            _entry("p2p_channel_gb_per_s", a),
            3.0,
            60.0,
            lambda p, a=a: (
                p.cls == "all-to-all"
                and p.size >= BULK
                and p.machine.impl == "nccl"
                and p.machine.intra == "nvlink"
                and p.machine.arch == a
            ),
        )
        for a in ("ampere", "hopper", "blackwell")
    ),
    ("deepep ll base", _param("deepep_ll_base_us"), 1.0, 80.0, lambda p: p.cls == "all-to-all"),
    (
        "deepep normal base",
        _param("deepep_normal_base_us"),
        1.0,
        400.0,
        lambda p: p.cls == "all-to-all",
    ),
    *(
        (
            f"deepep pipe {a}",
            _entry("deepep_pipe_gb_per_s", a),
            10.0,
            200.0,
            lambda p, a=a: (
                p.cls == "all-to-all" and p.machine.impl == "deepep-normal" and p.machine.arch == a
            ),
        )
        for a in ("hopper", "blackwell")
    ),
    ("torch overhead", _torch, 0.0, 100.0, lambda p: p.machine.harness == "torch"),
]


def loss(model: Model, pts: Sequence[Point]) -> float:
    """Mean |log(predicted/measured)| (robust, symmetric in over/under)."""
    if not pts:
        return 0.0
    return sum(abs(math.log(model.predict(p) / p.measured_us)) for p in pts) / len(pts)


def fit(train: Sequence[Point], rounds: int = 2) -> Model:
    """Coordinate descent: a golden-section search per constant on the points it affects.

    Points the exclusion rules mark (``Point.unreliable``) are predicted and reported, never
    fitted on.  The spent draws' points (``SPENT_SOURCES``) feed only the per-transport
    constants (``PER_TRANSPORT``).  A training set that feeds every constant the same points
    as one already fitted gets that fit (a fold leaving out a spent publication no constant
    learns from is the development fit).
    """
    train = [p for p in train if not p.unreliable]
    feeds = [
        [p for p in train if uses(p) and (name in PER_TRANSPORT or not _spent(p))]
        for name, _setter, _lo, _hi, uses in KNOBS
    ]
    sets = [tuple(sorted(map(_point_key, pts))) for pts in feeds]
    key = (rounds, *sets)
    if key in _FITS:
        return copy.deepcopy(_FITS[key])
    model = Model(PRIOR, dict(PRIOR_LATENCY), 20.0)
    for _ in range(rounds):
        for (name, setter, lo, hi, _uses), pts, seen in zip(KNOBS, feeds, sets, strict=True):
            if pts:
                _search(model, name, setter, lo, hi, pts, seen)
    _FITS[key] = copy.deepcopy(model)
    return model


def _search(
    model: Model,
    name: str,
    setter: Setter,
    lo: float,
    hi: float,
    pts: Sequence[Point],
    seen: tuple[Any, ...],
) -> None:
    """``_golden``, or its result when one fit already searched this constant from the same
    model on the same points (the search is a function of those alone): the folds share most
    of their searches."""
    state = (
        name,
        repr(model.params),
        tuple(sorted(model.latency.items())),
        model.torch_overhead_us,
    )
    memo = (state, seen)
    done = _SEARCHES.get(memo)
    if done is None:
        _golden(model, setter, lo, hi, pts)
        _SEARCHES[memo] = (model.params, dict(model.latency), model.torch_overhead_us)
    else:
        model.params, latency, model.torch_overhead_us = done
        model.latency = dict(latency)


_SEARCHES: dict[tuple[Any, ...], tuple[Params, dict[str, float], float]] = {}


# The constants the spent draws' publications are fitted on (eleventh pass): each network
# transport's own, so that nothing priced over another network or inside a node moves.
PER_TRANSPORT = frozenset(
    {"efa step", "efa v1 step", "tcpx step", "tcp step"}
    | {f"transport eta {k}" for k in TRANSPORTS}
)
_FITS: dict[tuple[Any, ...], Model] = {}


def _point_key(p: Point) -> tuple[Any, ...]:
    return (p.machine.source, p.machine.name, p.op, p.ranks, p.size, p.measured_us)


def _spent(p: Point) -> bool:
    return p.machine.source in SPENT_SOURCES


SCAN = 9  # points of the coarse scan before each section search


def _restore(model: Model, keep: Model) -> None:
    model.params, model.latency = keep.params, keep.latency
    model.torch_overhead_us = keep.torch_overhead_us


def _golden(model: Model, setter: Setter, lo: float, hi: float, pts: Sequence[Point]) -> None:
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi

    def f(v: float) -> float:
        setter(model, v)
        return loss(model, pts)

    keep = copy.deepcopy(model)
    now = loss(model, pts)
    # A coarse scan first: a loss that is flat over most of the range (a cap that binds only
    # below some value) would otherwise lead the section search away from its one dip; the
    # search then refines around the best scan point.  A constant keeps its value unless the
    # search finds a better one.
    grid = (
        [lo * (hi / lo) ** (i / (SCAN - 1)) for i in range(SCAN)]
        if lo > 0
        else [lo + (hi - lo) * i / (SCAN - 1) for i in range(SCAN)]
    )
    losses = [f(x) for x in grid]
    if max(losses) - min(losses) < 1e-9:
        _restore(model, keep)  # no information: keep default
        return
    best = min(range(SCAN), key=losses.__getitem__)
    a, b = grid[max(best - 1, 0)], grid[min(best + 1, SCAN - 1)]
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(10):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    setter(model, c if fc < fd else d)
    if min(fc, fd) >= now:
        _restore(model, keep)  # nothing found beats the value it has


# --- the four checks ------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    method: str
    cls: str
    source: str
    system: str
    op: str
    ranks: int
    size: int
    measured_us: float
    predicted_us: float
    reliable: bool = True
    held_out: bool = False
    # The model was fitted on no table of this machine's GPU architecture (toplint prints the
    # wider "no table" band for such a prediction: ``bands``).
    extrapolated: bool = False
    across: bool = False  # the collective spans nodes
    # A later draw's publication, spent (HELDOUT.md "Fourth draw": development data from the
    # tenth pass on), priced by the development fit, which never saw it: a band row, not a
    # cross-validated one (``band_rows``; the summaries keep the cross-validated rows apart).
    later: bool = False
    # A point of the fifth to eleventh draws (spent, never fitted on), priced by the development
    # fit (nineteenth pass, HELDOUT.md "Twelfth draw"): a scored row of its own split
    # (``UNSEEN``), never a band row nor a cross-validated one.
    unseen: bool = False

    @property
    def error(self) -> float:
        return err(self.predicted_us, self.measured_us)

    @property
    def factor_error(self) -> float:
        """exp(|log(predicted/measured)|) − 1: the error symmetric in log space (a time half the
        measured one is 100% off, as is one twice it); never below ``error``."""
        return math.exp(abs(math.log(self.predicted_us / self.measured_us))) - 1.0


@functools.cache
def heldout_module() -> Any:
    """benchmarks/heldout.py (the seeded draw of the held-out publications), loaded by path
    once: benchmarks/ is not a package."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "toplint_heldout", ROOT / "benchmarks" / "heldout.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _held_out_sources() -> set[str]:
    """The sources of the publications drawn by lot (benchmarks/data/heldout.yaml)."""
    return set(heldout_module().held_out_sources())


HELD_OUT = _held_out_sources()
# The eighth pass's publications (both halves of the second draw).
SECOND_SOURCES = frozenset(heldout_module().second_sources())
# The ninth pass's publications (both halves of the third draw).
THIRD_SOURCES = frozenset(heldout_module().third_sources())
# The tenth pass's publications (every one held out in the fourth draw).
FOURTH_SOURCES = frozenset(heldout_module().fourth_sources())
# The twelfth pass's publications (every one held out in the fifth draw): never fitted on.
FIFTH_SOURCES = frozenset(heldout_module().fifth_sources())
# The thirteenth pass's publications (every one held out in the sixth draw): never fitted on.
SIXTH_SOURCES = frozenset(heldout_module().sixth_sources())
# The fourteenth pass's publications (every one held out in the seventh draw): never fitted on.
SEVENTH_SOURCES = frozenset(heldout_module().seventh_sources())
# The fifteenth pass's publications (every one held out in the eighth draw): never fitted on.
EIGHTH_SOURCES = frozenset(heldout_module().eighth_sources())
# The sixteenth pass's publications (every one held out in the ninth draw): never fitted on.
NINTH_SOURCES = frozenset(heldout_module().ninth_sources())
# The seventeenth pass's publications (every one held out in the tenth draw): never fitted on.
TENTH_SOURCES = frozenset(heldout_module().tenth_sources())
# The eighteenth pass's publications (every one held out in the eleventh draw): never fitted on.
ELEVENTH_SOURCES = frozenset(heldout_module().eleventh_sources())
# The nineteenth pass's publications (every one held out in the twelfth draw): never fitted on.
TWELFTH_SOURCES = frozenset(heldout_module().twelfth_sources())
# The twenty-first pass's publications (every one held out in the thirteenth draw): never
# fitted on.
THIRTEENTH_SOURCES = frozenset(heldout_module().thirteenth_sources())
# The twenty-second pass's publications (every one held out in the fourteenth draw): never
# fitted on.
FOURTEENTH_SOURCES = frozenset(heldout_module().fourteenth_sources())
# The twenty-fourth pass's publications (every one held out in the fifteenth draw): never
# fitted on.
FIFTEENTH_SOURCES = frozenset(heldout_module().fifteenth_sources())
# The draws ``--heldoutN`` prints, by number: every later draw whose list is committed
# (benchmarks/heldout.py ``later_draws``).
HELDOUT_POINTS = {n: functools.partial(heldout_points, n) for n in heldout_module().later_draws()}
# The second to fourth draws, spent: development data from the eleventh pass on, for the
# per-transport constants (``PER_TRANSPORT``), and band rows.
SPENT_SOURCES = SECOND_SOURCES | THIRD_SOURCES | FOURTH_SOURCES
# The fifth to eleventh draws, spent and never fitted on (nineteenth pass): scored by the
# development fit in splits of their own (``unseen_rows``), so that a change to a class only
# they populate (PCIe without P2P, one NIC per node) moves a development figure.
UNSEEN_SOURCES = FIFTH_SOURCES | SIXTH_SOURCES | SEVENTH_SOURCES | EIGHTH_SOURCES | NINTH_SOURCES
UNSEEN_SOURCES |= TENTH_SOURCES | ELEVENTH_SOURCES


def spent_points() -> list[Point]:
    """The spent draws' points (every publication of the second to fourth draws)."""
    return [p for p in public_points() if p.machine.source in SPENT_SOURCES]


def unseen_points() -> list[Point]:
    """The fifth to eleventh draws' points (every publication of them): no fit sees them."""
    return [p for p in public_points() if p.machine.source in UNSEEN_SOURCES]


def development(points: Sequence[Point]) -> list[Point]:
    return [p for p in points if p.machine.source not in HELD_OUT]


_DEV_FIT: dict[tuple[str, ...], Model] = {}


def development_fit(points: Sequence[Point]) -> Model:
    """The model ``fit`` leaves on the development publications and the spent draws: the one
    toplint ships (``shipped_stale``) and the one the held-out publications are scored with."""
    dev = development(points) + spent_points()
    key = (*sorted({f"{p.machine.source}/{p.machine.name}" for p in dev}), str(len(dev)))
    if key not in _DEV_FIT:
        _DEV_FIT[key] = fit(dev)
    return _DEV_FIT[key]


# The architecture of each shipped nccl-tests table (toplint/cost/data/measured.yaml).
TABLE_ARCH = {f"aiconfigurator:{s.key}": s.arch for s in systems()}


def table_archs(train: Iterable[str]) -> set[str]:
    """The GPU architectures of the shipped tables among the sources ``train``."""
    sources = set(train)
    return {a for source, a in TABLE_ARCH.items() if source in sources}


def held_out_rows(points: Sequence[Point]) -> list[Row]:
    """The held-out publications, predicted by the model fitted on the development ones."""
    model = development_fit(points)
    dev = development(points)
    fitted, nets = table_archs(p.machine.source for p in dev), dev_network_keys()
    return [
        _row("alpha-beta", p, model.predict(p), held_out=True, fitted=fitted, nets=nets)
        for p in points
        if p.machine.source in HELD_OUT
    ]


def unseen_rows(points: Sequence[Point]) -> list[Row]:
    """The fifth to eleventh draws' points, predicted by the development fit (the model toplint
    ships), which never saw them: no fold is needed, no fit trains on them."""
    model = development_fit(points)
    dev = development(points)
    fitted, nets = table_archs(p.machine.source for p in dev), dev_network_keys()
    return [
        _row("alpha-beta", p, model.predict(p), fitted=fitted, nets=nets, unseen=True)
        for p in unseen_points()
    ]


def alpha_beta_cv(points: Sequence[Point], spent: Sequence[Point] = ()) -> list[Row]:
    """Leave one source out: fit on the rest, predict it (held-out sources are neither
    predicted here nor fitted on: ``held_out_rows``).  ``spent``: the spent draws' points, in
    every fold's training set but their own; their rows are band rows (``Row.later``)."""
    points = [*development(points), *spent]
    out = []
    for source in sorted({p.machine.source for p in points}):
        held = [p for p in points if p.machine.source == source]
        train = [p for p in points if p.machine.source != source]
        model, fitted = fit(train), table_archs(p.machine.source for p in train)
        nets = network_keys(q for q in train if not _spent(q) or _fits_transport(q))
        later = source in SPENT_SOURCES
        out.extend(
            _row("alpha-beta", p, model.predict(p), fitted=fitted, nets=nets, later=later)
            for p in held
        )
    return out


def _fits_transport(p: Point) -> bool:
    """A spent point one of the per-transport constants is fitted on."""
    return not p.unreliable and any(
        uses(p) for name, _s, _lo, _hi, uses in KNOBS if name in PER_TRANSPORT
    )


def interpolation_cv() -> list[Row]:
    """Leave one interior point of each shipped table out and interpolate it."""
    out = []
    for s in systems():
        for op, ranks in {(q.op, q.ranks) for q in s.points}:
            series = s.series(op, ranks)
            for i in range(1, len(series) - 1):
                gone = replace(s, points=tuple(q for q in s.points if q != series[i]))
                hit = interpolate(gone, op, ranks, series[i].message_bytes)
                if hit is None:
                    continue
                m = Machine(s.name, f"aiconfigurator:{s.key}", s.link, s.bandwidth_gb_per_s)
                p = Point(m, op, ranks, series[i].message_bytes, series[i].time_us)
                out.append(_row("interpolation", p, hit.time_us, cls=_table_cls(s, ranks, op)))
    return out


def _table_cls(s: Any, ranks: int, op: str) -> str:
    if op == "all_to_all":
        return "all-to-all"
    return "pcie" if kind(s.kinds.get(ranks, s.link)).cls == PCIE else "intra-node"


def other_system_cv(points: Sequence[Point]) -> list[Row]:
    """A shipped table of the same GPU against another publication's nccl-tests run."""
    from toplint.cost.calibration import system_for

    out = []
    for p in points:
        if p.machine.source.startswith("aiconfigurator") or p.cls not in ("intra-node", "pcie"):
            continue
        if p.machine.harness != "nccl-tests":
            continue
        s = system_for(_gpu_of(p))
        if s is None:
            continue
        hit = interpolate(s, p.op, p.ranks, p.size)
        if hit is not None:
            out.append(_row("other-system measurement", p, hit.time_us))
    return out


def _gpu_of(p: Point) -> str:
    doc = _public_doc()
    for s in doc["systems"]:
        if s["name"] == p.machine.name:
            return str(s["gpu"])
    return ""


_DOC: list[dict[str, Any]] = []


def _public_doc() -> dict[str, Any]:
    if not _DOC:
        _DOC.append(trusted_data(PUBLIC.read_text(encoding="utf-8")))
    return _DOC[0]


def kernel_cv() -> list[Row]:
    """vLLM's kernel tables: the kernel model with α from the other machines' tables."""
    from toplint.cost import kernels

    pts = [p for p in kernels._points() if p[0] == "vllm-custom"]
    machines = {s.key: s for s in systems()}
    dev = {source for source in TABLE_ARCH if source not in HELD_OUT}
    out = []
    for key in sorted({p[1] for p in pts}):
        s = machines[key]
        source = f"aiconfigurator:{key}"
        fitted = table_archs(dev - {source})
        alpha, _ = kernels.alpha_us("vllm-custom", s.arch, kernels.HELD_OUT_TABLES | {key})
        for _, _, n, size, t in (p for p in pts if p[1] == key):
            fabric = s.fabric(n)
            kernel = kernels.select("vllm-custom", fabric, size, _sm(s.arch))
            if not kernel.custom:
                continue
            pred = kernels.model_us(kernel, fabric, size, alpha)
            m = Machine(s.name, f"aiconfigurator:{key}", s.link, s.bandwidth_gb_per_s, arch=s.arch)
            point = Point(m, "all_reduce", n, size, t)
            out.append(
                _row(
                    "alpha-beta",
                    point,
                    pred,
                    "custom-kernel",
                    held_out=source in HELD_OUT,
                    fitted=fitted,
                )
            )
    return out


def _sm(arch: str) -> float:
    from toplint.cost.kernels import compute_capability

    return compute_capability(arch)


def _row(
    method: str,
    p: Point,
    pred: float,
    cls: str | None = None,
    held_out: bool = False,
    fitted: set[str] | None = None,
    nets: set[str] | None = None,
    later: bool = False,
    unseen: bool = False,
) -> Row:
    """One prediction; ``fitted``: the architectures of the tables the α–β model was fitted on
    (None for the methods that replay a table); ``nets``: the networks it was fitted on a
    cross-node measurement of (``network_keys``; None: not asked)."""
    spans = _spans_nodes(p)
    unfitted_net = nets is not None and spans and network_key(p) not in nets
    return Row(
        method,
        cls or p.cls,
        p.machine.source,
        p.machine.name,
        p.op,
        p.ranks,
        p.size,
        p.measured_us,
        pred,
        not p.unreliable,
        held_out,
        (fitted is not None and p.machine.arch not in fitted) or unfitted_net,
        spans,
        later,
        unseen,
    )


def network_key(p: Point) -> str:
    """The network a cross-node point measures, as the CLI names a cluster's
    (``toplint.cost.uncertainty.network_key``): its kind and the GPU's architecture."""
    return uncertainty.network_key(p.machine.network, p.machine.arch)


def network_keys(points: Iterable[Point]) -> set[str]:
    """The networks of the cross-node points among ``points``: what a fit on them has seen."""
    return {network_key(p) for p in points if _spans_nodes(p)}


def all_rows() -> list[Row]:
    points = all_points()
    return (
        alpha_beta_cv(points, spent_points())
        + held_out_rows(points)
        + unseen_rows(points)
        + kernel_cv()
        + interpolation_cv()
        + other_system_cv(points)
    )


# --- summaries ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    n: int
    median: float
    within25: float
    p80: float  # of |predicted/measured − 1|
    band: float  # 80th percentile of the error symmetric in log space (Row.factor_error)


def _p80(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.8 * len(ordered)) - 1)]


def stats(rows: Iterable[Row]) -> Stats | None:
    rows = list(rows)
    errs = sorted(r.error for r in rows)
    if not errs:
        return None
    within = sum(e <= 0.25 for e in errs) / len(errs)
    band = _p80([r.factor_error for r in rows])
    return Stats(len(errs), statistics.median(errs), within, _p80(errs), band)


# The α–β rows split: the held-out publications (fitted on the development ones), and the
# development ones left out one source at a time; "alpha-beta" is every point.
SPLITS = {"held-out alpha-beta": "alpha-beta", "cross-validated alpha-beta": "alpha-beta"}
RELIABLE = " (reliable)"  # the same class without the systems public.yaml marks unreliable


# The fifth to eleventh draws' rows (``Row.unseen``): alone, and beside the cross-validated
# rows (nineteenth pass); the splits above never hold them.
UNSEEN = "draws 5-11 alpha-beta"
WITH_UNSEEN = "cross-validated alpha-beta with draws 5-11"


def summary(rows: Sequence[Row]) -> dict[tuple[str, str], Stats]:
    """The error tables; the spent draws' band rows (``Row.later``) are not among them, and the
    fifth to eleventh draws' rows (``Row.unseen``) only in ``UNSEEN`` and ``WITH_UNSEEN``."""
    rows = [r for r in rows if not r.later]
    out = {}
    methods = ("alpha-beta", *SPLITS, UNSEEN, WITH_UNSEEN, "interpolation")
    for method in (*methods, "other-system measurement"):
        for cls in (*CLASSES, "all", "small (< 1 MiB)"):
            if method in (UNSEEN, WITH_UNSEEN):
                sel = [r for r in rows if r.method == "alpha-beta" and not r.held_out]
                sel = [r for r in sel if r.unseen or (method == WITH_UNSEEN)]
            else:
                sel = [r for r in rows if r.method == SPLITS.get(method, method) and not r.unseen]
            if method in SPLITS:
                sel = [r for r in sel if r.held_out == (method == "held-out alpha-beta")]
            if cls == "small (< 1 MiB)":
                sel = [r for r in sel if r.size < SMALL]
            elif cls != "all":
                sel = [r for r in sel if r.cls == cls]
            s = stats(sel)
            if s is not None:
                out[(method, cls)] = s
            if any(not r.reliable for r in sel):
                kept = stats(r for r in sel if r.reliable)
                if kept is not None:
                    out[(method, cls + RELIABLE)] = kept
    return out


# A class's band is its own 80th percentile when at least MIN_POINTS points from MIN_SOURCES
# sources measure it; a smaller class takes its parent's (the method's points pooled).
MIN_POINTS, MIN_SOURCES = 30, 2
BAND_METHODS = ("alpha-beta", "interpolation", "other-system measurement")
# α–β on a GPU architecture the model was fitted on no table of (toplint/cost/uncertainty.py).
NO_TABLE = "alpha-beta, no fitted table"
# Where a class's "no table" rows pool when it has too few of its own: the same node scope
# (its architecture's constants decide a collective inside a node, hardly one across nodes).
SCOPE = {
    "intra-node": (False,),
    "pcie": (False,),
    "custom-kernel": (False,),
    "multi-node": (True,),
    "all-to-all": (False, True),
}


def band_rows(rows: Iterable[Row], method: str) -> list[Row]:
    """The rows a method's bands are taken from: development sources only (the α–β ones
    cross-validated), so that the held-out publications test the bands."""
    return [
        r
        for r in rows
        if r.method == method and not r.held_out and not r.unseen and r.source not in HELD_OUT
    ]


def printing_rows(rows: Iterable[Row], method: str) -> list[Row]:
    """The development rows whose prediction prints ``method``'s class band: an α–β row
    predicted without a table of its architecture prints the ``NO_TABLE`` band instead
    (``printed_band``), so its error is that band's, not the class's."""
    dev = band_rows(rows, method)
    return [r for r in dev if not r.extrapolated] if method == "alpha-beta" else dev


def _quantile(rows: Sequence[Row]) -> float | None:
    """The 80th percentile of the log-symmetric error, rounded up to the printed 1%; None for
    fewer than MIN_POINTS points or MIN_SOURCES sources."""
    if len(rows) < MIN_POINTS or len({r.source for r in rows}) < MIN_SOURCES:
        return None
    return _up1(_p80([r.factor_error for r in rows]))


def bands(rows: Sequence[Row]) -> dict[str, dict[str, float]]:
    """Relative ± per method and class: the 80th percentile of exp(|log(predicted/measured)|) −
    1 over the development rows that print it (``printing_rows``; the measured time lies in
    [t/(1+b), t·(1+b)] four times in five); a class with too few rows takes its parent's.
    ``NO_TABLE``: the α–β band where the GPU's architecture had no table in the fit, from those
    rows, never narrower than the class's."""
    out: dict[str, dict[str, float]] = {}
    for method in BAND_METHODS:
        dev = printing_rows(rows, method)
        parent = _quantile(dev)
        assert parent is not None, f"{method}: too few development rows for any band"
        out[method] = {c: _quantile([r for r in dev if r.cls == c]) or parent for c in CLASSES}
    ext = [r for r in band_rows(rows, "alpha-beta") if r.extrapolated]
    out[NO_TABLE] = {}
    for c in CLASSES:
        own = _quantile([r for r in ext if r.cls == c])
        scope = _quantile([r for r in ext if r.across in SCOPE[c]])
        out[NO_TABLE][c] = max(out["alpha-beta"][c], own or scope or 0.0)
    # Sixth pass: the band toplint prints for an α–β price is its size stratum's (below 1 MiB
    # the model's error is several times its error above), from the stratum's printing rows,
    # else the class's; without a fitted table never narrower than the stratum's with one.
    dev = printing_rows(rows, "alpha-beta")
    for size in SIZES:
        table, wide = f"alpha-beta, {size}", f"{NO_TABLE}, {size}"
        out[table], out[wide] = {}, {}
        for c in CLASSES:
            here = [r for r in dev if r.cls == c and size_stratum(r.size) == size]
            out[table][c] = _quantile(here) or out["alpha-beta"][c]
            here = [r for r in ext if r.cls == c and size_stratum(r.size) == size]
            out[wide][c] = max(out[table][c], _quantile(here) or out[NO_TABLE][c])
    # The manifest's own measurement: nccl-tests run-to-run spread (the in-place and out-of-place
    # columns of the runs above differ by up to ~10%).
    out["same-system measurement"] = dict.fromkeys(CLASSES, 0.1)
    return out


def _up1(x: float) -> float:
    return math.ceil(x * 100 - 1e-9) / 100


def printed_band(r: Row, b: dict[str, dict[str, float]]) -> float:
    """The band toplint prints for an α–β row's prediction (``toplint.cost.uncertainty.band``):
    its size stratum's, with or without a fitted table."""
    return b[stratum(NO_TABLE if r.extrapolated else "alpha-beta", r.size)][r.cls]


COVER = (*CLASSES, "across nodes", "no fitted table", *SIZES, "all")


def _stratum_key(cls: str, size: str, extrapolated: bool) -> str:
    """A band's stratum in the coverage counts: "multi-node, below 1 MiB[, no fitted table]"."""
    return f"{cls}, {size}" + (", no fitted table" if extrapolated else "")


def _cover(rows: Sequence[Row], b: dict[str, dict[str, float]]) -> dict[str, tuple[int, int]]:
    """Per COVER key and per band stratum (``_stratum_key``): (points, points in the band)."""
    out: dict[str, tuple[int, int]] = {}
    for r in rows:
        size = size_stratum(r.size)
        keys = [k for k in COVER if k in (r.cls, size, "all")]
        keys += ["across nodes"] * r.across + ["no fitted table"] * r.extrapolated
        for key in (*keys, _stratum_key(r.cls, size, r.extrapolated)):
            n, inside = out.get(key, (0, 0))
            out[key] = (n + 1, inside + (r.factor_error <= printed_band(r, b) + 1e-9))
    return out


def coverage(rows: Sequence[Row], b: dict[str, dict[str, float]]) -> dict[str, tuple[int, float]]:
    """Per class, the share of held-out α–β points within the band toplint prints for it."""
    held = [r for r in rows if r.method == "alpha-beta" and r.held_out]
    return {k: (n, i / n) for k, (n, i) in _cover(held, b).items()}


def coverage_cv(rows: Sequence[Row]) -> dict[str, tuple[int, float]]:
    """The same on the development sources, cross-validated: each source's α–β rows against the
    bands taken from the other development sources' rows."""
    dev = band_rows(rows, "alpha-beta")
    others = [r for r in rows if r.method != "alpha-beta"]
    total: dict[str, tuple[int, int]] = {}
    for source in sorted({r.source for r in dev}):
        b = bands(others + [r for r in dev if r.source != source])
        for k, (n, i) in _cover([r for r in dev if r.source == source], b).items():
            total[k] = (total.get(k, (0, 0))[0] + n, total.get(k, (0, 0))[1] + i)
    return {k: (n, i / n) for k, (n, i) in total.items()}


def _share(cover: dict[str, tuple[int, float]], key: str) -> str:
    n, share = cover.get(key, (0, 0.0))
    return f"{n} | {share:.0%}" if n else "0 | —"


def _band_text(b: dict[str, dict[str, float]], cls: str) -> str:
    """The bands a class prints, below / from 1 MiB (the size strata)."""
    if cls not in b["alpha-beta"]:
        return "its stratum's"
    text, wide = (
        " / ".join(f"±{b[f'{m}, {size}'][cls]:.0%}" for size in SIZES)
        for m in ("alpha-beta", NO_TABLE)
    )
    return text + (f" (no table: {wide})" if wide != text else "")


def markdown(rows: Sequence[Row], table: dict[tuple[str, str], Stats], model: Model) -> str:
    b = bands(rows)
    held, dev = coverage(rows, b), coverage_cv(rows)
    unseen = {k: (n, i / n) for k, (n, i) in _cover([r for r in rows if r.unseen], b).items()}
    cover = [
        "Coverage of the printed α–β band (taken from the development sources' cross-validated "
        "errors): on the development sources, each source against the bands of the others; on "
        "the held-out publications, against the shipped bands:",
        "",
        "| class | band (below / from 1 MiB) | development points | within (cross-validated) "
        "| held-out points "
        "| within |",
        "|---|---|---|---|---|---|",
        *(
            f"| {c} | {_band_text(b, c)} | {_share(dev, c)} | {_share(held, c)} |"
            for c in COVER
            if c in dev or c in held
        ),
        "",
        "The same on the fifth to eleventh draws (spent, never fitted on: no band is taken from "
        "them), against the bands above: "
        + "; ".join(
            f"{c} {_share(unseen, c).replace(' | ', ' points, ')}" for c in COVER if c in unseen
        )
        + ".",
        "",
    ]
    strata = [
        "The α–β band by message size (sixth pass): each class's band below and from 1 MiB, with "
        "and without a fitted table, cross-validated on the development sources (the class's "
        "band where a stratum has too few rows; the held-out publications are not scored per "
        "stratum):",
        "",
        "| class | size | band | development points | within (cross-validated) "
        "| no fitted table: band | development points | within (cross-validated) |",
        "|---|---|---|---|---|---|---|---|",
        *(
            f"| {c} | {size} | ±{b[f'alpha-beta, {size}'][c]:.0%} "
            f"| {_share(dev, _stratum_key(c, size, False))} "
            f"| ±{b[f'{NO_TABLE}, {size}'][c]:.0%} "
            f"| {_share(dev, _stratum_key(c, size, True))} |"
            for c in CLASSES
            for size in SIZES
        ),
        "",
    ]
    lines = [
        *cover,
        *strata,
        "| method | class | points | median error | within ±25% "
        "| log-symmetric p80 of these rows (the printed band: table above) |",
        "|---|---|---|---|---|---|",
    ]
    for (method, cls), s in table.items():
        lines.append(
            f"| {method} | {cls} | {s.n} | {s.median:.0%} | {s.within25:.0%} | ±{s.band:.0%} |"
        )
    lines += [
        "",
        "Development sources (points, alpha-beta median error when left out; the held-out "
        "publications are scored in the totals only, never per source):",
        "",
    ]
    held_points = sum(r.method == "alpha-beta" and r.held_out for r in rows)
    later_points = sum(r.method == "alpha-beta" and r.later for r in rows)
    unseen_points = sum(r.method == "alpha-beta" and r.unseen for r in rows)
    cv = [r for r in rows if r.method == "alpha-beta" and not r.later and not r.unseen]
    for source in sorted({r.source for r in cv} - HELD_OUT):
        sel = [r for r in cv if r.source == source]
        s = stats(sel)
        assert s is not None
        line = f"- {source}: {s.n} points, median {s.median:.0%}"
        shaky = [r for r in sel if not r.reliable]
        if shaky:
            u = stats(shaky)
            assert u is not None
            line += f" ({u.n} of them unreliable, median {u.median:.0%})"
        lines.append(line)
    lines += [
        f"- held out (the publications of benchmarks/data/heldout.yaml): {held_points} points",
        f"- the second to fourth draws (spent; band rows, each publication predicted by the fit "
        f"that leaves it out; fitted on for the per-transport constants): {later_points} points",
        f"- the fifth to eleventh draws (spent; never fitted on, never band rows; priced by the "
        f"development fit in the splits '{UNSEEN}' and '{WITH_UNSEEN}'): {unseen_points} points",
        "",
        "Constants fitted on every development source:",
        "",
        "```",
        _fitted(model),
        "```",
    ]
    return "\n".join(lines)


def _fitted(model: Model) -> str:
    p = model.params
    tables = (
        ("eta", 3),
        ("nvls_eta", 3),
        ("step_scale", 3),
        ("p2p_channel_gb_per_s", 1),
        ("deepep_pipe_gb_per_s", 1),
        ("transport_eta", 3),
    )
    parts = [
        *(f"{n} = { {k: round(v, d) for k, v in getattr(p, n).items()} }" for n, d in tables),
        f"launch_us = {p.launch_us:.3g}, ramp_bytes = {p.ramp_bytes:.3g}, "
        f"net_extra_us = {p.net_extra_us:.3g}, pcie_step_scale = {p.pcie_step_scale:.3g}",
    ]
    for name in (
        "no_p2p_shared",
        "net_eta",
        "a2a_net_eta",
        "tcp_eta",
        "tree_eta",
        "a2a_base_us",
        "deepep_ll_base_us",
        "deepep_normal_base_us",
    ):
        parts.append(f"{name} = {getattr(p, name):.3g}")
    parts.append(f"network step latency = { {k: round(v, 1) for k, v in model.latency.items()} }")
    parts.append(f"torch harness overhead = {model.torch_overhead_us:.3g} µs")
    return "\n".join(parts)


def bands_text(b: dict[str, dict[str, float]], fitted: set[str], nets: set[str]) -> str:
    """accuracy.yaml: the bands, the architectures whose tables the shipped fit used, and the
    networks it saw a cross-node measurement of."""
    head = [
        "# Error bands per method and class: 80th percentile of exp(|log(predicted/measured)|) - 1",
        "# over the development sources (symmetric in log space: the measured time lies in",
        "# [t/(1+b), t*(1+b)] 4 times in 5).  'alpha-beta, no fitted table': an alpha-beta price",
        "# for a GPU whose architecture is not in fitted_table_archs (the shipped fit saw no table",
        "# of it), or across nodes over a network not in fitted_networks (kind/architecture: the",
        "# fit saw no cross-node measurement of it).  'alpha-beta[, no fitted table], below",
        "# 1 MiB' / 'from 1 MiB': the band an",
        "# alpha-beta price prints, its message size's stratum (the class's where the stratum has",
        "# too few rows).  Written by `python benchmarks/accuracy.py --write` (do not edit by",
        "# hand); docs/accuracy.md has the same figures; tests/cost/test_accuracy.py checks they",
        "# are current.",
        f"fitted_table_archs: [{', '.join(sorted(fitted))}]",
        f"fitted_networks: [{', '.join(sorted(nets))}]",
        "bands:",
    ]
    body = [
        f"  {m}: {{{', '.join(f'{c}: {v:g}' for c, v in row.items())}}}" for m, row in b.items()
    ]
    return "\n".join(head + body) + "\n"


def dev_network_keys() -> set[str]:
    """The networks of the development points across nodes, and of the spent draws' points a
    per-transport constant is fitted on: those the shipped fit saw."""
    spent = [p for p in spent_points() if _fits_transport(p)]
    return network_keys([*development(all_points()), *spent])


def dev_table_archs() -> set[str]:
    """The architectures of the development tables: those the shipped fit saw a table of."""
    return table_archs(source for source in TABLE_ARCH if source not in HELD_OUT)


# --- the constants toplint ships -------------------------------------------------------------

_ROW = "toplint/hardware/{}.py {}[{!r}].{}"
_PARAMS_FIELD = "toplint/cost/params.py Params.{}"
# What ships each fitted constant: (where it is written, the value a model holds for it).
SHIPPED: list[tuple[str, Callable[[Model], float]]] = [
    *(
        (_ROW.format("linktable", "KINDS", k, "eta"), lambda m, k=k: m.params.eta_of(KINDS[k]))
        for k in ("nvlink", "nvlink-bridge", "xgmi", "pcie", "pcie-sys")
    ),
    *(
        (
            _ROW.format("archs", "ARCHS", a, f),
            lambda m, a=a, f=f: getattr(m.params, f + "_of")(ARCHS[a]),
        )
        for a in ("ampere", "ada", "hopper", "blackwell")
        for f in ("nvls_eta", "step_scale", "p2p_channel", "deepep_pipe")
    ),
    *(
        (_PARAMS_FIELD.format(f), lambda m, f=f: float(getattr(m.params, f)))
        for f in (
            "launch_us",
            "ramp_bytes",
            "net_extra_us",
            "pcie_step_scale",
            "no_p2p_shared",
            "no_p2p_cap",
            "net_eta",
            "a2a_net_eta",
            "tcp_eta",
            "tree_eta",
            "a2a_base_us",
            "deepep_ll_base_us",
            "deepep_normal_base_us",
        )
    ),
    *(
        (
            _ROW.format("linktable", "KINDS", k, "transport_eta"),
            lambda m, k=k: m.params.transport_eta_of(KINDS[k]),
        )
        for k in TRANSPORTS
    ),
    *(
        (_ROW.format("linktable", "KINDS", k, "latency_us"), lambda m, k=k: m.latency[k])
        for k in NETS
    ),
    (
        "toplint/hardware/data/instances.yaml p4d.24xlarge, p4de.24xlarge latency",
        lambda m: m.latency["efa-v1"],
    ),
]


def shipped(value: float) -> float:
    """A fitted value as toplint ships it: three significant figures."""
    return float(f"{value:.3g}")


def shipped_stale(fitted: Model, ships: Model | None = None) -> list[str]:
    """Each shipped constant that is not the development fit's value to three significant
    figures, as "where: shipped -> fitted" (empty: toplint ships the model it scores)."""
    ships = ships or Model()
    out = []
    for where, value in SHIPPED:
        want, have = shipped(value(fitted)), value(ships)
        if want != have:
            out.append(f"{where}: {have:g} -> {want:g}")
    return out


# --- the second held-out draw (eighth pass) --------------------------------------------------

# The totals the second draw is scored on (HELDOUT.md "Second draw"): never per source.
HELDOUT2_CLASSES = ("all", "multi-node", "all-to-all", "intra-node", "small (< 1 MiB)")


def shipped_bands() -> tuple[dict[str, dict[str, float]], set[str], set[str] | None]:
    """The bands toplint ships (accuracy.yaml), the architectures its fit saw tables of and the
    networks it saw across nodes (none listed before the tenth pass: not asked)."""
    doc = trusted_data(BANDS.read_text(encoding="utf-8"))
    nets = doc.get("fitted_networks")
    return doc["bands"], set(doc["fitted_table_archs"]), set(nets) if nets is not None else None


def heldout_rows(
    draw: int, model: Model, fitted: set[str], nets: set[str] | None = None
) -> list[Row]:
    """The held-out points of a later draw (``draw``, the second on), priced by ``model`` (the
    one toplint ships)."""
    points = HELDOUT_POINTS[draw]()
    return [
        _row("alpha-beta", p, model.predict(p), held_out=True, fitted=fitted, nets=nets)
        for p in points
    ]


def heldout2_totals(rows: Sequence[Row], b: dict[str, dict[str, float]]) -> list[str]:
    """Markdown rows: per class, points, median error, share within ±25% and within the band
    toplint prints (``printed_band``); "across nodes" beside them."""
    lines = [
        "| class | points | median error | within ±25% | within the printed band |",
        "|---|---|---|---|---|",
    ]
    for cls in (*HELDOUT2_CLASSES, "across nodes"):
        if cls == "all":
            sel = list(rows)
        elif cls == "small (< 1 MiB)":
            sel = [r for r in rows if r.size < SMALL]
        elif cls == "across nodes":
            sel = [r for r in rows if r.across]
        else:
            sel = [r for r in rows if r.cls == cls]
        s = stats(sel)
        if s is None:
            lines.append(f"| {cls} | 0 | — | — | — |")
            continue
        inside = sum(r.factor_error <= printed_band(r, b) + 1e-9 for r in sel) / len(sel)
        lines.append(f"| {cls} | {s.n} | {s.median:.1%} | {s.within25:.1%} | {inside:.1%} |")
    return lines


def main(argv: list[str]) -> int:
    drawn = [n for n in HELDOUT_POINTS if f"--heldout{n}" in argv]
    if drawn:
        # The model and bands toplint ships, on one draw's held-out publications: totals per
        # class, never per source.
        b, fitted, nets = shipped_bands()
        print("\n".join(heldout2_totals(heldout_rows(drawn[0], Model(), fitted, nets), b)))
        return 0
    points = all_points()
    model = development_fit(points)  # never on the held-out publications
    if "--fit" in argv:
        print(_fitted(model))
        stale = shipped_stale(model)
        print("\nShipped constants that are not this fit (write these):" if stale else "")
        print("\n".join(stale) or "The shipped constants are this fit.")
        return 0
    rows = all_rows()
    table = summary(rows)
    print(markdown(rows, table, model))
    if "--write" in argv:
        text = bands_text(bands(rows), dev_table_archs(), dev_network_keys())
        BANDS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
