"""The order findings are reported in: by file and line, and on a line by what happens first to
the deployment (it does not start, then it does not fit, then how it runs), with what toplint
could not judge last (docs/severity.md)."""

from __future__ import annotations

from collections.abc import Iterable

from toplint.model import (
    ACCELERATOR_NOT_MODELLED,
    INVALID_PARALLEL_SIZE,
    NO_DEPLOYMENT_FOUND,
    REFERENCE_OUTSIDE_REPOSITORY,
    UNPARSABLE_FILE,
    Finding,
)
from toplint.record import replace

__all__ = ["FITS", "NOT_JUDGED", "STARTS_OR_FITS", "outcome_rank", "sort_findings"]


# Rules about what toplint could not judge (docs/severity.md): on a line that also has findings
# about what the deployment will do, they come after those, so the first error of a deployment
# toplint was not fully given (no manifest: TL007 at column 1) is the cause, not the gap.
NOT_JUDGED = frozenset(
    {"TL003", "TL004", "TL007"}
    | {
        r.code
        for r in (
            UNPARSABLE_FILE,
            NO_DEPLOYMENT_FOUND,
            REFERENCE_OUTSIDE_REPOSITORY,
            ACCELERATOR_NOT_MODELLED,
        )
    }
)


# Rules whose outcome is that the deployment does not start, does not fit or cannot be placed
# (docs/severity.md, "Which outcome each rule reports"): on a line, they come before the
# findings about how it runs (speed, idle GPUs, a setting it ignores), so among findings of
# one severity the first says what happens first - a layout that may not start at all (TL205
# inside its band, a warning) before the GPUs it leaves idle (TL201, a warning: it starts).
STARTS_OR_FITS = frozenset(
    {INVALID_PARALLEL_SIZE.code, "TL202", "TL204", "TL205", "TL206", "TL207", "TL211"}
    | {"TL212", "TL213", "TL214", "TL215", "TL216", "TL217"}
)
# Of those, the one about memory: the engine allocates and profiles memory (TL205) only after it
# has validated its arguments, placed its ranks and built the model's layers, where the others
# refuse (vLLM's ModelConfig.verify_with_parallel_config, then each layer's create_weights:
# vllm-project/vllm#17569 stops at "The output_size of gate's and up's weight = 192 is not
# divisible by weight quantization block_n = 128" on GPUs it would not fit either), so on a line
# a refusal to start comes before a layout that does not fit.
FITS = frozenset({"TL205"})


def outcome_rank(rule: str) -> int:
    """Where a rule's outcome happens in a start-up: 0 refuses to start or cannot be placed,
    1 does not fit, 2 runs (how fast, what it ignores)."""
    if rule not in STARTS_OR_FITS:
        return 2
    return 1 if rule in FITS else 0


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Deterministic order: path, line, then the findings about the deployment before those
    about what toplint could not judge (``NOT_JUDGED``), and among the former those about
    whether it starts, then whether it fits, first (``outcome_rank``), then column, code,
    message, then first seen; duplicates dropped.  Equal findings have equal sort keys, so each
    run of one key is deduplicated on its own: no finding is hashed (a hash walks every field,
    the fix's too)."""
    keyed = [
        ((f.path, f.line, f.rule in NOT_JUDGED, outcome_rank(f.rule), *f.sort_key[2:]), f)
        for f in findings
    ]
    keyed.sort(key=lambda kf: kf[0])  # stable: equal keys keep their order
    out: list[Finding] = []
    shared: set[int] = set()  # indexes in ``out`` of findings another deployment's equalled
    start, last = 0, None  # where the run of the key ``last`` begins in ``out``
    for key, f in keyed:
        if key != last:
            start, last = len(out), key
            out.append(f)
            continue
        same = next((i for i in range(start, len(out)) if out[i] == f), None)
        if same is None:
            out.append(f)
        elif out[same].deployment != f.deployment:
            shared.add(same)
    return [_named(f) if f.deployment and i not in shared else f for i, f in enumerate(out)]


def _named(f: Finding) -> Finding:
    """``f`` naming the deployment it is about, placed in another file than that deployment's
    (``Finding.deployment``) and said by no other deployment."""
    return replace(f, message=f"{f.message} (the deployment of {f.deployment})")
