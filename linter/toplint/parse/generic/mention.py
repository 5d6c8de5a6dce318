"""A file that names an engine but from which no deployment was read: TL008, never silence
(issue 24: "a file that names an engine but yields no deployment is a finding"), for what the
command-line vocabulary of ``toplint.parse.mentions`` does not see.

Any text format: an image an engine's image was rebuilt as (``image: rocm/vllm:latest``, ``FROM
openeuler/vllm-ascend``, a chart's ``image:`` over ``repository: org/x-vllm-docker``;
``toplint.parse.generic.evidence.image``), as a registered engine image is; else a
``key: value`` / ``KEY=value`` / ``"key": "value",`` line or flow-mapping pair
(``toplint.parse.generic.pairs``) whose value selects an engine (``engine: sglang``;
``toplint.parse.generic.evidence.selector``), at info.  A Python
module's mentions are ``toplint.parse.generic.pymention``'s.
"""

from __future__ import annotations

import os
import re
from functools import cache

from toplint.accelerators import by_image
from toplint.engines.registry import all_engines
from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import load_documents
from toplint.model import ACCELERATOR_NOT_MODELLED, Finding, Severity
from toplint.parse.base import Source
from toplint.parse.generic import evidence as ev
from toplint.parse.generic.evidence import image, image_key, selector
from toplint.parse.generic.pairs import (
    ARG_KEY_VALUE,
    COMMENTED_KEY_VALUE,
    OPTION_VALUE,
    written_pairs,
)
from toplint.parse.generic.treewalk import results_named
from toplint.parse.mentions import named_engines, no_deployment, pattern_for
from toplint.parse.textpos import after_comment_mark, point_of

_NOT_ALNUM = lazy(r"[^a-z0-9]+")


@cache
def _engine_tokens() -> tuple[str, ...]:
    """Every engine's names, image names and server modules in lower case without separators:
    a value that selects an engine (``evidence.is_name``, ``evidence.module``) or an image of
    one (``evidence.image``) contains one of them."""
    tokens = {name for _, name, _ in ev.names()}
    for engine in all_engines():
        last = (i.repository.rsplit("/", 1)[-1] for i in engine.images)
        tokens.update(_NOT_ALNUM.sub("", name.lower()) for name in last)
        tokens.update(_NOT_ALNUM.sub("", m.lower()) for m in engine.modules)
    return tuple(sorted(t for t in tokens if t))


def may_name_engine(text: str) -> bool:
    """False when no value of ``text`` can select an engine or name an image of one, so
    ``selector_mention`` and ``image_mention`` would find nothing (a kserve/kserve@aaac4e29
    CustomResourceDefinition's lines were matched one by one: 1.6 s of regex work)."""
    flat = _NOT_ALNUM.sub("", text.lower())
    return any(token in flat for token in _engine_tokens())


def selector_mention(source: Source) -> Finding | None:
    """TL008 at info at the first ``key: value`` whose value selects an engine
    (``toplint.parse.generic.evidence.selector``: ``engine: sglang``, not ``api_key: vllm``);
    else at the first one a comment holds, which selects nothing (as ``engine_mention`` says of
    an engine command in a comment)."""
    text = source.text
    options = [
        m
        for rx in (OPTION_VALUE, ARG_KEY_VALUE)
        for m in rx.finditer(text)
        if ev.chooses_by_key(m.group(1))
    ]
    # An option or argument a comment writes (``# CHANGED vs baseline: ENGINE="sglang".``) is
    # prose about a run, not one: it counts only where no line outside a comment selects.
    noted = [m for m in options if after_comment_mark(text, m.start())]
    live = [m for m in options if m not in noted]
    pairs = [*written_pairs(text), *live]
    found = _selected_by(source, pairs)
    if found is not None or "#" not in text:
        return found
    commented = [*COMMENTED_KEY_VALUE.finditer(text), *noted]
    return _selected_by(source, commented, commented=True)


