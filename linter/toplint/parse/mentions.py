"""A file that names an engine (its command, ``python -m`` module or image) but from which no
parser built a deployment: TL008, so the run never ends green on a file it could not read.

What counts as naming an engine comes from the engine registry (``Engine.launches``,
``Engine.modules``, ``Engine.images``), so a plugin engine is covered too.  A command is named
in any file type's spelling: words on a command line, items of an argument list (``["vllm",
"serve", ...]`` in JSON, TOML or Python, ``- vllm`` / ``- serve`` in a YAML list).  Where the
only mentions are in comments, or the file only selects an engine by a value (``engine:
sglang``, ``BACKEND=vllm``, ``"backend": "vllm"``), the finding is at info: nothing runs there,
and nothing was checked.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from toplint.engines.registry import all_engines
from toplint.infra.patterns import lazy
from toplint.model import NO_DEPLOYMENT_FOUND, Finding, Severity
from toplint.parse.base import SHELL_SUFFIXES, Source, is_template
from toplint.parse.textpos import after_comment_mark, point_of

# What the file lacked, by what named the engine.
_LACKING = {
    "command": "no engine command line toplint could read (a command inside a function that is "
    "never called, a heredoc or a string is not run)",
    "module": "no `python -m` command line toplint could read",
    "image": "no container, service or CMD that gives the engine's arguments where toplint "
    "reads them (`args`, `command`, compose `command`, Dockerfile CMD/ENTRYPOINT)",
}


# ``-m`` and what may stand between it and the module: quotes, commas, blanks, a list dash.
_DASH_M = r"(?<![\w-])-m[\"']?(?:[\s,]*-\s)?[\s,]*[\"']?"
# Where an image name may start: not inside a longer name (``my-vllm/vllm-openai``,
# ``ghcr.io/x/vllm/vllm-openai``), but after the ``:-`` of a shell default,
# ``"${SGLANG_IMAGE:-lmsysorg/sglang:dev-arm64}"`` (TonyLi15/sglang-benchmark@88642505
# scripts/00_common.sh:10, settings the launch scripts source; bash(1) "Parameter Expansion").
_IMAGE_START = r"(?<![\w.])(?<!(?<!:)-)"
# What stands between two words of a command: blanks on a command line; a closing quote, a
# comma and an opening quote in an argument list; a newline and a dash in a YAML list.
_SEP = r"""["']?(?:\s*,\s*|\s+)(?:-\s+)?["']?"""


@cache
def _alternatives() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """(kind, regex, engine, anchors) for every engine's commands, modules and images, longest
    first; each regex matches only where one of its ``anchors`` (literal words) stands."""
    alternatives: list[tuple[str, str, str, tuple[str, ...]]] = []
    for engine in all_engines():
        for launch in engine.launches:
            words = _SEP.join(re.escape(w) for w in launch.words)
            anchor = (launch.words[0],)
            alternatives.append(("command", rf"(?<![\w.-]){words}(?![\w-])", engine.name, anchor))
        for module in engine.modules:
            # Run as a module: after ``-m``, on a command line or as the next item of an
            # argument list (``"-m", "vllm..."``, ``- -m`` / ``- vllm...``).  The same word
            # in a path or an image name (``python/huggingfaceserver/**``) runs nothing.
            rx = rf"{_DASH_M}{re.escape(module)}(?![\w./-])"
            alternatives.append(("module", rx, engine.name, (module,)))
        images = [i for i in engine.images if not i.tag_flavour]
        if images:  # one alternative per engine: the pattern's cost grows with their number
            names = sorted((i.repository for i in images), key=len, reverse=True)
            rx = rf"{_IMAGE_START}(?:{'|'.join(re.escape(n) for n in names)})(?![\w/-])"
            alternatives.append(("image", rx, engine.name, tuple(names)))
        for i in engine.images:  # a server image only its tag's flavour ties to the engine:
            if i.tag_flavour:  # ``tritonserver:25.12-trtllm-python-py3`` (bounded, linear)
                flavour = rf"(?:[\w.]{{1,40}}-){{0,6}}{re.escape(i.tag_flavour)}(?![\w.])"
                rx = rf"{_IMAGE_START}{re.escape(i.repository)}:{flavour}"
                alternatives.append(("image", rx, engine.name, (i.repository,)))
    alternatives.sort(key=lambda a: -len(a[1]))
    return tuple(alternatives)


@cache
def pattern() -> re.Pattern[str]:
    """One alternation of every engine's commands, modules and images (longest first)."""
    return _subset(tuple(range(len(_alternatives()))))


def pattern_for(text: str) -> re.Pattern[str]:
    """``pattern()`` less the alternatives whose anchors ``text`` lacks: the same matches in
    ``text`` (an alternative cannot match where its literal words are absent), found in a
    fraction of the time (a Python alternation tries every branch at every character: 2 s on
    a 2.7 MB CustomResourceDefinition, kserve/kserve@aaac4e29)."""
    present = tuple(
        i for i, alt in enumerate(_alternatives()) if any(word in text for word in alt[3])
    )
    return _subset(present)


@lru_cache(maxsize=64)
def _subset(present: tuple[int, ...]) -> re.Pattern[str]:
    """The alternation of the alternatives numbered ``present``, with their group names."""
    alternatives = _alternatives()
    groups = [f"(?P<{alternatives[i][0]}{i}>{alternatives[i][1]})" for i in present]
    return re.compile("|".join(groups) or r"(?!)")


@cache
def _group_engine() -> dict[str, str]:
    return {f"{kind}{i}": engine for i, (kind, _, engine, _) in enumerate(_alternatives())}


def named_engines(text: str) -> list[tuple[str, str]]:
    """(engine, the words naming it) for each engine command, module or image ``text`` names
    outside a comment (a chart template, a script)."""
    out: list[tuple[str, str]] = []
    for match in pattern_for(text).finditer(text):
        if after_comment_mark(text, match.start()):
            continue
        engine = _group_engine().get(match.lastgroup or "")
        if engine is not None:
            out.append((engine, spelled(re.sub(_DASH_M, "", match.group(), count=1))))
    return out


def named_by(match: re.Match[str]) -> str:
    """The words a match of ``pattern()`` names (a module without its ``-m``)."""
    found = match.group()
    if (match.lastgroup or "").startswith("module"):
        found = re.sub(_DASH_M, "", found, count=1)
    return spelled(found)


def spelled(found: str) -> str:
    """The words of a command as a command line writes them (``"vllm", "serve"`` -> ``vllm
    serve``)."""
    return " ".join(w for w in re.split(r"""[\s"',]+""", found) if w and w != "-")


def engine_mention(source: Source) -> Finding | None:
    """TL008 at the first engine command, module or image the file names outside a comment;
    at info, at the first one a comment names (a value selecting an engine, ``engine: sglang``,
    is ``toplint.parse.generic.mention.selector_mention``)."""
    text = source.text
    commented: re.Match[str] | None = None
    for match in pattern_for(text).finditer(text):
        if after_comment_mark(text, match.start()):
            commented = commented or match  # a comment names it; nothing runs it
            continue
        return _mention(source, match)
    if commented is not None:
        return _mention(source, commented, in_comment=True)
    return None


def _mention(source: Source, match: re.Match[str], *, in_comment: bool = False) -> Finding:
    text = source.text
    kind = (match.lastgroup or "command").rstrip("0123456789")
    found = match.group()
    if kind == "module":  # reported at the module, not at its ``-m``
        found = re.sub(_DASH_M, "", found, count=1)
    at = match.end() - len(found)
    line, column = point_of(text, at)
    named = spelled(found)
    if in_comment:
        why = f"names the engine {kind} `{named}` only in a comment: nothing here runs it"
        return no_deployment(
            source.path, line, column, why, anchor=f"comment:{named}", severity=Severity.INFO
        )
    schema = _schema_kind(source, text)
    if schema:
        why = f"names the engine {kind} `{named}` in {schema}: nothing here runs it"
        return no_deployment(
            source.path, line, column, why, anchor=f"schema:{named}", severity=Severity.INFO
        )
    table = _image_table(text, match.start()) if kind == "image" else None
    if table is not None:
        why = (
            f"lists the engine image `{named}` in a table of images chosen by name "
            f"(`{table}`): an operator's setting, nothing here runs it"
        )
        return no_deployment(
            source.path, line, column, why, anchor=f"images:{named}", severity=Severity.INFO
        )
    variable = _assigned_to(text, at) if kind == "image" else None
    if variable is not None:
        why = (
            f"sets `{variable}` to the engine image `{named}`, and no command here runs it (a "
            "script that sources this file, or the caller, may)"
        )
        return no_deployment(
            source.path, line, column, why, anchor=f"variable:{named}", severity=Severity.INFO
        )
    lacking = _LACKING[kind]
    if _templated(source, text, match.start()):
        lacking = (
            "it is a template ({{ … }}): check what it renders to "
            "(e.g. `helm template … | toplint check -`)"
        )
    return no_deployment(
        source.path,
        line,
        column,
        f"names the engine {kind} `{named}` but yields no deployment: {lacking}",
        anchor=f"mention:{named}",
    )


# A shell variable an image at the end of the text is assigned to, or the default of:
# ``VLLM_IMAGE=vllm/vllm-openai:…``, ``export IMAGE="…``, ``: "${VLLM_IMAGE:=vllm/vllm-openai:…``
# (tonyd2wild/Qwen3.8-27B-AutoRound-W4A16-2x3090@bfa25155 scripts/lib.sh:21, a library the
# scripts that start the engine source).
_VARIABLE_BEFORE = lazy(
    r"(?:^|[\s;])(?:export[ \t]+)?([A-Za-z_]\w*)=[\"']?$|\$\{([A-Za-z_]\w*):?[-=][\"']?$"
)


def _assigned_to(text: str, at: int) -> str | None:
    """The variable the image starting at ``at`` is the value or default of, if any."""
    start = text.rfind("\n", 0, at) + 1
    m = _VARIABLE_BEFORE.search(text[max(start, at - 200) : at])
    return (m.group(1) or m.group(2)) if m else None


# ``  nvidia-gpu: "vllm/vllm-openai:v0.8.3"``: a YAML key and the value that starts at the match.
_KEY_BEFORE = lazy(r"^(\s*)([\w.-]+)\s*:\s*[\"']?$")


def _image_table(text: str, at: int) -> str | None:
    """The path of the table an engine image at ``at`` is an entry of, when it is one: the
    value of a key (``default:``, ``nvidia-gpu:``) in a mapping whose own key is ``images`` —
    an operator's catalog of the images it starts by name (substratusai/kubeai@2f32ef4
    charts/kubeai/values.yaml ``modelServers.VLLM.images``), which deploys nothing."""
    start = text.rfind("\n", 0, at) + 1
    entry = _KEY_BEFORE.match(text[start:at])
    if entry is None:
        return None
    indent = len(entry.group(1))
    keys: list[str] = []
    end = start - 1
    while end > 0 and indent > 0:  # each line above indented less: a key of the entry's path
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end]
        end = begin - 1
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(line) - len(stripped) < indent:
            if not stripped.rstrip().endswith(":"):
                break
            keys.insert(0, stripped.split(":", 1)[0].strip().strip("\"'-").strip())
            indent = len(line) - len(stripped)
    if not keys or keys[-1].lower() != "images":
        return None
    return ".".join(keys)


