"""A Dynamo SDK graph config's shared settings, given to the services that subscribe to them.

The configs ``dynamo serve GRAPH -f config.yaml`` reads (Dynamo's SDK of 2025: ``VllmWorker``,
``PrefillWorker``, ``VllmDecodeWorker`` ... sections, each with its ``ServiceArgs``) keep the
settings several services share in a ``Common`` section.  A service takes each key its
``common-configs`` list names from ``Common``, unless it writes that key itself; ``Common`` is
no service and starts nothing (``ServiceConfig.as_args`` and ``get_parsed_config``,
ai-dynamo/dynamo@1cb71d6f deploy/sdk/src/dynamo/sdk/lib/config.py: ``COMMON_CONFIG_SERVICE =
"Common"``, ``COMMON_CONFIG_KEY = "common-configs"``, "if key in common and key not in
service_config").  Without this a worker that names its model only through ``common-configs``
was read with no model (TL007), and ``Common`` itself was read as one more server.

``Inherited`` answers the generic reader (``toplint.parse.generic.data``) like a document: a
key a service takes from ``Common`` is placed where ``Common`` writes it, so provenance and
fixes point at the line that sets it.

``dynamo serve`` starts every service of the graph on the host it runs on, and its allocator
gives each of a service's ``ServiceArgs.workers`` the next ``ServiceArgs.resources.gpu`` GPUs
of that host; when the host has no more, it warns "Not enough GPUs to be assigned" and hands
out device numbers past its last GPU (``ResourceAllocator.assign_gpus`` and
``get_worker_env``, "local deployment where we split all available GPUs across workers",
deploy/dynamo/sdk/src/dynamo/sdk/cli/allocator.py, read in the fork vickiegpt/dynamo@42666c2c;
ai-dynamo/dynamo#1373: "3 GPUs are needed for disagg EPD serving ... the service starts up
normally and hangs").  ``demand`` is what the graph asks of the host in all; a graph whose
services pick their devices themselves (``CUDA_VISIBLE_DEVICES`` in ``ServiceArgs.envs``, a
``cuda-visible-device-offset``) or turn the allocator off has none toplint can add up.
"""

from __future__ import annotations

from typing import Any

from toplint.infra.yamlsafe import Document
from toplint.model import Deployment, Position
from toplint.optionkeys import GRAPH_HOST_GPUS, GRAPH_HOST_PARTS, GRAPH_HOST_REPORT
from toplint.parse.generic.tree import Path
from toplint.parse.infer.resources import count
from toplint.record import record, replace

COMMON = "Common"
SUBSCRIBES = "common-configs"
SERVICE_ARGS = "ServiceArgs"
_BY_HAND = ("cuda-visible-device-offset", "cuda_visible_device_offset")
# the devices set by hand, or the allocator turned off (its older and newer variable)
_NO_ALLOCATOR = (
    "CUDA_VISIBLE_DEVICES",
    "DYN_DISABLE_AUTO_GPU_ALLOCATION",
    "DYNAMO_DISABLE_GPU_ALLOCATION",
)


@record
class HostDemand:
    """The GPUs a graph's services ask ``dynamo serve``'s host for, and who asks."""

    gpus: int
    parts: tuple[tuple[str, int, int], ...]  # (service, workers, GPUs of each), file order


class Graph:
    """Answers the generic reader like ``doc``; knows the graph's ``demand``."""

    def __init__(self, doc: Document, data: Any, demand: HostDemand | None) -> None:
        self.doc = doc
        self.data = data
        self.demand = demand

    def key_position(self, path: Path) -> Position:
        return self.doc.key_position(path)

    def value_position(self, path: Path) -> Position:
        return self.doc.value_position(path)


