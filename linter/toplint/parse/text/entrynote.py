"""A script whose engine command takes its model and layout from the script's own arguments
(``exec text-generation-launcher $@``, a container's entrypoint): not a deployment but where
one is called, said as one TL008 note.  Asked by the shell reader (``toplint.parse.text.shellsrc``)
and the Dockerfile reader (``takes_its_layout``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toplint.engines.registry import get_spec
from toplint.model import Deployment, Finding
from toplint.parse.options import FORWARDED

_LAYOUT_FIELDS = frozenset({"model", "tp", "pp", "dp", "dp_local", "ep", "ep_enabled", "nodes"})


def takes_its_layout(dep: Deployment) -> bool:
    """The engine command writes no model and no layout option with a value: both come with
    the arguments it is given where it runs (an entrypoint's)."""
    if dep.model is not None:
        return False
    spec = get_spec(dep.engine)
    written = {spec.fields.get(f.name, f.name.replace("-", "_")) for f in dep.flags if f.value}
    return not written & _LAYOUT_FIELDS


def _sizes_layout(spec: Any, name: str) -> bool:
    return spec.fields.get(name, name.replace("-", "_")) in _LAYOUT_FIELDS


def _listed(names: Sequence[str]) -> str:
    """```--model```, ```--model`` and ``--tp```, ```a``, ``b`` and ``c```."""
    quoted = [f"`{n}`" for n in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} and {quoted[-1]}"


def entrypoint_note(dep: Deployment) -> Finding | None:
    """A script whose engine command takes its model and layout only from the script's own
    arguments (``exec text-generation-launcher $@``, a container's entrypoint) is not a
    deployment: the deployment is where it is called with them, and is checked there.  One
    TL008 note (info) says so, instead of layout findings about options nobody wrote here."""

    forwarded = next((u for u in dep.unresolved if u.field == FORWARDED), None)
    if forwarded is None or not takes_its_layout(dep):
        return None
    spec = get_spec(dep.engine)
    pos = forwarded.position
    unset = sorted(  # options written here whose values come from elsewhere
        {
            f.raw
            for f in dep.flags
            if not f.value and f.raw.startswith("-") and _sizes_layout(spec, f.name)
        }
    )
    name = forwarded.variable.strip('"').lstrip("$").strip("{}")
    own = name in ("@", "*") or name.startswith(("@:", "*:")) or name.isdigit()
    # ``$EXTRA``, ``"${ARGS[@]}"``: arguments set where this file does not say
    hands = "the script's own arguments" if own else "arguments not known here"
    given = (
        f"`{forwarded.variable}` hands the engine {hands}, and its "
        f"{_listed(unset)} {'is a value' if len(unset) == 1 else 'are values'} "
        "this script does not set"
        if unset  # ``--model "${MODEL}" ... "$@"``: the caller sets both (gsbdarc/vllm_helper)
        else f"`{forwarded.variable}` gives the engine its model and layout from {hands}"
    )
    why = (
        f"{given} (an entrypoint): the deployment is where the script is called with them (a "
        "container's args, a CMD), and is checked there"
    )
    from toplint.parse.mentions import entrypoint_note  # rare path: not imported by most runs

    return entrypoint_note(pos.path, pos.line, pos.column, dep.engine, why)
