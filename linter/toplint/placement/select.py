"""Which cluster of the hardware manifest a deployment runs on.

Precedence: an explicit name (CLI ``--cluster`` / config ``cluster:``), then the config's
``assign:`` path globs, then Kubernetes node labels (nodeSelector / node affinity) matched
against each cluster's ``selector``, then the only cluster whose GPU is the one the deployment
asks for (``toplint.hardware.asks``: a GPU label, an instance type, a KubeAI profile, a
``<type>:<count>``), or the only cluster when the deployment asks for none.

A cluster chosen by name or glob whose GPU is not the one asked for, or a manifest none of whose
clusters has it, is ``unmatched_gpu``: the deployment is not checked (the scheduler would not
place it there, and the wrong GPU's memory and links would judge it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from toplint.errors import ConfigError
from toplint.hardware.asks import GpuAsk, asked_gpu, matches
from toplint.hardware.types import Cluster, Hardware
from toplint.infra.globs import globs
from toplint.model import Deployment

__all__ = ["select_cluster", "unmatched_gpu"]


def _named(hardware: Hardware, name: str, what: str) -> Cluster:
    cluster = hardware.cluster(name)
    if cluster is None:
        known = ", ".join(repr(c.name) for c in hardware.clusters) or "none"
        where = f" in {hardware.path}" if hardware.path else ""
        raise ConfigError(f"{what}: no cluster named {name!r}{where}; known clusters: {known}")
    return cluster


def _path_matches(path: str, pattern: str) -> bool:
    """fnmatch on the whole path, on every path suffix ("a/b/c", "b/c", "c") and on each part."""
    normalized, parts = _split(path)
    matcher = globs((pattern,), case=True)  # compiled once, not once per deployment
    if matcher.any_suffix(normalized) or any(matcher.any(p) for p in parts):
        return True
    # "/".join(("/", "a", "b")) is "//a/b": an absolute path's whole-path suffix, as it was
    return len(parts) > 1 and parts[0] == "/" and matcher.any("/" + normalized)


def _relative(path: str, base_dir: str | None) -> str:
    """``path`` relative to ``base_dir`` when it lies below it, else ``path`` as given."""
    if base_dir is None or path in ("-", "<stdin>"):
        return path
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(base_dir))
    return path if rel.startswith("..") else rel


def _split(path: str) -> tuple[str, tuple[str, ...]]:
    """``PurePath(path).as_posix()`` and its ``parts``, without importing pathlib (~7 ms)."""
    text = path.replace(os.sep, "/") if os.sep != "/" else path
    absolute = text.startswith("/")
    names = tuple(p for p in text.split("/") if p and p != ".")
    normalized = "/".join(names)
    if absolute:
        return "/" + normalized, ("/", *names)
    return normalized or ".", names


def _labels_match(labels: Mapping[str, str], selector: Mapping[str, str]) -> bool:
    return bool(selector) and all(labels.get(k) == str(v) for k, v in selector.items())


def select_cluster(
    deployment: Deployment,
    hardware: Hardware,
    *,
    name: str | None = None,
    assign: Sequence[tuple[str, str]] = (),
    base_dir: str | None = None,
) -> Cluster | None:
    """The cluster ``deployment`` runs on, or None when the manifest does not say.

    ``assign`` globs are matched against the path relative to ``base_dir`` (the folder of the
    configuration that holds them), so a file gives the same answer from any working directory.
    A name that is not in the manifest (from ``name`` or ``assign``) raises ``ConfigError``
    listing the known clusters.
    """
    if name:
        return _named(hardware, name, "--cluster")
    path = _relative(deployment.path, base_dir) if assign else deployment.path
    for pattern, cluster_name in assign:
        if _path_matches(path, pattern):
            return _named(hardware, cluster_name, f"assign {pattern!r}")
    if deployment.labels:
        matching = [c for c in hardware.clusters if _labels_match(deployment.labels, c.selector)]
        if matching:
            # The most specific selector wins (more keys matched), then manifest order.
            return max(matching, key=lambda c: len(c.selector))
    ask = asked_gpu(deployment)
    if len(hardware.clusters) == 1:  # the default, unless it is not the GPU asked for
        only = hardware.clusters[0]
        return only if ask is None or matches(ask, only.gpu) else None
    if ask is None:
        return None
    fits = [
        c
        for c in hardware.clusters
        if matches(ask, c.gpu) and not _contradicts(deployment.labels, c.selector)
    ]
    return fits[0] if len(fits) == 1 else None


def _contradicts(labels: Mapping[str, str], selector: Mapping[str, str]) -> bool:
    """The deployment's node labels give a key of the cluster's ``selector`` another value:
    its pods do not land on that cluster, whatever its GPU."""
    return any(k in labels and labels[k] != str(v) for k, v in selector.items())


def unmatched_gpu(
    deployment: Deployment, hardware: Hardware, cluster: Cluster | None
) -> GpuAsk | None:
    """The GPU ``deployment`` asks for when ``cluster`` (the one ``select_cluster`` chose) is not
    that GPU, or, with none chosen, when no cluster of ``hardware`` has it; None otherwise.  A
    cluster whose ``selector`` the deployment's node labels match was mapped to them by the
    manifest's author, and is trusted."""
    ask = asked_gpu(deployment)
    if ask is None:
        return None
    if cluster is not None:
        if _labels_match(deployment.labels, cluster.selector) or matches(ask, cluster.gpu):
            return None
        return ask
    return None if any(matches(ask, c.gpu) for c in hardware.clusters) else ask
