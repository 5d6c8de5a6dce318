"""The facts registry names every published fact, with the type it is published as."""

from __future__ import annotations

import pytest
from cost_builders import DEEPSEEK_V3, LLAMA_70B, cluster, place

from toplint.cost.estimate import estimate
from toplint.cost.types import Budgets, Workload
from toplint.facts.collect import collect
from toplint.facts.registry import FACTS, fact
from toplint.outcome.build import outcome
from toplint.record import replace

WORK = Workload()
BUDGETS = Budgets(itl_ms=50, ttft_ms=2000.0)


def _published() -> list[dict[str, object]]:
    """Facts of deployments that between them publish every kind of fact."""
    moe = place(DEEPSEEK_V3, cluster(nodes=2), tp=4, pp=2, dp=2, ep=8)
    moe = replace(moe, deployment=replace(moe.deployment, gpus=16))
    dense = place(LLAMA_70B, cluster(nodes=2), tp=16)
    # pplx inside one node is not priced (issue 28): the one deployment that says why
    pplx = place(DEEPSEEK_V3, cluster(nodes=1), tp=1, pp=1, dp=8, ep=8)
    options = {**pplx.deployment.options, "all2all_backend": "pplx"}
    pplx = replace(pplx, deployment=replace(pplx.deployment, options=options, gpus=8))
    out = []
    for p in (moe, dense, pplx):
        cost = estimate(p, WORK)
        facts = collect(p.deployment, p, cost, p.model, BUDGETS, WORK, outcome(p, cost, WORK))
        out.append(facts)
    return out


PUBLISHED = _published()


def test_every_published_fact_is_registered_with_its_type() -> None:
    for facts in PUBLISHED:
        for name, value in facts.items():
            assert name in FACTS, f"{name} is published but not in toplint.facts.registry"
            kind = FACTS[name].type
            allowed = (int, float) if kind is float else (kind,)
            assert isinstance(value, allowed), f"{name} = {value!r} is not {kind.__name__}"
            if kind is int:
                assert not isinstance(value, bool), f"{name} = {value!r} is a bool, not an int"


def test_every_registered_fact_is_published() -> None:
    seen = {name for facts in PUBLISHED for name in facts}
    assert sorted(set(FACTS) - seen) == []


def test_a_fact_is_registered_once() -> None:
    with pytest.raises(ValueError, match="twice"):
        fact("deployment.tp", int, "GPUs", "again")


def test_a_fact_has_a_scalar_type() -> None:
    with pytest.raises(TypeError, match="int, float, str or bool"):
        fact("deployment.layout", list, "", "not a scalar")
    assert "deployment.layout" not in FACTS


def test_every_fact_has_a_unit_or_is_a_name_or_flag() -> None:
    for f in FACTS.values():
        assert f.doc, f"{f.name} has no meaning"
        if f.type in (int, float):
            assert f.unit, f"{f.name}: a number needs a unit"
        else:
            assert not f.unit, f"{f.name}: a {f.type.__name__} has no unit"


UNIT_SUFFIX = {"ms": " ms", "bytes": " B", "GB/s": " GB/s", "ratio": "%"}


def test_messages_print_each_fact_in_its_registered_unit() -> None:
    from toplint.rulebook.messages import format_value

    for f in FACTS.values():
        if f.type not in (int, float):
            continue
        text = format_value(f.name, 2)
        suffix = UNIT_SUFFIX.get(f.unit, "")
        assert text.endswith(suffix) if suffix else text == "2", f"{f.name} ({f.unit}): {text}"
