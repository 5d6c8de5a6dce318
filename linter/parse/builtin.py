"""Built-in parsers, as a toplint plugin.  Order matters: the first parser that accepts wins."""

from __future__ import annotations

from toplint.parse.base import Parser
from toplint.parse.helm import HelmValuesParser
from toplint.parse.k8s import KubernetesParser
from toplint.parse.shellsrc import ShellParser
from toplint.plugins import hookimpl


@hookimpl
def toplint_parsers() -> list[Parser]:
    return [HelmValuesParser(), KubernetesParser(), ShellParser()]