def value_engines(source: Source) -> frozenset[str]:
    """The engines ``source`` names outside comments only as values: selected (``ENGINE="vllm"``,
    ``--backend sglang``, as ``selector_mention`` reads them) or an engine's image given to a
    variable; empty when it also names an engine command or module, which may start one here."""
    text = source.text
    runs = (m for m in pattern_for(text).finditer(text) if not after_comment_mark(text, m.start()))
    if any(not (m.lastgroup or "").startswith("image") for m in runs):
        return frozenset()
    options = (m for rx in (OPTION_VALUE, ARG_KEY_VALUE) for m in rx.finditer(text))
    chosen = (m for m in options if ev.chooses_by_key(m.group(1)))
    pairs = [*written_pairs(text), *chosen]
    found = {engine for engine, _ in named_engines(text)}
    for m in pairs:
        if after_comment_mark(text, m.start()) or _chart_own_name(source, m):
            continue
        engine = selector(m.group(1), m.group(2)) or ev.module(m.group(2))
        found.update([engine] if engine is not None else [])
    return frozenset(found)


def _chart_own_name(source: Source, match: re.Match[str]) -> bool:
    """The top-level ``name:`` of an application chart's ``Chart.yaml`` (``templates/``
    beside it) is the chart's name, not a choice of engine: the chart's values and templates
    are read, and say what it deploys or why nothing was read (``name: vllm`` of
    inf-monkeys/helm-charts@6e6787b charts/vllm/Chart.yaml, whose values.yaml yields the
    deployment, drew a note that nothing was checked there).  A dependency's ``- name:`` is
    left to the reading: it names a chart the file installs."""
    if os.path.basename(source.path) != "Chart.yaml" or not match.group(0).startswith("name"):
        return False
    return os.path.isdir(os.path.join(os.path.dirname(source.path) or ".", "templates"))


def _selected_by(
    source: Source, pairs: list[re.Match[str]], commented: bool = False
) -> Finding | None:
    for match in sorted(pairs, key=lambda m: m.start(2)):
        key, value = match.group(1), match.group(2)
        if key == "name" and _chart_own_name(source, match):
            continue
        engine = selector(key, value) or ev.module(value)
        if engine is None:
            continue
        at = match.start(2)
        line, column = point_of(source.text, at)
        if commented:
            if not ev.chooses({key: value}, engine):
                continue  # ``# name: vllm`` labels something; ``# engine: vllm`` chose one
            why = (
                f"names the engine {engine} (`{key}: {value}`) only in a comment: "
                "nothing here runs it"
            )
            return no_deployment(
                source.path, line, column, why, anchor=f"comment:{engine}", severity=Severity.INFO
            )
        api = ev.API_BASE.search(source.text)
        measured = results_named(source.text)
        if api:
            lacking = (
                f"it calls a server at `{api.group()}` (an OpenAI-compatible API) and deploys none"
            )
        elif len(measured) == 2:
            shown = ", ".join(f"`{k}`" for k in measured)
            lacking = (
                f"it records a benchmark run's results ({shown}): it measured a server, "
                "it deploys none"
            )
        else:
            lacking = (
                "no engine command, options or model written beside it that toplint could read"
            )
        written = match.group(0).strip()
        # as the line has it: an option or a command's key=value argument, else `key: value`
        as_written = written.startswith("--") or match.re.pattern == ARG_KEY_VALUE.pattern
        shown = written if as_written else f"{key}: {value}"
        why = f"names the engine {engine} (`{shown}`) but yields no deployment: {lacking}"
        return no_deployment(
            source.path, line, column, why, anchor=f"selects:{engine}", severity=Severity.INFO
        )
    return None


# ``enable: false`` / ``enabled: false`` on a line of its own (``toplint.parse.generic.treewalk``
# reads nothing below it).
_SWITCH_OFF = lazy(r"^([ \t]*)(enabled?)[ \t]*:[ \t]*(false|False|FALSE)\b", re.MULTILINE)
_PARENT_KEY = lazy(r"^([ \t]*)(?:-[ \t]+)?([A-Za-z_][\w.-]{0,60})[ \t]*:")


def switched_off_mention(source: Source) -> Finding | None:
    """TL008 at info at the ``enable: false`` of a part whose key names an engine (MAGMA's
    ``vllm: {enable: false, ...}``, langtech-bsc/magma@9cb03cf4 config.yml) when nothing else
    was read: the part is not started, so nothing was checked - not silence."""
    text = source.text
    for m in _SWITCH_OFF.finditer(text):
        indent, head = len(m.group(1)), text[: m.start()]
        for line in reversed(head.splitlines()[-40:]):
            parent = _PARENT_KEY.match(line)
            if parent is None or len(parent.group(1)) >= indent:
                continue
            engine = ev.is_name(parent.group(2))
            if engine is None:
                break
            at = m.start(3)
            line_no, column = point_of(text, at)
            why = (
                f"configures the engine {engine} under `{parent.group(2)}:` but switches it off "
                f"(`{m.group(2)}: {m.group(3)}`): nothing starts it"
            )
            return no_deployment(
                source.path, line_no, column, why, anchor=f"off:{engine}", severity=Severity.INFO
            )
    return None


