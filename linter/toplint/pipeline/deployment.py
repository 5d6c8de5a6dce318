"""The stages for one deployment: its model looked up, its cluster chosen, then placement and
cost (``place_and_cost``), or the reason it was not checked against the hardware
(``toplint.pipeline.coverage``).  ``toplint.pipeline.analyze`` runs it for every deployment of a
file; ``toplint plan`` prices each layout it weighs through ``place_and_cost``.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Workload
from toplint.hardware.hints import infer
from toplint.hardware.localmodels import unreadable_beside
from toplint.hardware.models import as_served, declares, lookup_model
from toplint.hardware.types import Cluster, Hardware
from toplint.infra.budgets import PLACED_RANKS
from toplint.model import Deployment
from toplint.parse.binds import MODEL_HOST
from toplint.pipeline import coverage
from toplint.pipeline.settings import Settings
from toplint.placement.select import select_cluster, unmatched_gpu
from toplint.record import replace
from toplint.rulebook.analysis import Analysis


def _model(dep: Deployment, settings: Settings) -> ModelSpec | None:
    """The model ``dep`` serves: as written, else - a container path a bind mount fills - as
    the host folder mounted there names it (``toplint.parse.binds``)."""
    found = None
    for name in (dep.model, dep.options.get(MODEL_HOST)):
        if found is None and isinstance(name, str) and name:
            found = lookup_model(
                name,
                settings.models,
                base_dir=settings.config.base_dir,
                root=settings.config.root,
                referrer=dep.path,
            )
    return found


def declared(dep: Deployment, settings: Settings) -> Deployment:
    """``dep`` serving the path its engine was given when the configuration's ``models:``
    declares that path: the user's word beats the file's guess.  ``toplint.parse.modelref``
    names a local path's checkpoint from a download command or a label of the same file and
    keeps the path in ``options[MODEL_PATH]``; a Kubernetes Deployment labelled
    ``model: llama-3-8b`` whose engine is given ``--model=/models/llama-3-8b-instruct``, with
    that path in ``models:``, serves what the entry says, and findings quote the path, not the
    label."""
    if not settings.models:  # nothing declared (the reader of the file's guess not loaded)
        return dep
    from toplint.parse.modelref import MODEL_FROM, MODEL_PATH

    path = dep.options.get(MODEL_PATH)
    if not path or dep.model == path or not declares(settings.models, path):
        return dep
    options = {k: v for k, v in dep.options.items() if k != MODEL_FROM}
    sources = {k: v for k, v in dep.sources.items() if k != MODEL_FROM}
    return replace(dep, model=path, options=options, sources=sources)


def analyze_deployment(dep: Deployment, hardware: Hardware | None, settings: Settings) -> Analysis:
    """Place ``dep`` on its cluster and cost it, saying why not when it cannot be, and why a
    config.json beside an unknown model's path gives no model."""
    dep = declared(dep, settings)
    found = _analyze(dep, hardware, settings)
    if found.model is None and isinstance(dep.model, str) and dep.model:
        unread = unreadable_beside(dep.model, dep.path)
        if unread:
            return replace(found, model_unread=unread)
    return found


