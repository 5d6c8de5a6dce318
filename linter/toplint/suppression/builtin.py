"""The suppression meta-rules TL002/TL006, as a toplint plugin.

They come from suppression comments, not from a check: the plugin documents them so that
``toplint rules``, SARIF rule metadata and severity overrides know them.  The hook is a plain
``toplint_*`` function: ``toplint.plugins`` marks it for pluggy when pluggy is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toplint.rulebook.types import Rule


def toplint_rules() -> list[Rule]:
    # Imported when the rules are listed: a run that only formats never needs the comment parser.
    from toplint.suppression.inline import SUPPRESSION_RULES

    return list(SUPPRESSION_RULES)
