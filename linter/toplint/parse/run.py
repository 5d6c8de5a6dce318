"""Run the right parser over one source; a file that cannot be parsed becomes TL001."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from toplint.errors import RefusedYaml, SourceError
from toplint.infra.budgets import new_file
from toplint.infra.yamlsafe import syntax_error
from toplint.model import (
    ACCELERATOR_NOT_MODELLED,
    NO_DEPLOYMENT_FOUND,
    REFERENCE_OUTSIDE_REPOSITORY,
    UNPARSABLE_FILE,
    ParseResult,
    Severity,
    internal_error,
    unparsable,
)
from toplint.parse.base import SHELL_SUFFIXES, Parser, Source, fills_lines, is_template
from toplint.parse.fallback import (
    DATA_PARSERS,
    HCL_SUFFIXES,
    KUSTOMIZATIONS,
    commands_anywhere,
    compose_runs,
    embedded_scripts,
    envsubst_files,
    hcl_blocks,
    options_anywhere,
    overlay,
    python_apps,
    python_runs,
    ray_modules,
    script_runs,
)
from toplint.parse.generic.chartdir import chart_above, rendered_none
from toplint.parse.testcode import is_chart_test, is_test_code
from toplint.parse.text.jinjayaml import yaml_rendered
from toplint.record import replace

if TYPE_CHECKING:
    from toplint.model import Deployment, Finding


def choose(source: Source, parsers: Sequence[Parser]) -> Parser | None:
    for parser in parsers:
        if parser.accepts(source):
            return parser
    return None


def parse_source(source: Source, parsers: Sequence[Parser]) -> ParseResult:
    """Deployments of one file.  Never raises for bad input."""

    new_file()  # the file's expansion budget (toplint.infra.budgets)
    source = yaml_rendered(source)  # an Ansible `x.yaml.j2` as its role renders it
    if is_test_code(source.name) or is_chart_test(source):
        return ParseResult(source.path, (), ())  # a test's engine calls deploy nothing
    parser = choose(source, parsers)
    if _maybe_chart(source) and (parser is None or parser.name != "helm-values"):
        # (a chart with its own reader keeps it; imported for a chart's files only)
        from toplint.parse.generic.helmchart import chart_template, chart_values

        if chart_template(source.path):
            return ParseResult(source.path)  # read as its chart's values render it
        folder = chart_values(source)
        if folder is not None:
            return _chart(source, folder, parsers, parser)
    return _plain(source, parsers, parser)


# Findings that already say a rendered chart's engine was not read (TL008) or not modelled (TL011).
_SAYS_NOT_READ = frozenset({NO_DEPLOYMENT_FOUND.code, ACCELERATOR_NOT_MODELLED.code})


def _maybe_chart(source: Source) -> bool:
    """A values file, a file under ``templates/`` or a YAML file inside a chart's folder (a
    values overlay, ``overrides/models/x.yaml``): what a Helm chart's reader looks at."""
    name = source.name
    if "/templates/" in "/" + source.path.replace(os.sep, "/"):
        return True
    if not name.endswith((".yaml", ".yml")):
        return False
    if "values" in name:
        return True
    return chart_above(source.path) is not None  # a few stat calls, remembered per folder


def _chart(
    source: Source, folder: str, parsers: Sequence[Parser], parser: Parser | None
) -> ParseResult:
    """A chart's values, read as the chart's templates render them
    (``toplint.parse.generic.helmchart``; ``folder``: the chart's, from the values file's);
    as plain values when no template could be."""
    from toplint.parse.generic.helmchart import rendered_deployments

    try:
        (deployments, findings), rendered = rendered_deployments(source, folder)
    except SourceError as exc:  # what a reader of a rendered resource rejects and did not place
        bad = unparsable(source.path, f"{exc} (as the chart renders it)", exc.line, exc.column)
        return ParseResult(source.path, (), (bad,))
    except RecursionError:
        return ParseResult(source.path, (), (unparsable(source.path, "nested too deeply"),))
    except Exception as exc:  # a reader's bug must not lose the other files' findings
        if os.environ.get("TOPLINT_DEBUG"):
            raise
        crash = internal_error(source.path, 1, 1, "the Helm chart reader", exc)
        return ParseResult(source.path, (), (crash,))
    if rendered and deployments:
        return _identify_models(
            source, ParseResult(source.path, tuple(deployments), tuple(findings))
        )
    if rendered:  # the chart runs no engine with these values; a name in them is still TL008/TL011
        said = any(f.rule in _SAYS_NOT_READ for f in findings)  # the render said so already
        mention = None if said else rendered_none(_mention(source), folder)
        return ParseResult(source.path, (), (*findings, *([mention] if mention else [])))
    plain = _plain(source, parsers, parser)
    return replace(plain, findings=(*plain.findings, *findings))


