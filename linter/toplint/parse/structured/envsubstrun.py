"""A Kubernetes manifest a script renders with ``envsubst`` (issue 24: script chains).

``envsubst < FILE | kubectl apply -f -``, ``envsubst '$A $B' < FILE``, ``cat FILE | envsubst``:
GNU gettext's envsubst(1) writes FILE with every ``$NAME`` and ``${NAME}`` replaced by the value
of the environment variable NAME (an unset one by nothing), or, given a SHELL-FORMAT argument,
only the variables that argument names (gnu.org/software/gettext/manual, "envsubst
Invocation").  The script's commands are run without executing anything
(``toplint.parse.text.shellrun``); at each ``envsubst`` the environment it would see is the
variables the script exported (``export NAME=…``, ``export NAME``, ``declare -x``, an
assignment inside ``set -a``) and the command's own prefix assignments (``NAME=… envsubst``).

The file (found relative to the script's folder and its ``cd``; a path whose start is unknown,
``"$REPO_ROOT/k8s/x.yaml"``, by its known tail from the script's folder up: inside the
repository only) is read as a Kubernetes manifest with those variables put in.  A variable the
script does not set stays unresolved, written for the manifest readers as a kubelet reference
``$(NAME)`` (``NAME.envsubst`` when a container's own ``env`` has a NAME), so what it sets is
reported unresolved and never guessed; a variable outside the SHELL-FORMAT list stays as
written, as envsubst leaves it.  Positions are the manifest's own: every value keeps the place
of the scalar it was substituted into.  Each deployment is placed on the script's
``envsubst`` command and names the chain (as ``toplint.parse.structured.composerun`` does).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import read_first
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, Finding, ParseResult, Unresolved
from toplint.parse.base import Source
from toplint.parse.text.expand import expand_text
from toplint.parse.text.shell import Tok, Word, tokens_of
from toplint.parse.text.shellrun import Interpreter
from toplint.parse.text.sourcemap import masked_templates
from toplint.record import replace

_ASSIGNMENT = lazy(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)
_REFERENCE = lazy(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
_INPUT = lazy(r"(?<![<])<(?![<(])[ \t]*(\"[^\"]*\"|'[^']*'|[^\s;&|<>]+)")
_LEFT = lazy(r"\$\(([A-Za-z_][A-Za-z0-9_]*)(?:\.envsubst)?\)")  # written by ``_substituted``
_MANIFESTS = (".yaml", ".yml", ".json")
_MAX_PARENTS = 3
MAX_RENDERS = 16
MAX_FILE_BYTES = 1024 * 1024


class Render:
    """One ``envsubst`` the script runs: the file it reads (as written), the variables it
    sees, the names its SHELL-FORMAT limits it to (None: all), where it is written."""

    def __init__(
        self, target: str, env: dict[str, str], only: frozenset[str] | None, word: Word
    ) -> None:
        self.target = target
        self.env = env
        self.only = only
        self.word = word


class _Recorder(Interpreter):
    """The script's interpreter, noting exports and each ``envsubst`` with what it sees."""

    def __init__(self, env: Mapping[str, str], text: str, **kw: Any) -> None:
        super().__init__(env, **kw)
        self.lines = text.split("\n")
        self.exports: set[str] = set()
        self.allexport = False
        self.renders: list[Render] = []

    def _command(self, words: list[Word], stdin: Tok | None = None, **how: Any) -> None:
        values = [w.value or "" for w in words]
        head = next((i for i, v in enumerate(values) if not _ASSIGNMENT.match(v)), len(words))
        name = values[head] if head < len(words) else ""
        if name in ("export", "declare", "typeset") and (name == "export" or "-x" in values):
            self.exports.update(m.group(1) for v in values[1:] if (m := _ASSIGNMENT.match(v)))
            self.exports.update(v for v in values[1:] if v.isidentifier())
        elif name == "set" and head + 1 < len(values) and values[head + 1] in ("-a", "+a"):
            self.allexport = values[head + 1] == "-a"
        elif head == len(words) and self.allexport:
            self.exports.update(m.group(1) for v in values if (m := _ASSIGNMENT.match(v)))
        elif name == "envsubst" and len(self.renders) < MAX_RENDERS:
            self._envsubst(words, head)
        super()._command(words, stdin, **how)

    def _envsubst(self, words: list[Word], head: int) -> None:
        env = {k: v for k, v in self.expander.env.items() if k in self.exports}
        for word in words[:head]:
            m = _ASSIGNMENT.match(word.value or "")
            if m is not None:
                env[m.group(1)] = m.group(2)
        rest = [w for w in words[head + 1 :] if w.value is not None]
        if any((w.value or "").startswith("-") for w in rest):
            return  # ``--variables``/``--help``: prints, substitutes nothing
        formats = [w.value or "" for w in rest if "$" in (w.value or "")]
        named = (n for f in formats for m in _REFERENCE.finditer(f) for n in m.groups())
        only = frozenset(n for n in named if n)
        target = self._input(words[head]) or self._piped_cat(words[head])
        if target:
            self.renders.append(Render(target, env, only if formats else None, words[head]))

    def _input(self, word: Word) -> str | None:
        """The file a ``< FILE`` redirection on the command's line gives it, expanded."""
        line = self.lines[word.line - 1] if 0 < word.line <= len(self.lines) else ""
        rest = line[word.column - 1 :]
        end = min((rest.find(c) for c in "|;&" if c in rest), default=len(rest))
        m = _INPUT.search(rest[:end])
        if m is None:
            return None
        return _expanded(m.group(1), self.expander.env)

    def _piped_cat(self, word: Word) -> str | None:
        """The one file a ``cat FILE |`` just before it on the same line reads."""
        if not self.commands:
            return None
        last = self.commands[-1].words
        files = [w for w in last[1:] if not (w.value or "").startswith("-")]
        if not last or last[0].value != "cat" or len(files) != 1 or last[-1].line != word.line:
            return None
        line = self.lines[word.line - 1]
        between = line[last[-1].column - 1 + len(last[-1].raw) : word.column - 1]
        return _expanded(files[0].raw, self.expander.env) if between.strip() == "|" else None


