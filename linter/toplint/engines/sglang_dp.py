"""SGLang's ``--enable-dp-attention`` by release: the attention-DP degree each release runs, and
the layouts a release refuses to start (``Engine.by_release``, ``Engine.refuses``: TL213).

Read from ``sglang/srt/server_args.py`` of the sglang wheels on PyPI (``unzip -p
sglang-X-py3-none-any.whl sglang/srt/server_args.py``; from 0.5.17 also
``sglang/srt/arg_groups/``), every minor release from 0.3.6 to 0.5.23 and the post releases at
the boundaries:

- 0.3.6 to 0.4.4: ``if self.enable_dp_attention: self.dp_size = self.tp_size`` - the degree is
  the TP size whatever --dp-size says (0.4.2 on also asserts ``tp_size % dp_size == 0``, which
  then holds).
- 0.4.4.post1 to 0.5.1.post3: ``assert self.dp_size > 1, "Please set a dp-size > 1. You can use
  1 < dp-size <= tp-size "`` then ``assert self.tp_size % self.dp_size == 0`` (no message): the
  degree is --dp-size; without one, or with 1, the server does not start.
- 0.5.2 on: ``if self.dp_size == 1: self.enable_dp_attention = False`` before the same block
  (the ``dp_size > 1`` assertion gone, ``tp_size % dp_size`` still asserted): --dp-size 1, or
  none, starts with DP attention silently off.  0.5.3 moved it into
  ``_handle_data_parallelism``; 0.5.17 into ``arg_groups/overrides.py``
  ``_data_parallelism_defaults`` (which keeps it on only under ``--ep-join-mode scale``,
  elastic EP: sgl-project/sglang#38614 describes it).  0.5.22 deprecates the switch:
  ``handle_deprecated_dp_attention`` (``arg_groups/parallel_hook.py``) turns ``--dp-size N
  --enable-dp-attention`` into ``--attn-dp-size N`` and ``--dp-size 1``, and asserts
  ``tp_size % attn_dp_size == 0`` - the same degrees, so no phase of its own here.

``--attn-dp-size N`` (alias ``--attention-data-parallel-size``; 0.5.22 on, absent from 0.5.21,
where ``attn_dp_size`` is a ``Derived`` field with no option) is the new spelling: DP attention
at degree N (``arg_groups/fields/parallel.py`` ``attn_dp_size``: "the number of data-parallel
attention groups inside the TP group, one scheduler each, while the FFN stays tensor
parallel"), whatever the release that accepts it; beside it ``--dp-size`` counts replicas again
(``handle_deprecated_dp_attention``), which toplint's placement, DP ranks inside the TP group,
does not model (``spelt_anew``).  0.5.23 asserts ``cfg.tp_size % cfg.attn_dp_size == 0``
(``arg_groups/parallel_hook.py`` ``_handle_data_parallelism``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from toplint.engines.layout import Setting, flags
from toplint.engines.types import Layout, Refusal
from toplint.engines.versions import in_force, version
from toplint.infra.numbers import whole_text
from toplint.model import Deployment, Flag, Unresolved
from toplint.record import record

ATTN_DP = "attn-dp-size"  # 0.5.22's spelling of --dp-size N --enable-dp-attention
MESSAGE = "Please set a dp-size > 1. You can use 1 < dp-size <= tp-size"  # SGLang's own words
DIVIDES = "assert self.tp_size % self.dp_size == 0"  # an AssertionError without a message


@record
class Phase:
    """What ``--enable-dp-attention`` does from one release to the next phase's."""

    since: str  # the first release (PyPI version) of the phase
    until: str  # its last release ("" while it is the current one)
    degree: Literal["tp", "dp"]  # the attention-DP degree: the TP size, or --dp-size
    refuses_one: bool  # --dp-size 1 (or none) is refused; else it turns DP attention off
    divides: bool  # a --dp-size that does not divide the TP size is refused


# ``until``: the last release before the next phase in PyPI's release list of sglang
# (``pip index versions sglang``: 0.4.4 then 0.4.4.post1 to .post4; 0.5.1.post3 then 0.5.2).
PHASES = (
    Phase("0.3.6", "0.4.4", "tp", refuses_one=False, divides=False),
    Phase("0.4.4.post1", "0.5.1.post3", "dp", refuses_one=True, divides=True),
    Phase("0.5.2", "", "dp", refuses_one=False, divides=True),
)


