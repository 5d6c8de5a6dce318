"""The shipped hardware catalogs looked up by the names vendors, clouds and label schemes write.

``toplint.hardware.catalog`` resolves GPUs, networks and instance types to the records the
hardware stage builds from them; the parsers need only how many GPUs one node of an instance
type has (a KAITO ``instanceType``, a SageMaker endpoint's ``InstanceType``), which is
``instance_gpus_per_node``: one table, read here, below both.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from toplint.infra.patterns import lazy
from toplint.infra.pkgdata import read_yaml

# Words that vendors and label schemes prepend; they never distinguish two GPUs.
_VENDOR_WORDS = ("nvidia", "tesla", "geforce", "amd", "instinct", "apple")


_SEPARATORS = lazy(r"[^0-9a-z]+")


def words(name: str) -> list[str]:
    """A name's lower-case runs of letters and digits (``NVIDIA-H100-80GB`` -> nvidia, h100,
    80gb): what every lookup of a part's name compares."""
    return [w for w in _SEPARATORS.split(name.lower()) if w]


def _loose(words: list[str]) -> str:
    start = 0
    while start < len(words) and words[start] in _VENDOR_WORDS:
        start += 1
    return "".join(words[start:])


def normalize(name: str) -> str:
    """Lower-case, drop separators and leading vendor words.

    "NVIDIA-H100-80GB-HBM3" -> "h10080gbhbm3".
    """
    return _loose(words(name))


def index(entries: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(exact, loose) alias indexes.

    Exact keys keep vendor words, so "nvidia-tesla-a100" (GKE: the 40GB card) stays distinct from
    "A100"; loose keys drop them, and an alias written without vendor words wins a collision.
    """
    exact: dict[str, Any] = {}
    loose: dict[str, Any] = {}
    keys = []  # (exact key, loose key, entry) of every alias, each split into words once
    for e in entries:
        for alias in (e["name"], *e.get("aliases", ())):
            parts = words(str(alias))
            keys.append(("".join(parts), _loose(parts), e))
    for whole, without_vendor, entry in keys:
        exact.setdefault(whole, entry)
        if without_vendor == whole:
            loose.setdefault(without_vendor, entry)
    for _, without_vendor, entry in keys:
        loose.setdefault(without_vendor, entry)
    return exact, loose


def find(indexes: tuple[dict[str, Any], dict[str, Any]], name: str) -> Any:
    exact, loose = indexes
    return exact.get("".join(words(name))) or loose.get(normalize(name))


def read_catalog(resource: str) -> Any:
    return read_yaml("toplint.hardware.data", resource)


@cache
def instance_entries() -> tuple[dict[str, Any], dict[str, Any]]:
    return index(read_catalog("instances.yaml")["instances"])


# SageMaker names an instance ``ml.`` + its EC2 type (``ml.p5e.48xlarge`` is a p5e.48xlarge:
# the InstanceType values of docs.aws.amazon.com/sagemaker/latest/APIReference/
# API_ProductionVariant.html), written so in endpoint configs and benchmark recipes alike.
_SAGEMAKER_PREFIX = "ml."


def _instance(name: str) -> Any:
    entry = find(instance_entries(), name)
    if entry is None and name[:3].lower() == _SAGEMAKER_PREFIX:
        entry = find(instance_entries(), name[3:])
    return entry


def instance_gpus_per_node(name: str) -> int | None:
    """GPUs in one node of a cloud instance type or system ("p5.48xlarge", "ml.p5.48xlarge",
    "ND H100 v5"), or None when the catalog does not know it."""
    entry = _instance(name)
    return None if entry is None else int(entry["gpus_per_node"])


def instance_gpus(name: str) -> tuple[int, str] | None:
    """(GPUs per node, the GPU's catalog name) of a cloud instance type or system, or None."""
    entry = _instance(name)
    return None if entry is None else (int(entry["gpus_per_node"]), str(entry.get("gpu", "")))
