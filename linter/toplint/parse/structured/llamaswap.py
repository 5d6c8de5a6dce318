"""llama-swap configurations: each model's ``cmd`` is the program the proxy starts when a request
names the model (and stops when another is asked for, unless a group keeps several loaded).

What llama-swap does to a ``cmd`` before it runs it (mostlygeek/llama-swap@0bdb3720
internal/config): ``${env.NAME}`` is replaced from llama-swap's own environment first (load.go;
not known here, so the word is unresolved); comment lines are dropped (``StripComments``); the
``macros`` declared at the top and under the model (``models.<id>.macros``, a model's own
overriding a global of the same name in its place) are replaced from the last declared to the
first, so a macro's value may use one declared before it, with ``${MODEL_ID}`` the model's id
and ``${PORT}`` a port counted from ``startPort`` (5800) over the models, sorted by id, whose
``cmd`` asks for one (macros.go ``resolveConfigMacros``, ``mergeModelMacros``); a macro left
unresolved stops the load.  The result is split into words by POSIX shell-word rules and run
with no shell (commands.go ``SanitizeCommand``: shlex), so line breaks are spaces and the whole
``cmd`` is one program's argument vector.

Here each ``${...}`` is made an inert word of the same length before the ``cmd`` is lexed, so
positions stay those of the file; a word that is one macro becomes the words of the macro's
value, lexed where the macro is declared (a single word keeps its place and has its value at the
declaration, as a recipe default's does: ``value_at``), and a macro inside a word or quotes is
filled into that word's value.
"""

from __future__ import annotations

import re
from typing import Any

from toplint.infra.budgets import EXPANSION_DEPTH, meter
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, Finding, ParseResult, Position
from toplint.parse.base import Source
from toplint.parse.options import Arg
from toplint.record import record, replace

KIND = "llama-swap"
START_PORT = 5800  # llama-swap's default ``startPort``
_DEPTH = EXPANSION_DEPTH  # macros inside macros followed at most this deep
_MARK = lazy(r"^models:[ \t]*(?:#.*)?$", re.M)
_MACRO = lazy(r"\$\{([A-Za-z0-9_.-]{1,64})\}")
# An inert stand-in for the k-th ``${...}``: a start mark, k, and padding to the same length
# (private-use characters, which no shell reads as syntax and no config writes).
_TOKEN = lazy("\ue000([\ue100-\uefff])\ue001*")
_MAX_TOKENS = 0xEFFF - 0xE100
# Keys only a llama-swap configuration has at its top (config.go's Config fields).
_CONFIG_KEYS = frozenset(
    {"healthCheckTimeout", "startPort", "macros", "groups", "hooks", "globalTTL", "logLevel",
     "logToStdout", "metricsMaxInMemory", "includeAliasesInList", "sendLoadingState", "apiKeys",
     "matrix", "peers", "logTimeFormat", "captureBuffer", "unloadTimeout", "routing",
     "upstream"}
)  # fmt: skip
# Keys of a model that llama-swap reads (model_config.go's ModelConfig).
_MODEL_KEYS = frozenset(
    {"proxy", "cmdStop", "ttl", "checkEndpoint", "aliases", "unlisted", "useModelName",
     "filters", "concurrencyLimit", "macros", "sendLoadingState"}
)  # fmt: skip


@record
class Macro:
    text: str | None  # None: a value llama-swap takes from somewhere this file does not say
    rank: int  # its place in the model's macro list (-1: MODEL_ID and PORT, always replaced)
    at: tuple[str, ...] | None  # where it is declared (None: set by llama-swap)


class LlamaSwapParser:
    name = "llama-swap"

    def accepts(self, source: Source) -> bool:
        text = source.text
        return (
            source.name.endswith((".yaml", ".yml"))
            and "cmd:" in text
            and _MARK.search(text) is not None
        )

    def parse(self, source: Source) -> ParseResult:
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        for doc in load_documents(source.text, source.path):
            data = doc.data
            if not is_config(data):
                continue
            for model_id, scope in _scopes(data).items():
                reader = _Reader(source, doc, scope)
                argv = reader.words(data["models"][model_id]["cmd"], ("models", model_id, "cmd"))
                for words in reader.scripts(argv):
                    found, more = _deployments(words, source.path, model_id)
                    deployments.extend(found)
                    findings.extend(more)
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def is_config(data: Any) -> bool:
    """A llama-swap configuration: ``models`` whose entries have a ``cmd``, and a key only
    llama-swap writes (at the top or in a model)."""
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        return False
    models = [m for m in data["models"].values() if isinstance(m, dict)]
    if not any(isinstance(m.get("cmd"), str) for m in models):
        return False
    return bool(_CONFIG_KEYS & data.keys()) or any(_MODEL_KEYS & m.keys() for m in models)