def degree(dep: Deployment, release: tuple[int, int, int] | None, *, latest: bool = False) -> str:
    """The attention-DP degree the release runs (``"unresolved"`` when a size it takes is not
    known).  A release not known takes the current phase's (``in_force`` lists every phase, the
    newest last) for a --dp-size as written (1: DP attention off).  Without one the releases
    disagree - up to 0.4.4 DP attention runs at the TP size, 0.4.4.post1 to 0.5.1.post3 refuse
    to start, from 0.5.2 it is silently off - and TL213 says so (``refusal``); the deployment
    is then judged as the user asked for it, with DP attention on, at the one degree any
    release runs it with (sgl-project/sglang#2763, January 2025, release not stated: DP
    attention at TP 8 left no KV pool).  A release written X.Y.Z that a post release shares
    (0.4.4) takes the later phase: four of 0.4.4's five releases are 0.4.4.postN.  ``latest``:
    the image is SGLang's at ``latest``, the current phase whatever its number.  A written
    ``--attn-dp-size`` is the degree in every release that accepts it."""
    attn = attention_groups(dep)
    if attn is not None:
        return "unresolved" if attn.value is None else attn.value
    if in_force(PHASES, release)[-1].degree == "tp":
        return str(dep.tp) if dep.tp is not None else "unresolved"
    flag = dep.flag("dp-size")
    if flag is None:  # as asked when the release is not known; off (or refused) otherwise
        known = release is not None or latest
        return "1" if known else str(dep.tp) if dep.tp is not None else "unresolved"
    if flag.value is None:
        return "unresolved"
    size = _size(flag.value)
    return "1" if size is not None and size <= 1 else flag.value


def refusal(
    dep: Deployment, release: tuple[int, int, int] | None, layout: Layout, *, latest: bool = False
) -> Refusal | None:
    """Why some releases the deployment may run refuse its DP-attention sizes (None: every one
    starts): an error's worth when every candidate release refuses, a warning's otherwise."""
    if dep.options.get("enable_dp_attention") != "true" or dep.tp is None:
        return None
    attn = attention_groups(dep)
    if attn is not None:
        return _not_dividing(attn, dep.tp)
    flag, switch = dep.flag("dp-size"), dep.flag("enable-dp-attention")
    if flag is not None and flag.value is None:
        return None  # --dp-size is not resolved: nothing to judge
    dp = _size(flag.value) if flag is not None and flag.value is not None else 1
    at = flag if flag is not None else switch
    if dp is None or at is None:
        return None
    candidates = PHASES[-1:] if latest and release is None else _candidates(release)
    refusing = [p for p in candidates if _refuses(p, dep.tp, dp)]
    if not refusing:
        return _switched_off(candidates, dep.tp, dp, at.name, release, layout)
    certain = len(refusing) == len(candidates)
    what = (
        f"--enable-dp-attention with --dp-size {dp} on --tp-size {dep.tp}"
        if flag is not None
        else "--enable-dp-attention without --dp-size"
    )
    said = f"'{MESSAGE}'" if dp <= 1 else f"server_args.py `{DIVIDES}`"
    if certain and release is not None:
        pin = ".".join(map(str, release))
        return Refusal(
            at.name,
            f"{what}: the pinned SGLang {pin} refuses it at start-up ({said})",
            True,
            tuple(_fix(layout, dep.tp, dp)),
        )
    message = f"{what}: SGLang {_releases(refusing)} refuse it at start-up ({said})"
    others = [p for p in candidates if p not in refusing]
    if others:
        runs = "; ".join(_runs(p, dep.tp) for p in others)
        known = (
            "name the image's release to know which applies"
            if release is None
            else f"the tag {'.'.join(map(str, release))} may name it or one of its post releases, "
            "which toplint reads alike"
        )
        message += f"; {runs}; {known}"
    return Refusal(at.name, message, certain, tuple(_fix(layout, dep.tp, dp)))


def _switched_off(
    candidates: Sequence[Phase],
    tp: int,
    dp: int,
    option: str,
    release: tuple[int, int, int] | None,
    layout: Layout,
) -> Refusal | None:
    """DP attention asked for on more than one GPU that every release the deployment may run
    starts with off (0.5.2 on: ``if self.dp_size == 1: self.enable_dp_attention = False``);
    None where a release runs it."""
    off = [p for p in candidates if p.degree == "dp" and not p.refuses_one and dp <= 1]
    if tp <= 1 or not off or len(off) != len(candidates):
        return None
    which = f"the pinned SGLang {'.'.join(map(str, release))}" if release else "SGLang's latest"
    message = (
        f"--enable-dp-attention with --dp-size {dp if option == 'dp-size' else '1 (the default)'}"
        f": {which} starts with DP attention off (server_args.py `if self.dp_size == 1: "
        f"self.enable_dp_attention = False`, from {off[0].since}), so attention runs over all "
        f"{tp} TP ranks and each holds its own copy of the KV cache; --dp-size above 1 turns it on"
    )
    return Refusal(option, message, True, tuple(_fix(layout, tp, dp)), ignored=True)