# Readers of what an image runs: a Dockerfile's CMD, a compose service that builds one.
_IMAGE_READERS = ("compose", "dockerfile")


def _plain(source: Source, parsers: Sequence[Parser], parser: Parser | None) -> ParseResult:
    result = _parse(source, parser)
    if parser is not None and parser.name == "kubernetes" and "import_path" in source.text:
        result = ray_modules(source, result)  # beside what the RayService reader read
    if parser is not None and parser.name in _IMAGE_READERS:
        result = python_apps(source, result, parser.name)  # an image running a Python file
    if not result.deployments and not any(f.rule == UNPARSABLE_FILE.code for f in result.findings):
        from toplint.parse.generic.declarative import read

        declared = read(source)  # a declarative reader (toplint.yaml, shipped records)
        if declared is not None:
            result = declared
    if not result.deployments and parser is None and source.name.endswith(HCL_SUFFIXES):
        result = hcl_blocks(source, result)  # Terraform, Nomad: blocks as data
        if not result.deployments and ("templatefile(" in source.text or "module" in source.text):
            result = _hcl_rendered(source, result, parsers)
    if not result.deployments and (parser is None or parser.name in DATA_PARSERS):
        if source.name in KUSTOMIZATIONS:
            result = overlay(source, result)  # the resources its patches change, rendered
        if not result.deployments:
            result = commands_anywhere(source, result)
        if not result.deployments and _is_data(source):
            result = options_anywhere(source, result)
        if not result.deployments and _is_yaml(source):
            result = script_runs(source, result)
        if not result.deployments and _is_yaml(source):
            result = embedded_scripts(source, result)
    if not result.deployments and parser is not None and parser.name == "shell":
        result = compose_runs(source, result)
        if not result.deployments:
            result = python_runs(source, result)
        if not result.deployments and "<<" in source.text:
            result = _heredoc_files(source, result, parsers)
        if not result.deployments and "envsubst" in source.text:
            result = envsubst_files(source, result)
    if result.deployments:
        return _identify_models(source, result)
    if result.findings and all(_noted_only(f) for f in result.findings):
        # a file sourced from outside that nothing here depends on does not say why nothing
        # was read: the engine the file names is still TL008, as without the `source` line
        mention = _mention(source)
        return result if mention is None else replace(result, findings=(*result.findings, mention))
    if result.findings:
        return result
    if _is_yaml(source):
        # No parser found anything: a malformed YAML file is still TL001 (the loader remembers
        # the outcome of the text a parser just read, so this does not parse twice).

        exc = syntax_error(source.text, source.path)
        if (
            exc is not None
            and not is_template(source.text)  # a Helm template is not YAML yet
            and not fills_lines(source.text, exc.line)  # nor is one envsubst fills
        ):
            bad = unparsable(source.path, str(exc), exc.line, exc.column)
            if isinstance(exc, RefusedYaml) and not _names_an_engine(source):
                bad = replace(bad, severity=Severity.INFO, message=f"{bad.message}; {_UNNAMED}")
            return ParseResult(source.path, (), (bad,))
    if source.name.endswith(".py"):
        # The Python reader decides itself when a module names an engine (TL008); a module it
        # found naming none may still spell an engine's word.
        return result if result.findings else _words(source, result)
    # Nothing read, but the file may still name an engine: that is TL008, never silence.
    mention = _mention(source)
    if source.name.endswith(".json"):
        plain = _jsonc(source)  # JSON with comments: read what it holds, at its own positions
        if plain is not None:
            return parse_source(plain, parsers)
    if source.name.endswith(_DATA_SUFFIXES):
        # A JSON/TOML file toplint would have read (it names an engine or is a Kubernetes
        # manifest) but cannot parse is TL001 at the parser's error, not TL008 or silence.
        from toplint.parse.structured.anywhere import data_syntax_error

        broken = data_syntax_error(source, named_engine=mention is not None)
        if broken is not None:
            return ParseResult(source.path, (), (broken,))
    if "import_path" in source.text and _is_yaml(source):
        mention = _unread_ray_modules(source, mention)
    if mention is not None and "build" in source.text and _is_yaml(source):
        mention = _unread_builds(source, mention)
    elif "build" in source.text and _is_yaml(source):
        from toplint.parse.generic.mention import built_on_engine  # compose builds only

        mention = built_on_engine(source)
    return result if mention is None else ParseResult(source.path, (), (mention,))


