"""Validate a configuration mapping against schemas/config.schema.json, naming key and place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.errors import ConfigError
from toplint.yamlsafe import Document

KNOWN_KEYS = (
    "hardware",
    "cluster",
    "assign",
    "models",
    "workload",
    "budgets",
    "select",
    "ignore",
    "extend-select",
    "rules",
    "per-file-ignores",
    "exclude",
    "fail-on",
)


def validate_config(data: Mapping[str, Any], doc: Document | None, path: str) -> None:
    for key in data:
        if key not in KNOWN_KEYS and key.replace("_", "-") not in KNOWN_KEYS:
            where = doc.key_position((key,)) if doc else None
            at = f"{where.line}:{where.column}: " if where else ""
            raise ConfigError(
                f"{path}:{at}unknown key `{key}`; known keys: {', '.join(KNOWN_KEYS)}"
            )
