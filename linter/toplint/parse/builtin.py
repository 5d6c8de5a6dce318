"""Built-in parsers, as a toplint plugin.  Order matters: the first parser that accepts wins.

The hooks are plain ``toplint_*`` functions: ``toplint.plugins`` marks them for pluggy when
pluggy is needed and calls them directly otherwise.

Each parser's module is imported the first time a file reaches it in this order (as the
built-in output formats are, ``toplint.report.builtin``): a run over compose files never
imports the Kubernetes, Helm, Ray Serve or SkyPilot readers and what they import (about a
tenth of a one-file pre-commit run's start-up).  The structured readers take only files named
like YAML or JSON (or standard input), so a file named otherwise is not asked of them, and a
run over shell scripts never imports them (a one-file shell check: 413.8M -> 397.1M
instructions, callgrind).  Each of their ``accepts`` checks the name first;
tests/parse/test_builtin_parsers.py holds them to it.  The text readers named by a file's own
name (``TEXT_NAMED_READERS``) are likewise not asked about a file named like YAML or JSON.
"""

from __future__ import annotations

from toplint.infra.deferred import Deferred
from toplint.model import ParseResult
from toplint.parse.base import Parser, Source

# The names the structured readers can take: YAML, JSON (CloudFormation's ``.template`` too),
# and standard input, whose name says nothing.
STRUCTURED_SUFFIXES = (".yaml", ".yml", ".json", ".template")
STDIN_NAMES = ("-", "<stdin>")

# (name, module, class), in the order they are asked.
BUILTIN_PARSERS: tuple[tuple[str, str, str], ...] = (
    ("disaggregated-config", "toplint.parse.structured.disagg", "DisaggConfigParser"),
    # Before compose: an Akash SDL file has compose's ``services`` but Kubernetes' command/args.
    ("akash-sdl", "toplint.parse.structured.akash", "AkashSdlParser"),
    ("compose", "toplint.parse.structured.compose", "ComposeParser"),
    ("helm-values", "toplint.parse.structured.helm", "HelmValuesParser"),
    ("spark-recipe", "toplint.parse.structured.sparkrecipe", "SparkRecipeParser"),
    ("llama-swap", "toplint.parse.structured.llamaswap", "LlamaSwapParser"),
    ("kubernetes", "toplint.parse.k8s.manifest", "KubernetesParser"),
    ("ray-serve-config", "toplint.parse.structured.rayserve", "RayServeConfigParser"),
    ("skypilot", "toplint.parse.structured.skypilot", "SkyPilotParser"),
    ("cloudformation", "toplint.parse.structured.cloudformation", "CloudFormationParser"),
    ("shell", "toplint.parse.text.shellsrc", "ShellParser"),
    ("dockerfile", "toplint.parse.text.dockerfile", "DockerfileParser"),
    # Last: asked only about files no other parser takes, so a run over YAML and shell never
    # imports them (they accept by name: ``model.json``, ``*.py``, ``Makefile``).
    ("triton-model", "toplint.parse.structured.triton", "TritonModelParser"),
    ("python", "toplint.parse.generic.pyparser", "PythonParser"),
    ("notebook", "toplint.parse.generic.notebook", "NotebookParser"),
    ("makefile", "toplint.parse.text.makefile", "MakefileParser"),
    ("justfile", "toplint.parse.text.justfile", "JustfileParser"),
    ("systemd-unit", "toplint.parse.text.systemd", "SystemdUnitParser"),
    ("supervisord", "toplint.parse.text.supervisord", "SupervisordParser"),
)


# The readers above that take files named like structured ones only.
STRUCTURED_READERS = frozenset(
    {
        "disaggregated-config",
        "akash-sdl",
        "compose",
        "helm-values",
        "spark-recipe",
        "llama-swap",
        "kubernetes",
        "ray-serve-config",
        "skypilot",
        "cloudformation",
    }
)


# The readers above that take a file by a name no YAML or JSON file has (a ``.py`` module, a
# Makefile, a justfile, a systemd unit, a supervisord ``.conf``).  A YAML file no reader takes
# (a hardware manifest in the linted tree) reaches the end of the list: it is not asked of
# them, so the run does not import them and what they import (the Python reader's dozen
# modules) to hear no.
TEXT_NAMED_READERS = frozenset(
    {"python", "notebook", "makefile", "justfile", "systemd-unit", "supervisord"}
)

# The readers above that take only files whose name ends so: asked of no other file, so a run
# without one never imports them (a notebook's reader and its JSON scanner).
READER_SUFFIXES: dict[str, tuple[str, ...]] = {"notebook": (".ipynb",)}


def structured_named(source: Source) -> bool:
    """Could a structured reader take this file, by its name?"""
    return source.name.endswith(STRUCTURED_SUFFIXES) or source.name in STDIN_NAMES


class DeferredParser(Deferred[Parser]):
    """A built-in parser whose module is imported when it is first asked about a file."""

    def accepts(self, source: Source) -> bool:
        if self.name in STRUCTURED_READERS and not structured_named(source):
            return False  # its own ``accepts`` would say so after importing it
        if self.name in TEXT_NAMED_READERS and source.name.endswith(STRUCTURED_SUFFIXES):
            return False  # (as above)
        suffixes = READER_SUFFIXES.get(self.name)
        if suffixes is not None and not source.name.endswith(suffixes):
            return False  # (as above)
        return self.real().accepts(source)

    def parse(self, source: Source) -> ParseResult:
        return self.real().parse(source)


def toplint_parsers() -> list[Parser]:
    return [DeferredParser(*where) for where in BUILTIN_PARSERS]
