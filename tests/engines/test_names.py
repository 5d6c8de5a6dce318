"""Engine knowledge has one home: no code file outside an engine's module and the registry
names that engine, except at most one more (issue 13: "named in at most two code files").

A file *names* an engine when an identifier or a one-word string literal of its code (a name,
key, module, image or environment variable: ``"vllm"``, ``VLLM_ADDITIONAL_ARGS``) contains one
of the engine's spellings.  Comments, docstrings and prose (messages, rule pages: strings with
spaces) may mention engines, and so may the all-reduce kernel ids of
``ALLREDUCE_FAMILIES`` (``"vllm-custom"`` names a kernel the cost model prices).
"""

from __future__ import annotations

import functools
import io
import re
import tokenize
from pathlib import Path

import pytest

from toplint.engines.registry import ALLREDUCE_FAMILIES, all_engines

ROOT = Path(__file__).resolve().parents[2]
CODE = sorted(p for folder in ("linter/toplint", "rules") for p in (ROOT / folder).rglob("*.py"))
ALLOWED_ELSEWHERE = 1  # the registry, plus at most one more file


def spellings(name: str) -> set[str]:
    engine = next(e for e in all_engines() if e.name == name)
    words = {engine.name, engine.title.lower()}
    words |= {launch.words[0] for launch in engine.launches}
    return words


@functools.cache
def named_tokens(path: Path) -> list[str]:
    """Identifiers and one-word string literals of the code (docs and comments left out)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline))
    out = []
    for token in tokens:
        if token.type == tokenize.NAME:
            out.append(token.string)
        elif token.type == tokenize.STRING and token.start[0] == token.end[0]:
            body = re.sub(r"^[a-zA-Z]*(['\"])(.*)\1$", r"\2", token.string)
            if body and not re.search(r"\s", body) and body not in ALLREDUCE_FAMILIES:
                out.append(body)
    return out


def files_naming(name: str) -> list[str]:
    pattern = re.compile(
        "|".join(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])" for w in spellings(name)), re.I
    )
    engines = ROOT / "linter" / "toplint" / "engines"
    # an engine's module, or its package (vLLM's: the record and its vocabulary), and the registry
    own = {engines / f"{name}.py", *(engines / name).glob("*.py"), engines / "registry.py"}
    return [
        str(p.relative_to(ROOT))
        for p in CODE
        if p not in own and any(pattern.search(t) for t in named_tokens(p))
    ]


@pytest.mark.parametrize("name", [e.name for e in all_engines()])
def test_engine_is_named_in_at_most_one_code_file_besides_its_module_and_the_registry(
    name: str,
) -> None:
    assert len(files_naming(name)) <= ALLOWED_ELSEWHERE, files_naming(name)


def test_the_scan_sees_a_name_in_code(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('if engine == "vllm":\n    pass  # vllm in a comment\n')
    assert "vllm" in named_tokens(sample)


def test_the_scan_leaves_prose_and_docs_alone(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""vllm serve docs."""\nMESSAGE = "run vllm serve"\n')
    assert not [t for t in named_tokens(sample) if "vllm" in t]