def _analyze(dep: Deployment, hardware: Hardware | None, settings: Settings) -> Analysis:
    model = _model(dep, settings)
    if model is not None:
        model = as_served(model, dep)
    declined = coverage.unmodelled_accelerator(dep)
    if declined is not None:  # never priced with GPU formulas (TL011)
        return Analysis(dep, None, model, None, unchecked=declined)

    cluster = None
    if hardware is not None:
        cluster = select_cluster(
            dep,
            hardware,
            name=settings.cluster,
            assign=settings.assign,
            base_dir=settings.config.base_dir,
        )
        asked = unmatched_gpu(dep, hardware, cluster)
        if asked is not None:  # never priced on a GPU it does not ask for (TL007)
            unchecked = coverage.gpu_mismatch(asked, hardware, cluster)
            return Analysis(dep, None, model, None, unchecked=unchecked)
    if cluster is None and not settings.no_hardware:
        inferred = infer(dep)
        if inferred is not None:
            found = _analyze_on(dep, inferred.cluster, model, settings)
            return replace(found, inferred=inferred.reason)
    if hardware is None:
        return Analysis(dep, None, model, None, unchecked=coverage.no_manifest(settings))
    if cluster is None:
        unchecked = coverage.no_cluster(dep, hardware, settings)
        return Analysis(dep, None, model, None, unchecked=unchecked)
    declined = coverage.unmodelled_cluster(cluster)
    if declined is not None:  # the manifest's part is no GPU the cost model prices (TL011)
        return Analysis(dep, cluster, model, None, unchecked=declined)
    return _analyze_on(dep, cluster, model, settings)


def _analyze_on(
    dep: Deployment, cluster: Cluster, model: ModelSpec | None, settings: Settings
) -> Analysis:
    cluster = seen_by(dep, cluster)
    if dep.world_size is None:
        return Analysis(dep, cluster, model, None, unchecked=coverage.unresolved(dep))
    if _short_of_gpus(dep, cluster):
        unchecked = coverage.too_few_gpus(dep, cluster)
        return Analysis(dep, cluster, model, None, unchecked=unchecked)
    if dep.world_size > PLACED_RANKS:  # a record per rank: bounded before placing
        unchecked = coverage.too_many_ranks(dep, PLACED_RANKS)
        return Analysis(dep, cluster, model, None, unchecked=unchecked)
    if model is None:
        import toplint.placement.place  # imported by a run that places (cheap after the first)

        placement = toplint.placement.place.place(dep, cluster, model)
        return Analysis(dep, cluster, None, placement, unchecked=coverage.unknown_model(dep))
    return place_and_cost(dep, cluster, model, settings.workload)


def place_and_cost(
    dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload
) -> Analysis:
    """The placement and cost stages on a known cluster: the last steps of ``analyze_deployment``,
    and what ``plan`` runs for each layout it weighs, so both judge a layout alike."""
    # Imported by the first run that places and costs, not by one that never does; a plain
    # ``import`` of a loaded module is one lookup (``from`` also probes it for ``__path__``).
    import toplint.outcome.build

    cluster = seen_by(dep, cluster)
    placement, cost = toplint.outcome.build.priced(dep, cluster, model, workload)
    outcome = toplint.outcome.build.outcome(placement, cost, workload)
    unread = coverage.unread_width(model) if model.width_unknown else None
    return Analysis(dep, cluster, model, placement, cost, unchecked=unread, outcome=outcome)


def seen_by(dep: Deployment, cluster: Cluster) -> Cluster:
    """``cluster`` as ``dep`` sees it: on a node of mixed GPUs, its ``gpu`` the weakest of the
    GPUs ``dep`` runs on (``toplint.hardware.mixed``) - the host indices its process is given,
    or every GPU of the node where a scheduler picks them."""
    if not cluster.gpus_at:
        return cluster
    import toplint.hardware.mixed
    import toplint.outcome.cohosted

    used = toplint.outcome.cohosted.gpus_of(dep)
    return toplint.hardware.mixed.on_gpus(cluster, used)


def _short_of_gpus(dep: Deployment, cluster: Cluster) -> bool:
    """The GPUs the deployment declares (nodes x GPUs per node), or its cluster, cannot hold
    its layout.

    The engine refuses to start ("World size (8) is larger than the number of available GPUs
    (4) in this node"), which TL201 reports; placing the missing ranks on invented nodes would
    only make the topology rules judge links that do not exist.
    """
    world = dep.world_size
    if world is None:
        return False
    if world > cluster.total_gpus:
        return True
    if dep.nodes is None or dep.gpus_per_node is None:
        return False
    return dep.nodes * dep.gpus_per_node < world
