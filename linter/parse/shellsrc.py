"""Shell scripts: every engine invocation in a script is a deployment."""

from __future__ import annotations

from toplint.model import Deployment, Finding, ParseResult, Position
from toplint.parse.argv import Arg, deployment_from_invocation, find_invocations
from toplint.parse.base import Source
from toplint.parse.shell import Command, lex

_SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh")
_SHEBANGS = ("#!/bin/sh", "#!/bin/bash", "#!/usr/bin/env bash", "#!/usr/bin/env sh", "#!/bin/zsh")


def command_args(command: Command, path: str) -> list[Arg]:
    return [
        Arg(w.value, w.raw, Position(path, w.line, w.column), w.unresolved) for w in command.words
    ]


class ShellParser:
    name = "shell"

    def accepts(self, source: Source) -> bool:
        if source.name.endswith(_SHELL_SUFFIXES):
            return True
        first = source.text.split("\n", 1)[0].strip()
        return first.startswith(_SHEBANGS)

    def parse(self, source: Source) -> ParseResult:
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        for command in lex(source.text):
            args = command_args(command, source.path)
            for inv in find_invocations(args):
                dep, found = deployment_from_invocation(inv, source.path, source_kind="shell")
                deployments.append(dep)
                findings.extend(found)
        return ParseResult(source.path, tuple(deployments), tuple(findings))
