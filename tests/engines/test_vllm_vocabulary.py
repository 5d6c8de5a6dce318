"""The vLLM record against the parser of the release it names (issue 14, gap 4): every option,
switch and alias vllm 0.33.0 registers for `vllm serve` is in the record the same way
(tests/engines/data/vllm-0.33.0-options.txt, read from the wheel)."""

from __future__ import annotations

import pytest

from tests.engines.release_options import CORPUS2, release_options
from tests.parse.helpers import parse_text
from toplint.engines.registry import get_spec


def _entries() -> list[tuple[str, str]]:
    return release_options("vllm-0.33.0-options.txt")


def test_record_names_the_release_it_was_read_from() -> None:
    assert get_spec("vllm").release == "0.33.0"


@pytest.mark.parametrize(("name", "kind"), [e for e in _entries() if not e[1].startswith("->")])
def test_every_option_of_the_release_is_known_the_same_way(name: str, kind: str) -> None:
    spec = get_spec("vllm")
    canonical = spec.long_options().get(name)
    assert canonical is not None, name
    assert spec.options[canonical] is (kind == "value"), name
    if kind == "negatable":
        assert canonical in spec.negatable, name


@pytest.mark.parametrize(("alias", "target"), [e for e in _entries() if e[1].startswith("->")])
def test_every_alias_of_the_release_names_the_same_option(alias: str, target: str) -> None:
    assert get_spec("vllm").aliases.get(alias) == target[3:], alias


def test_real_ome_runtime_on_a_newer_release_has_no_unknown_option() -> None:
    # sgl-project/ome's DeepSeek-V4 runtime (vllm/vllm-openai:v0.20.1) writes
    # --no-scheduler-reserve-full-isl, a BooleanOptionalAction switch of recent releases.
    path = CORPUS2 / "ome" / "deepseek-v4-flash-rt.yaml"
    result = parse_text(path.name, path.read_text(encoding="utf-8"))
    assert [f.message for f in result.findings if f.rule == "TL005"] == []
