"""A format that starts one engine per TP × PP GPUs of everything it is granted (a trainer's
rollout engines: a declarative reader's ``replicas_fill``): the GPUs beyond one engine's are
more instances of it, not idle GPUs."""

from __future__ import annotations

from toplint.model import Deployment
from toplint.record import replace


def filled(dep: Deployment) -> Deployment:
    """A format that starts one engine per TP × PP GPUs of all it is granted
    (``replicas_fill``): the GPUs granted are that many instances of one engine's GPUs each."""
    world, granted = dep.world_size, dep.gpus
    if world is None or granted is None or world >= granted or granted % world:
        return dep
    per_node = dep.gpus_per_node
    nodes = -(-world // per_node) if per_node else dep.nodes
    note = f"{granted} GPUs granted start {granted // world} engines of {world} GPUs each"
    was = dep.provenance.get("gpus", "")
    prov = {**dep.provenance, "gpus": f"one of {granted // world} engines in {granted} ({was})"}
    return replace(
        dep,
        gpus=world,
        nodes=nodes,
        replicas=granted // world,
        notes=(*dep.notes, note),
        provenance=prov,
    )
