"""Every fix ``check`` shows passes the validation ``--fix`` gives a fix it applies (issue 25).

``toplint.rulebook.judged`` judges what a fix does to the deployment by the outcome model; this
judges what its text edits do to the file, the way ``--fix`` does before it writes
(``toplint.fix.apply.attempt``): applied to the file's text and checked again, the file still
parses into as many deployments, the finding is gone at its severity and nothing new appears
at warning or above.  A fix that fails is not shown; its finding says why, as ``judged`` does
("not `FIX`: why"), so a displayed fix is never one ``--fix`` would refuse.  Only a file with
a fix whose edits are in it pays the second check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from toplint.fix.types import Checked
from toplint.model import Finding
from toplint.record import replace

__all__ = ["validated"]


def validated(
    found: Sequence[Finding],
    deployments: int,
    path: str,
    text: str,
    check: Callable[[str], Checked],
) -> list[Finding]:
    """``found`` with each fix whose edits in ``text`` (the file ``path``, holding
    ``deployments``) ``--fix`` would refuse removed, and the finding saying why; ``check``
    checks a new text of the file (without validating its fixes in turn)."""
    mine = {id(f) for f in found if f.fix is not None and any(e.path == path for e in f.fix.edits)}
    if not mine:
        return list(found)
    import toplint.fix.apply  # only a file with a fix's edits in it needs the fixer

    current = Checked(tuple(found), deployments)
    out = []
    for f in found:
        if id(f) in mine:
            assert f.fix is not None
            why, _ = toplint.fix.apply.attempt(f, text, path, current, lambda _, t: check(t))
            if why is not None:
                change = f.fix.message.split(" (", 1)[0]
                f = replace(f, fix=None, message=f"{f.message} (not `{change}`: {why})")
        out.append(f)
    return out
