"""A Dockerfile whose ``CMD``/``ENTRYPOINT`` runs a script of the repository (issue 24, point 5).

``CMD ["sh", "start_server.sh"]``, ``ENTRYPOINT ["./serve.sh"]``, ``CMD bash run.sh --port 80``:
the image runs a script copied from the build context, so the engine command is in that script.
The build context is taken to be the Dockerfile's folder (``docker build .`` beside it, the usual
layout).  A path in the image (``/app/run.sh``, or ``run.sh`` under ``WORKDIR /app``) is mapped
back to the context through the stage's ``COPY``/``ADD`` instructions (``COPY . /app``, ``COPY
run.sh /app/``; Dockerfile reference: a destination ending in ``/`` or several sources copy into
it, a folder copies its contents); an absolute path no ``COPY`` explains is not followed.  The
script is read as the shell reader reads a chained script (``toplint.parse.text.shellrun``: inside
the repository only, under the read policy), with the Dockerfile's ``ENV``/``ARG`` values as its
environment and the instruction's further words as its arguments; its engine commands keep their
own positions and name the chain.
"""

from __future__ import annotations

import posixpath
import shlex
from collections.abc import Mapping, Sequence

from toplint.parse.options import Arg
from toplint.parse.text.chains import SHELLS
from toplint.record import record, replace

_SUFFIXES = (".sh", ".bash", ".zsh")
# Sources a COPY names that are files, not folders: scripts and the Python files an image runs.
_FILES = (*_SUFFIXES, ".py")


@record
class Chained:
    """One command of the script the image runs, and the chain it ran through."""

    args: tuple[Arg, ...]
    via: tuple[str, ...]


@record
class Layout:
    """What a stage's ``WORKDIR`` and ``COPY``/``ADD`` instructions make of the image's paths."""

    workdir: str = "/"
    copies: tuple[tuple[str, str], ...] = ()  # (path in the image, path in the context)

    def after(self, keyword: str, text: str) -> Layout:
        """The layout once the instruction ``keyword text`` ran."""
        words = text.split()
        if keyword == "WORKDIR" and len(words) == 1:
            return replace(self, workdir=posixpath.join(self.workdir, words[0]))
        if keyword not in ("COPY", "ADD") or any(w.startswith("--from") for w in words):
            return self  # ``--from``: another stage's or image's file, not the repository's
        words = [w for w in words if not w.startswith("--")]
        if len(words) < 2 or text.lstrip().startswith("["):
            return self
        *sources, dest = words
        into = dest.endswith("/") or len(sources) > 1
        dest = posixpath.join(self.workdir, dest)
        pairs = []
        for src in sources:
            src = posixpath.normpath(src)
            folder = src == "." or not src.endswith(_FILES)  # a folder copies its contents
            at = dest if folder or not into else posixpath.join(dest, posixpath.basename(src))
            pairs.append((posixpath.normpath(at), src))
        return replace(self, copies=(*self.copies, *pairs))

    def context_path(self, script: str) -> str | None:
        """The build-context path of the image's ``script``, or None when no ``COPY`` explains
        an absolute one (a relative one not copied is taken as written, beside the Dockerfile)."""
        target = posixpath.normpath(posixpath.join(self.workdir, script))
        for at, src in reversed(self.copies):  # a later COPY wins
            if target == at:
                return src
            inside = at.rstrip("/") + "/"
            if target.startswith(inside):
                return posixpath.normpath(posixpath.join(src, target[len(inside) :]))
        return None if script.startswith("/") else posixpath.normpath(script)


def script_at(argv: Sequence[Arg]) -> int | None:
    """Where ``[sh|bash …] x.sh …`` or ``./x.sh …`` names its script, every word known."""
    if not argv or any(a.value is None for a in argv):
        return None
    words = [a.value or "" for a in argv]
    k = 0
    if words[0].rsplit("/", 1)[-1] in SHELLS:
        k = next((i for i in range(1, len(words)) if not words[i].startswith("-")), len(words))
    return k if k < len(words) and words[k].endswith(_SUFFIXES) else None


def written_scripts(dockerfile: str) -> dict[str, tuple[int, str]]:
    """The files ``RUN`` instructions write from a here-document (``RUN cat <<EOF >/start.sh``),
    by their path in the image: the text and the Dockerfile line it starts on.  An unquoted
    delimiter lets the shell that runs ``RUN`` expand the text, where a backslash quotes ``$``,
    `` ` `` and itself (bash(1), "Here Documents"; ``toplint.parse.text.heredocs.as_written``)."""
    from toplint.parse.text.heredocs import as_written, written

    out: dict[str, tuple[int, str]] = {}
    for target, _, first, body, quoted in written(dockerfile):
        if target.startswith("/"):
            text = body if quoted else as_written(body)
            out[posixpath.normpath(target)] = (first, text)
    return out


def chained(
    argv: Sequence[Arg],
    env: Mapping[str, str],
    path: str,
    layout: Layout,
    given: bool = True,
    written: Mapping[str, tuple[int, str]] | None = None,
) -> list[Chained]:
    """The commands of the script ``argv`` runs, read from the build context of the Dockerfile
    at ``path`` or, for a script the Dockerfile writes itself (``written_scripts``), from its
    lines in the Dockerfile; empty when it cannot be read (not copied, outside the repository,
    missing).  ``given=False``: ``docker run`` passes the script arguments unknown here (an
    ``ENTRYPOINT`` with no ``CMD``), forwarded as ``"$@"`` (TL003 says a layout option may come
    with them)."""
    import toplint.parse.text.shellrun  # a Dockerfile with no script to follow never loads it
    from toplint.parse.text.sourced import sourced_loader
    from toplint.parse.text.sourcemap import command_args

    k = script_at(argv)
    script = argv[k].value or "" if k is not None else ""
    image_path = posixpath.normpath(posixpath.join(layout.workdir, script))
    inline = (written or {}).get(image_path) if k is not None else None
    found = layout.context_path(script) if k is not None and inline is None else None
    if k is None or (found is None and inline is None):
        return []
    words = [a.value or "" for a in argv]
    where = f"`{' '.join(words)}` ({path.rsplit('/', 1)[-1]}:{argv[0].position.line})"
    load = sourced_loader(path)
    if inline is not None:
        first, text = inline
        words[k] = image_path
        padded = (path, "\n" * (first - 1) + text)  # at its own lines of the Dockerfile

        def load(ref: str) -> tuple[str, str] | None:
            return padded if posixpath.normpath(ref) == image_path else None

    else:
        words[k] = found if found and "/" in found else f"./{found}"
    quoted = [shlex.quote(w) for w in words]
    line = " ".join(quoted) + ("" if given else ' "$@"')
    # Where each word of the instruction starts in ``line``: a word of it the script is handed
    # (``"$@"``: an argument a compose service's ``command`` gives) is placed where that word is
    # written, and one written nowhere else at the instruction.
    column, written_at = 1, {}
    for arg, text in zip(argv, quoted, strict=True):
        written_at[column] = arg.position
        column += len(text) + 1
    at = argv[0].position
    out = []
    for command in toplint.parse.text.shellrun.lex(line, env, loader=load):
        if not command.via:
            continue  # the instruction itself, not a command of the script
        args = tuple(
            a if w.path else replace(a, position=written_at.get(w.column, at))
            for w, a in zip(command.words, command_args(command, path), strict=True)
        )
        out.append(Chained(args, (where, *command.via[1:])))
    return out
