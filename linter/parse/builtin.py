"""Built-in parsers, as a toplint plugin.  Order matters: the first parser that accepts wins.

The hooks are plain ``toplint_*`` functions: ``toplint.plugins`` marks them for pluggy when
pluggy is needed and calls them directly otherwise.

Each parser's module is imported the first time a file reaches it in this order (as the
built-in output formats are, ``toplint.report.builtin``): a run over compose files never
imports the Kubernetes, Helm, Ray Serve or SkyPilot readers and what they import (about a
tenth of a one-file pre-commit run's start-up).
"""

from __future__ import annotations

import importlib

from toplint.model import ParseResult
from toplint.parse.base import Parser, Source

# (name, module, class), in the order they are asked.
BUILTIN_PARSERS: tuple[tuple[str, str, str], ...] = (
    ("disaggregated-config", "toplint.parse.disagg", "DisaggConfigParser"),
    ("compose", "toplint.parse.compose", "ComposeParser"),
    ("helm-values", "toplint.parse.helm", "HelmValuesParser"),
    ("kubernetes", "toplint.parse.k8s", "KubernetesParser"),
    ("ray-serve-config", "toplint.parse.rayserve", "RayServeConfigParser"),
    ("skypilot", "toplint.parse.skypilot", "SkyPilotParser"),
    ("cloudformation", "toplint.parse.cloudformation", "CloudFormationParser"),
    ("shell", "toplint.parse.shellsrc", "ShellParser"),
    ("dockerfile", "toplint.parse.dockerfile", "DockerfileParser"),
)


class DeferredParser:
    """A built-in parser whose module is imported when it is first asked about a file."""

    def __init__(self, name: str, module: str, cls: str) -> None:
        self.name = name
        self._where = (module, cls)
        self._real: Parser | None = None

    def real(self) -> Parser:
        if self._real is None:
            module, cls = self._where
            self._real = getattr(importlib.import_module(module), cls)()
            if self._real.name != self.name:
                raise RuntimeError(
                    f"{module}.{cls} is named {self._real.name!r}, not {self.name!r}"
                )
        return self._real

    def accepts(self, source: Source) -> bool:
        return self.real().accepts(source)

    def parse(self, source: Source) -> ParseResult:
        return self.real().parse(source)

    def __getattr__(self, attr: str) -> object:  # a parser's own extras
        if attr.startswith("_"):
            raise AttributeError(attr)
        return getattr(self.real(), attr)


def toplint_parsers() -> list[Parser]:
    return [DeferredParser(*where) for where in BUILTIN_PARSERS]
