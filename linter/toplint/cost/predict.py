"""The time of one collective: inside one node (``toplint.cost.collectives``: ring, NVLS) or
across nodes and for every all-to-all (``toplint.cost.network``), whichever the group needs.

This is the entry point the calibration and the estimate call; it sits above both models so
that neither imports the other's caller.
"""

from __future__ import annotations

from toplint.cost.collectives import NO_TIME, Fabric, Prediction, predict_intra
from toplint.cost.params import PARAMS, Params

# NCCL_ALGO values a run can force (lower case); "" lets NCCL's tuner choose (the default).
ALGORITHMS = ("ring", "tree", "nvls", "nvlstree")


def predict_us(
    op: str,
    message_bytes: float,
    fabric: Fabric,
    params: Params = PARAMS,
    impl: str = "nccl",
    algorithm: str = "",
) -> Prediction:
    """α–β time of one collective (the cheapest algorithm/protocol NCCL would pick).

    ``impl`` names who runs an all-to-all: "nccl", "pplx", "deepep-normal", "deepep-ll"
    (``toplint.cost.network``); the other ops are NCCL's.  ``algorithm`` is the one NCCL_ALGO
    forces (``ALGORITHMS``), "" for NCCL's own choice.
    """
    if fabric.ranks <= 1 or message_bytes <= 0:
        return NO_TIME
    if algorithm and algorithm not in ALGORITHMS:
        raise ValueError(f"NCCL algorithm {algorithm!r} is not one of {', '.join(ALGORITHMS)}")
    if op == "all_to_all" or fabric.nodes > 1:
        # Imported here: only a group that spans nodes or exchanges experts needs it (about
        # 2 ms of a one-file check on one node: python -X importtime, this VM).
        import toplint.cost.network

        return toplint.cost.network.predict_spanning(
            op, message_bytes, fabric, params, impl, algorithm
        )
    return predict_intra(op, message_bytes, fabric, params, algorithm)


def latency_us(op: str, fabric: Fabric, params: Params = PARAMS) -> float:
    """α of one collective: the time of the smallest message (the small-message floor)."""
    if fabric.ranks <= 1:
        return 0.0
    return predict_us(op, 1.0, fabric, params).time_us
