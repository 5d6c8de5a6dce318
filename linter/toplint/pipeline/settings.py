"""What a run is configured with: the configuration file and the command line, merged
(``toplint.pipeline.analyze.settings_from_args`` builds it; every stage of a run reads it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.config.load import Config
from toplint.cost.types import Budgets, Workload
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
