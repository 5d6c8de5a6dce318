"""Property over the shared corpus (issue 25): every fix toplint shows — applied or only
displayed — passes the validation an applied fix passes (``toplint.fix.apply.verify``: the file
still parses into as many deployments, the finding is gone at its severity, nothing new at
warning or above), and a fix of a deployment that runs never makes its time to first token or
inter-token latency worse (``toplint.outcome``).  And ``plan``'s first pick for a corpus model
on the same cluster gets no warning or error from ``check``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

from toplint.discover.files import discover, read_source
from toplint.fix.apply import apply_edits, verify
from toplint.model import Finding, Severity
from toplint.outcome.judge import TIE
from toplint.outcome.types import Outcome
from toplint.pipeline.analyze import Settings
from toplint.pipeline.lint import text_checker
from toplint.rulebook.run import RuleSettings

ROOT = Path(__file__).resolve().parents[1]
MANIFESTS = [
    (ROOT / "data" / "seed-hardware.yaml", None),
    (ROOT / "corpus" / "manifests" / "h100-hgx.yaml", "h100-tcp"),
    (ROOT / "corpus" / "manifests" / "v100-nvlink-pairs.yaml", None),
    (ROOT.parent / "examples" / "hardware.yaml", "h100-ib"),
    (ROOT.parent / "examples" / "hardware.yaml", "a100-eth"),
]


def _outcomes(settings: Settings) -> Callable[[str, str], list[Outcome | None]]:
    """The outcome of each deployment of a text, in order (the pipeline ``check`` runs)."""
    from toplint.parse.base import Source
    from toplint.parse.parallel import builtin_and_plugin_parsers
    from toplint.parse.run import parse_source
    from toplint.pipeline.analyze import load_hardware, run_parsed

    hardware = load_hardware(settings)

    def outcomes(path: str, text: str) -> list[Outcome | None]:
        parsed = parse_source(Source.from_text(path, text), builtin_and_plugin_parsers())
        run = run_parsed(parsed, text, hardware, settings, (), None, keep=True)
        return [a.outcome for a in run.analyses]

    return outcomes


def _text(path: str) -> str:
    source = read_source(path)
    assert not isinstance(source, Finding), f"{path} can no longer be read: {source}"
    return source.text


def _not_worse(before: list[Outcome | None], after: list[Outcome | None]) -> str | None:
    for b, a in zip(before, after, strict=False):
        if b is None or a is None or not b.runs or b.latency is None or a.latency is None:
            continue
        if a.latency.itl_ms > b.latency.itl_ms * (1 + TIE):
            return f"ITL {b.latency.itl_ms:.2f} → {a.latency.itl_ms:.2f} ms"
        if a.latency.ttft_ms > b.latency.ttft_ms * (1 + TIE):
            return f"TTFT {b.latency.ttft_ms:.1f} → {a.latency.ttft_ms:.1f} ms"
    return None


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.parametrize(
    ("manifest", "cluster"), MANIFESTS, ids=[f"{m.stem}-{c}" for m, c in MANIFESTS]
)
def test_every_fix_shown_passes_the_applied_fix_validation(manifest: Path, cluster: str) -> None:
    settings = Settings(hardware_path=str(manifest), cluster=cluster)
    check = text_checker(settings, RuleSettings())
    outcomes = _outcomes(settings)
    tried, judged_out, problems = 0, 0, []
    for path in discover([str(CORPUS)], ()):
        text = _text(path)
        before = check(path, text)
        judged_out += sum("(not `" in f.message for f in before.findings)
        fixes = [f for f in before.findings if f.fix is not None and f.fix.edits]
        if not fixes:
            continue
        out_before = outcomes(path, text)
        for f in fixes:
            assert f.fix is not None
            tried += 1
            fixed, _ = apply_edits(text, f.fix.edits)
            why = verify(before, check(path, fixed), f)
            if why is None and f.severity is not Severity.ERROR:  # it ran: it must not slow
                why = _not_worse(out_before, outcomes(path, fixed))
            if why is not None:
                problems.append(f"{path}: {f.rule} ({f.fix.applicability}) {f.fix.message}: {why}")
    # Not vacuous: a fix was shown, or the outcome ruled every fix out and said why.
    assert tried > 0 or judged_out > 0, "no fix shown or judged anywhere: vacuous"
    assert problems == []


def _layouts_of_the_corpus(settings: Settings) -> set[tuple[str, str, int, str]]:
    """(model id, cluster name, GPUs, engine) of every corpus deployment placed on a cluster."""
    from toplint.pipeline.analyze import run_files

    run = run_files(discover([str(CORPUS)], ()), settings, keep=True)
    out = set()
    for a in run.analyses:
        dep = a.deployment
        if a.model is None or a.cluster is None or a.placement is None or not dep.world_size:
            continue
        out.add((a.model.id, a.cluster.name, dep.world_size, dep.engine))
    return out


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.parametrize(
    ("manifest", "cluster"), MANIFESTS, ids=[f"{m.stem}-{c}" for m, c in MANIFESTS]
)
def test_plans_first_pick_gets_no_warning_from_check(manifest: Path, cluster: str) -> None:
    """For each model, GPU count and engine of the corpus on this cluster, ``plan``'s first pick
    (the layout it ranks first among those that fit) gets nothing at warning or above from the
    rules ``check`` runs that another layout plan weighs would not get, and ``plan`` reports the
    outcome ``check`` and ``cost`` read."""
    from toplint.cost.types import Budgets, Workload
    from toplint.hardware.manifest import load_hardware
    from toplint.pipeline.deployment import place_and_cost
    from toplint.pipeline.lint import all_rules
    from toplint.plan.rank import candidates, deployment_for, rank
    from toplint.rulebook.run import run_rules

    settings = Settings(hardware_path=str(manifest), cluster=cluster)
    hardware = load_hardware(str(manifest))
    workload, budgets = Workload(), Budgets()
    rules, problems, planned = all_rules(), [], 0
    for model_id, name, gpus, engine in sorted(_layouts_of_the_corpus(settings)):
        c = hardware.cluster(name)
        from toplint.hardware.models import lookup_model

        model = lookup_model(model_id)
        assert c is not None and model is not None
        ranked = rank(candidates(model, c, gpus, engine, workload, budgets), "latency")
        if not ranked:
            continue
        first = ranked[0]
        planned += 1
        analysis = place_and_cost(deployment_for(first.layout, model, engine), c, model, workload)
        assert analysis.outcome is not None
        if analysis.outcome.latency is not None:  # one model, not two
            assert first.itl_ms == analysis.outcome.latency.itl_ms

        def warned(layout: Any, m: Any = model, e: str = engine, on: Any = c) -> list[Any]:
            placed = place_and_cost(deployment_for(layout, m, e), on, m, workload)
            found = run_rules(rules, [placed], RuleSettings(), budgets, workload)
            return [f for f in found if f.severity.rank >= Severity.WARNING.rank]

        for f in warned(first.layout):
            # A finding every layout plan weighs gets (a BF16 checkpoint on a V100) is about the
            # checkpoint and the GPU, not the layout plan picks: no pick avoids it.
            if all(f.rule in {g.rule for g in warned(other.layout)} for other in ranked[1:]):
                continue
            where = f"{model_id} on {gpus} × {c.gpu.name} ({engine})"
            problems.append(f"{where}: plan's {first.layout.describe()} gets {f.rule}: {f.message}")
    assert planned > 0, "nothing planned: the property is vacuous"
    assert problems == []
