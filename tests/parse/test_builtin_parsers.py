"""The built-in parsers: named, ordered and imported only when a file reaches them."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

from toplint.discover.source import Source as FileSource
from toplint.parse.builtin import (
    BUILTIN_PARSERS,
    STRUCTURED_READERS,
    STRUCTURED_SUFFIXES,
    TEXT_NAMED_READERS,
    structured_named,
    toplint_parsers,
)

ROOT = Path(__file__).resolve().parents[2]


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


SHELL_PROBE = r"""
import sys
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
text = "#!/bin/bash\nvllm serve m --tensor-parallel-size 2\n"
result = parse_source(Source.from_text("serve.sh", text), builtin_and_plugin_parsers())
assert len(result.deployments) == 1 and result.deployments[0].tp == 2, result
print(" ".join(sorted(m for m in sys.modules if m.startswith("toplint.parse."))))
"""


def test_a_shell_script_imports_no_structured_reader() -> None:
    done = subprocess.run([sys.executable, "-c", SHELL_PROBE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "toplint.parse.text.shellsrc" in loaded
    structured = {module for name, module, _ in BUILTIN_PARSERS if name in STRUCTURED_READERS}
    assert not loaded & structured


# Names no structured reader can take, whatever the text.
OTHER_NAMES = ("serve.sh", "Dockerfile", "launch.py", "Makefile", "notes.txt", "values.yaml.orig")


def test_the_structured_readers_take_only_files_named_like_structured_ones() -> None:
    """The name check ``DeferredParser`` makes before importing a structured reader never
    changes what is read: every YAML and JSON file of the test data and the examples, under a
    name that is neither, is taken by none of them -- though under its own name some are."""
    readers = [
        getattr(importlib.import_module(module), cls)()
        for name, module, cls in BUILTIN_PARSERS
        if name in STRUCTURED_READERS
    ]
    assert len(readers) == len(STRUCTURED_READERS)
    files = sorted(
        path
        for folder in (ROOT / "tests" / "data", ROOT / "examples")
        for pattern in ("*.yaml", "*.yml", "*.json")
        for path in folder.rglob(pattern)
        if path.stat().st_size < 200_000
    )
    taken = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        own = FileSource.from_text(path.name, text)
        assert structured_named(own)
        taken += any(reader.accepts(own) for reader in readers)
        for name in OTHER_NAMES:
            renamed = FileSource.from_text(name, text)
            assert not structured_named(renamed)
            assert not [r.name for r in readers if r.accepts(renamed)], (path, name)
    assert len(files) > 300 and taken > 200  # the check saw files the readers do take


# Files the text readers take by name, each with a text it reads.
TEXT_NAMED = {
    "serve.py": "import subprocess\nsubprocess.run(['vllm', 'serve', 'm'])\n",
    "Makefile": "serve:\n\tvllm serve m --tensor-parallel-size 2\n",
    "rules.mk": "serve:\n\tvllm serve m\n",
    "justfile": "serve:\n    vllm serve m\n",
    "vllm.service": "[Service]\nExecStart=/usr/bin/vllm serve m\n",
    "vllm.service.j2": "[Service]\nExecStart=/usr/bin/vllm serve m\n",
    "supervisord.conf": "[program:vllm]\ncommand=vllm serve m\n",
    "workers.ini": "[program:vllm]\ncommand=vllm serve m\n",
    "serve.ipynb": '{"cells": [{"cell_type": "code", "source": ["!vllm serve m"]}]}',
}


def test_the_text_named_readers_take_no_file_named_like_yaml_or_json() -> None:
    """The name check ``DeferredParser`` makes before importing a text reader named by the
    file's name never changes what is read: each takes its own names, and none takes them with
    a YAML or JSON suffix added, nor any YAML or JSON file of the test data and the examples."""
    readers = [
        getattr(importlib.import_module(module), cls)()
        for name, module, cls in BUILTIN_PARSERS
        if name in TEXT_NAMED_READERS
    ]
    assert len(readers) == len(TEXT_NAMED_READERS)
    for name, text in TEXT_NAMED.items():
        assert [r.name for r in readers if r.accepts(FileSource.from_text(name, text))]
        for suffix in STRUCTURED_SUFFIXES:
            renamed = FileSource.from_text(name + suffix, text)
            assert not [r.name for r in readers if r.accepts(renamed)], name + suffix
    files = [
        path
        for folder in (ROOT / "tests" / "data", ROOT / "examples")
        for pattern in ("*.yaml", "*.yml", "*.json", "*.template")
        for path in folder.rglob(pattern)
        if path.stat().st_size < 200_000
    ]
    for path in files:
        own = FileSource.from_text(path.name, path.read_text(encoding="utf-8", errors="replace"))
        assert not [r.name for r in readers if r.accepts(own)], path
    assert len(files) > 300
