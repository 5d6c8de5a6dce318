"""Files a script writes itself, with a here-document, before it runs or reads them.

TensorRT-LLM's deployment guides write the LLM-API options with a here-document and pass its path
(``EXTRA_LLM_API_FILE=/tmp/config.yml``, ``cat << EOF > ${EXTRA_LLM_API_FILE}``, then
``trtllm-serve … --extra_llm_api_options ${EXTRA_LLM_API_FILE}``; NVIDIA/TensorRT-LLM@0d2a7856
docs/source/deployment-guide/quick-start-recipe-for-deepseek-r1-on-trtllm.md).  The path is
outside the repository, but its text is the script's own: ``script_loader`` hands the engine
that text, at the script's own lines, when the options flag names the path a here-document
earlier in the script writes to.  A document whose unquoted delimiter lets bash expand ``$…``
or a command substitution in its text is not taken as an options file (bash(1), "Here
Documents"): its text is not what the file holds.

Provisioning scripts (cloud-init user data, a VM's start-up script) write the script that starts
the engine and then run it (``cat > /opt/start-vllm.sh <<'EOF'`` … ``/opt/start-vllm.sh``), or
feed it to a shell (``ssh "$HEAD" bash -s <<EOF``): ``written_scripts`` and ``fed_scripts`` give
those documents to the shell reader as the scripts they are, at their own lines.  What an
unquoted document expands is what the script had at the ``<<`` line, not where the script is
later run.

Each document's target, and the values of the variables an unquoted one names, are what the
script has made of them at its ``<<`` line: the script is lexed once
(``toplint.parse.text.shellrun.lex``) with a probe command put before each ``<<`` line
(``_probed``), and a target is compared with a path as a normalised path.  Any other path goes to
the loader the caller gives.
"""

from __future__ import annotations

import posixpath

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused
from toplint.parse.enginecfg import ConfigLoader
from toplint.parse.text.heredocs import as_written, every
from toplint.parse.text.shell import SourceLoader
from toplint.record import record

_EXPANDS = ("$", "`")
# A variable an unquoted here-document expands (``$MODEL``, ``${TP}``, ``${TP:-1}``; not ``\$X``).
_NAMED = lazy(r"(?<!\\)\$\{?([A-Za-z_][A-Za-z0-9_]*)")


def script_loader(path: str, text: str, base: ConfigLoader) -> ConfigLoader:
    """``base``, except that a path one of the script's here-documents writes is read from it."""
    files: list[_Written] | None = None

    def load(ref: str) -> tuple[str, str] | None:
        nonlocal files
        if files is None:
            files = _written_files(text)
        wanted = posixpath.normpath(ref)
        for w in reversed(files):  # the last write wins
            if w.target != wanted:
                continue
            if w.expands:
                raise ReadRefused(ref, "written by a here-document that expands $ in its text")
            return path, "\n" * (w.first - 1) + w.body
        return base(ref)

    return load


def written_scripts(
    path: str, text: str, base: SourceLoader, quiet: SourceLoader | None = None
) -> SourceLoader:
    """``base``, except that a script one of the script's here-documents writes is read from
    it, at the script's own lines: a provisioning script (cloud-init user data, a VM's start-up
    script) that writes ``/opt/start-vllm.sh`` with ``cat > /opt/start-vllm.sh <<'EOF'`` and
    then runs it starts what that document says.  An unquoted delimiter lets the writing shell
    expand ``$NAME`` in the text as it writes it (bash(1), "Here Documents"): each such
    variable is set, on a line of the padding above the text, to what the script had given it
    at the ``<<`` line (unset, so unknown, where that is not known).  ``quiet`` reads what
    the script sources while those values are found (``base`` may note what it refuses)."""
    files: list[_Written] | None = None

    def load(ref: str) -> tuple[str, str] | None:
        nonlocal files
        if files is None:
            files = _written_files(text, path, quiet) if "<<" in text else []
        wanted = posixpath.normpath(ref)
        for w in reversed(files):  # the last write wins
            if w.target == wanted:
                return path, w.setting + "\n" * (w.first - 1) + w.body
        return base(ref)

    return load


@record
class _Written:
    target: str  # as the script expands it at the ``<<`` line
    first: int  # the line of the document's first line
    body: str
    expands: bool  # the delimiter is unquoted and the text has ``$…`` or a `` ` ``
    # For a document that expands: shell assignments (one line, no newline) giving each
    # variable its text names the value it had at the ``<<`` line (``unset`` where unknown).
    setting: str = ""


def _written_files(text: str, path: str = "", loader: SourceLoader | None = None) -> list[_Written]:
    """Each here-document the script writes to a file."""
    out: list[_Written] = []
    probed = _probed(text, path, loader)
    for n, (_, _, first, body, quoted) in enumerate(every(text)):
        target, setting = probed.get(n, (None, ""))
        if target is None:
            continue  # not written to a file, or to one not known at that line
        expands = not quoted and any(c in body for c in _EXPANDS)
        text_ = body if quoted else as_written(body)
        out.append(_Written(posixpath.normpath(target), first, text_, expands, setting))
    return out


