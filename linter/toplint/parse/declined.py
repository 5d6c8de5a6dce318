"""Files of a serving stack that runs only on an accelerator the cost model does not describe.

MindIE, Huawei's inference server for Ascend NPUs, is no engine toplint reads: its start script
runs ``mindieservice_daemon`` and its ``config.json`` lists the NPUs of each instance
(``npuDeviceIds``).  A file that yields no deployment but writes such a word
(``toplint.accelerators.Accelerator.servers``) is declined with one TL011, as a deployment on
that accelerator is, rather than a TL008 for an engine word beside it (MindIE's
``"openAiSupport": "vllm"`` names the API it speaks, not an engine it runs).
"""

from __future__ import annotations

import functools
import re

from toplint.accelerators import ACCELERATORS, Accelerator
from toplint.model import ACCELERATOR_NOT_MODELLED, Finding
from toplint.parse.base import Source
from toplint.parse.textpos import point_of


@functools.cache
def _servers() -> tuple[re.Pattern[str], dict[str, Accelerator]]:
    """One linear pattern over every accelerator's server words, whole words only."""
    owner = {word: acc for acc in ACCELERATORS for word in acc.servers}
    words = "|".join(re.escape(w) for w in sorted(owner, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({words})(?![\w-])"), owner


def server_mention(source: Source) -> Finding | None:
    """TL011 at the first word of a serving stack that runs only on an unmodelled accelerator."""
    pattern, owner = _servers()
    found = pattern.search(source.text) if owner else None
    if found is None:
        return None
    word, acc = found.group(1), owner[found.group(1)]
    line, column = point_of(source.text, found.start(1))
    return ACCELERATOR_NOT_MODELLED.finding(
        source.path,
        line,
        column,
        f"not checked against hardware: `{word}` belongs to a serving stack that runs only on "
        f"{acc.title}, which toplint's placement and cost model do not describe; nothing here "
        "was checked",
        anchor=f"server:{word}",
        data={"accelerator": acc.kind},
    )