def allocation_mention(source: Source) -> Finding | None:
    """TL008 at info at an AReaL allocation a file writes (``rollout.backend=sglang:d1`` on the
    command line that starts the run: ``toplint.parse.generic.allocation``) when nothing here
    was read: the engine and its layout are chosen, its settings are in the run's config file."""
    from toplint.parse.generic.allocation import written

    found = written(source.text)
    if found is None:
        return None
    setting, at, components = found
    engine, tp, pp, dp = components[0]
    line, column = point_of(source.text, at)
    why = (
        f"selects the engine {engine} through AReaL's allocation `{setting}` ({dp} server(s) "
        f"of TP {tp} × PP {pp}) but yields no deployment: the engine's settings are in the "
        "run's config file (`--config`), which toplint reads where it is linted"
    )
    return no_deployment(
        source.path, line, column, why, anchor=f"allocation:{engine}", severity=Severity.INFO
    )


# ``image: repo/name:tag`` (any image key, ``toplint.parse.generic.evidence.image_key``) and a
# Dockerfile's ``FROM repo/name:tag``; linear patterns, one line each.
_IMAGE_LINE = lazy(
    r"""^[ \t]*(?:-[ \t]+)?["']?([A-Za-z_][\w.-]{0,40})["']?[ \t]*[:=][ \t]*["']?"""
    r"""((?:\$\{[\w.\-]{1,80}\}/)?\w[\w./:@-]{0,200})""",  # a templated registry first
    re.MULTILINE,
)
_FROM_LINE = lazy(r"^[ \t]*FROM[ \t]+(?:--\S+[ \t]+)*(\w[\w./:@-]{0,200})", re.MULTILINE)
# ``image:`` over ``repository: REF`` (the Helm values convention, a ``registry:`` or ``tag:``
# line allowed before it): the reference is on the repository line.
_IMAGE_BLOCK = lazy(
    r"""^([ \t]*)image[ \t]*:[ \t]*(?:#.*)?\n(?:\1[ \t]+(?:registry|tag|pullPolicy)\b.*\n){0,3}"""
    r"""\1[ \t]+(?:repository|repo)[ \t]*:[ \t]*["']?(\w[\w./:@-]{0,200})""",
    re.MULTILINE,
)


def image_mention(source: Source) -> Finding | None:
    """TL008 at the first image the file names that is an engine's (a vendor rebuild the
    registry does not list: ``openeuler/vllm-ascend``, ``rocm/vllm``)."""
    text = source.text
    # a bare name as a container's or service's ``image:`` (``image: ikki-spark-vllm``, a
    # compose service built from a Dockerfile the repository lacks: ikki-league/vllm-config
    # @766a0f78 docker-compose.yml, set 20) is an image; ``IMAGE=vllm`` in a script or a CI
    # workflow's ``IMAGE_NAME: huggingfaceserver`` (the name it publishes) may be a word
    found = [
        (m.start(2), m.group(2), m.group(1) == "image" and ":" in text[m.end(1) : m.start(2)])
        for m in _IMAGE_LINE.finditer(text)
        if image_key(m.group(1))
    ]
    found += [(m.start(1), m.group(1), False) for m in _FROM_LINE.finditer(text)]
    found += [(m.start(2), m.group(2), False) for m in _IMAGE_BLOCK.finditer(text)]
    others = _other_programs(source) if found else frozenset()
    for at, value, keyed in sorted(found):
        evidence = image(value, keyed=keyed)
        if evidence is None or value in others:
            continue
        line, column = point_of(text, at)
        accelerator = by_image(value)
        if accelerator is not None:  # read or not, it would be declined: that is the finding
            return ACCELERATOR_NOT_MODELLED.finding(
                source.path,
                line,
                column,
                f"not checked against hardware: the image `{value}` is a build of "
                f"{evidence.engine} for {accelerator.title}, which toplint's placement and cost "
                "model do not describe (the engine's arguments are not in this file)",
                anchor=f"image:{value}",
                data={"accelerator": accelerator.kind},
            )
        why = (
            f"names the image `{value}`, a build of {evidence.engine}, but yields no deployment: "
            "no container, service or CMD that gives the engine's arguments where toplint reads "
            "them"
        )
        return no_deployment(source.path, line, column, why, anchor=f"image:{value}")
    return _image_in_text(source, others)