class Inherited(Graph):
    """``doc`` with each service's subscribed ``Common`` keys written into it and ``Common``
    left out; ``taken`` maps (service, key) to the path in ``doc`` the value comes from."""

    def __init__(
        self,
        doc: Document,
        data: dict[Any, Any],
        taken: dict[Path, Path],
        demand: HostDemand | None,
    ) -> None:
        super().__init__(doc, data, demand)
        self._taken = taken

    def _origin(self, path: Path) -> Path:
        source = self._taken.get(path[:2])
        return path if source is None else (*source, *path[2:])

    def key_position(self, path: Path) -> Position:
        return self.doc.key_position(self._origin(path))

    def value_position(self, path: Path) -> Position:
        return self.doc.value_position(self._origin(path))


def inherit(doc: Document) -> Graph | None:
    """The graph config with ``Common`` handed to its subscribers, or None when ``doc`` is no
    graph config (neither a ``Common`` its services take keys of nor a ``ServiceArgs``)."""
    data = doc.data
    if not isinstance(data, dict):
        return None
    demand = _demand(data)
    common = data.get(COMMON)
    if not isinstance(common, dict):
        return Graph(doc, data, demand) if demand is not None else None
    out: dict[Any, Any] = {}
    taken: dict[Path, Path] = {}
    for name, service in data.items():
        if name == COMMON:
            continue
        keys = service.get(SUBSCRIBES) if isinstance(service, dict) else None
        if not isinstance(keys, list):
            out[name] = service
            continue
        merged = dict(service)
        for key in keys:
            if isinstance(key, str) and key in common and key not in service:
                merged[key] = common[key]
                taken[(name, key)] = (COMMON, key)
        out[name] = merged
    if not taken:
        return Graph(doc, data, demand) if demand is not None else None
    return Inherited(doc, out, taken, demand)


def _demand(data: dict[Any, Any]) -> HostDemand | None:
    """What the graph's services ask the host for through the allocator, or None when no
    service asks or the devices are picked by hand."""
    parts: list[tuple[str, int, int]] = []
    for name, service in data.items():
        args = service.get(SERVICE_ARGS) if isinstance(service, dict) else None
        if not isinstance(args, dict):
            continue
        if any(key in service for key in _BY_HAND) or _names_devices(args.get("envs")):
            return None
        resources = args.get("resources")
        gpu = count(resources.get("gpu")) if isinstance(resources, dict) else None
        if not gpu:
            continue
        workers = args.get("workers", 1)
        n = count(workers) if workers != 1 else 1
        if n is None:
            return None  # "cpu_count", a variable: not a number of workers known here
        parts.append((str(name), n, gpu))
    if not parts:
        return None
    return HostDemand(sum(n * gpu for _, n, gpu in parts), tuple(parts))


def _names_devices(envs: Any) -> bool:
    """Whether ``ServiceArgs.envs`` sets the devices or turns the allocator off."""
    items = envs if isinstance(envs, list) else [envs] if isinstance(envs, dict) else []
    for item in items:
        if not isinstance(item, dict):
            continue
        named = {str(item.get("name", ""))} | {str(k) for k in item}
        if named & set(_NO_ALLOCATOR):
            return True
    return False


def mark(tree: Any, found: list[tuple[Path, Deployment]]) -> list[Deployment]:
    """The deployments read from ``tree`` (each with the path of its scope), those of a graph
    whose services ask the host for GPUs told the sum (``GRAPH_HOST_*``), the first of them
    in the file's order told to report it."""
    demand = getattr(tree, "demand", None)
    if not isinstance(demand, HostDemand):
        return [dep for _, dep in found]
    asking = {name for name, _, _ in demand.parts}
    parts = ", ".join(f"{name} {n} × {gpu}" for name, n, gpu in demand.parts)
    mine = [dep for at, dep in found if at and at[0] in asking]
    first = min(mine, key=lambda dep: (dep.line, dep.column), default=None)
    out: list[Deployment] = []
    for at, dep in found:
        if not at or at[0] not in asking:
            out.append(dep)
            continue
        options = {**dep.options, GRAPH_HOST_GPUS: str(demand.gpus), GRAPH_HOST_PARTS: parts}
        if dep is first:
            options[GRAPH_HOST_REPORT] = "1"
        out.append(replace(dep, options=options))
    return out
