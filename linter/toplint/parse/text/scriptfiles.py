"""Engine options files a script writes itself before it starts the engine.

TensorRT-LLM's deployment guides write the LLM-API options with a here-document and pass its path
(``EXTRA_LLM_API_FILE=/tmp/config.yml``, ``cat << EOF > ${EXTRA_LLM_API_FILE}``, then
``trtllm-serve … --extra_llm_api_options ${EXTRA_LLM_API_FILE}``; NVIDIA/TensorRT-LLM@0d2a7856
docs/source/deployment-guide/quick-start-recipe-for-deepseek-r1-on-trtllm.md).  The path is
outside the repository, but its text is the script's own: ``script_loader`` hands the engine
that text, at the script's own lines, when the options flag names the path a here-document
earlier in the script writes to.  The target is expanded as the script would expand it at the
``<<`` line (``toplint.parse.text.shellrun.lex`` over the lines above it), and compared with the
flag's value as a normalised path.  A document whose unquoted delimiter lets bash expand ``$…``
or a command substitution in its text is not taken (bash(1), "Here Documents"): its text is not
what the file holds.  Any other path goes to the loader the caller gives.
"""

from __future__ import annotations

import posixpath

from toplint.infra.readpolicy import ReadRefused
from toplint.parse.enginecfg import ConfigLoader
from toplint.parse.text.heredocs import written

_EXPANDS = ("$", "`")


def script_loader(path: str, text: str, base: ConfigLoader) -> ConfigLoader:
    """``base``, except that a path one of the script's here-documents writes is read from it."""
    files: list[tuple[str, int, str, bool]] | None = None

    def load(ref: str) -> tuple[str, str] | None:
        nonlocal files
        if files is None:
            files = _written_files(text)
        wanted = posixpath.normpath(ref)
        for target, first, body, expands in reversed(files):  # the last write wins
            if target != wanted:
                continue
            if expands:
                raise ReadRefused(ref, "written by a here-document that expands $ in its text")
            return path, "\n" * (first - 1) + body
        return base(ref)

    return load


def _written_files(text: str) -> list[tuple[str, int, str, bool]]:
    """(target as the script expands it, first line, text, text expands) of each here-document
    the script writes to a file."""
    import toplint.parse.text.shellrun

    lines = text.split("\n")
    out: list[tuple[str, int, str, bool]] = []
    for raw, at, first, body, quoted in written(text):
        probe = "\n".join(lines[: at - 1]) + f"\n: {raw}\n"
        commands = toplint.parse.text.shellrun.lex(probe)
        words = commands[-1].words if commands else ()
        if len(words) != 2 or words[0].value != ":" or words[1].value is None:
            continue  # the target is not known at that line
        expands = not quoted and any(c in body for c in _EXPANDS)
        out.append((posixpath.normpath(words[1].value), first, body, expands))
    return out