def _other_programs(source: Source) -> frozenset[str]:
    """The images of the YAML file's containers whose ``command`` runs another program than the
    image's engine (``toplint.parse.generic.evidence.other_program``: ``vllm-router``)."""
    if not source.name.endswith((".yaml", ".yml")) or "command" not in source.text:
        return frozenset()
    out = set()
    try:
        documents = load_documents(source.text, source.path)
    except SourceError:  # a file that does not load names no container
        return frozenset()
    stack: list[object] = [doc.data for doc in documents]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            image_ref = node.get("image")
            if isinstance(image_ref, str) and ev.other_program(node.get("command")):
                out.add(image_ref)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(out)


# A tagged image reference anywhere in a line (``registry/repo:tag``), for text no key or FROM
# introduces: a ``docker run ... vllm/vllm-openai-rocm:v0.20.2`` in a YAML file's markdown guide
# (vllm-project/recipes@8959cf64 models/inclusionAI/Ling-2.6-flash.yaml:81).  Linear.
_IMAGE_REF = lazy(r"(?<![\w./:@-])((?:[\w.-]{1,100}/){1,4}[\w.-]{1,100}:[\w][\w.-]{0,127})")


def _image_in_text(source: Source, others: frozenset[str] = frozenset()) -> Finding | None:
    """TL008 at info at the first engine image written in the text outside any key: a file
    that names one is never silent, but nothing says the text runs it."""
    text = source.text
    offset = 0
    for row in text.split("\n"):  # only lines with a path and a tag are searched
        start, offset = offset, offset + len(row) + 1
        if "/" not in row or ":" not in row or row.lstrip().startswith("#"):
            continue  # a commented-out line runs nothing (a disabled RayService, all `#`)
        for match in _IMAGE_REF.finditer(row):
            ref = match.group(1)
            evidence = image(ref)
            if evidence is None or ref in others:
                continue
            line, column = point_of(text, start + match.start(1))
            why = (
                f"names the image `{ref}`, a build of {evidence.engine}, in its text but yields "
                "no deployment: no container, service or command toplint reads runs it"
            )
            return no_deployment(
                source.path, line, column, why, anchor=f"image:{ref}", severity=Severity.INFO
            )
    return None


def built_on_engine(source: Source) -> Finding | None:
    """TL008 at the first service that builds its image on an engine's (the target stage's
    ``FROM``: ``tritonserver:24.12-trtllm-python-py3``, ``vllm/vllm-openai``) when nothing was
    read from the file: the build's Dockerfile starts no command toplint reads (a server over a
    model repository, a script it does not follow), so the service was not checked, and a
    compose file naming only its own image (``image: triton-qwen3-8b:latest``) is never silent
    for it (open-world set 23: sriharshapy/NVIDIA_triton-trtllm-prometheus-k8s-@aa33db1e
    triton/docker-compose.yml)."""
    from toplint.parse.structured.composebuild import build_of, stage_of  # compose files only

    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return None
    for doc in docs:
        services = doc.data.get("services") if isinstance(doc.data, dict) else None
        for name, service in services.items() if isinstance(services, dict) else ():
            build = build_of(source.path, service) if isinstance(service, dict) else None
            if build is None or build.text is None:
                continue
            stage = stage_of(build.text, build.target)
            base = stage[0] if stage else None
            evidence = image(base) if base else None
            if evidence is None:
                continue
            at = doc.key_position(("services", name, "build"))
            why = (
                f"service `{name}` builds on the image `{base}` (`{build.ref}`), a build of "
                f"{evidence.engine}, but yields no deployment: its Dockerfile starts no engine "
                "command toplint reads"
            )
            return no_deployment(source.path, at.line, at.column, why, anchor=f"build:{name}")
    return None
