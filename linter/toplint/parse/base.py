"""The parser contract: what a parser of one kind of source is asked (``Parser``), and the text
of one source file it reads (``Source``, made by the discover stage:
``toplint.discover.source``)."""

from __future__ import annotations

import re
from functools import cache
from typing import Protocol

from toplint.discover.source import Source as Source  # the parser contract names it
from toplint.model import ParseResult


class Parser(Protocol):
    """Reads one kind of deployment source."""

    name: str  # "shell", "kubernetes", "compose", ...

    def accepts(self, source: Source) -> bool:
        """True when this parser should read the file (by name and/or content)."""

    def parse(self, source: Source) -> ParseResult:
        """Deployments and file-level findings.  Raise ``SourceError`` for unparsable input."""


# Shell scripts, and the batch scripts of job schedulers (Slurm, PBS, LSF), by name.
SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh", ".slurm", ".sbatch", ".pbs", ".lsf")


def is_template(text: str) -> bool:
    """The text holds template markup (Helm/Jinja ``{{ … }}``, or a Terraform template's
    ``%{ if … }`` directive on a line of its own) that renders before it is read.

    GitHub Actions' ``${{ … }}`` is an expression the runner substitutes into a value, not a
    template of the file: such a file is read as it is, its expressions unresolved values.  A
    workflow or action is never rendered as a whole, so a ``{{`` in one is literal text of a
    step (``docker inspect -f '{{.State.Running}}'``).  A line that starts with ``%{`` is no
    YAML (a YAML directive is ``%`` and a name): it is Terraform's ``templatefile`` directive
    (developer.hashicorp.com/terraform/language/expressions/strings, "Directives";
    GoogleCloudPlatform/accelerated-platforms@9320f3b ...kustomize/kustomization.tftpl.yaml).
    So is a line that is only an interpolation calling a function (``${indent(4,
    yamlencode(labels))}``, same page, "Interpolation"): it renders into lines of YAML, and no
    shell or envsubst variable is a call (GoogleCloudPlatform/ai-on-gke@8676d66
    modules/kuberay-cluster/values.yaml, read by ``templatefile`` in its main.tf).
    """
    if "%{" in text and _directive().search(text):
        return True
    if "${" in text and _interpolated_lines().search(text):
        return True
    at = text.find("{{")
    while at != -1:
        if at == 0 or text[at - 1] != "$":
            return not _actions().search(text)
        at = text.find("{{", at + 2)
    return False


def lone_variable(text: str) -> re.Match[str] | None:
    """The match when ``text`` is one shell-style variable and nothing else (``$MODEL_ID``,
    ``${MODEL_ID}``, blanks around it): a template's placeholder, filled in (envsubst, a CI step)
    before the file is used, so the value it stands for is unresolved, never the literal text
    (GoogleCloudPlatform/kubernetes-engine-samples@2b503651 ai-ml/gke-ray/rayserve/llm/tpu)."""
    return _lone_variable().fullmatch(text.strip())


@cache
def _directive() -> re.Pattern[str]:
    return re.compile(r"^[ \t]*%\{~?[ \t]*(?:if|for|else|endif|endfor)\b", re.MULTILINE)


@cache
def _interpolated_lines() -> re.Pattern[str]:
    return re.compile(r"^[ \t]*\$\{~?[ \t]*[A-Za-z_][\w]*\(.*\)[ \t]*~?\}[ \t]*$", re.MULTILINE)


def fills_lines(text: str, line: int) -> bool:
    """A YAML parse that failed at ``line`` failed at text a script fills in before the file is
    applied: that line (or the one before it, where the parser reports the line after) is only
    a variable's interpolation at the start of the line, ``${BENCH_SCRIPT_CONTENT}`` below a
    block scalar's key (openkcloud/kcloud-mlperf@eb881eb3
    benchmarks/deploy/templates/30-configmap-bench-scripts.yaml, filled with an indented script
    by its scripts/install_pilot_k8s.sh ``_generate_bench_cm_yaml``).  No YAML line of a
    mapping is a bare scalar at column 1, so the file is a template, not a broken manifest."""
    lines = text.splitlines()
    return any(
        0 < n <= len(lines) and _variable_line().fullmatch(lines[n - 1]) is not None
        for n in (line, line - 1)
    )


@cache
def _variable_line() -> re.Pattern[str]:
    return re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}[ \t]*")


@cache
def _lone_variable() -> re.Pattern[str]:
    return re.compile(r"\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})")


@cache
def _actions() -> re.Pattern[str]:
    """A GitHub Actions workflow (top-level ``jobs:`` whose jobs say ``runs-on:``) or action
    (top-level ``runs:`` with ``using:``): docs.github.com/actions, workflow and metadata
    syntax.  Compiled on first use (most runs never see a ``{{``)."""
    return re.compile(
        r"^jobs:[ \t]*\n(?:[ \t#].*\n|\n)*?[ \t]+runs-on:"
        r"|^runs:[ \t]*\n(?:[ \t]*#.*\n|\n)*[ \t]+using:",
        re.MULTILINE,
    )