def fed_scripts(text: str, path: str = "", loader: SourceLoader | None = None) -> dict[int, str]:
    """The here-documents the script feeds to a command's input (``bash <<'EOF'``, ``ssh
    "$HEAD" bash -s <<EOF``), by the line of the ``<<``: each as a script at its own lines of
    the file, what an unquoted delimiter expands set as in ``written_scripts``.  The script's
    commands ask one after another: the answer is kept for the last few scripts."""
    key = ("fed", text, path, loader is not None)
    if key not in _MEMO:
        _remember(key, _fed(text, path, loader))
    return _MEMO[key]  # type: ignore[return-value]


def _fed(text: str, path: str, loader: SourceLoader | None) -> dict[int, str]:
    out: dict[int, str] = {}
    probed: dict[int, tuple[str | None, str]] | None = None
    for n, (target, at, first, body, quoted) in enumerate(every(text)):
        if target:
            continue
        setting = ""
        if not quoted and "$" in body:
            probed = _probed(text, path, loader) if probed is None else probed
            setting = probed.get(n, (None, ""))[1]
        out[at] = setting + "\n" * (first - 1) + (body if quoted else as_written(body))
    return out


def setting(text: str, n: int, path: str = "", loader: SourceLoader | None = None) -> str:
    """Assignments (one line) giving each variable the ``n``-th here-document of the script
    names, unquoted, the value it had at its ``<<`` line ("" for a quoted one)."""
    return _probed(text, path, loader).get(n, (None, ""))[1] if "$" in text else ""


# The last few answers of ``fed_scripts`` and ``_probed``, by (what, text, path, loader given):
# one script's commands ask again and again, and a fix's re-reading asks of the same text.
_MEMO: dict[tuple[str, str, str, bool], object] = {}


def _remember(key: tuple[str, str, str, bool], value: object) -> None:
    if len(_MEMO) >= 8:
        del _MEMO[next(iter(_MEMO))]
    _MEMO[key] = value


_PROBE = "__toplint_heredoc_"


def _probed(
    text: str, path: str = "", loader: SourceLoader | None = None
) -> dict[int, tuple[str | None, str]]:
    """For each here-document (by its order in the script), what the script has made of its
    target at the ``<<`` line (None: not known, or none) and assignments (one line) giving each
    variable an unquoted document's text names the value it had there (``unset``, so unknown,
    where that is not known): the script lexed once, reading what it sources through
    ``loader`` as its own reading does, with a probe command (``: MARK TARGET "$NAME"…``) put
    before each ``<<`` line."""
    key = ("probed", text, path, loader is not None)
    if key not in _MEMO:
        _remember(key, _probe(text, path, loader))
    return _MEMO[key]  # type: ignore[return-value]


def _probe(text: str, path: str, loader: SourceLoader | None) -> dict[int, tuple[str | None, str]]:
    import toplint.parse.text.shellrun

    lines = text.split("\n")
    names: dict[int, list[str]] = {}
    for n, (target, at, _, body, quoted) in enumerate(every(text)):
        expands = not quoted and any(c in body for c in _EXPANDS)
        names[n] = sorted(set(_NAMED.findall(body))) if expands else []
        values = " ".join(f'"${v}"' for v in names[n])
        lines[at - 1] = f": {_PROBE}{n} {target or '-'} {values}\n{lines[at - 1]}"
    if not names:
        return {}
    try:
        commands = toplint.parse.text.shellrun.lex("\n".join(lines), loader=loader, origin=path)
    except SourceError:
        return {}
    out: dict[int, tuple[str | None, str]] = {}
    for command in commands:
        words = command.words
        mark = (words[1].value or "") if len(words) > 1 and words[0].value == ":" else ""
        if not mark.startswith(_PROBE) or not mark[len(_PROBE) :].isdigit():
            continue
        n = int(mark[len(_PROBE) :])
        if n in out or n not in names or len(words) != 3 + len(names[n]):
            continue  # the first time the script reaches it (a function called twice)
        setting = "; ".join(_assigned(v, w.value) for v, w in zip(names[n], words[3:], strict=True))
        written_to = words[2].value if words[2].raw != "-" else None
        out[n] = (written_to, setting)
    return out


def _assigned(name: str, value: str | None) -> str:
    if value is None or "\n" in value:
        return f"unset {name}"
    # Imported here: only an unquoted here-document with a known `$…` value quotes one, and
    # shlex compiles its pattern at import (1.1M instructions of a one-file check, callgrind).
    import shlex

    return f"{name}={shlex.quote(value)}"
