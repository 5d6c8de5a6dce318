"""Every kind a reader writes into ``Deployment.source_kind`` is declared in
``toplint.sourcekinds`` (the one table rules and engines read), and what follows from it holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import toplint
from tests.parse.helpers import only
from toplint.sourcekinds import KINDS, PREFIXES, declared, source_kind

_PACKAGE = Path(toplint.__file__).parent
# Literal kinds as the readers write them: `source_kind="x"`, `base_deployment(ctx, "x")`, the
# kind argument of the shared helpers, a format's own FORMAT constant.
_LITERALS = (
    r'source_kind="([a-z0-9-]*)"',
    r'base_deployment\(ctx, "([a-z0-9-]+)"',
    r'(?:file_deployments|moved_back|script_deployments)\([^()]*"([a-z0-9-]+)"',
    r'^FORMAT = "([a-z0-9-]+)"',
)
_BUILT = r'base_deployment\(\s*ctx, "([a-z0-9-]+-)" \+'


def _written_kinds() -> set[str]:
    found: set[str] = set()
    for path in _PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in _LITERALS:
            found.update(re.findall(pattern, text, re.M))
    return found


def test_every_kind_a_reader_writes_is_declared() -> None:
    kinds = _written_kinds()
    assert {"shell", "docker-run", "compose", "kserve-isvc", "dockerfile"} <= kinds  # scan works
    assert sorted(k for k in kinds if declared(k) is None) == []


def test_kinds_built_from_a_resource_kind_are_declared_prefixes() -> None:
    built = {m for p in _PACKAGE.rglob("*.py") for m in re.findall(_BUILT, p.read_text("utf-8"))}
    assert built and built <= set(PREFIXES)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_a_host_never_lists_devices_and_a_pod_always_does(name: str) -> None:
    kind = KINDS[name]
    if kind.runs_in == "pod":
        assert kind.devices_listed and kind.shm_fix
    if kind.on_a_host:
        assert not kind.devices_listed


def test_an_undeclared_kind_is_unplaced_never_a_host_or_a_pod() -> None:
    assert source_kind("some-plugin-format").runs_in == "unplaced"
    assert source_kind("k8s-statefulset").runs_in == "pod"


def test_tgi_started_by_a_justfile_shards_over_what_its_host_lists() -> None:
    # a justfile's recipe runs on a host as a script does: without --num-shard and with no
    # device list, TGI's launcher counts no devices and runs one shard (the shell's reading)
    text = "serve:\n    text-generation-launcher --model-id bigscience/bloom-560m\n"
    dep = only("justfile", text)
    assert dep.source_kind == "justfile"
    assert dep.options.get("implicit_sharding") == "one-host"
