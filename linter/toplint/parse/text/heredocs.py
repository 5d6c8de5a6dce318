"""Files a shell script writes from a here-document (``cat <<EOF > vllm.yaml``, ``kubectl apply
-f - <<EOF``): the document, placed at its own lines and columns of the script, and the name of
the file it becomes (its redirection's target; a Kubernetes manifest piped to ``kubectl apply -f
-`` is ``manifest.yaml``).  ``toplint.parse.run`` reads each with the reader of that name, so a
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

# The operator and its delimiter word (``<<EOF``, ``<<-'END'``): also how ``toplint.parse.text.
# expand`` skips a here-document inside ``$( … )``.
START = lazy(r"<<(-?)[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")
_TARGET = lazy(r">>?[ \t]*['\"]?([^\s'\";&|<>]+)")
_DATA = (".yaml", ".yml", ".json", ".toml")
MAX_DOCS = 32


def documents(text: str) -> Iterator[tuple[str, int, str]]:
    """(file name, line of its first line, text) of each here-document that writes a data file
    or a Kubernetes manifest."""
    found = 0
    for line, first, body, _quoted in _heredocs(text):
        name = _name(line, body)
        if name:
            found += 1
            yield name, first, body
            if found >= MAX_DOCS:
                return


def written(text: str) -> Iterator[tuple[str, int, int, str, bool]]:
    """(target as written, line of the ``<<`` command, line of the document's first line, text,
    whether the delimiter is quoted) of each here-document the script redirects into a file
    (``> FILE`` or ``>> FILE``; bash(1): an unquoted delimiter expands ``$…`` in the text)."""
    for n, (line, first, body, quoted) in enumerate(_heredocs(text)):
        if n >= MAX_DOCS:
            return
        target = _TARGET.search(line.split("<<", 1)[1]) or _TARGET.search(line.split("<<", 1)[0])
        if target:
            yield target.group(1), first - 1, first, body, quoted


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


def _name(line: str, body: str) -> str:
    target = _TARGET.search(line.split("<<", 1)[1]) or _TARGET.search(line.split("<<", 1)[0])
    name = target.group(1).rsplit("/", 1)[-1].lower() if target else ""
    if name.endswith(_DATA):
        return name
    if not name and "apiVersion:" in body and "kind:" in body:  # piped: ``kubectl apply -f -``
        return "manifest.yaml"
    return ""