def _noted_only(found: Finding) -> bool:
    """A TL009 at info: a file outside the repository on which nothing judged depends
    (``toplint.parse.text.sourced``)."""
    return found.rule == REFERENCE_OUTSIDE_REPOSITORY.code and found.severity is Severity.INFO


def _mention(source: Source) -> Finding | None:
    from toplint.parse.declined import server_mention
    from toplint.parse.mentions import engine_mention, word_mention

    mention = engine_mention(source) or server_mention(source)
    if mention is None:
        from toplint.parse.generic.mention import (
            allocation_mention,
            image_mention,
            may_name_engine,
            selector_mention,
            switched_off_mention,
        )

        # an engine image rebuilt under another name; ``engine: sglang`` with nothing beside it;
        # an AReaL run's ``rollout.backend=sglang:d1``; else any word of an engine's own (at info)
        if may_name_engine(source.text):
            mention = image_mention(source) or selector_mention(source)
            mention = mention or allocation_mention(source) or switched_off_mention(source)
        if mention is None and "nvcr.io/nim/" in source.text:
            from toplint.parse.k8s.nim import nim_mention

            mention = nim_mention(source)
        mention = mention or word_mention(source)
    if mention is None:  # last: an engine's layout option on a command toplint does not know
        from toplint.parse.optionmention import option_mention

        mention = option_mention(source)
    return mention


_DATA_SUFFIXES = (".json", ".toml")
# TL001 at info: well-formed YAML toplint refuses to build, in a file that names no engine, is
# some other tool's file (MkDocs's ``!!python/name`` tags in kubernetes-sigs/gateway-api-
# inference-extension@84436a96 mkdocs.yml; a Morpheus pipeline config's repeated key in
# NVIDIA/GenerativeAIExamples@401cb446), not a deployment nobody checked.
_UNNAMED = "it names no engine, so no deployment depends on it"


def _names_an_engine(source: Source) -> bool:
    from toplint.parse.generic.mention import allocation_mention, image_mention, selector_mention
    from toplint.parse.mentions import engine_mention, word_mention

    tests = (engine_mention, image_mention, selector_mention, allocation_mention, word_mention)
    return any(test(source) is not None for test in tests)


def _words(source: Source, result: ParseResult) -> ParseResult:
    from toplint.parse.mentions import word_mention

    found = word_mention(source)
    return result if found is None else ParseResult(source.path, (), (found,))


def _jsonc(source: Source) -> Source | None:
    """The file with its JSONC comments and trailing commas blanked, when that is what kept
    ``json`` from reading it (``toplint.parse.structured.jsonc``); else None."""
    import json

    from toplint.parse.structured.jsonc import blanked

    try:
        json.loads(source.text)
        return None  # plain JSON: nothing to blank
    except (ValueError, RecursionError):
        pass
    plain = blanked(source.text)
    if plain is None:
        return None
    try:
        json.loads(plain)
    except (ValueError, RecursionError):
        return None
    return replace(source, text=plain)


def _unread_ray_modules(source: Source, mention: Finding | None) -> Finding | None:
    """``mention`` saying which RayService application modules were not read, and why; with no
    mention (the engine is named only in the module), a TL008 at info saying so."""
    from toplint.parse.generic.rayapp import unread_modules, unread_note

    if mention is None:
        return unread_note(source)
    why = unread_modules(source)
    return replace(mention, message=f"{mention.message} ({'; '.join(why)})") if why else mention


