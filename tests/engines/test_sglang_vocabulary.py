"""The SGLang record against the parser of the release it names (issue 14, gap 4): every option
sglang 0.5.5.post3's ``ServerArgs.add_cli_args`` registers is in the record, as a value or a
switch the same way (tests/engines/data/sglang-0.5.5.post3-options.txt, read from the wheel)."""

from __future__ import annotations

import pytest

from tests.engines.release_options import CORPUS2, release_options
from tests.parse.helpers import parse_text
from toplint.engines.registry import get_spec


def _entries() -> list[tuple[str, str]]:
    return release_options("sglang-0.5.5.post3-options.txt")


def test_record_names_the_release_it_was_read_from() -> None:
    assert get_spec("sglang").release == "0.5.5.post3"


@pytest.mark.parametrize(("name", "kind"), [e for e in _entries() if not e[1].startswith("->")])
def test_every_option_of_the_release_is_known_the_same_way(name: str, kind: str) -> None:
    spec = get_spec("sglang")
    canonical = spec.long_options().get(name)
    assert canonical is not None, name
    assert spec.options[canonical] is (kind == "value"), name


@pytest.mark.parametrize(("alias", "target"), [e for e in _entries() if e[1].startswith("->")])
def test_every_alias_of_the_release_names_the_same_option(alias: str, target: str) -> None:
    longs = get_spec("sglang").long_options()
    assert longs.get(alias[2:]) == longs.get(target[3:]) is not None, alias


def test_real_ome_runtime_on_that_release_has_no_unknown_option() -> None:
    # sgl-project/ome's gRPC runtime runs lmsysorg/sglang:v0.5.5.post3 with --grpc-mode.
    path = CORPUS2 / "ome" / "llama-3-1-8b-instruct-grpc-rt.yaml"
    result = parse_text(path.name, path.read_text(encoding="utf-8"))
    assert [f.message for f in result.findings if f.rule == "TL005"] == []