# A Kubernetes CustomResourceDefinition: ``kind: CustomResourceDefinition`` at a document's top
# level, its schema under ``openAPIV3Schema``.
_CRD = lazy(r"^kind:[ \t]*[\"']?CustomResourceDefinition\b", re.MULTILINE)


def _schema_kind(source: Source, text: str) -> str:
    """What describes settings here, or "": a JSON Schema (named ``*.schema.json``, as Helm's
    values.schema.json is, or declaring ``"$schema"`` among its first keys), or a Kubernetes
    CustomResourceDefinition, whose ``openAPIV3Schema`` documents an operator's fields
    (nebari-dev/llm-serving-pack@50253626 charts/nebari-llm-serving/crds/llmmodel-crd.yaml: the
    ``serving.command`` field's description names vLLM's default ``python3 -m
    vllm.entrypoints.openai.api_server``).  Both name images and commands as defaults, choices
    and prose, and deploy nothing."""
    name = source.name.rsplit("/", 1)[-1]
    if name.endswith(".schema.json") or (name.endswith(".json") and '"$schema"' in text[:2000]):
        return "a JSON Schema, which describes settings (a Helm chart's values.schema.json)"
    if "openAPIV3Schema" in text and _CRD.search(text):
        return "a CustomResourceDefinition's schema, which describes an operator's settings"
    return ""


