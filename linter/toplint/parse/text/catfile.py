"""``$(cat FILE)`` without a shell: a value a script keeps in a small file of its repository.

``$(cat FILE)`` and ``$(< FILE)`` ("the equivalent but faster") substitute the file's text "with
any trailing newlines deleted" (bash(1), "Command Substitution"); ``2>/dev/null`` and
``|| true`` change nothing when the file is there.  A script that keeps its image reference
in a file beside it (Oichkatzelesfrettschen/claude-code-localllm@c973ee6
tools/local_llm/runtimes/vllm_docker.sh: ``IMAGE_REF="$(cat "${IMAGE_REF_FILE}" 2>/dev/null ||
true)"``, ``vllm/vllm-openai@sha256:...`` in vllm_image.txt) runs that image.  Only a file of
the repository, named relative to the script, is read (``toplint.parse.text.sourced``); any
other command in a substitution is never run.
"""

from __future__ import annotations

from collections.abc import Callable

from toplint.infra.patterns import DeferredPattern

_CAT = DeferredPattern(
    r'^\(\s*(?:cat\s+(?:--\s+)?|<\s*)("[^"]*"|[^\s"|;&<>()]+)'
    r"(?:\s+2>\s*/dev/null)?(?:\s*\|\|\s*(?:true|:))?\s*\)$"
)
MAX_CAT_BYTES = 4096  # a value kept in a file: an image reference, a version, a model id
FileReader = Callable[[str], str | None]  # a file named relative to the script: its text


def cat_target(expansion: str) -> str | None:
    """The file word (unquoted, expansions unexpanded) a ``$(cat WORD)`` reads, else None."""
    found = _CAT.match(expansion)
    return found.group(1).strip('"') if found else None


def substituted(text: str | None) -> str | None:
    """What the substitution gives for a file's ``text``: None for a file too large to be a
    value (or not read)."""
    if text is None or len(text) > MAX_CAT_BYTES:
        return None
    return text.rstrip("\n")


def file_reader(loader: Callable[[str], tuple[str, str] | None]) -> FileReader:
    """The text of a file the script reads (``$(cat FILE)``), found as a sourced one is
    (``loader``: ``toplint.parse.text.shell.SourceLoader``)."""

    def text(name: str) -> str | None:
        found = loader(name)
        return None if found is None else found[1]

    return text
