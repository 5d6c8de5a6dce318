"""The built-in parsers: named, ordered and imported only when a file reaches them."""

from __future__ import annotations

import importlib
import subprocess
import sys

from toplint.parse.builtin import BUILTIN_PARSERS, toplint_parsers


def test_each_deferred_parser_is_the_parser_it_names() -> None:
    for parser, (name, module, cls) in zip(toplint_parsers(), BUILTIN_PARSERS, strict=True):
        real = getattr(importlib.import_module(module), cls)()
        assert parser.name == real.name == name
        assert type(parser.real()) is type(real)


PROBE = r"""
import sys
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
text = (
    "services:\n  s:\n    image: vllm/vllm-openai:v0.9.2\n"
    "    command: --model m --tensor-parallel-size 2\n"
)
result = parse_source(Source.from_text("compose.yaml", text), builtin_and_plugin_parsers())
assert len(result.deployments) == 1 and result.deployments[0].tp == 2, result
print(" ".join(sorted(m for m in sys.modules if m.startswith("toplint.parse."))))
"""


def test_a_compose_file_imports_no_kubernetes_or_helm_reader() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "toplint.parse.structured.compose" in loaded
    assert not loaded & {
        "toplint.parse.k8s.manifest",
        "toplint.parse.structured.helm",
        "toplint.parse.structured.skypilot",
    }