def _templated(source: Source, text: str, at: int) -> bool:
    """The mention is in template markup that renders before the file is read.  A shell
    script's ``{{`` is usually a Go-template format it passes to a tool (``docker inspect
    --format '{{.Id}}'``), so there only a ``.j2`` script or markup on the mention's own line
    counts."""
    if not is_template(text):
        return False
    if not source.name.endswith(SHELL_SUFFIXES):
        return True
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    return "{{" in text[start : end if end != -1 else len(text)]


def no_deployment(
    path: str,
    line: int,
    column: int,
    why: str,
    *,
    anchor: str,
    severity: Severity | None = None,
) -> Finding:
    """TL008 at ``line``:``column``: ``why`` says what was named and what was lacking;
    ``severity`` (else the rule's warning) is info where the name starts nothing here."""
    return NO_DEPLOYMENT_FOUND.finding(
        path, line, column, f"{why}; nothing here was checked", anchor=anchor, severity=severity
    )


def entrypoint_note(path: str, line: int, column: int, engine: str, why: str) -> Finding:
    """TL008 at info for an engine an entrypoint (an image's ENTRYPOINT, a script forwarding
    its arguments) starts with what its callers give: the deployment is checked there."""
    return no_deployment(
        path, line, column, why, anchor=f"entrypoint:{engine}", severity=Severity.INFO
    )


