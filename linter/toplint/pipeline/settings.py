"""What a run is configured with: the configuration file and the command line, merged
(``settings_from_args`` builds it; every stage of a run reads it)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from toplint.config.load import Config, ConfigFinder, find_config, load_config
from toplint.cost.types import Budgets, Workload
from toplint.errors import ConfigError
from toplint.record import field, record


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
    # `hardware: none` in the config: the repository has no manifest on purpose, so its
    # deployments are counted as not checked against hardware but not reported one by one.
    no_hardware: bool = False


def settings_from_args(
    args: argparse.Namespace, paths: Sequence[str] = (), finder: ConfigFinder | None = None
) -> Settings:
    """Merge the nearest (or ``--config``) configuration with command-line flags.

    ``finder``: the run's, which has read the configurations that group its files
    (``batches_by_config``); the nearest one is taken from it, not read again."""
    config_path = getattr(args, "config", None)
    if config_path:
        config = load_config(config_path)
    else:
        start = next((p for p in paths if p != "-"), ".")
        found = finder.config_for(start) if finder is not None else find_config(start)
        config = found or Config()
    hardware = getattr(args, "hardware", None)
    no_hardware = not hardware and config.get("hardware") == NO_HARDWARE
    if not hardware and config.get("hardware") and not no_hardware:
        hardware = config.resolve_path(str(config.get("hardware")), "hardware")
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
        no_hardware=no_hardware,
    )


# The config's `hardware:` value that says "this repository has no manifest, on purpose".
NO_HARDWARE = "none"


def _pick(
    args: argparse.Namespace, attr: str, cfg: Mapping[str, Any], key: str, default: Any
) -> Any:
    value = getattr(args, attr, None)
    if value is not None:
        return value
    return cfg.get(key, cfg.get(key.replace("_", "-"), default))
