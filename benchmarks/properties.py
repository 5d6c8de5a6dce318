"""Issue 25's properties over every real input held: `python benchmarks/properties.py`.

For every file of the shared corpus, tests/data/corpus2, every tests/data/open_world* set (each
on the manifests the corpus property tests use), the incident cases (failing and control
configs, each with its own toplint.yaml) and tests/recipes (each with its own toplint.yaml), it
counts the violations of four properties:

- plan: `toplint plan`'s first pick for the deployment's model, GPU count, engine and cluster
  (the command it prints, checked as a file beside the input with the same configuration) gets
  a warning or an error that another layout plan ranks would not get;
- fix: a fix `check --fix --unsafe-fixes` would apply fails `toplint.fix.apply.verify` (the file
  stops parsing, loses a deployment, keeps the finding or gains a warning), or the deployment
  that ran as written no longer starts or fits, or its TTFT or ITL at the declared workload gets
  worse (beyond `toplint.outcome.judge.TIE`);
- display: the same for a fix shown only ("display") that carries edits;
- numbers: `plan`'s ITL or TTFT for its first pick differs from the outcome `check` and `cost`
  read for the command it prints.

Held-out halves (open-world, incident and recipe splits) are counted, never itemised.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from splits import halves as split_halves

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared" / "corpus"
INCIDENTS = ROOT / "tests" / "incidents"
KINDS = ("plan", "fix", "display", "numbers")
# (manifest, cluster) every corpus-like set is checked on (tests/fix/test_outcome_property.py).
MANIFESTS = [
    (ROOT / "tests" / "data" / "seed-hardware.yaml", None),
    (ROOT / "tests" / "corpus" / "manifests" / "h100-hgx.yaml", "h100-tcp"),
    (ROOT / "tests" / "corpus" / "manifests" / "v100-nvlink-pairs.yaml", None),
    (ROOT / "examples" / "hardware.yaml", "h100-ib"),
    (ROOT / "examples" / "hardware.yaml", "a100-eth"),
]
TIE = 0.05  # toplint.outcome.judge.TIE, read at run time below


@dataclass(frozen=True)
class Input:
    """One file checked with one configuration."""

    set: str  # "corpus", "corpus2", "open_world3", "incidents", "recipes"
    half: str  # "development", "held-out" or "all" (a set with no split)
    path: str
    config: str | None = None  # the file's toplint.yaml
    manifest: str | None = None
    cluster: str | None = None

    @property
    def key(self) -> tuple[str | None, str | None, str | None]:
        return (self.config, self.manifest, self.cluster)


@dataclass
class Result:
    violations: list[tuple[Input, str, str]] = field(default_factory=list)
    tried: Counter[str] = field(default_factory=Counter)
    warned: list[tuple[Input, str]] = field(default_factory=list)  # (input, rule) of such picks


def _files(folder: Path) -> list[str]:
    """The files ``toplint check FOLDER`` reads."""
    from toplint.discover.files import discover

    return sorted(
        f
        for f in discover([str(folder)], ())
        if Path(f).parent != folder or not f.endswith(".yaml") or "open_world" not in folder.name
    )


def _half_of(rel: str, where: dict[str, str]) -> str | None:
    """The half of a listed file, or of the listed file whose folder holds ``rel`` (a chart's
    templates and Chart.yaml go with the values file the set lists)."""
    if rel in where:
        return where[rel]
    folders = {f.rsplit("/", 1)[0] + "/": h for f, h in where.items() if "/" in f}
    held = [(len(d), h) for d, h in folders.items() if rel.startswith(d)]
    return max(held)[1] if held else None


def _corpus_like(name: str, folder: Path, halves: dict[str, list[str]] | None) -> Iterator[Input]:
    where = {f: h for h, fs in (halves or {}).items() for f in fs}
    for path in _files(folder):
        rel = Path(path).relative_to(folder).as_posix()
        half = "all" if halves is None else (_half_of(rel, where) or "unlisted")
        for manifest, cluster in MANIFESTS:
            yield Input(name, half, path, None, str(manifest), cluster)


def inputs() -> Iterator[Input]:
    yield from _corpus_like("corpus", SHARED, None)
    yield from _corpus_like("corpus2", DATA / "corpus2", None)
    for folder in sorted(DATA.glob("open_world*")):
        text = (folder / "SPLIT.md").read_text(encoding="utf-8")
        halves = split_halves(text, "## Development files", "## Held-out files")
        yield from _corpus_like(folder.name, folder, halves)
    case_half: dict[str, str] = {}
    for split in sorted(INCIDENTS.glob("SPLIT*.md")):
        for half, ids in split_halves(
            split.read_text(encoding="utf-8"), "## Development", "## Held out"
        ).items():
            case_half.update(dict.fromkeys(ids, half))
    for case in sorted((INCIDENTS / "cases").iterdir()):
        for sub in ("failing", "control"):
            for path in sorted((case / sub).rglob("*")) if (case / sub).is_dir() else ():
                if path.is_file():
                    half = case_half.get(case.name, "unlisted")
                    yield Input("incidents", half, str(path), str(case / "toplint.yaml"))
    for suite in sorted(p for p in (ROOT / "tests").glob("recipes*") if (p / "SPLIT.md").is_file()):
        yield from _recipes(suite)


def _recipes(suite: Path) -> Iterator[Input]:
    """The config files of each recipe (its recipe.yaml's ``config``), with its toplint.yaml."""
    from toplint.infra.yamlsafe import trusted_data

    text = (suite / "SPLIT.md").read_text(encoding="utf-8")
    where = {
        r: h for h, rs in split_halves(text, "## Development", "## Held out").items() for r in rs
    }
    for recipe in sorted(p for p in suite.iterdir() if (p / "recipe.yaml").is_file()):
        text = (recipe / "recipe.yaml").read_text(encoding="utf-8")
        spec = trusted_data(text)
        for rel in spec["config"]:
            half = where.get(recipe.name, "unlisted")
            yield Input(suite.name, half, str(recipe / rel), str(recipe / "toplint.yaml"))


class Harness:
    """The checker, outcomes and planner of one configuration."""

    def __init__(self, item: Input) -> None:
        from toplint.pipeline.analyze import load_hardware
        from toplint.pipeline.lint import rule_settings_from, text_checker
        from toplint.pipeline.settings import Settings, settings_from_args

        if item.config is not None:
            self.settings = settings_from_args(argparse.Namespace(config=item.config))
        else:
            self.settings = Settings(hardware_path=item.manifest, cluster=item.cluster)
        rule_settings = rule_settings_from(self.settings.config, argparse.Namespace())
        self.check = text_checker(self.settings, rule_settings)
        self.hardware = load_hardware(self.settings) if self.settings.hardware_path else None
        self.planned: dict[tuple[Any, ...], Any] = {}

    def analyses(self, path: str, text: str) -> list[Any]:
        from toplint.parse.base import Source
        from toplint.parse.parallel import builtin_and_plugin_parsers
        from toplint.parse.run import parse_source
        from toplint.pipeline.analyze import run_parsed

        parsed = parse_source(Source.from_text(path, text), builtin_and_plugin_parsers())
        run = run_parsed(parsed, text, self.hardware, self.settings, (), None, keep=True)
        return list(run.analyses)


def _worse(before: list[Any], after: list[Any]) -> str | None:
    for b, a in zip(before, after, strict=False):
        bo, ao = b.outcome, a.outcome
        if bo is None or not bo.runs:
            continue
        if ao is None:
            return "the deployment is no longer placed or priced"
        if not ao.runs:
            return f"the deployment no longer runs: {ao.verdict()}"
        if bo.latency is None or ao.latency is None:
            continue
        if ao.latency.itl_ms > bo.latency.itl_ms * (1 + TIE):
            return f"ITL {bo.latency.itl_ms:.2f} → {ao.latency.itl_ms:.2f} ms"
        if ao.latency.ttft_ms > bo.latency.ttft_ms * (1 + TIE):
            return f"TTFT {bo.latency.ttft_ms:.1f} → {ao.latency.ttft_ms:.1f} ms"
    return None


def _not_running(before: list[Any], after: list[Any]) -> str | None:
    """After an error's fix: a deployment the fix changed that does not run, or one that ran
    and no longer does.  Another deployment of the file that did not run before and is left as
    it was is not the fix's (a compose file of several models, one of which does not fit).
    Where the fix changed how many deployments the file has, every one must run."""
    if len(before) != len(after):
        before = [None] * len(after)
    for b, a in zip(before, after, strict=True):
        if a.outcome is None or a.outcome.runs:
            continue
        ran = b is None or (b.outcome is not None and b.outcome.runs)
        if ran or b.deployment != a.deployment:
            return f"the fix leaves it not running: {a.outcome.verdict()}"
    return None


def fixes(h: Harness, item: Input, text: str, before: Any, result: Result) -> None:
    from toplint.fix.apply import apply_edits, verify
    from toplint.model import Severity

    shown = [
        f for f in before.findings if f.fix is not None and f.fix.edits and f.path == item.path
    ]
    if not shown:
        return
    out_before = h.analyses(item.path, text)
    for f in shown:
        # A fix --fix would refuse (verify) is one only displayed: it must pass the same
        # validation; one it would apply must leave the deployment running and no slower.
        result.tried["fix"] += 1
        edits = [e for e in f.fix.edits if e.path == item.path]
        fixed, taken = apply_edits(text, edits)
        if len(taken) < len(edits) or fixed == text:
            continue  # the fixer refuses it itself ("overlap", "change nothing")
        why = verify(before, h.check(item.path, fixed), f)
        kind = "display"
        if why is None:
            kind = "fix"
            after = h.analyses(item.path, fixed)
            if f.severity is not Severity.ERROR:
                why = _worse(out_before, after)
            else:  # an error's fix: whatever it was, the fixed deployment must run
                why = _not_running(out_before, after)
        if why is not None:
            msg = f"{f.rule} ({f.fix.applicability}) `{f.fix.message}`: {why}"
            result.violations.append((item, kind, msg))


def _cmd(dep: Any, c: Any) -> str:
    from toplint.plan.command import command

    return command(
        dep.model, c.layout, dep.engine, c.placement.nodes, c.placement.deployment.options
    )


def _warned(h: Harness, pick: str, line: str) -> set[str]:
    """What ``check`` says at warning or above about ``line`` written as the file ``pick``."""
    from toplint.model import Severity

    found = h.check(pick, line + "\n").findings
    return {f"{f.rule}: {f.message}" for f in found if f.severity.rank >= Severity.WARNING.rank}


def plans(h: Harness, item: Input, text: str, result: Result) -> None:
    from toplint.engines.registry import get_engine
    from toplint.hardware.models import lookup_model
    from toplint.plan.rank import candidates, rank

    for a in h.analyses(item.path, text):
        dep = a.deployment
        if a.model is None or a.cluster is None or a.placement is None or not dep.world_size:
            continue
        if get_engine(dep.engine).plan_command is None:
            continue
        key = (dep.model, a.cluster.name, dep.world_size, dep.engine)
        if key in h.planned or not dep.model:
            continue
        h.planned[key] = True
        # the model as `toplint plan --model ID --config …` looks it up
        config = h.settings.config
        model = lookup_model(
            dep.model, h.settings.models, base_dir=config.base_dir, root=config.root
        )
        if model is None:
            continue
        wl, bud = h.settings.workload, h.settings.budgets
        # planned as the checkpoint named, as `toplint plan --model ID` plans it
        cands = candidates(model, a.cluster, dep.world_size, dep.engine, wl, bud, dep.model)
        ranked = rank(cands, "latency")
        if not ranked:
            continue
        result.tried["plan"] += 1
        where = f"{dep.model} on {dep.world_size} × {a.cluster.gpu.name} ({dep.engine})"
        first = ranked[0]
        pick = os.path.join(os.path.dirname(item.path), "toplint-plan-pick.sh")
        cmd = _cmd(dep, first)
        mine = _warned(h, pick, cmd)
        if mine:
            clean = next((c for c in ranked[1:] if not _warned(h, pick, _cmd(dep, c))), None)
            if clean is None:  # every layout plan ranks gets one: nothing plan could pick
                result.tried["plan: every layout warned"] += 1
                result.warned.append((item, min(mine).split(":")[0]))
            else:
                rank_of = ranked.index(clean) + 1
                msg = f"{where}: plan's `{cmd}` gets {min(mine)}; {clean.layout.describe()} "
                result.violations.append((item, "plan", msg + f"(#{rank_of}) gets nothing"))
        # numbers: what check and cost read for the printed command
        result.tried["numbers"] += 1
        got = [x.outcome for x in h.analyses(pick, cmd + "\n") if x.outcome is not None]
        lat = got[0].latency if got else None
        said = (
            f"{where}: plan says ITL {first.itl_ms:.3f} TTFT {first.prompt_ms:.1f} ms for `{cmd}`"
        )
        if lat is None and first.priced:
            result.violations.append((item, "numbers", f"{said}; check/cost price nothing"))
        elif lat is not None and not (
            _same(lat.itl_ms, first.itl_ms) and _same(lat.ttft_ms, first.prompt_ms)
        ):
            got_ = f"check/cost say ITL {lat.itl_ms:.3f} TTFT {lat.ttft_ms:.1f} ms"
            result.violations.append((item, "numbers", f"{said}; {got_}"))


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(abs(a), 1.0)


def run(items: list[Input], progress: bool = False) -> Result:
    from toplint.discover.files import read_source
    from toplint.errors import ToplintError
    from toplint.model import Finding
    from toplint.outcome.judge import TIE as tie

    globals()["TIE"] = tie
    result = Result()
    harnesses: dict[Any, Harness | None] = {}
    for n, item in enumerate(items):
        if progress and n % 200 == 0:
            print(f"  … {n}/{len(items)}", file=sys.stderr)
        if item.key not in harnesses:
            try:
                harnesses[item.key] = Harness(item)
            except ToplintError:  # the configuration is refused (exit 2): nothing to check
                harnesses[item.key] = None
        h = harnesses[item.key]
        if h is None:
            result.tried["refused configuration"] += 1
            continue
        source = read_source(item.path)
        if isinstance(source, Finding):
            continue
        text = source.text
        before = h.check(item.path, text)
        fixes(h, item, text, before, result)
        plans(h, item, text, result)
    return result


def sample(items: list[Input], n: int, seed: int) -> list[Input]:
    """``n`` inputs drawn by lot (``random.Random(seed)``), in their listed order."""
    chosen = set(random.Random(seed).sample(range(len(items)), min(n, len(items))))
    return [x for i, x in enumerate(items) if i in chosen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", help="only these sets (corpus, open_world3, …)")
    parser.add_argument("--list", action="store_true", help="itemise the violations (not held-out)")
    args = parser.parse_args(argv)
    items = [x for x in inputs() if not args.set or x.set in args.set]
    result = run(items, progress=True)
    table: Counter[tuple[str, str, str]] = Counter()
    for item, kind, _ in result.violations:
        table[(item.set, "held-out" if item.half == "held-out" else "dev", kind)] += 1
    sets = sorted({x.set for x in items})
    print(f"tried: {dict(result.tried)}")
    print(f"{'set':14} {'half':8} " + " ".join(f"{k:>8}" for k in KINDS))
    for s in sets:
        for half in ("dev", "held-out"):
            if half == "held-out" and not any(x.set == s and x.half == "held-out" for x in items):
                continue
            print(f"{s:14} {half:8} " + " ".join(f"{table[(s, half, k)]:>8}" for k in KINDS))
    warned = Counter(rule for item, rule in result.warned if item.half != "held-out")
    print(f"plans whose every ranked layout is warned, by the pick's rule (dev): {dict(warned)}")
    if args.list:
        for item, kind, msg in result.violations:
            if item.half != "held-out":
                where = item.path.replace(str(ROOT) + "/", "")
                on = f" [{Path(item.manifest).stem}:{item.cluster}]" if item.manifest else ""
                print(f"{kind:8} {where}{on}: {msg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