def _declared(block: Any, at: tuple[str, ...]) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """(name, value as llama-swap writes it, where) of a ``macros`` mapping, in order."""
    if not isinstance(block, dict):
        return []
    return [(str(name), _scalar(value), (*at, str(name))) for name, value in block.items()]


def _scalar(value: Any) -> str | None:
    """A macro's value as Go's ``%v`` prints it (a mapping or a list is refused by llama-swap)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    if isinstance(value, (str, int, float)):
        return str(value)
    return None


def _scopes(data: dict[str, Any]) -> dict[str, dict[str, Macro]]:
    """Each model with a ``cmd``: the macros its values are filled from, ``PORT`` included."""
    models = {str(k): v for k, v in data["models"].items() if isinstance(v, dict)}
    scopes: dict[str, dict[str, Macro]] = {}
    for model_id, model in models.items():
        if not isinstance(model.get("cmd"), str):
            continue
        merged: list[tuple[str, str | None, tuple[str, ...] | None]] = [
            ("MODEL_ID", model_id, None)
        ]
        merged += _declared(data.get("macros"), ("macros",))
        for name, value, at in _declared(model.get("macros"), ("models", model_id, "macros")):
            k = next((i for i, m in enumerate(merged) if m[0] == name), None)
            if k is None:
                merged.append((name, value, at))
            else:
                merged[k] = (name, value, at)
        scopes[model_id] = {
            name: Macro(value, -1 if at is None else k, at)
            for k, (name, value, at) in enumerate(merged)
        }
    start = data.get("startPort", START_PORT)
    port = start if isinstance(start, int) and not isinstance(start, bool) else None
    for model_id in sorted(scopes):
        if "${PORT}" in _text(models[model_id]["cmd"], scopes[model_id], None, {}):
            scopes[model_id]["PORT"] = Macro(None if port is None else str(port), -1, None)
            port = None if port is None else port + 1
    return scopes


def _text(
    value: str, scope: dict[str, Macro], below: int | None, memo: dict[str, str], depth: int = 0
) -> str:
    """``value`` with the macros llama-swap replaces in it replaced, as text (what is left
    unresolved stays written as ``${name}``).  A macro sees only those declared before it, so
    the expansion ends; each is expanded once (``memo``) and its text charged to the file's
    budgets (``expansion-length``: macros that double each other)."""

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        macro = _visible(scope, name, below)
        if macro is None or macro.text is None or depth >= _DEPTH:
            return m.group(0)
        if name not in memo:
            memo[name] = meter().charge(_text(macro.text, scope, macro.rank, memo, depth + 1))
        return memo[name]

    return _MACRO.sub(one, value) if "${" in value else value


def _visible(scope: dict[str, Macro], name: str, below: int | None) -> Macro | None:
    """The macro ``name`` as a value of rank ``below`` sees it: llama-swap replaces the last
    declared first, so one declared after the value's own is never replaced in it."""
    macro = scope.get(name)
    if macro is None or (below is not None and 0 <= below <= macro.rank):
        return None
    return macro


