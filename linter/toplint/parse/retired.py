"""An option earlier releases of an engine took and later ones removed (``EngineSpec.retired``),
judged by the one release rule (``toplint.engines.release.holds_at``) at the release the image
pins.

SGLang's parser is argparse's: a release stops at start-up on an option it does not declare
("unrecognized arguments"), and on one it declares with ``DeprecatedAction``, whose ``__call__``
raises ValueError with the option's help (sglang 0.4.5.post3 - 0.4.7 server_args.py).  So an
option is taken by the releases that declare it with a working action - from the first release
read to take it until the first read to refuse or lack it - and by no other.  On an image that
pins one of those releases it is no finding; on one that pins another release it is TL005,
naming the releases that take it; with no release pinned it is TL005 too, judged as refused
(the releases after it) and said so, with the pin that settles it.  It is never renamed to a
near option ("did you mean"): the option is real, only retired.
"""

from __future__ import annotations

from toplint.engines.release import Releases, holds_at, image_release
from toplint.engines.types import EngineSpec
from toplint.model import UNKNOWN_ENGINE_FLAG, Finding, Fix, Position, Severity

__all__ = ["retired_flag", "retired_value"]


def retired_value(spec: EngineSpec, written: str) -> bool | None:
    """Whether the retired option ``written`` (``--name``) took a value; None when it is not one
    of the spec's retired options."""
    entry = spec.retired.get(written[2:]) if written.startswith("--") else None
    return None if entry is None else entry[0]


def retired_flag(
    spec: EngineSpec, written: str, at: Position, anchor: str, image: str
) -> Finding | None:
    """TL005 for the retired option ``written`` unless the release the image pins takes it."""
    _, since, until, read_until, instead = spec.retired[written[2:]]
    found = holds_at(
        spec.engine_name, image_release(spec, image), Releases(since, until, read_until)
    )
    if found.certain:
        return None
    took = f"`{written}` is an option only {found.span()} took (the releases read)"
    if found.unknown and found.pin is not None:
        why = found.doubt()  # a release pinned in the band that was not read
    elif found.unknown:
        why = (
            f"no {found.engine} release is pinned, so it is judged as a later one, which stops "
            f"at start-up on it" + (f" ({found.settles} settles it)" if found.settles else "")
        )
    else:
        why = f"{found.pinned_said()} stops at start-up on it"
    said = instead or f"pin a release {found.span()} took, or leave `{written}` out"
    return UNKNOWN_ENGINE_FLAG.finding(
        at.path,
        at.line,
        at.column,
        f"{took}; {why}; {said}",
        severity=Severity.WARNING,
        fix=Fix(said),
        data={"option": written},
        anchor=anchor or written,
    )
