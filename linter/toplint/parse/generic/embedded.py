"""Python scripts a manifest carries and runs itself (issue 24, points 4 and 5).

A Kubernetes file often ships its program in a ConfigMap of the same file and starts it from a
start command (a RayJob's ``entrypoint: python /scripts/batch.py`` beside a ConfigMap whose
``data`` holds ``batch.py: |``, mounted at ``/scripts``).  When nothing else read a deployment
from the file, each command under a command-like key that runs ``python[3] PATH.py`` whose file
name is a ConfigMap key of the same file is followed into that script, read as a Python file is
(``toplint.parse.generic.pyparser``: read, never run), at its own lines and columns in the
manifest: the literal block is parsed as the body of an ``if`` so its indentation stands.  Its
deployments carry the chain in their notes and provenance and the GPUs and nodes of the mapping
around the command (``toplint.parse.infer.scoping``).  A file of ConfigMaps only (one holding a
Ray Serve module that a RayService of another file mounts and imports) has each script read as
the module it is projected as, with its own defaults and no cluster, as that module is when
linted as a ``.py`` file (``_carried``); beside a workload, what the workload runs is read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.base import Source
from toplint.parse.infer.scoping import scoped
from toplint.parse.structured.anywhere import commands_in
from toplint.parse.structured.scriptref import commands
from toplint.record import replace

_PYTHON = lazy(r"^python[0-9.]*$")
_LITERAL_BLOCK = lazy(r":\s*\|[-+]?\s*$")
_MAX_SCRIPT_CHARS = 256 * 1024


def embedded_deployments(source: Source) -> ParseResult | None:
    """The deployments of the Python scripts the file's ConfigMaps carry and its commands run,
    or None when there are none."""
    if ".py:" not in source.text:  # no ConfigMap key names a Python file
        return None
    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return None
    scripts = _scripts(docs)
    if not scripts:
        return None
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    read: dict[str, ParseResult] = {}
    for doc in docs:
        for at, value in commands(doc.data):
            for name, run in _runs(source, doc, at, value):
                if name not in scripts:
                    continue
                if name not in read:
                    read[name] = _parse(source, *scripts[name])
                for dep in read[name].deployments:
                    deployments.append(_chained(_placed(source, doc, at, dep), name, run))
                findings.extend(f for f in read[name].findings if f not in findings)
    if not read and all(_kind(doc) == "ConfigMap" for doc in docs):  # only what it carries
        for name, (doc, at) in scripts.items():
            found = _parse(source, doc, at)
            deployments.extend(_carried(dep, name) for dep in found.deployments)
            findings.extend(f for f in found.findings if f not in findings)
    if not deployments:
        return None
    return ParseResult(source.path, tuple(deployments), tuple(findings))


def _scripts(docs: list[Document]) -> dict[str, tuple[Document, tuple[str, str]]]:
    """ConfigMap data keys that name a Python file -> (document, path of the value)."""
    out: dict[str, tuple[Document, tuple[str, str]]] = {}
    for doc in docs:
        data = doc.data
        if not isinstance(data, Mapping) or data.get("kind") != "ConfigMap":
            continue
        items = data.get("data")
        for key, value in items.items() if isinstance(items, Mapping) else ():
            if (
                str(key).endswith(".py")
                and isinstance(value, str)
                and len(value) < _MAX_SCRIPT_CHARS
            ):
                out.setdefault(str(key), (doc, ("data", str(key))))
    return out


def _runs(
    source: Source, doc: Document, at: tuple[Any, ...], value: Any
) -> Iterator[tuple[str, str]]:
    """(file name, the command's text) for each ``python[3] [options] PATH.py`` the value runs."""
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value) or len(value) > 200:
            return
        value = " ".join(value)
    if not isinstance(value, str) or len(value) > 4000:
        return
    for command in commands_in(value, doc.value_position(at), {}, source.text, source.path):
        words = [w.value for w in command if w.value is not None]
        for i, word in enumerate(words):
            if not _PYTHON.match(word.rsplit("/", 1)[-1]):
                continue
            rest = words[i + 1 :]
            while rest and rest[0].startswith("-") and rest[0] not in ("-m", "-c"):
                rest = rest[1:]
            if rest and rest[0].endswith(".py"):
                yield (
                    rest[0].rsplit("/", 1)[-1],
                    " ".join(words[i : i + 2 + words[i + 1 :].index(rest[0])]),
                )
            break


def _parse(source: Source, doc: Document, at: tuple[str, str]) -> ParseResult:
    """The script at ``at`` (a literal block) parsed as Python at its place in the file."""
    from toplint.parse.generic.pyparser import PythonParser

    padded = literal_python(source.text, doc, at)
    if padded is None:
        return ParseResult(source.path)  # only a literal block keeps the script's own lines
    try:
        return PythonParser().parse(Source.from_text(source.path, padded))
    except (SourceError, RecursionError, SyntaxError):
        return ParseResult(source.path)


def literal_python(text: str, doc: Document, at: tuple[Any, ...]) -> str | None:
    """The literal block at ``at`` of ``doc`` (a ConfigMap's ``data`` entry) as Python whose
    lines are the manifest's (blank lines before it; its indented body under ``if 1:``), or
    None when the value is not written as a literal block."""
    key = doc.key_position(at)
    lines = text.splitlines()
    if key.line < 1 or key.line > len(lines) or not _LITERAL_BLOCK.search(lines[key.line - 1]):
        return None
    indent = len(lines[key.line - 1]) - len(lines[key.line - 1].lstrip())
    body: list[str] = []
    for line in lines[key.line :]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    return "\n" * (key.line - 1) + "if 1:\n" + "\n".join(body) + "\n"


def _placed(source: Source, doc: Document, at: tuple[Any, ...], dep: Deployment) -> Deployment:
    """The GPUs the script's engine runs on: a RayJob's Ray cluster (``toplint.parse.k8s.ray``)
    for its ``entrypoint``, else the mapping around the command."""
    data = doc.data
    job = isinstance(data, Mapping) and data.get("kind") == "RayJob"
    if dep.gpus is None and job and at == ("spec", "entrypoint"):
        from toplint.parse.k8s.context import Ctx
        from toplint.parse.k8s.ray import on_job_cluster

        return on_job_cluster(Ctx(source, doc, {}), dep)
    return scoped(doc, at, dep)


def _kind(doc: Document) -> object:
    return doc.data.get("kind") if isinstance(doc.data, Mapping) else None


def _carried(dep: Deployment, name: str) -> Deployment:
    """An engine of a Python module a ConfigMap carries and no command of its file runs (a Ray
    Serve application another file imports from the mounted ConfigMap): the module read as the
    ``.py`` file it is projected as (its own defaults, no cluster), as such a file of the
    repository is when linted itself."""
    note = f"engine built in the module {name} of a ConfigMap here, which no command here runs"
    prov = {**dep.provenance, "engine": f"{dep.provenance.get('engine', name)} in `{name}`"}
    return replace(dep, notes=(*dep.notes, note), provenance=prov)


def _chained(dep: Deployment, name: str, run: str) -> Deployment:
    note = (
        f"engine built in the script {name} of a ConfigMap here, run by the start command (`{run}`)"
    )
    prov = {
        **dep.provenance,
        "engine": f"{dep.provenance.get('engine', name)} in `{name}`, run by `{run}`",
    }
    return replace(dep, notes=(*dep.notes, note), provenance=prov)