class _Reader:
    def __init__(self, source: Source, doc: Any, scope: dict[str, Macro]) -> None:
        self.source = source
        self.doc = doc
        self.scope = scope
        self.texts: dict[str, str] = {}
        self.expanded: dict[str, list[Arg]] = {}

    def words(
        self, value: str, at: tuple[str, ...], below: int | None = None, depth: int = 0
    ) -> list[Arg]:
        """The words of a value at ``at`` (a ``cmd`` or a macro's), its macros filled: one
        program's arguments (llama-swap's shlex reads no operators and no line ends)."""
        commands = self._commands(value, self.doc.value_position(at), below, depth)
        return [word for command in commands for word in command]

    def scripts(self, argv: list[Arg], depth: int = 0) -> list[list[Arg]]:
        """The commands ``argv`` runs: itself, or the commands of the script a shell it starts
        is given (``bash -c "source venv/bin/activate && vllm serve ..."``), read as that shell
        reads it after llama-swap filled its macros."""
        from toplint.parse.invocation import shell_script

        at = shell_script(argv) if depth < 3 else None
        text = None if at is None else _written_script(argv[at].raw)
        if at is None or text is None:
            return [argv]
        quoted = argv[at].raw[:1] in ("'", '"')
        where = argv[at].position
        where = replace(where, column=where.column + (1 if quoted else 0))
        return [
            found
            for command in self._commands(text, where, None, 0)
            for found in self.scripts(command, depth + 1)
        ]

    def _commands(
        self, value: str, pos: Position, below: int | None, depth: int
    ) -> list[list[Arg]]:
        from toplint.parse.text.shellsrc import lex_embedded

        written = "\n".join(" " * len(ln) if ln.strip().startswith("#") else ln
                            for ln in value.split("\n"))  # fmt: skip
        masked, names = _masked(written)
        return [
            [word for arg in command for word in self._filled(arg, names, below, depth)]
            for command in lex_embedded(
                masked, {}, self.source.text, self.source.path, pos.line, pos.column,
                written=written,
            )
        ]  # fmt: skip

    def _filled(self, arg: Arg, names: list[str], below: int | None, depth: int) -> list[Arg]:
        raw = _unmasked(arg.raw, names)
        if arg.value is None or _TOKEN.search(arg.value) is None:
            return [replace(arg, raw=raw)]
        whole = _TOKEN.fullmatch(arg.value)
        if whole is not None and arg.raw == arg.value:  # a word that is one macro
            name = names[ord(whole.group(1)) - 0xE100]
            macro = _visible(self.scope, name, below)
            if macro is None or macro.text is None or depth >= _DEPTH:
                return [replace(arg, value=None, raw=raw, unresolved=(*arg.unresolved, raw))]
            if macro.at is None:
                return [replace(arg, value=macro.text, raw=raw)]
            if name not in self.expanded:  # a macro's words are the same wherever it is used
                self.expanded[name] = self.words(macro.text, macro.at, macro.rank, depth + 1)
            found = self.expanded[name]
            meter().count("shell-tokens", len(found))  # macros of macros multiply the words
            if len(found) == 1:  # in its place, its value where the macro is declared
                one = found[0]
                return [replace(one, position=arg.position, raw=raw, value_at=one.position)]
            return found
        text = _unmasked(arg.value, names)
        filled = _text(text, self.scope, below, self.texts, depth)
        if _MACRO.search(filled) is not None:
            return [replace(arg, value=None, raw=raw, unresolved=(*arg.unresolved, filled))]
        return [replace(arg, value=filled, raw=raw)]


def _written_script(raw: str) -> str | None:
    """The script a shell is given, as the word's text writes it (its macros still written):
    inside single quotes as it is, inside double quotes with the backslash escapes POSIX
    keeps there undone; a word that is partly quoted is not read."""
    if len(raw) >= 2 and raw[0] == raw[-1] == "'" and "'" not in raw[1:-1]:
        return raw[1:-1]
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        return re.sub(r'\\([\\"$`])', r"\1", raw[1:-1])
    return None if any(q in raw for q in "'\"\\") else raw


def _masked(text: str) -> tuple[str, list[str]]:
    """``text`` with each ``${...}`` an inert word of the same length, and the names in order."""
    names: list[str] = []

    def token(m: re.Match[str]) -> str:
        if len(names) >= _MAX_TOKENS:
            return m.group(0)
        names.append(m.group(1))
        return "\ue000" + chr(0xE100 + len(names) - 1) + "\ue001" * (len(m.group(0)) - 2)

    return _MACRO.sub(token, text), names


def _unmasked(text: str, names: list[str]) -> str:
    return _TOKEN.sub(lambda m: "${" + names[ord(m.group(1)) - 0xE100] + "}", text)


def _deployments(
    words: list[Arg], path: str, model_id: str
) -> tuple[list[Deployment], list[Finding]]:
    """The engine a model's ``cmd`` starts on llama-swap's host, as the shell reader reads a
    command there: a ``docker run`` of it is one host whose container sees the GPUs docker
    gives it, an engine's own command one host bounded by the devices it is given."""
    from toplint.parse.argv import deployment_from_invocation
    from toplint.parse.enginecfg import disk_loader, one_host
    from toplint.parse.invocation import find_invocations
    from toplint.parse.text.dockerrun import docker_run
    from toplint.parse.text.wrapped import as_wrapped

    if not words:
        return [], []
    loader = disk_loader(path)
    out: list[Deployment] = []
    findings: list[Finding] = []
    docker = docker_run(words)
    for inv in [docker] if docker is not None else find_invocations(words):
        at = inv.start.position
        kind = "docker-run" if inv is docker else KIND
        base = Deployment(path, at.line, at.column, engine="", model=None, source_kind=kind)
        if inv is docker:
            base = replace(base, nodes=1)
        dep, found = deployment_from_invocation(
            inv, path, source_kind=kind, base=base, config_loader=loader
        )
        if inv is docker:
            if dep.gpus_per_node is not None:
                dep = replace(dep, gpus=dep.gpus_per_node)
            if inv.via:
                dep, found = as_wrapped(dep, found, inv)
        else:
            dep = one_host(dep)
        note = f"llama-swap model {model_id!r}: started when a request names it"
        out.append(replace(dep, notes=(*dep.notes, note)))
        findings.extend(found)
    return out, findings