@cache
def _word_pattern() -> re.Pattern[str]:
    """An engine's own command word or package, as code spells it: the first word of each of its
    launch commands followed by a sub-command or a module path (``lmdeploy serve proxy``,
    ``vllm bench``), or its package followed by a module path (``python -m
    vllm.entrypoints.cli.main``, ``atom.entrypoints``).  Prose (``the vLLM models``), a value that
    is only the word (``api_key="vllm"``, ``served_model_name: vllm``, ``infer_backend=vllm
    vllm_maxlen=8192``: a key's value before the next argument) and an engine name that is
    no command followed by a word (``atom shares``, ``tgi engine``: ATOM has no console script,
    TGI's is ``text-generation-launcher``) name none, nor does a file in a path
    (``/home/u/vllm.env``, keeratita/GX10-vLLM-Cluster@4ef2afb0 switch-model.sh: no module)."""
    commands, packages = _command_words(), _package_words()
    command = "|".join(re.escape(w) for w in commands)
    package = "|".join(re.escape(w) for w in packages)
    return re.compile(
        rf"(?<![\w.=-])(?:(?:{command})[ \t]+[a-z][\w-]*"
        rf"|(?<!/)(?:{command}|{package})\.[A-Za-z_]\w*)"
    )


@cache
def _command_words() -> tuple[str, ...]:
    """The launch commands' first words, longest first."""
    words = {launch.words[0] for e in all_engines() for launch in e.launches if launch.words}
    return tuple(sorted(words, key=len, reverse=True))


@cache
def _package_words() -> tuple[str, ...]:
    """The engines' names that are also the first part of one of their modules (their Python
    package), longest first; for a name that is an everyday word (``Engine.common_word``) its
    package with the first subpackage of one of its modules (``atom.entrypoints``): ``atom.xml``
    in a feed list (mavlite/local-gpu-cluster@7661c428 scripts/rag/sources.yaml) is no module."""
    words = {
        # an everyday word's engine by its package and first subpackage (``atom.entrypoints``)
        ".".join(m.split(".")[:2]) if e.common_word else e.name
        for e in all_engines()
        for m in e.modules
        if m.split(".")[0] == e.name
    }
    return tuple(sorted(words, key=len, reverse=True))


# A container or compose service the Docker command before a word acts on (``docker compose exec
# lmdeploy bash``, ``docker logs -f vllm``): a name the user gave, not the engine's command
# (g3n1k/lmdeploy-api@925bf98 Makefile).
_CONTAINER_VERB = lazy(
    r"\bdocker(?:[ -]compose)?(?:\s+-{1,2}[\w-]+(?:[ =][^\s-]\S*)?)*\s+"
    r"(?:exec|logs|restart|stop|start|kill|attach|rm|top|port|cp|pause|unpause)"
    r"(?:\s+-{1,2}[\w-]+(?:=\S+)?)*\s+$"
)


def _container_named(text: str, match: re.Match[str]) -> bool:
    start = text.rfind("\n", 0, match.start()) + 1
    return _CONTAINER_VERB.search(text[start : match.start()]) is not None


def word_mention(source: Source) -> Finding | None:
    """TL008 at info at the first engine command word or package path (``_word_pattern``) in a
    file from which nothing was read and in which no narrower test above found an engine: a
    sub-command that serves nothing (``lmdeploy serve proxy``), a module the registry does not
    list.  The file was read and nothing in it was checked; saying so is never silence (issue
    24)."""
    if not any(word in source.text for word in (*_command_words(), *_package_words())):
        return None  # the pattern's alternation tried at every character finds nothing either
    match = next(
        (m for m in _word_pattern().finditer(source.text) if not _container_named(source.text, m)),
        None,
    )
    if match is None:
        return None
    line, column = point_of(source.text, match.start())
    named = match.group()
    why = (
        f"names `{named}` but toplint read no deployment and found no engine command it "
        "serves with, module or image here"
    )
    return no_deployment(
        source.path, line, column, why, anchor=f"word:{named}", severity=Severity.INFO
    )
