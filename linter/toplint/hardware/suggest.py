""" "Did you mean": the catalog id an unknown model id is probably a misspelling of.

A suggestion that would check the deployment as another model is worse than none, so the
catalog id must share the unknown id's family stem (the name before its parameter count,
``qwen2.5-coder`` in ``Qwen2.5-Coder-7B-Instruct``: the same version numbers, letters allowing
a typo), its parameter
count (``7b``, ``30b``+``a3b``, ``8x7b``) and its kind (base or instruct: a chat template and a
base checkpoint are not interchangeable).  A name without a parameter count gets none.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from toplint.hardware.modelcatalog import catalog
from toplint.infra.patterns import DeferredPattern

__all__ = ["close_model", "kind_of", "sizes_of"]

_SIZE = DeferredPattern(r"(?<![a-z0-9.])(\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?[bm])(?![a-z0-9])")
_INSTRUCT_WORDS = ("instruct", "chat", "thinking")


def sizes_of(name: str) -> frozenset[str]:
    """The parameter-count words of a folded model name ("qwen3-30b-a3b" -> {"30b"})."""
    return frozenset(_SIZE.findall(name))


def kind_of(name: str) -> str:
    """ "instruct" when a word of the folded name is (or is a typo of) instruct/chat/thinking
    or is "it" (Gemma), else "base"."""
    for word in name.split("-"):
        if word == "it" or any(
            difflib.SequenceMatcher(None, word, w).ratio() >= 0.75 for w in _INSTRUCT_WORDS
        ):
            return "instruct"
    return "base"


def _stem(name: str) -> str:
    match = _SIZE.search(name)
    return name[: match.start()].rstrip("-") if match else name


def _same_family(a: str, b: str) -> bool:
    """Stems of one family: the same version numbers ("gemma-3" is not "gemma-2") and letters
    close enough to be a typo ("lama-3.1" for "llama-3.1", "gemma2" for "gemma-2")."""
    if _VERSION.findall(a) != _VERSION.findall(b):
        return False
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.85


_VERSION = DeferredPattern(r"\d+")


def _pool() -> Iterator[tuple[str, str]]:
    """(folded name without org, id to suggest) for every published id and architecture."""
    cat = catalog()
    for key, full in cat.short.items():
        yield key, cat.ids[full][0]
    for key, arch_id in cat.names.items():
        if "/" not in key:
            yield key, arch_id


def close_model(name: str) -> str | None:
    """The catalog id closest to the folded basename ``name`` under the rules above, or None."""
    sizes = sizes_of(name)
    if not sizes:
        return None
    kind, stem = kind_of(name), _stem(name)
    pool: dict[str, str] = {}
    for key, model_id in _pool():
        if sizes_of(key) != sizes or kind_of(key) != kind:
            continue
        if not _same_family(_stem(key), stem):
            continue
        pool.setdefault(key, model_id)
    close = difflib.get_close_matches(name, list(pool), n=1, cutoff=0.7)
    return pool[close[0]] if close else None
