"""One root cause, one finding: fold the consequences a cause explains into the cause.

TP across nodes (TL101) makes the decode and prefill budgets blow (TL105, TL106) and often
replicates the KV heads (TL203).  Reported separately, one mistake reads as four, and the
consequences' canned fixes compete with the cause's tailored one.  A cause rule lists the codes
it explains (``Rule.explains``); at the same deployment their findings are folded into the
cause's: its message gains their numbers, introduced in the cause's words
(``Rule.explains_lead``: "Because of this: (1) … [TL105]; (2) … [TL106]"), its severity is the
highest of them, and they become ``related`` entries (SARIF ``relatedLocations``).  A
consequence whose cause did not fire is reported on its own as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toplint.model import Finding, Related
from toplint.record import replace


def fold_consequences(
    findings: Sequence[Finding],
    explains: Mapping[str, tuple[str, ...]],
    leads: Mapping[str, str] | None = None,
) -> list[Finding]:
    """``findings`` of one deployment, each consequence folded into the first cause that
    explains it (by code order); ``leads`` introduces a cause's consequences in its message
    (``Rule.explains_lead``)."""
    causes = sorted((f for f in findings if explains.get(f.rule)), key=lambda f: f.rule)
    if not causes:
        return list(findings)
    target = {
        id(f): next((c for c in causes if c is not f and f.rule in explains[c.rule]), None)
        for f in findings
    }

    def root(f: Finding) -> Finding | None:
        """The outermost cause of ``f``: a cause that is itself explained (TL101 under TL211)
        hands its consequences on, so none is lost with it."""
        cause, seen = target[id(f)], {id(f)}
        while cause is not None and target[id(cause)] is not None and id(cause) not in seen:
            seen.add(id(cause))
            cause = target[id(cause)]
        return cause

    folded: dict[int, list[Finding]] = {id(c): [] for c in causes}
    kept: list[Finding] = []
    for f in findings:
        cause = root(f)
        if cause is None or cause is f:
            kept.append(f)
        else:
            folded[id(cause)].append(f)
    lead = leads or {}
    return [
        _merge(f, folded[id(f)], lead.get(f.rule, _LEAD)) if folded.get(id(f)) else f for f in kept
    ]


_LEAD = "Because of this"


def _merge(cause: Finding, consequences: Sequence[Finding], lead: str = _LEAD) -> Finding:

    ordered = sorted(consequences, key=lambda f: f.rule)
    related = tuple(
        Related(c.rule, c.severity, c.path, c.line, c.column, c.message) for c in ordered
    )
    severity = max((cause.severity, *(c.severity for c in ordered)), key=lambda s: s.rank)
    # "<cause>. Because of this: (1) <consequence> [TL105]; (2) <consequence> [TL106]": each
    # consequence in its own words, numbered when there are several (their messages hold
    # semicolons of their own), its code after it for `toplint rule CODE`.
    items = [f"{c.message} [{c.rule}]" for c in ordered]
    if len(items) > 1:
        items = [f"({i}) {item}" for i, item in enumerate(items, 1)]
    also = "; ".join(items)
    data = dict(cause.data)
    data["consequences"] = [
        {"rule": c.rule, "severity": str(c.severity), "message": c.message, **dict(c.data)}
        for c in ordered
    ]
    return replace(
        cause,
        severity=severity,
        message=f"{cause.message}. {lead}: {also}",
        data=data,
        related=cause.related + related,
    )
