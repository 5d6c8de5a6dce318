"""The pipeline: discover -> parse -> hardware -> placement -> cost -> facts -> rules."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toplint.catalog_types import ModelSpec
from toplint.config.load import Config, find_config, load_config
from toplint.cost.types import CostReport
from toplint.errors import ConfigError
from toplint.hardware.types import Cluster, Hardware
from toplint.model import Deployment, Finding, ParseResult
from toplint.placement.types import Placement
from toplint.record import field, record
from toplint.rulebook.types import Budgets, Workload


@record
class Settings:
    """Everything a run needs, after the config file and command-line flags are merged."""

    config: Config = field(default_factory=Config)
    hardware_path: str | None = None
    cluster: str | None = None
    assign: tuple[tuple[str, str], ...] = ()
    models: Mapping[str, Any] = field(default_factory=dict)
    workload: Workload = field(default_factory=Workload)
    budgets: Budgets = field(default_factory=Budgets)
    exclude: tuple[str, ...] = ()
    jobs: int | None = None
    use_cache: bool = True


@record
class Analysis:
    """One deployment with what the later stages found out about it."""

    deployment: Deployment
    cluster: Cluster | None
    model: ModelSpec | None
    placement: Placement | None
    cost: CostReport | None = None


@record
class AnalyzeResult:
    analyses: tuple[Analysis, ...]
    findings: tuple[Finding, ...]  # parse-stage findings (TL001, TL005, ...)
    files: int
    hardware: Hardware | None


def settings_from_args(args: argparse.Namespace, paths: Sequence[str] = ()) -> Settings:
    """Merge the nearest (or ``--config``) configuration with command-line flags."""
    config_path = getattr(args, "config", None)
    if config_path:
        config = load_config(config_path)
    else:
        start = next((p for p in paths if p != "-"), ".")
        config = find_config(start) or Config()
    hardware = getattr(args, "hardware", None)
    if not hardware and config.get("hardware"):
        hardware = config.resolve_path(str(config.get("hardware")))
    workload_cfg = config.get("workload", {}) or {}
    budgets_cfg = config.get("budgets", {}) or {}
    workload = Workload(
        prompt_tokens=_pick(args, "prompt_tokens", workload_cfg, "prompt_tokens", 4096),
        decode_batch=_pick(args, "decode_batch", workload_cfg, "decode_batch", 1),
    )
    budgets = Budgets(
        itl_ms=_pick(args, "itl_ms", budgets_cfg, "itl_ms", None),
        ttft_ms=_pick(args, "ttft_ms", budgets_cfg, "ttft_ms", None),
    )
    assign = config.get("assign", {}) or {}
    if not isinstance(assign, Mapping):
        raise ConfigError(f"{config.path}: `assign` must map path globs to cluster names")
    exclude = tuple(config.get("exclude", []) or ()) + tuple(getattr(args, "exclude", None) or ())
    return Settings(
        config=config,
        hardware_path=hardware,
        cluster=getattr(args, "cluster", None) or config.get("cluster"),
        assign=tuple((str(k), str(v)) for k, v in assign.items()),
        models=config.get("models", {}) or {},
        workload=workload,
        budgets=budgets,
        exclude=exclude,
        jobs=getattr(args, "jobs", None),
        use_cache=not getattr(args, "no_cache", False),
    )


def _pick(
    args: argparse.Namespace, attr: str, cfg: Mapping[str, Any], key: str, default: Any
) -> Any:
    value = getattr(args, attr, None)
    if value is not None:
        return value
    return cfg.get(key, cfg.get(key.replace("_", "-"), default))


def parse_files(paths: Sequence[str], settings: Settings) -> tuple[list[ParseResult], int]:
    from toplint.discover.files import discover
    from toplint.parse.parallel import parse_all

    files = discover(paths, settings.exclude)
    return parse_all(files, settings.jobs), len(files)


def analyze(paths: Sequence[str], settings: Settings) -> AnalyzeResult:
    """Parse every file and place every deployment on its cluster."""
    results, nfiles = parse_files(paths, settings)
    hardware = load_hardware(settings)
    findings = [f for r in results for f in r.findings]
    analyses = [
        analyze_deployment(dep, hardware, settings) for r in results for dep in r.deployments
    ]
    return AnalyzeResult(tuple(analyses), tuple(findings), nfiles, hardware)


def analyze_by_config(args: argparse.Namespace, paths: Sequence[str]) -> AnalyzeResult:
    """``analyze`` for each group of files that shares a configuration, merged in order.

    Each file is analysed with the settings of its nearest ``toplint.yaml`` (or ``--config``),
    as ``toplint check`` does, so ``inspect`` and ``cost`` agree with it on nested configs.
    """
    from toplint.pipeline.batches import batches_by_config

    analyses: list[Analysis] = []
    findings: list[Finding] = []
    files = 0
    hardware: Hardware | None = None
    config = getattr(args, "config", None)
    for batch in batches_by_config(paths, config, getattr(args, "exclude", None)):
        result = analyze(batch.paths, settings_from_args(args, batch.paths))
        analyses.extend(result.analyses)
        findings.extend(result.findings)
        files += result.files
        hardware = hardware or result.hardware
    return AnalyzeResult(tuple(analyses), tuple(findings), files, hardware)


def load_hardware(settings: Settings) -> Hardware | None:
    if not settings.hardware_path:
        return None
    from toplint.hardware.manifest import load_hardware as load

    return load(settings.hardware_path)


def analyze_deployment(dep: Deployment, hardware: Hardware | None, settings: Settings) -> Analysis:
    from toplint.hardware.models import lookup_model

    model = (
        lookup_model(dep.model, settings.models, base_dir=settings.config.base_dir)
        if dep.model
        else None
    )
    if hardware is None:
        return Analysis(dep, None, model, None)
    from toplint.placement.place import place
    from toplint.placement.select import select_cluster

    cluster = select_cluster(dep, hardware, name=settings.cluster, assign=settings.assign)
    if cluster is None or dep.world_size is None or _short_of_gpus(dep, cluster):
        return Analysis(dep, cluster, model, None)
    placement = place(dep, cluster, model)
    cost = None
    if model is not None:
        from toplint.cost.estimate import estimate

        cost = estimate(placement, settings.workload)
    return Analysis(dep, cluster, model, placement, cost)


def _short_of_gpus(dep: Deployment, cluster: Cluster) -> bool:
    """The GPUs the deployment declares (nodes x GPUs per node), or its cluster, cannot hold
    its layout.

    The engine refuses to start ("World size (8) is larger than the number of available GPUs
    (4) in this node"), which TL201 reports; placing the missing ranks on invented nodes would
    only make the topology rules judge links that do not exist.
    """
    world = dep.world_size
    if world is None:
        return False
    if world > cluster.total_gpus:
        return True
    if dep.nodes is None or dep.gpus_per_node is None:
        return False
    return dep.nodes * dep.gpus_per_node < world


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Deterministic order: path, line, column, code, message; duplicates dropped."""
    return sorted(set(findings), key=lambda f: f.sort_key)