def _candidates(release: tuple[int, int, int] | None) -> list[Phase]:
    """The phases a release may be in: every one when it is not known; the one in force and
    the one before when it is written X.Y.Z and a phase starts at X.Y.Z.postN (an image tag
    or pin parses to three numbers: v0.4.4 and v0.4.4.post1 read alike)."""
    chosen = in_force(PHASES, release)
    if release is None or len(chosen) != 1:
        return chosen
    i = PHASES.index(chosen[0])
    since = PHASES[i].since
    if i > 0 and version(since) == release and since != ".".join(map(str, release)):
        return [PHASES[i - 1], PHASES[i]]
    return chosen


def _refuses(phase: Phase, tp: int, dp: int) -> bool:
    if phase.refuses_one and dp <= 1:
        return True
    return phase.divides and dp != 1 and (dp < 1 or tp % dp != 0)


def _releases(phases: list[Phase]) -> str:
    """``0.4.4.post1 to 0.5.1.post3``, ``0.4.4.post1 on``: consecutive phases read as one."""
    first, last = phases[0], phases[-1]
    if PHASES.index(last) - PHASES.index(first) + 1 != len(phases):
        return " and ".join(_releases([p]) for p in phases)
    return f"{first.since} to {last.until}" if last.until else f"{first.since} on"


def _runs(phase: Phase, tp: int) -> str:
    """What a release of ``phase`` that accepts the sizes runs."""
    if phase.degree == "tp":
        return f"up to {phase.until} it runs DP attention over all {tp} TP ranks"
    return f"from {phase.since} it starts with DP attention off (--dp-size 1)"


def _fix(layout: Layout, tp: int, dp: int) -> list[Setting]:
    """A --dp-size every release accepts with --enable-dp-attention: the largest divisor of the
    TP size above 1 and not above the one written, else the TP size (the degree up to 0.4.4);
    none on one GPU, where every size is 1."""
    if tp <= 1:
        return []
    size = tp if dp <= 1 else next((d for d in range(min(dp, tp), 1, -1) if tp % d == 0), tp)
    return flags(layout, attention_dp=True, dp=size)


def _size(text: str) -> int | None:
    return whole_text(text.strip().strip("'\""), -(1 << 63))


def attention_groups(dep: Deployment) -> Flag | None:
    """A written ``--attn-dp-size`` that runs DP attention: above 1, or not resolved.  At 1 it
    runs none, and the deprecated ``--enable-dp-attention`` beside it is read as before
    (``handle_deprecated_dp_attention``: ``attn_dp_size == 1`` takes ``dp_size``)."""
    attn = dep.flag(ATTN_DP)
    if attn is None or attn.value is None:
        return attn
    size = _size(attn.value)
    return attn if size is not None and size > 1 else None


def spelt_anew(
    dep: Deployment, attn: Flag, options: dict[str, str]
) -> tuple[int | None, tuple[Unresolved, ...]]:
    """DP beside ``attention_groups``' ``attn`` (``options`` gets DP attention switched on): 1
    with no ``--dp-size`` above 1 beside it; beside one, replicas of the attention-DP group
    that placement does not model, so DP is unresolved rather than read as ranks inside the
    TP group.  A size not resolved leaves DP unresolved through it: how many attention groups
    share the TP group (and so each one's KV cache) is not known."""
    options["enable_dp_attention"] = "true"
    if attn.value is None:
        at = attn.value_position or attn.position
        unknown = tuple(Unresolved("dp", v, at) for v in attn.unresolved or (attn.raw,))
        return None, tuple(u for u in unknown if u not in dep.unresolved)
    flag = dep.flag("dp-size")
    replicas = _size(flag.value) if flag is not None and flag.value is not None else 1
    if flag is None or replicas == 1:
        return 1, ()
    why = (
        f"read by SGLang 0.5.22 on as copies of the --{attn.name} group, which toplint does "
        "not model"
    )
    found = Unresolved("dp", f"--dp-size {flag.value}", flag.position, why=why)
    return None, () if found in dep.unresolved else (found,)


def _not_dividing(attn: Flag, tp: int) -> Refusal | None:
    """0.5.23's ``assert cfg.tp_size % cfg.attn_dp_size == 0`` (no message)."""
    size = _size(attn.value) if attn.value is not None else None
    if size is None or size <= 1 or tp % size == 0:
        return None
    message = (
        f"--{attn.name} {size} on --tp-size {tp}: SGLang 0.5.23 refuses it at start-up "
        "(arg_groups/parallel_hook.py `assert cfg.tp_size % cfg.attn_dp_size == 0`)"
    )
    return Refusal(attn.name, message, True)