def _unread_builds(source: Source, mention: Finding) -> Finding:
    """``mention`` saying which compose services' Dockerfiles were not read, and why."""
    from toplint.parse.structured.compose import unread_builds

    why = unread_builds(source)
    return replace(mention, message=f"{mention.message} ({'; '.join(why)})") if why else mention


def _heredoc_files(source: Source, result: ParseResult, parsers: Sequence[Parser]) -> ParseResult:
    """The data files and manifests a script writes from here-documents, each read by the
    reader of the file it becomes, at its own lines (``toplint.parse.text.heredocs``)."""
    from toplint.parse.text.heredocs import documents
    from toplint.parse.text.scriptfiles import setting
    from toplint.parse.text.sourced import sourced_loader

    deployments: list[Deployment] = []
    findings: list[Finding] = list(result.findings)
    for name, line, body, n in documents(source.text):
        # a script the document writes expands what its writer had at the << line
        shell = name.endswith(SHELL_SUFFIXES)
        given = setting(source.text, n, source.path, sourced_loader(source.path)) if shell else ""
        doc = Source(path=source.path, text=given + "\n" * (line - 1) + body, name=name)
        found = parse_source(doc, parsers)
        if found.deployments:
            deployments.extend(found.deployments)
            findings.extend(f for f in found.findings if f.rule != UNPARSABLE_FILE.code)
    if not deployments:
        return result
    return ParseResult(source.path, tuple(deployments), tuple(findings))


def _hcl_rendered(source: Source, result: ParseResult, parsers: Sequence[Parser]) -> ParseResult:
    """The files a Terraform configuration renders with ``templatefile`` (its own and its local
    modules'), each read by the reader of its name and placed where it is rendered
    (``toplint.parse.generic.hcltemplate``)."""
    from toplint.parse.generic.hcltemplate import rendered
    from toplint.parse.text.shellsrc import chained_deployment

    deployments: list[Deployment] = []
    findings: list[Finding] = list(result.findings)
    for file in rendered(source.path, source.text):
        found = parse_source(file.source, parsers)
        for dep in found.deployments:
            dep = chained_deployment(dep, (file.via,))
            deployments.append(
                replace(dep, path=source.path, line=file.at.line, column=file.at.column)
            )
    if not deployments:
        return result
    return ParseResult(source.path, tuple(deployments), tuple(findings))


def _identify_models(source: Source, result: ParseResult) -> ParseResult:
    """The checkpoint behind a model URI or local path (``toplint.parse.modelref``), and the
    release a package install in the file pins (``toplint.parse.pins``)."""
    if "install" in source.text:
        from toplint.parse.pins import with_pins

        result = replace(result, deployments=with_pins(source.text, result.deployments))
    if not any(d.model and ("://" in d.model or d.model[:1] in "/.~") for d in result.deployments):
        return result
    from toplint.parse.modelref import identify

    deployments = identify(result.deployments, source.text, source.path)
    return ParseResult(result.path, deployments, result.findings)


def _is_data(source: Source) -> bool:
    return source.name.endswith((".yaml", ".yml", ".json"))


def _is_yaml(source: Source) -> bool:
    return source.name.endswith((".yaml", ".yml"))


def _parse(source: Source, parser: Parser | None) -> ParseResult:
    if parser is None:
        return ParseResult(source.path)
    try:
        return parser.parse(source)
    except SourceError as exc:
        return ParseResult(
            source.path, (), (unparsable(source.path, str(exc), exc.line, exc.column),)
        )
    except RecursionError:
        return ParseResult(source.path, (), (unparsable(source.path, "nested too deeply"),))
    except MemoryError:
        return ParseResult(source.path, (), (unparsable(source.path, "out of memory"),))
    except Exception as exc:  # a parser bug must not lose the other files' findings
        if os.environ.get("TOPLINT_DEBUG"):
            raise
        crash = internal_error(source.path, 1, 1, f"the {parser.name} parser", exc)
        return ParseResult(source.path, (), (crash,))
