"""Files a shell script writes from a here-document (``cat <<EOF > vllm.yaml``, ``cat <<EOF |
sudo tee /etc/systemd/system/vllm.service``, ``kubectl apply -f - <<EOF``): the document, placed
at its own lines and columns of the script, and the name of the file it becomes (its
redirection's target; a Kubernetes manifest piped to ``kubectl apply -f -`` is
``manifest.yaml``).  ``toplint.parse.run`` reads each with the reader of that name, so a
manifest a script applies is read where it is written.  Bash(1), "Here Documents": the lines up
to one that is the delimiter alone (``<<-`` strips leading tabs: such a document with tabs is
not read, its columns would not be the script's).

``written`` is the same documents by the path they are written to, as the script spells it
(``cat << EOF > ${EXTRA_LLM_API_FILE}``), whatever the file's name: ``toplint.parse.text.
scriptfiles`` hands one to the engine whose options flag names that path.
"""

from __future__ import annotations

from collections.abc import Iterator

from toplint.infra.patterns import lazy
from toplint.parse.base import SHELL_SUFFIXES
from toplint.parse.text.supervisorconf import configures_programs

# The operator and its delimiter word (``<<EOF``, ``<<-'END'``): also how ``toplint.parse.text.
# expand`` skips a here-document inside ``$( … )``.
START = lazy(r"<<(-?)[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")
# The file the document goes to: ``> FILE``, ``>> FILE``, or ``| [sudo] tee [-a] FILE``.
_TARGET = lazy(r"(?:>>?|\btee[ \t]+(?:(?:-a|--append)[ \t]+)?)[ \t]*['\"]?(?![-])([^\s'\";&|<>]+)")
# Files read by the reader of their name: data files, and systemd units (``toplint.parse.text.
# systemd``: a provisioning script writes ``/etc/systemd/system/vllm.service``).
_READ_AS = (".yaml", ".yml", ".json", ".toml", ".service")
_SHEBANG = lazy(r"#![ \t]*/\S*/(?:env[ \t]+)?(?:ba|z|da)?sh\b")
MAX_DOCS = 32


def documents(text: str) -> Iterator[tuple[str, int, str, int]]:
    """(file name, line of its first line, text, its place among the script's here-documents)
    of each here-document that writes a data file, a systemd unit, a shell script (by its name
    or its ``#!``) or a Kubernetes manifest."""
    found = 0
    for n, (line, first, body, quoted) in enumerate(_heredocs(text)):
        name = _name(line, body)
        if name:
            found += 1
            yield name, first, body if quoted else as_written(body), n
            if found >= MAX_DOCS:
                return


def written(text: str) -> Iterator[tuple[str, int, int, str, bool]]:
    """(target as written, line of the ``<<`` command, line of the document's first line, text,
    whether the delimiter is quoted) of each here-document the script redirects into a file
    (``> FILE``, ``>> FILE`` or ``| tee FILE``; bash(1): an unquoted delimiter expands ``$…``
    in the text)."""
    for target, at, first, body, quoted in every(text):
        if target:
            yield target, at, first, body, quoted


def every(text: str) -> Iterator[tuple[str, int, int, str, bool]]:
    """``written``'s fields of each here-document of the script (the first ``MAX_DOCS``), the
    target "" for one fed to its command's input (``bash <<'EOF'``, ``kubectl apply -f -
    <<EOF``)."""
    for n, (line, first, body, quoted) in enumerate(_heredocs(text)):
        if n >= MAX_DOCS:
            return
        yield _target(line), first - 1, first, body, quoted


def as_written(body: str) -> str:
    r"""The text an unquoted delimiter's document writes, with each line's columns kept for
    what follows an escape.  Bash(1), "Here Documents": ``\\``, ``\$`` and ``\``` write the
    character escaped (``exec vllm serve \$@`` writes ``exec vllm serve $@``; a line ending in
    ``\\`` writes one that ends in ``\`` and so continues).  The backslash is taken out and a
    blank put back where the word holding it ends (outside quotes), so the words after it stay
    at the columns they are written at: a finding or a fix there lands where it is in the file.
    A word that ends the line is one column shorter."""
    if "\\" not in body and "'" not in body:
        return body
    return "\n".join(_requoted(_unescaped(line)) for line in body.split("\n"))


_SINGLE = lazy(r"'([^'\n]*)'")


def _requoted(line: str) -> str:
    """Single quotes around text the writing shell expanded (``exec vllm serve '${MODEL}'``:
    the file holds the model's name between the quotes) as double quotes, so the reader
    expands it with the values of the ``<<`` line (``toplint.parse.text.scriptfiles``) and
    does not take ``${MODEL}`` for the name.  Only text with no ``"``, ``\\`` or `` ` ``, which
    double quotes keep as single quotes do."""
    if "'" not in line or "$" not in line:
        return line
    return _SINGLE.sub(lambda m: _swapped(m.group(0)), line)


def _swapped(quoted: str) -> str:
    inner = quoted[1:-1]
    if "$" not in inner or any(c in inner for c in '"\\`'):
        return quoted
    return f'"{inner}"'


def _unescaped(line: str) -> str:
    if "\\" not in line:
        return line
    out: list[str] = []
    owed, quote, i, n = 0, "", 0, len(line)
    while i < n:
        c = line[i]
        if c == "\\" and i + 1 < n and line[i + 1] in "$`\\":
            if line[i + 1] == "\\" and i + 2 == n:
                out.append(" \\")  # ``\\\\`` ending the line: a ``\\`` that continues it
            else:
                out.append(line[i + 1])
                owed += 1
            i += 2
            continue
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif owed and c in _WORD_ENDS:
            out.append(" " * owed)
            owed = 0
        out.append(c)
        i += 1
    return "".join(out)


_WORD_ENDS = frozenset(" \t;&|<>()")


def _heredocs(text: str) -> Iterator[tuple[str, int, str, bool]]:
    """(the ``<<`` line, line of the document's first line, text, delimiter quoted) of each
    here-document of a script."""
    if "<<" not in text:
        return
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = START.search(line) if "<<" in line and not line.lstrip().startswith("#") else None
        i += 1
        if m is None:
            continue
        strip, delimiter = m.group(1) == "-", m.group(3)
        first = i
        while i < len(lines) and (lines[i].lstrip("\t") if strip else lines[i]) != delimiter:
            i += 1
        if strip and any(ln.startswith("\t") for ln in lines[first:i]):
            i += 1
            continue  # ``<<-`` strips tabs: its columns are not the script's (no fix could land)
        body = "\n".join(lines[first:i])
        i += 1
        yield line, first + 1, body, bool(m.group(2))


def _target(line: str) -> str:
    """The file the ``<<`` line sends its document to, as written ("" for a command's input)."""
    before, _, after = line.partition("<<")
    found = _TARGET.search(after) or _TARGET.search(before)
    return found.group(1) if found else ""


def _name(line: str, body: str) -> str:
    name = _target(line).rsplit("/", 1)[-1].lower()
    if name.endswith(_READ_AS):
        return name
    if name and (name.endswith(SHELL_SUFFIXES) or _SHEBANG.match(body)):
        return name if name.endswith(SHELL_SUFFIXES) else f"{name}.sh"  # a start script
    if not name and "apiVersion:" in body and "kind:" in body:  # piped: ``kubectl apply -f -``
        return "manifest.yaml"
    if configures_programs(body):  # a supervisord configuration (``exec supervisord -c``)
        return name if name.endswith((".conf", ".ini")) else "supervisord.conf"
    return ""