def _expanded(raw: str, env: Mapping[str, str]) -> str:
    """A redirection target with the variables the script knows put in; an unknown start
    stays as written (its known tail is looked for: ``_find``)."""
    text = raw[1:-1] if len(raw) > 1 and raw[0] == raw[-1] and raw[0] in "'\"" else raw
    if raw.startswith("'"):
        return text
    value, _ = expand_text(text, env)
    return value if value is not None else text


def renders(source: Source) -> list[Render]:
    """Every ``envsubst`` a script runs that reads a file."""
    from toplint.parse.text.sourced import sourced_loader

    text = masked_templates(source.text)
    recorder = _Recorder({}, text, loader=sourced_loader(source.path))
    try:
        recorder.run(tokens_of(text))
    except (SourceError, RecursionError):
        return []
    return recorder.renders


def envsubst_deployments(source: Source) -> ParseResult | None:
    """The deployments of the manifests a script renders with ``envsubst``, or None."""
    from toplint.parse.text.shellsrc import chained_deployment

    found: list[Deployment] = []
    findings: list[Finding] = []
    for render in renders(source):
        loaded = _find(source.path, render.target)
        if loaded is None:
            continue
        path, text = loaded
        deps, more = _manifest(path, text, render)
        shown = f"envsubst < {render.target}"
        via = f"`{shown}` at line {render.word.line} ({path.rsplit('/', 1)[-1]})"
        for dep in deps:
            dep = chained_deployment(_model_unresolved(dep), (via,))
            line, column = render.word.line, render.word.column
            found.append(replace(dep, path=source.path, line=line, column=column))
        findings.extend(more)
    return ParseResult(source.path, tuple(found), tuple(findings)) if found else None


def _find(script: str, target: str) -> tuple[str, str] | None:
    """The file ``target`` names, relative to the script's folder; one whose start is unknown
    (``$ROOT/k8s/x.yaml``) by its literal tail from the script's folder up a few parents."""
    if not target.endswith(_MANIFESTS) or script in ("-", "<stdin>"):
        return None
    refs = [target]
    if "$" in target:
        tail = target[max(target.rfind("}"), target.rfind("$")) :].split("/", 1)
        if len(tail) < 2 or not tail[1]:
            return None
        refs = [posixpath.join("../" * up, tail[1]) for up in range(_MAX_PARENTS + 1)]
    return read_first(script, refs, MAX_FILE_BYTES)


def _manifest(path: str, text: str, render: Render) -> tuple[list[Deployment], list[Finding]]:
    from toplint.parse.k8s.context import Ctx
    from toplint.parse.k8s.generic import resource_deployments
    from toplint.parse.k8s.manifest import looks_like_k8s
    from toplint.parse.multinode import one_per_instance

    if not looks_like_k8s(text):
        return [], []
    try:
        docs = load_documents(text, path)
    except (SourceError, RecursionError):
        return [], []
    rendered = [replace(d, data=_substituted(d.data, render, _env_names(d.data))) for d in docs]
    configmaps: dict[str, tuple[Document, Path]] = {}
    for doc in rendered:
        data = doc.data if isinstance(doc.data, dict) else {}
        meta = data.get("metadata")
        if data.get("kind") == "ConfigMap" and isinstance(meta, dict):
            configmaps[str(meta.get("name", ""))] = (doc, ("data",))
    source = Source.from_text(path, text)
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for doc in rendered:
        if isinstance(doc.data, dict):
            ctx = Ctx(source, doc, configmaps, documents=rendered)
            deployments.extend(resource_deployments(ctx))
            findings.extend(ctx.findings)
    return list(one_per_instance(deployments)), findings


def _substituted(data: Any, render: Render, taken: frozenset[str]) -> Any:
    if isinstance(data, dict):
        return {k: _substituted(v, render, taken) for k, v in data.items()}
    if isinstance(data, list):
        return [_substituted(v, render, taken) for v in data]
    if not isinstance(data, str) or "$" not in data:
        return data

    def put(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2)
        if render.only is not None and name not in render.only:
            return m.group(0)  # not in the SHELL-FORMAT: envsubst leaves it
        if name in render.env:
            return render.env[name]
        return f"$({name}.envsubst)" if name in taken else f"$({name})"

    return _REFERENCE.sub(put, data)


def _model_unresolved(dep: Deployment) -> Deployment:
    """A model written with a variable the script leaves unset (``hf://${VLLM_MODEL}`` in a
    field the kubelet does not expand, so the reader took the text as it is) is unresolved."""
    found = _LEFT.search(dep.model or "")
    if found is None:
        return dep
    at = dep.sources.get("model") or dep.position_of("model")
    missing = Unresolved("model", found.group(1), at)
    return replace(dep, model=None, unresolved=(*dep.unresolved, missing))


def _env_names(data: Any) -> frozenset[str]:
    """The names a container ``env`` list of the document defines (a kubelet reference to one
    would take its value)."""
    out: set[str] = set()
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, level = stack.pop()
        if level > 32:
            continue
        if isinstance(node, dict):
            env = node.get("env")
            for item in env if isinstance(env, list) else []:
                if isinstance(item, dict) and isinstance(item.get("name"), str):
                    out.add(item["name"])
            stack.extend((v, level + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, level + 1) for v in node)
    return frozenset(out)
