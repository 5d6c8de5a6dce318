"""A switch written with a value (``--enable-prefix-caching=true``): the engine stops at
start-up, because a switch's parser action takes no argument.

Python's argparse gives ``store_true`` and ``BooleanOptionalAction`` ``nargs=0``; an option
written ``--name=value`` of such an action raises "ignored explicit argument 'value'" in
``consume_optional`` (every Python 3 release), and the engine exits with status 2.  vLLM's
``FlexibleArgumentParser.parse_args`` hands ``--key=value`` through unchanged but for the key's
underscores (vllm-project/vllm@c836a6fe vllm/utils/argparse_utils.py); SGLang's and LMDeploy's
parsers are argparse's own.  click's flags (``is_flag``, trtllm-serve) raise "Option does not
take a value", clap's ``SetTrue`` (TGI's launcher) "unexpected value".  Two kinds of switch
are exempt: a spec whose switches take an optional ``true``/``false`` (``bool_values``:
transformers' HfArgumentParser) and a switch some releases parsed with ``nargs="?"``
(``EngineSpec.valued_until``: vLLM's StoreBoolean options before their dataclass fields),
judged by the one release rule (``toplint.engines.release.holds_at``) at the release the image
pins: no finding before the release that refuses the value; where none is pinned, judged as
refused and said so.
"""

from __future__ import annotations

from toplint.engines.release import Releases, holds_at, image_release
from toplint.engines.types import EngineSpec
from toplint.model import UNKNOWN_ENGINE_FLAG, Finding, Fix, Position, Severity

__all__ = ["switch_with_value"]

_TRUE = frozenset({"true", "1", "yes", "on"})


def switch_with_value(
    spec: EngineSpec,
    canonical: str,
    written: str,
    value: str,
    at: Position,
    anchor: str,
    image: str,
    *,
    resolved: bool = True,
) -> Finding | None:
    """TL005 for ``written=value`` when ``canonical`` is a switch the engine's parser gives no
    value to; None when it may take one (see the module's doc).  ``resolved``: whether the
    value is known (``--name=$(VAR)`` is refused whatever the variable holds)."""
    doubt = None if spec.bool_values else _refused(spec, canonical, image)
    if doubt is None:
        return None
    token = f"{written}={value}"
    instead = _instead(spec, canonical, written, value if resolved else None)
    return UNKNOWN_ENGINE_FLAG.finding(
        at.path,
        at.line,
        at.column,
        f"`{token}`: `--{canonical}` is a switch of {spec.program_name} and takes no value; "
        f"its parser stops at start-up (\"ignored explicit argument '{value}'\"); {instead}"
        + (f" ({doubt})" if doubt else ""),
        # toplint's vocabulary of the engine may lag its release, as for an unknown option
        severity=Severity.WARNING,
        fix=Fix(instead),
        data={"option": token},
        anchor=anchor or token,
    )


def _instead(spec: EngineSpec, canonical: str, written: str, value: str | None) -> str:
    """What to write: the switch for on, its ``--no-`` form (or nothing) for off; both where
    the value is not known."""
    off = f"`--no-{canonical}`" if canonical in spec.negatable else "leaving it out"
    if value is None:
        return f"write `--{canonical}` to turn it on, {off} to turn it off"
    on = value.strip("'\"").lower() in _TRUE
    if written.lstrip("-").startswith("no-") and canonical in spec.negatable:
        on = not on
    if on:
        return f"write `--{canonical}`"
    if canonical in spec.negatable:
        return f"write `--no-{canonical}`"
    return f"leave `{written}` out (off is its default)"


def _refused(spec: EngineSpec, canonical: str, image: str) -> str | None:
    """None where the engine may parse the value; else "" (every release refuses it, or the
    pinned one does) or the release rule's doubt (no release pinned, or one not read)."""
    if canonical not in spec.valued_until:
        return ""
    until = spec.valued_until[canonical]
    if not until:  # no release is known to refuse it
        return None
    found = holds_at(spec.engine_name, image_release(spec, image), Releases(since=until))
    if not found.judged:
        return None
    # only the image is read here (not a pip pin), so the doubt names that
    return f"no image pins a release: judged as {found.span()}" if found.unknown else ""
