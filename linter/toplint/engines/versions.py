"""Release numbers: ``"v0.9.2-cu12"`` -> (0, 9, 2), which of a table's records by release is in
force, and an image reference's repository and tag (``toplint.engines.release`` re-exports
them; here without the registry, so that an engine's own module can read its records by
release)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Protocol, TypeVar

from toplint.infra.patterns import lazy

# ASCII digits of a bounded length (``\\d+`` took "١" and 5,000-digit tags, which int() refused)
_VERSION = lazy(r"^v?([0-9]{1,9})\.([0-9]{1,9})(?:\.([0-9]{1,9}))?")


@functools.lru_cache(maxsize=512)  # the release tables' ``since`` strings, asked per deployment
def version(text: str) -> tuple[int, int, int] | None:
    """``"v0.9.2-cu12"`` -> (0, 9, 2); ``"latest"``, ``"nightly"``, a digest -> None."""
    found = _VERSION.match(text.strip())
    if found is None:
        return None
    major, minor, patch = found.groups()
    return int(major), int(minor), int(patch or 0)


def names_a_line(text: str) -> bool:
    """Whether a tag names a release line, not a release (``"2.0"``, ``"1.4-rocm"``): TGI
    publishes such tags and moves each to the line's newest release (its README at v2.0.4 runs
    ``text-generation-inference:2.0``)."""
    found = _VERSION.match(text.strip())
    return found is not None and found.group(3) is None


class _Since(Protocol):
    @property
    def since(self) -> str: ...


_R = TypeVar("_R", bound=_Since)


def in_force(ranges: Sequence[_R], release: tuple[int, int, int] | None) -> list[_R]:
    """Of records by release (each from its ``since``, in release order), the one in force at
    ``release``; every one when the release is not known."""
    if release is None:
        return list(ranges)
    chosen = ranges[0]
    for r in ranges:
        if release >= (version(r.since) or (0, 0, 0)):
            chosen = r
    return [chosen]


def image_tag(image: str) -> str:
    """The tag of an image reference (``""`` without one; a digest is not a tag)."""
    name = image.split("@", 1)[0]
    last = name.rsplit("/", 1)[-1]
    return last.split(":", 1)[1] if ":" in last else ""


def image_repository(image: str) -> str:
    """``ghcr.io/huggingface/text-generation-inference:2.0`` -> the path without registry/tag."""
    name = image.split("@", 1)[0]
    last = name.rsplit("/", 1)
    if ":" in last[-1]:
        name = name[: len(name) - len(last[-1])] + last[-1].split(":", 1)[0]
    parts = name.split("/")
    if len(parts) > 1 and ("." in parts[0] or ":" in parts[0] or parts[0] == "localhost"):
        parts = parts[1:]
    return "/".join(parts).lower()
